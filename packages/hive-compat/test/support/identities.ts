/**
 * Identities made with the official Elastos DID SDK (@elastosfoundation/did-js-sdk 2.3.5) the way
 * Hive dApps and wallets make them: a DIDStore holding a root identity derived from a mnemonic,
 * DIDs derived from it, published to the identity chain (here the stand-in, through the SDK's own
 * SimulatedIDChainAdapter protocol), credentials, presentations and JWTs sealed by the SDK.
 */
import {
  DIDURL,
  Issuer,
  JWTHeader,
  Mnemonic,
  RootIdentity,
  SimulatedIDChainAdapter,
  VerifiablePresentation,
  DIDStore,
  DIDDocument,
  type VerifiableCredential,
} from '@elastosfoundation/did-js-sdk';

export const STOREPASS = 'hive-compat-storepass';
const YEAR_MS = 365 * 86_400_000;

/** One DIDStore with one root identity (a user's wallet, a developer's, the node owner's). */
export class IdentityWallet {
  private constructor(
    readonly store: DIDStore,
    readonly storeDir: string,
    private readonly root: RootIdentity,
    private readonly chain: SimulatedIDChainAdapter,
  ) {}

  static async create(storeDir: string, chainUrl: string): Promise<IdentityWallet> {
    const store = await DIDStore.open(storeDir);
    const mnemonic = Mnemonic.getInstance(Mnemonic.ENGLISH).generate();
    const root = await RootIdentity.createFromMnemonic(mnemonic, '', store, STOREPASS);
    return new IdentityWallet(store, storeDir, root, new SimulatedIDChainAdapter(chainUrl));
  }

  /** Re-opens a store made by `create` (another process), for a DID it holds. */
  static async open(storeDir: string, chainUrl: string): Promise<IdentityWallet> {
    const store = await DIDStore.open(storeDir);
    const root = await store.loadRootIdentity();
    if (!root) throw new Error(`no root identity in ${storeDir}`);
    return new IdentityWallet(store, storeDir, root, new SimulatedIDChainAdapter(chainUrl));
  }

  /** Derives DID number `index` (not published). */
  async newDid(index: number): Promise<DIDDocument> {
    return this.root.newDid(STOREPASS, index);
  }

  async load(did: string): Promise<DIDDocument> {
    const doc = await this.store.loadDid(did);
    if (!doc) throw new Error(`${did} is not in ${this.storeDir}`);
    return doc;
  }

  /** Edits a document (services, self-proclaimed credentials), stores and returns the new one. */
  async edit(doc: DIDDocument, change: (builder: DIDDocument.Builder) => unknown): Promise<DIDDocument> {
    const builder = DIDDocument.Builder.newFromDocument(doc).edit();
    await change(builder);
    const sealed = await builder.seal(STOREPASS);
    await this.store.storeDid(sealed);
    return sealed;
  }

  /** Publishes to the identity chain (create the first time, update afterwards). */
  async publish(doc: DIDDocument): Promise<void> {
    await doc.publish(STOREPASS, undefined, false, this.chain);
  }

  /** A credential issued by `issuerDid` (held in this store) about `subjectDid`. */
  async issue(
    issuerDid: string,
    subjectDid: string,
    options: { id: string; types: string[]; properties: Record<string, unknown> },
  ): Promise<VerifiableCredential> {
    const issuer = await Issuer.create(await this.load(issuerDid));
    return issuer
      .issueFor(subjectDid)
      .id(DIDURL.from(options.id, subjectDid) as DIDURL)
      .types(...options.types)
      .properties(options.properties as never)
      .expirationDate(new Date(Date.now() + 5 * YEAR_MS))
      .seal(STOREPASS);
  }

  /** A presentation by `holderDid` of `credentials`, for `realm` and `nonce` (a sign-in challenge). */
  async present(
    holderDid: string,
    credentials: VerifiableCredential[],
    realm: string,
    nonce: string,
  ): Promise<VerifiablePresentation> {
    const builder = await VerifiablePresentation.createFor(holderDid, null, this.store);
    return builder
      .credentials(...credentials)
      .realm(realm)
      .nonce(nonce)
      .seal(STOREPASS);
  }

  /** The sign-in answer the Hive SDK's own providers build: a JWT by `holderDid` carrying the presentation. */
  async challengeResponse(holderDid: string, vp: VerifiablePresentation, nodeDid: string): Promise<string> {
    const doc = await this.load(holderDid);
    const now = Math.floor(Date.now() / 1000);
    return doc
      .jwtBuilder()
      .addHeader(JWTHeader.TYPE, JWTHeader.JWT_TYPE)
      .addHeader('version', '1.0')
      .setSubject('DIDAuthResponse')
      .setAudience(nodeDid)
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpiration(now + 90 * 86_400)
      .claimsWithJson('presentation', vp.toString(true))
      .sign(STOREPASS);
  }
}
