/**
 * The sign-in test vector: every intermediate value of one complete handshake, computed from fixed
 * inputs, so that a client written in another language can check its implementation byte for byte.
 *
 * ECDSA signatures are randomized in general; the ones here are RFC 6979 deterministic (what
 * `@noble/curves` produces), so an RFC 6979 implementation reproduces them exactly. The node
 * accepts any valid signature. `packages/server/test/auth/sign-in-vector.test.ts` recomputes all of
 * it from `inputs` and has a node accept the presentation; `sign-in-protocol.ts` renders it into the
 * OpenAPI document and docs/did.md. The keys are test keys, published: never use them for anything.
 */
export interface SignInVector {
  inputs: {
    /** 32 bytes: SHA-256 of the UTF-8 text `cella sign-in test vector: user key`. */
    userPrivateKeyHex: string;
    /** 32 bytes: SHA-256 of `cella sign-in test vector: node key`. */
    nodePrivateKeyHex: string;
    documentCreated: string;
    documentExpires: string;
    /** The node's one-time nonce: 24 bytes, base64url. */
    nonce: string;
    challengeIssued: string;
    challengeLifetimeSeconds: number;
    presentationCreated: string;
  };
  user: {
    /** SEC1 compressed point, 33 bytes. */
    publicKeyHex: string;
    publicKeyBase58: string;
    /** RIPEMD-160(SHA-256(0x21 ‖ public key ‖ 0xAD)). */
    h160Hex: string;
    /** 0x67 ‖ h160 ‖ the first 4 bytes of SHA-256(SHA-256(0x67 ‖ h160)). */
    addressHex: string;
    did: string;
    keyId: string;
  };
  node: { publicKeyHex: string; publicKeyBase58: string; did: string; keyId: string };
  document: {
    /** The document without `proof`: the exact UTF-8 text the proof signs. */
    signedText: string;
    signedSha256Hex: string;
    signatureValue: string;
    /** The signed document, as sent to `/api/v2/did/signin`. */
    json: string;
  };
  challenge: {
    headerJson: string;
    claimsJson: string;
    /** SHA-256 of the JWS signing input `base64url(header).base64url(claims)`. */
    signingInputSha256Hex: string;
    jwt: string;
  };
  presentation: {
    /** presentation-without-proof JSON ‖ realm ‖ nonce: the exact UTF-8 text the proof signs. */
    signedText: string;
    signedSha256Hex: string;
    signatureRHex: string;
    signatureSHex: string;
    /** The signed presentation, sent as `challenge_response` to `/api/v2/did/auth`. */
    json: string;
  };
  /** The same key as a did:key, whose document is implied by the DID and carries no proof. */
  didKey: { did: string; documentJson: string };
}

