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
import * as z from 'zod/mini';

export const DID_SPECIFICATION = 'elastos/did/1.0';
export const CREDENTIAL_SPECIFICATION = 'elastos/credential/1.0';

export const DID_STATUS = { valid: 0, expired: 1, deactivated: 2, notFound: 3 } as const;

const nonEmpty = () => z.string().check(z.minLength(1));

export const rpcIdSchema = z.union([z.string(), z.number(), z.null()]);

export const resolveDidParamsSchema = z.object({ did: nonEmpty(), all: z.optional(z.boolean()) });

export const resolveDidRequestSchema = z.object({
  jsonrpc: z.optional(z.literal('2.0')),
  id: z.optional(rpcIdSchema),
  method: z.literal('did_resolveDID'),
  params: z.tuple([resolveDidParamsSchema]),
});
export type ResolveDidRequest = z.output<typeof resolveDidRequestSchema>;

export const jsonRpcErrorSchema = z.object({
  code: z.number(),
  message: z.nullish(z.string()),
  data: z.optional(z.unknown()),
});

/** Envelope: `jsonrpc` must be "2.0" and exactly one of result / error must be present. */
export const jsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.optional(rpcIdSchema),
    result: z.optional(z.unknown()),
    error: z.optional(jsonRpcErrorSchema),
  })
  .check(
    z.refine((r) => (r.result !== undefined && r.result !== null) !== (r.error !== undefined), {
      message: 'a JSON-RPC response needs either result or error',
    }),
  );

export const idChainHeaderSchema = z.object({
  specification: z.string(),
  operation: z.string(),
  previousTxid: z.optional(z.string()),
  ticket: z.optional(z.string()),
});

export const idChainProofSchema = z.object({
  type: z.optional(z.string()),
  verificationMethod: nonEmpty(),
  signature: nonEmpty(),
});

export const idChainRequestSchema = z.object({
  header: idChainHeaderSchema,
  payload: nonEmpty(),
  proof: idChainProofSchema,
});

export interface IdChainRequest {
  header: { specification: string; operation: string; previousTxid?: string; ticket?: string };
  payload: string;
  proof: { type?: string; verificationMethod: string; signature: string };
}

export const didTransactionSchema = z.object({
  txid: nonEmpty(),
  timestamp: nonEmpty(),
  operation: idChainRequestSchema,
});
export type DidTransaction = z.output<typeof didTransactionSchema>;

export const didBiographySchema = z.discriminatedUnion('status', [
  z.object({
    did: z.string(),
    status: z.literal(0),
    transaction: z.array(didTransactionSchema).check(z.minLength(1)),
  }),
  z.object({
    did: z.string(),
    status: z.literal(2),
    transaction: z.array(didTransactionSchema).check(z.minLength(2)),
  }),
  // Not found carries no transactions; null is tolerated (the SDK only rejects a non-empty value).
  z.object({ did: z.string(), status: z.literal(3), transaction: z.optional(z.null()) }),
]);
export type DidBiography = z.output<typeof didBiographySchema>;

export const resolveDidResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.optional(rpcIdSchema),
  result: didBiographySchema,
});
