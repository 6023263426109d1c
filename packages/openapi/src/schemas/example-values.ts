/**
 * Realistic values shared by the contract's examples, so that every example tells one consistent
 * story: the user of the sign-in test vector signs in at 2026-03-02T09:30:00Z on the vector's node,
 * keeps notes and photos in the vault, buys the Standard plan and backs up to a backup node. DIDs,
 * documents and JWTs are real (made with the vector's keys and `@cella/did`); CIDs, ObjectIds and
 * addresses are well-formed. Examples are checked against their schemas by test/reference.test.ts.
 */
import { signInVector } from '../sign-in-vector.js';

export const userDid = signInVector.user.did;
export const nodeDid = signInVector.node.did;
/** An app the user signed in with (the reference's app-instance flow). */
export const appDid = 'did:elastos:ifLYw1S5UhSYk2vw7h9Uw4VexnTgGzbm63';
/** Another user, whose vault holds a shared script. */
export const friendDid = 'did:elastos:iXEKuLg2gwhEv8K1rraa4ufeeupzA9JvvX';
export const backupNodeDid = 'did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F';
export const backupNodeUrl = 'https://backup.example.org';

export const userDocument = JSON.parse(signInVector.document.json) as Record<string, unknown>;
export const presentation = JSON.parse(signInVector.presentation.json) as Record<string, unknown>;
export const challengeJwt = signInVector.challenge.jwt;

/** Seconds since the epoch: the sign-in of the vector, and moments of the day after it. */
export const time = {
  signedIn: 1772443801,
  vaultCreated: 1772443802,
  notesWritten: 1772444105,
  photoUploaded: 1772444460,
  orderPlaced: 1772443922,
  paid: 1772444700,
  backupStarted: 1772445000,
  backupFinished: 1772445063,
} as const;

export const accessToken =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwic3ViIjoiQWNjZXNzVG9rZW4iLCJhdWQiOiJkaWQ6ZWxhc3RvczppYUVUbXV4QUhRR1l2RzRWYXhFWkJMWG9LZER5d2Y2Sjk1IiwiaWF0IjoxNzcyNDQzODAxLCJuYmYiOjE3NzI0NDM4MDEsImV4cCI6MTc3MzA0ODYwMSwianRpIjoiM2YwYzlhNGUtOGE1MS00YzNlLTlhNTMtMGI4ZDdmMmU2MWM0IiwicHJvcHMiOiJ7XCJ1c2VyRGlkXCI6XCJkaWQ6ZWxhc3RvczppYUVUbXV4QUhRR1l2RzRWYXhFWkJMWG9LZER5d2Y2Sjk1XCIsXCJub25jZVwiOlwibDNQM2t1VVgxUkU0WFFVdnFBR18xaXRiaUJBWlliaExcIn0ifQ.za_MYbOQCBEPCzAo1tXN55lm2-a7c1vBE-8SuwnNsqwse-J-aYivRWtNttqBRFQTCizVFVRHlt-E4cAQY5k_2g';
export const accessTokenExp = 1773048601;

export const cids = {
  /** A photo under 1 MiB: one raw block. */
  photo: 'bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou',
  /** A 3.2 MiB video: a dag-pb root over 1 MiB raw leaves. */
  video: 'bafybeiammnxiqth6sm3ijwlaa5zidlipzz4qaipwhxpflrw5nx3uanw3ta',
  notes: 'bafkreihyhrykbks6xoxeotpiblhmxv6temqzjsabudbnmgbaukjrt6sm24',
  chunk1: 'bafkreicaqzinpbmi5a7mqlhzjv7eyy2ihwevg75ngrmpjajre33vl2rpku',
  chunk2: 'bafkreifgyaa6hbanqpzguy6eaen7wiprltmtyp7xrcghvgw6lpeqaeecyy',
} as const;

/** ObjectIds of documents inserted at 09:30 on the vector's day (hex, as `inserted_ids` gives them). */
export const objectIds = ['69a558980fa8f1f1d94ee8a8', '69a558d5dfb698de2ce3a82f'] as const;