export const signInVector: SignInVector = {
  inputs: {
    userPrivateKeyHex: '4f26d4ad1aa534b899a762249c9835b3861b9f62dea7c2682e5a42af2c41c704',
    nodePrivateKeyHex: '1f51a14568a491e0e4eb9a6e084fe9c72090e43703a75e0b72c52f5b3feb91ef',
    documentCreated: '2026-03-02T09:30:00Z',
    documentExpires: '2031-03-02T09:30:00Z',
    nonce: 'l3P3kuUX1RE4XQUvqAG_1itbiBAZYbhL',
    challengeIssued: '2026-03-02T09:30:00Z',
    challengeLifetimeSeconds: 180,
    presentationCreated: '2026-03-02T09:30:01Z',
  },
  user: {
    publicKeyHex: '020987825b522f7d9fe66e7085f1f372e20ffd2fe780bb14ee1a43e9db85a6a683',
    publicKeyBase58: 'c6qFpiGjSscN4D6L8uN541DN6HQcuCuUXteBwFXk53Cn',
    h160Hex: '516305b59a17fe0827aa3bed0cf9f3e27354535c',
    addressHex: '67516305b59a17fe0827aa3bed0cf9f3e27354535ca6247020',
    did: 'did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95',
    keyId: 'did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary',
  },
  node: {
    publicKeyHex: '02c572b6da26228ab5865ebb6e2cd545c6e8fafa0d8af0019ae2c589848c5f3194',
    publicKeyBase58: 'pkPWfzbbLMtECXyJskAZVGxn4WbaZCT9qPZNGNNFhXV5',
    did: 'did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve',
    keyId: 'did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#primary',
  },
  document: {
    signedText:
      '{"id":"did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95","publicKey":[{"id":"did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary","type":"ECDSAsecp256r1","controller":"did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95","publicKeyBase58":"c6qFpiGjSscN4D6L8uN541DN6HQcuCuUXteBwFXk53Cn"}],"authentication":["did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary"],"expires":"2031-03-02T09:30:00Z"}',
    signedSha256Hex: 'b87f15339f11a4ec7bbb86f671f9247d30d5309cf88bb987c0eff7e57670ee95',
    signatureValue: 'Az83QZUqYuprD5K2Tv7CdwMPj65owTjaA9C_4_ITQiQmXHE7IzZTAvKmDJRvzc009sawqCP5RseOs3Zg_y0AVg',
    json: '{"id":"did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95","publicKey":[{"id":"did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary","type":"ECDSAsecp256r1","controller":"did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95","publicKeyBase58":"c6qFpiGjSscN4D6L8uN541DN6HQcuCuUXteBwFXk53Cn"}],"authentication":["did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary"],"expires":"2031-03-02T09:30:00Z","proof":{"type":"ECDSAsecp256r1","created":"2026-03-02T09:30:00Z","creator":"did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary","signatureValue":"Az83QZUqYuprD5K2Tv7CdwMPj65owTjaA9C_4_ITQiQmXHE7IzZTAvKmDJRvzc009sawqCP5RseOs3Zg_y0AVg"}}',
  },
  challenge: {
    headerJson:
      '{"alg":"ES256","typ":"JWT","version":"1.0","kid":"did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#primary"}',
    claimsJson:
      '{"iss":"did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve","sub":"DIDAuthChallenge","aud":"did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95","nonce":"l3P3kuUX1RE4XQUvqAG_1itbiBAZYbhL","iat":1772443800,"nbf":1772443800,"exp":1772443980}',
    signingInputSha256Hex: '49732a4235345efc106fa8549d1c1118b52235ce74558a592afe438d9bf66173',
    jwt: 'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwic3ViIjoiRElEQXV0aENoYWxsZW5nZSIsImF1ZCI6ImRpZDplbGFzdG9zOmlhRVRtdXhBSFFHWXZHNFZheEVaQkxYb0tkRHl3ZjZKOTUiLCJub25jZSI6ImwzUDNrdVVYMVJFNFhRVXZxQUdfMWl0YmlCQVpZYmhMIiwiaWF0IjoxNzcyNDQzODAwLCJuYmYiOjE3NzI0NDM4MDAsImV4cCI6MTc3MjQ0Mzk4MH0.ngRptKMPJPGb8wqGBLqmJx41yPfA64vTvM9EmtOxHG1Hcj6WEyB8pGj_P9r8bDPZpK0t0V0IT_UGTxZsM7gKGg',
  },
  presentation: {
    signedText:
      '{"type":"VerifiablePresentation","holder":"did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95","created":"2026-03-02T09:30:01Z","verifiableCredential":[]}did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHvel3P3kuUX1RE4XQUvqAG_1itbiBAZYbhL',
    signedSha256Hex: '9d95453599b3d086088e30048b881c44dc60fbbdd59766bbbc9b800073d6c338',
    signatureRHex: '88df22f71470b98c2f6b7e7cdaab5c0f9193725ad05eca8b4db549b8b96ced40',
    signatureSHex: '788aa594ced6656289f574837e0ce90de6ba110bb560fbdea1fb00adadcd0906',
    json: '{"type":"VerifiablePresentation","holder":"did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95","created":"2026-03-02T09:30:01Z","verifiableCredential":[],"proof":{"type":"ECDSAsecp256r1","created":"2026-03-02T09:30:01Z","verificationMethod":"did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary","realm":"did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve","nonce":"l3P3kuUX1RE4XQUvqAG_1itbiBAZYbhL","signature":"iN8i9xRwuYwva3582qtcD5GTclrQXsqLTbVJuLls7UB4iqWUztZlYon1dIN-DOkN5roRC7Vg-96h-wCtrc0JBg"}}',
  },
  didKey: {
    did: 'did:key:zDnaeR5AZTk6QBM9pgNQz1RUSiKdc96XkfaRcUjwdW57fSpFt',
    documentJson:
      '{"id":"did:key:zDnaeR5AZTk6QBM9pgNQz1RUSiKdc96XkfaRcUjwdW57fSpFt","publicKey":[{"id":"did:key:zDnaeR5AZTk6QBM9pgNQz1RUSiKdc96XkfaRcUjwdW57fSpFt#zDnaeR5AZTk6QBM9pgNQz1RUSiKdc96XkfaRcUjwdW57fSpFt","type":"ECDSAsecp256r1","controller":"did:key:zDnaeR5AZTk6QBM9pgNQz1RUSiKdc96XkfaRcUjwdW57fSpFt","publicKeyBase58":"c6qFpiGjSscN4D6L8uN541DN6HQcuCuUXteBwFXk53Cn"}],"authentication":["did:key:zDnaeR5AZTk6QBM9pgNQz1RUSiKdc96XkfaRcUjwdW57fSpFt#zDnaeR5AZTk6QBM9pgNQz1RUSiKdc96XkfaRcUjwdW57fSpFt"]}',
  },
};
