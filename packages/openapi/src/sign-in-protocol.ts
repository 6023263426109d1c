/**
 * The sign-in protocol, written for someone implementing a client in another language, with the
 * test vector (`sign-in-vector.ts`) inlined. One text, in two places: the OpenAPI document's
 * `info.description` (so the reference page shows it) and docs/did.md (written by the build
 * script between its markers; the contract test fails when it differs).
 */
import { signInVector as v } from './sign-in-vector.js';

const pretty = (json: string): string => JSON.stringify(JSON.parse(json), null, 2);
const block = (text: string, lang = ''): string => `\`\`\`${lang}\n${text}\n\`\`\``;

const claims = JSON.parse(v.challenge.claimsJson) as { iat: number; exp: number };

export const signInProtocolMarkdown = `## Sign-in protocol

A client signs in with two requests, then sends the access token with every other call:

1. \`POST /api/v2/did/signin\` with \`{"document": <the client's DID document>}\` → 201 \`{"challenge": <a JWT signed by the node>}\`.
2. \`POST /api/v2/did/auth\` with \`{"challenge_response": <a presentation the client signed for that challenge>}\` → 201 \`{"token": <access token>, "exp": <its expiry>}\`.
3. \`Authorization: Bearer <token>\` on every other call until \`exp\`. A 401 means the token is no longer accepted: sign in again.

Every value below can be checked byte for byte against the **test vector** at the end of this section. The project's tests recompute the vector from its fixed inputs and have a node accept its presentation, so it stays true.

### Cryptography

- **Keys**: NIST P-256 (secp256r1). A public key is the 33-byte SEC1 *compressed* point; documents write it in base58 (Bitcoin alphabet).
- **Signatures**: ECDSA over **SHA-256 of the bytes named below**, encoded as the 64 bytes r ‖ s (32 bytes each, big-endian) — not DER — then base64url without padding. Any valid signature is accepted, high-S included. The vector's signatures are RFC 6979 deterministic **and low-S**: when the RFC 6979 signature's s is above n/2 (n the order of P-256, \`ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551\`), it is replaced by n − s, as \`@noble/curves\` does by default. An RFC 6979 implementation reproduces the vector's r exactly, and its s or n − s (normalise to compare); a randomized signer produces different, equally valid signatures.
- **Signed JSON** is written with no whitespace, the fields in exactly the order given here, strings escaped as JavaScript's \`JSON.stringify\` does (\`/\` and non-ASCII characters are not escaped), then Unicode NFC, then UTF-8. The JSON a client *sends* may be formatted any way: the node rebuilds the signed form from the fields.
- **Times**: documents and presentations use \`YYYY-MM-DDTHH:MM:SSZ\` (UTC, whole seconds); JWT claims use seconds since the Unix epoch. The signed form always has whole seconds: like the reference node and the official SDKs, the node drops fractional seconds before checking a signature, so a date sent with milliseconds (what JavaScript's \`toISOString()\` gives) is accepted only if the signature was made over the whole-second text; one signed with its milliseconds is refused with 400 (internal_code 1) saying so.

### 1. The DID

\`did:elastos:\` + base58(\`0x67\` ‖ h160 ‖ checksum), where h160 = RIPEMD-160(SHA-256(\`0x21\` ‖ public key ‖ \`0xAD\`)) and checksum = the first 4 bytes of SHA-256(SHA-256(\`0x67\` ‖ h160)). The key's id is \`<DID>#primary\`.

A \`did:key\` works too: \`did:key:z\` + base58(\`0x80 0x24\` ‖ public key). Its document is implied by the DID and carries no proof (see the vector).

### 2. The DID document

Fields in this order: \`id\`; \`publicKey\`: one entry \`{id: <key id>, type: "ECDSAsecp256r1", controller: <DID>, publicKeyBase58}\`; \`authentication\`: \`[<key id>]\`; \`expires\` (the SDKs use 5 years); then \`proof\`: \`{type: "ECDSAsecp256r1", created, creator: <key id>, signatureValue}\`. The proof signs the document **without** \`proof\`, serialised as above.

The node refuses (401) a document whose proof does not verify, whose id is not derived from its key, or that has expired.

### 3. \`POST /api/v2/did/signin\`

Send \`{"document": <document>}\`. The answer's \`challenge\` is an ES256 JWT: \`base64url(header) "." base64url(claims) "." base64url(r ‖ s)\`, signed over SHA-256 of the text before the second dot. Header \`{"alg": "ES256", "typ": "JWT", "version": "1.0", "kid": <node key id>}\`; claims \`iss\` (the node's DID), \`sub\` \`DIDAuthChallenge\`, \`aud\` (the client's DID), \`nonce\` (single use), \`iat\`, \`nbf\`, \`exp\` (${claims.exp - claims.iat} seconds later by default).

The client checks \`aud\` is its DID and \`sub\` is \`DIDAuthChallenge\`. It may verify the signature with the node's key, no token needed: the node's DID document is public at \`GET /.well-known/did.json\` (check that its \`id\` is the challenge's \`iss\`, then verify with the key the header's \`kid\` names), or resolve \`iss\` on the identity chain; the vector gives the key.

### 4. The presentation

Build, in this field order, \`{"type": "VerifiablePresentation", "holder": <DID>, "created": <now>, "verifiableCredential": []}\` and sign

**SHA-256( UTF-8(that JSON) ‖ UTF-8(realm) ‖ UTF-8(nonce) )**, with realm = the challenge's \`iss\` and nonce = the challenge's \`nonce\`,

then add \`"proof": {"type": "ECDSAsecp256r1", "created": <same time>, "verificationMethod": <key id>, "realm", "nonce", "signature"}\`.

(An app signing in for a user — the reference Hive flow — puts the user's \`AppIdCredential\` in \`verifiableCredential\`, sorted by id; when its subject carries \`appDid\`, the vault is the credential issuer's, not the app's. The signed JSON includes the credentials, in the order the node sorts them.)

### 5. \`POST /api/v2/did/auth\`

Send \`{"challenge_response": <presentation>}\` (the reference SDKs' form, an ES256 JWT signed by the holder, with an \`exp\`, whose \`presentation\` claim holds the presentation, is accepted too). The node checks, and answers 401 with the reason when a check fails:

1. \`proof.type\` is \`ECDSAsecp256r1\` and \`proof.realm\` is its own DID;
2. the holder's DID document resolves (the identity chain, else the document sent to \`signin\`; \`did:key\` from the DID): genuine, not expired, not deactivated;
3. \`proof.verificationMethod\` is an authentication key of that document, and the signature verifies over the bytes of step 4;
4. every credential is about the holder and valid;
5. \`proof.nonce\` is the nonce of a challenge it issued **to this holder** that has not expired and was not used: it is consumed now, so a presentation works once.

Malformed input is a 400; an unreachable identity chain a 503. The answer is 201 \`{"token", "exp"}\`: an ES256 JWT by the node with \`iss\` (node DID), \`sub\` \`AccessToken\`, \`aud\` (the holder), \`iat\`, \`nbf\`, \`exp\` (7 days by default, never after the first credential's expiry), \`jti\` and \`props\` (JSON text \`{"userDid", "appDid"?, "nonce"}\`). Treat it as opaque; send it as \`Authorization: Bearer <token>\`.

### Test vector

Fixed inputs (test keys, published: never use them for anything else):

| input | value |
|---|---|
| user private key (hex) | \`${v.inputs.userPrivateKeyHex}\` |
| node private key (hex) | \`${v.inputs.nodePrivateKeyHex}\` |
| document created / expires | \`${v.inputs.documentCreated}\` / \`${v.inputs.documentExpires}\` |
| challenge issued, lifetime | \`${v.inputs.challengeIssued}\` (\`iat\` ${claims.iat}), ${v.inputs.challengeLifetimeSeconds} s |
| nonce (24 bytes, base64url) | \`${v.inputs.nonce}\` |
| presentation created | \`${v.inputs.presentationCreated}\` |

The user's DID:

| value | |
|---|---|
| public key (compressed, hex) | \`${v.user.publicKeyHex}\` |
| public key (base58) | \`${v.user.publicKeyBase58}\` |
| h160 (hex) | \`${v.user.h160Hex}\` |
| 0x67 ‖ h160 ‖ checksum (hex) | \`${v.user.addressHex}\` |
| DID | \`${v.user.did}\` |
| key id | \`${v.user.keyId}\` |

The node: DID \`${v.node.did}\`, key id \`${v.node.keyId}\`, public key \`${v.node.publicKeyHex}\` (base58 \`${v.node.publicKeyBase58}\`).

The document's proof signs exactly these bytes (UTF-8, no trailing newline; SHA-256 \`${v.document.signedSha256Hex}\`):

${block(v.document.signedText)}

giving \`signatureValue\` \`${v.document.signatureValue}\`. Request 1, \`POST /api/v2/did/signin\`:

${block(pretty(`{"document":${v.document.json}}`), 'json')}

The node's answer \`{"challenge": "<JWT>"}\` with this JWT:

${block(v.challenge.jwt)}

Its header and claims, decoded (SHA-256 of the signing input: \`${v.challenge.signingInputSha256Hex}\`):

${block(`${v.challenge.headerJson}\n${v.challenge.claimsJson}`, 'json')}

The presentation's proof signs exactly these bytes (the presentation without \`proof\`, then the realm, then the nonce; SHA-256 \`${v.presentation.signedSha256Hex}\`):

${block(v.presentation.signedText)}

The signature: r = \`${v.presentation.signatureRHex}\`, s = \`${v.presentation.signatureSHex}\` (low-S, like every signature of this vector: s ≤ n/2). Request 2, \`POST /api/v2/did/auth\`:

${block(pretty(`{"challenge_response":${v.presentation.json}}`), 'json')}

The node answers 201 \`{"token": "<access token>", "exp": <seconds>}\`; the token is new at every sign-in (\`jti\`, \`iat\`).

The same key as \`did:key\`: \`${v.didKey.did}\`, with the implied document (sent to \`signin\` as it is, no proof):

${block(pretty(v.didKey.documentJson), 'json')}
`;