export const receivingAddress = '0x5EdFeacF4e5da8246F772fDb6E01D040381ECB21';
export const contractAddress = '0xcc8321D6375c494d043fDD0260f21bc0Ec51daCC';
export const orderId = '69a559125b686aaea5f8bd7e';
export const orderProof =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwic3ViIjoiSGl2ZSBQYXltZW50IiwiYXVkIjoiZGlkOmVsYXN0b3M6aWFFVG11eEFIUUdZdkc0VmF4RVpCTFhvS2REeXdmNko5NSIsImlhdCI6MTc3MjQ0MzkyMiwibmJmIjoxNzcyNDQzOTIyLCJleHAiOjE3NzMwNDg3MjIsIm9yZGVyIjp7ImludGVyaW1fb3JkZXJpZCI6IjY5YTU1OTEyNWI2ODZhYWVhNWY4YmQ3ZSIsInN1YnNjcmlwdGlvbiI6InZhdWx0IiwicHJpY2luZ19wbGFuIjoiU3RhbmRhcmQiLCJwYXlpbmdfZGlkIjoiZGlkOmVsYXN0b3M6aWFFVG11eEFIUUdZdkc0VmF4RVpCTFhvS2REeXdmNko5NSIsInBheW1lbnRfYW1vdW50IjoyLjUsImNyZWF0ZV90aW1lIjoxNzcyNDQzOTIyLCJleHBpcmF0aW9uX3RpbWUiOjE3NzMwNDg3MjIsInJlY2VpdmluZ19hZGRyZXNzIjoiMHg1RWRGZWFjRjRlNWRhODI0NkY3NzJmRGI2RTAxRDA0MDM4MUVDQjIxIiwic3RhdGUiOiJub3JtYWwifX0.k0cTHLr_A_eLzPH2csJuetvSHYvSCf8EVUMyLxlnGGkSPgZVVArTZ7FaZJtXUgJqqeOwajjRAj00iTT6Vo2kFA';
export const receiptProof =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwic3ViIjoiSGl2ZSBSZWNlaXB0IiwiYXVkIjoiZGlkOmVsYXN0b3M6aWFFVG11eEFIUUdZdkc0VmF4RVpCTFhvS2REeXdmNko5NSIsImlhdCI6MTc3MjQ0NDcwMCwibmJmIjoxNzcyNDQ0NzAwLCJyZWNlaXB0Ijp7InJlY2VpcHRfaWQiOiJjMmI3ZTBhNGQ5MWYzODY1YTBlNGI3ZDEiLCJvcmRlcl9pZCI6MTcsImludGVyaW1fb3JkZXJpZCI6IjY5YTU1OTEyNWI2ODZhYWVhNWY4YmQ3ZSIsInN1YnNjcmlwdGlvbiI6InZhdWx0IiwicHJpY2luZ19wbGFuIjoiU3RhbmRhcmQiLCJwYXltZW50X2Ftb3VudCI6Mi41LCJwYWlkX2RpZCI6ImRpZDplbGFzdG9zOmlhRVRtdXhBSFFHWXZHNFZheEVaQkxYb0tkRHl3ZjZKOTUiLCJjcmVhdGVfdGltZSI6MTc3MjQ0NDcwMCwicmVjZWl2aW5nX2FkZHJlc3MiOiIweDVFZEZlYWNGNGU1ZGE4MjQ2Rjc3MmZEYjZFMDFEMDQwMzgxRUNCMjEifX0.R-03EFulWCcVwNXSkC1fLbZNstzuxwgzqNCm3fqpJCgjuABLUSfcKdX8eZ3Ig_Pl-gz2Ytuo7Ya6IjXFJQv4KQ';

