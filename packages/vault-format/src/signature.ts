/**
 * The export's signature: the exporting node signs the DAG-CBOR encoding of the root map without
 * its `sig` key (ECDSA P-256, SHA-256, raw r‖s), with the key whose compressed public key the root
 * carries as `key`. The node's DID is self-certifying — `did:elastos` derives from that key (as
 * `did:key` does) — so a reader checks who exported the file offline, with no resolver: the DID
 * must be the one `key` gives, and the signature must verify under `key`.
 */
import * as dagCbor from '@ipld/dag-cbor';
import {
  didKeyFromPublicKey,
  elastosDidFromPublicKey,
  isDidError,
  verifySignature,
  type Signer,
} from '@cella/did';
import { encodeNode, type EncodedBlock, type Sha256 } from './blocks.js';
import { ExportFormatError } from './errors.js';
import type { ExportRoot, UnsignedRoot } from './schema.js';

/** The bytes the signature covers. */
export function signedBytes(root: UnsignedRoot): Uint8Array {
  return dagCbor.encode(root);
}

/** Signs the root with the node's key and encodes it. */
export async function signRoot(
  root: Omit<UnsignedRoot, 'node' | 'key'>,
  signer: Signer,
  sha256: Sha256,
): Promise<{ root: ExportRoot; block: EncodedBlock }> {
  const unsigned: UnsignedRoot = { ...root, node: signer.did, key: signer.publicKey };
  const sig = await signer.sign(signedBytes(unsigned));
  const signed: ExportRoot = { ...unsigned, sig };
  return { root: signed, block: await encodeNode(signed, sha256) };
}

/** The DID a node with this key has (did:elastos, or did:key), or null if `did` is neither. */
function keyMatches(did: string, key: Uint8Array): boolean {
  try {
    if (did.startsWith('did:elastos:')) return elastosDidFromPublicKey(key) === did;
    if (did.startsWith('did:key:')) return didKeyFromPublicKey(key) === did;
  } catch (error) {
    if (isDidError(error)) return false;
    throw error;
  }
  return false;
}

/** Refuses a root whose key is not its node's or whose signature does not verify. */
export async function verifyRootSignature(root: ExportRoot): Promise<void> {
  if (!keyMatches(root.node, root.key))
    throw new ExportFormatError(
      'BAD_SIGNATURE',
      `the manifest's key is not the key of ${root.node}, the node it says exported it`,
    );
  const { sig, ...unsigned } = root;
  let ok: boolean;
  try {
    ok = await verifySignature(root.key, signedBytes(unsigned), sig);
  } catch (error) {
    if (!isDidError(error)) throw error;
    ok = false;
  }
  if (!ok)
    throw new ExportFormatError(
      'BAD_SIGNATURE',
      `the manifest's signature does not verify: it was not signed by ${root.node}, or was changed after`,
    );
}
