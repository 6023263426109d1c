/**
 * Wire format of the Elastos identity chain (EID) DID JSON-RPC, as the official SDK and the
 * EID node speak it:
 *
 *   request   {"id":"<hex>","method":"did_resolveDID","params":[{"did":"did:elastos:…","all":true?}]}
 *   response  {"jsonrpc":"2.0","id":<same id>,"result":{"did","status":0|2|3,"transaction":[…newest first]}}
 *             or {"jsonrpc":"2.0","id":…,"error":{"code":n,"message":"…","data"?}}
 *   transaction {"txid","timestamp","operation":<IDChainRequest>}
 *   IDChainRequest {"header":{"specification":"elastos/did/1.0","operation":"create"|"update"|"transfer"|"deactivate",
 *                   "previousTxid"?,"ticket"?},"payload":"<base64url(normalized doc JSON)> | <DID for deactivate>",
 *                   "proof":{"type"?,"verificationMethod","signature"}}
 *
 * Status 1 ("expired", from the 2019 spec) is rejected, as the SDK does; status 3 carries no
 * transactions.
 */
import { z } from 'zod';

export const DID_SPECIFICATION = 'elastos/did/1.0';
export const CREDENTIAL_SPECIFICATION = 'elastos/credential/1.0';

export const DID_STATUS = { valid: 0, expired: 1, deactivated: 2, notFound: 3 } as const;

export const rpcIdSchema = z.union([z.string(), z.number(), z.null()]);

export const resolveDidParamsSchema = z.object({ did: z.string().min(1), all: z.boolean().optional() });

export const resolveDidRequestSchema = z.object({
  jsonrpc: z.literal('2.0').optional(),
  id: rpcIdSchema.optional(),
  method: z.literal('did_resolveDID'),
  params: z.tuple([resolveDidParamsSchema]),
});
export type ResolveDidRequest = z.output<typeof resolveDidRequestSchema>;

export const jsonRpcErrorSchema = z.object({
  code: z.number(),
  message: z.string().nullish(),
  data: z.unknown().optional(),
});

/** Envelope: `jsonrpc` must be "2.0" and exactly one of result / error must be present. */
export const jsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: rpcIdSchema.optional(),
    result: z.unknown().optional(),
    error: jsonRpcErrorSchema.optional(),
  })
  .refine((r) => (r.result !== undefined && r.result !== null) !== (r.error !== undefined), {
    message: 'a JSON-RPC response needs either result or error',
  });

export const idChainHeaderSchema = z.object({
  specification: z.string(),
  operation: z.string(),
  previousTxid: z.string().optional(),
  ticket: z.string().optional(),
});

export const idChainProofSchema = z.object({
  type: z.string().optional(),
  verificationMethod: z.string().min(1),
  signature: z.string().min(1),
});

export const idChainRequestSchema = z.object({
  header: idChainHeaderSchema,
  payload: z.string().min(1),
  proof: idChainProofSchema,
});

export interface IdChainRequest {
  header: { specification: string; operation: string; previousTxid?: string; ticket?: string };
  payload: string;
  proof: { type?: string; verificationMethod: string; signature: string };
}

export const didTransactionSchema = z.object({
  txid: z.string().min(1),
  timestamp: z.string().min(1),
  operation: idChainRequestSchema,
});
export type DidTransaction = z.output<typeof didTransactionSchema>;

export const didBiographySchema = z.discriminatedUnion('status', [
  z.object({ did: z.string(), status: z.literal(0), transaction: z.array(didTransactionSchema).min(1) }),
  z.object({ did: z.string(), status: z.literal(2), transaction: z.array(didTransactionSchema).min(2) }),
  z.object({ did: z.string(), status: z.literal(3), transaction: z.undefined().optional() }),
]);
export type DidBiography = z.output<typeof didBiographySchema>;

export const resolveDidResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: rpcIdSchema.optional(),
  result: didBiographySchema,
});
