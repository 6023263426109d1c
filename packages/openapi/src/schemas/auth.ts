import { z } from 'zod';
import { epochSeconds } from './common.js';
import { accessToken, accessTokenExp, challengeJwt, presentation, userDocument } from './example-values.js';

export const didDocumentObject = z.record(z.string(), z.unknown()).meta({
  id: 'DidDocument',
  description:
    'A DID document in the Elastos DID format (normalized or compact), or a did:key document. Its format and what its proof signs: "Sign-in protocol" above.',
  examples: [userDocument],
});

export const signinRequest = z
  .strictObject({
    document: didDocumentObject.optional().meta({ description: 'The signing-in DID document.' }),
    id: didDocumentObject.optional().meta({
      description: 'Reference Hive Node name of `document`; accepted for compatibility.',
      deprecated: true,
    }),
  })
  .refine((b) => b.document !== undefined || b.id !== undefined, { message: 'document is required' })
  .meta({
    id: 'SigninRequest',
    description: 'One of `document` and `id` is required.',
    examples: [{ document: userDocument }],
  });

export const challengeResponse = z
  .object({
    challenge: z.string().meta({
      description:
        'Challenge JWT (ES256, issued by the node): iss node DID, sub `DIDAuthChallenge`, aud user DID, nonce, iat, nbf, exp.',
    }),
  })
  .meta({ id: 'Challenge', examples: [{ challenge: challengeJwt }] });

export const presentationObject = z.record(z.string(), z.unknown()).meta({
  id: 'VerifiablePresentation',
  description:
    'An Elastos Verifiable Presentation whose proof has realm = node DID and nonce = the challenge nonce; what it signs: "Sign-in protocol" above.',
  examples: [presentation],
});

export const authRequest = z
  .strictObject({
    challenge_response: z.union([presentationObject, z.string().min(1).max(65_536)]).meta({
      description:
        'The presentation object, or (reference compatibility) a JWT signed by the holder whose `presentation` claim is that object.',
    }),
  })
  .meta({ id: 'AuthRequest', examples: [{ challenge_response: presentation }] });

export const accessTokenResponse = z
  .object({
    token: z.string().meta({ description: 'Access token JWT; send it as `Authorization: Bearer <token>`.' }),
    exp: epochSeconds.meta({ description: 'Expiry of the token, seconds since the Unix epoch.' }),
  })
  .meta({ id: 'AccessToken', examples: [{ token: accessToken, exp: accessTokenExp }] });
