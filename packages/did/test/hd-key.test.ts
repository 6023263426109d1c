// Elastos hierarchical keys against the official @elastosfoundation/did-js-sdk 2.3.5: the DIDs a
// root identity derives, the extended keys its DIDStore keeps, and the cipher key
// `DIDDocument.derive`/`createCipher` derive, all reproduced from the mnemonic or the stored key.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sdk from '@elastosfoundation/did-js-sdk';
import type { DIDDocument as SdkDocument, DIDStore as SdkStore } from '@elastosfoundation/did-js-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, createKeySigner, DidError } from '../src/index.js';
import {
  cipherPath,
  derivePath,
  elastosDidKey,
  hdKeyFromMnemonic,
  parseExtendedKey,
  serializeExtendedKey,
} from '../src/hd-key.js';
import { startIdChainStandIn, type IdChainStandIn } from '../src/stand-in/index.js';

const { DIDBackend, DIDStore, RootIdentity, Mnemonic, Logger, SimulatedIDChainAdapter } = sdk;
const PASS = 'storepass';
const PASSPHRASE = 'extra words';
let chain: IdChainStandIn;
let tmp: string;
let store: SdkStore;
let mnemonic: string;
const docs: SdkDocument[] = [];

beforeAll(async () => {
  Logger.setLevel(Logger.ERROR);
  chain = await startIdChainStandIn();
  DIDBackend.initialize(new SimulatedIDChainAdapter(chain.url));
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cella-hd-key-'));
  store = await DIDStore.open(tmp);
  mnemonic = Mnemonic.getInstance(Mnemonic.ENGLISH).generate();
  const root = await RootIdentity.createFromMnemonic(mnemonic, PASSPHRASE, store, PASS);
  for (let i = 0; i < 3; i++) docs.push(await root.newDid(PASS));
});

afterAll(async () => {
  await chain.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const storedKey = async (doc: SdkDocument): Promise<Uint8Array> =>
  Uint8Array.from(await store.loadPrivateKey(doc.getDefaultPublicKeyId(), PASS));

describe('the DID SDK root identity, reproduced', () => {
  it("the mnemonic derives the same DIDs (m/44'/0'/0'/0/index) and the extended keys the DIDStore keeps", async () => {
    const root = hdKeyFromMnemonic(mnemonic, PASSPHRASE);
    for (const [index, doc] of docs.entries()) {
      const key = elastosDidKey(root, index);
      expect(createKeySigner(key.privateKey).did).toBe(doc.getSubject().toString());
      const stored = await storedKey(doc);
      expect(stored.length).toBe(82);
      expect(serializeExtendedKey(key)).toBe(serializeExtendedKey(parseExtendedKey(stored)));
      expect(bytesToHex(parseExtendedKey(stored).privateKey)).toBe(bytesToHex(key.privateKey));
    }
  });

  it('the key DIDDocument.deriveFromIdentifier / createCipher use: the path from SHA-256(identifier) and the security code', async () => {
    const doc = docs[1]!;
    const key = parseExtendedKey(await storedKey(doc));
    for (const [identifier, code] of [
      ['did:elastos:iqcpzTBTbi27exRoP27uXMLNM1r3w3UwaL', 0],
      ['did:elastos:iqcpzTBTbi27exRoP27uXMLNM1r3w3UwaL', 6],
      ['an app id', -7],
    ] as const) {
      const derived = parseExtendedKey(await doc.deriveFromIdentifier(identifier, code, PASS));
      expect(bytesToHex(derivePath(key, cipherPath(identifier, code)).privateKey)).toBe(
        bytesToHex(derived.privateKey),
      );
    }
    // the path reads the digest's words little-endian and unsigned (hardened when the top bit is set)
    expect(cipherPath('x', 0)).toHaveLength(9);
    expect(cipherPath('x', -1).at(-1)).toBe(0xffffffff);
  });

  it('ECDH between two DID keys agrees both ways (what a share is wrapped with)', async () => {
    const a = createKeySigner(parseExtendedKey(await storedKey(docs[0]!)).privateKey);
    const b = createKeySigner(parseExtendedKey(await storedKey(docs[2]!)).privateKey);
    expect(bytesToHex(await a.sharedSecret!(b.publicKey))).toBe(
      bytesToHex(await b.sharedSecret!(a.publicKey)),
    );
  });

  it('refuses a damaged or public extended key', async () => {
    const stored = await storedKey(docs[0]!);
    const damaged = Uint8Array.from(stored);
    damaged[50]! ^= 1;
    expect(() => parseExtendedKey(damaged)).toThrow(DidError);
    expect(() => parseExtendedKey(stored.subarray(0, 40))).toThrow(/78 or 82 bytes/);
    expect(() => parseExtendedKey('0OIl')).toThrow(DidError);
  });
});