/** The user's HiveBackupCredential: the vault's node may back the vault up to the backup node. */
export const backupCredential: Record<string, unknown> = {
  id: 'did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#hive-backup-credential',
  type: ['HiveBackupCredential', 'VerifiableCredential'],
  issuer: 'did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95',
  issuanceDate: '2026-03-02T09:50:00Z',
  expirationDate: '2026-03-09T09:50:00Z',
  credentialSubject: {
    id: 'did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve',
    sourceHiveNodeDID: 'did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve',
    targetHiveNodeDID: 'did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F',
    targetNodeURL: 'https://backup.example.org',
  },
  proof: {
    type: 'ECDSAsecp256r1',
    created: '2026-03-02T09:50:00Z',
    verificationMethod: 'did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary',
    signature: '5xNMih2VjHtPUA9d8eVuRFpB-MN15GlVe-FAY58C9QoBPmmcsU0H19hlopCwX7a179J-b-tDiN0u9SPMa6GfEg',
  },
};
/** The vault's node signing in to the backup node with the user's credential. */
export const backupPresentation: Record<string, unknown> = {
  type: 'VerifiablePresentation',
  holder: 'did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve',
  created: '2026-03-02T09:51:01Z',
  verifiableCredential: [
    {
      id: 'did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#hive-backup-credential',
      type: ['HiveBackupCredential', 'VerifiableCredential'],
      issuer: 'did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95',
      issuanceDate: '2026-03-02T09:50:00Z',
      expirationDate: '2026-03-09T09:50:00Z',
      credentialSubject: {
        id: 'did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve',
        sourceHiveNodeDID: 'did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve',
        targetHiveNodeDID: 'did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F',
        targetNodeURL: 'https://backup.example.org',
      },
      proof: {
        type: 'ECDSAsecp256r1',
        created: '2026-03-02T09:50:00Z',
        verificationMethod: 'did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary',
        signature: '5xNMih2VjHtPUA9d8eVuRFpB-MN15GlVe-FAY58C9QoBPmmcsU0H19hlopCwX7a179J-b-tDiN0u9SPMa6GfEg',
      },
    },
  ],
  proof: {
    type: 'ECDSAsecp256r1',
    created: '2026-03-02T09:51:01Z',
    verificationMethod: 'did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#primary',
    realm: 'did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F',
    nonce: 'uoZ1Qh6M81W-0JgkiUiLPTLHd65av4Dn',
    signature: 'hGabJvRCS1AUbyRzKYFCDVjHwP-RT7JSnrLtVPbYFdt3UGPi5_Ea_kmhVChZGKS__wImP9E9odHGrG-jISlK-g',
  },
};
export const backupNodeDocument: Record<string, unknown> = {
  id: 'did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F',
  publicKey: [
    {
      id: 'did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F#primary',
      type: 'ECDSAsecp256r1',
      controller: 'did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F',
      publicKeyBase58: 'pvBw6gpoivvZaQdyRXLG2JU7afR7bf9w6bwokccUGRB2',
    },
  ],
  authentication: ['did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F#primary'],
  expires: '2031-01-31T09:30:00Z',
  proof: {
    type: 'ECDSAsecp256r1',
    created: '2026-01-31T09:30:00Z',
    creator: 'did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F#primary',
    signatureValue: 'UgwgdE3f3req2TJ0iaSbwMosc1P_J6MZnfCV9fAniFlsZQUcTucmZgRGe3uakb3oIiEvSuUHf4PqUHKaKM2CdA',
  },
};
export const backupToken =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppbVZXNGNtYlFGYTN0UDI0UHZtaUt0WHUyZXprdGpDdDhGI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppbVZXNGNtYlFGYTN0UDI0UHZtaUt0WHUyZXprdGpDdDhGIiwic3ViIjoiQmFja3VwVG9rZW4iLCJhdWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwiaWF0IjoxNzcyNDQ1MDYxLCJuYmYiOjE3NzI0NDUwNjEsImV4cCI6MTc3MzA0OTg2MSwianRpIjoiOWIzZDJmNGMtMWU3YS00ZjBiLThjNjUtMmQ3ZTlhMWIzYzU4IiwicHJvcHMiOiJ7XCJ1c2VyRGlkXCI6XCJkaWQ6ZWxhc3RvczppYUVUbXV4QUhRR1l2RzRWYXhFWkJMWG9LZER5d2Y2Sjk1XCIsXCJzb3VyY2VESURcIjpcImRpZDplbGFzdG9zOmlxN0FmWUdLNTN3SDF6U1haQlBOQTZqOTV0a3N4ZmdIdmVcIixcInRhcmdldERJRFwiOlwiZGlkOmVsYXN0b3M6aW1WVzRjbWJRRmEzdFAyNFB2bWlLdFh1MmV6a3RqQ3Q4RlwiLFwidGFyZ2V0SG9zdFwiOlwiaHR0cHM6Ly9iYWNrdXAuZXhhbXBsZS5vcmdcIixcIm5vbmNlXCI6XCJ1b1oxUWg2TTgxVy0wSmdraVVpTFBUTEhkNjVhdjREblwifSJ9.SXWE2wHHgKgIQa8vRUrN4662XzER6zkqo0R66_8wNXpeWyGszzLh5qN6meHSB0owhiDvKRS4jqIPYJkhZFeZTw';

/** The ownership presentation of node info for a node without an owner credential (signed by the vector's node key). */
export const nodeOwnershipPresentation: Record<string, unknown> = {
  type: 'VerifiablePresentation',
  holder: nodeDid,
  created: '2026-03-02T10:05:00Z',
  verifiableCredential: [],
  proof: {
    type: 'ECDSAsecp256r1',
    created: '2026-03-02T10:05:00Z',
    verificationMethod: `${nodeDid}#primary`,
    realm: nodeDid,
    nonce: '5b0c3f1e-9d2a-4c7b-8e61-3a4f2d9c0b17',
    signature: '_ntUOmiRAfE8rmidPJmiH_1QyI0iYp0YAszS6lkWGE1gZRsO5ZcA5G9ZXsltxRq8IFNVQFTTXo1QmRsNtNNaWQ',
  },
};

/** The node's own DID document (the vector's node key), as `/.well-known/did.json` serves it. */
export const nodeDocument: Record<string, unknown> = {
  id: nodeDid,
  publicKey: [
    {
      id: `${nodeDid}#primary`,
      type: 'ECDSAsecp256r1',
      controller: nodeDid,
      publicKeyBase58: signInVector.node.publicKeyBase58,
    },
  ],
  authentication: [`${nodeDid}#primary`],
  expires: '2031-03-01T08:00:00Z',
  proof: {
    type: 'ECDSAsecp256r1',
    created: '2026-03-01T08:00:00Z',
    creator: `${nodeDid}#primary`,
    signatureValue: 'vNS740_K5aW_a7yvuOIzwSbzaFIV_-DRM6juse3yCvFqiQyCb0DrzNe6uyh8VkWTd81FGB3TNfPV0z3Of4kZ6g',
  },
};
