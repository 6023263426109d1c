/**
 * The page of the browser test: what a dApp does with @cella/sdk, bundled by esbuild from the
 * built package (no flags) and run in Chromium from another origin than the node's. Exposes
 * `scenarios` (a normal run, the failures on purpose, a refused origin, a live subscription), which
 * return what they saw for the test to check.
 */
import {
  browserTokenStore,
  CellaApiError,
  CellaNetworkError,
  connect,
  createClient,
  createDevIdentity,
  createKeySigner,
  hexToBytes,
  type DocumentEvent,
} from '@cella/sdk';
import { payOrder } from '@cella/sdk/ethers';
import { JsonRpcProvider, Wallet } from 'ethers';

const MiB = 1024 * 1024;

export interface ScenarioInput {
  nodeUrl: string;
  rpcUrl: string;
  key: string;
  chainId: number;
  /** An https:// origin that speaks HTTP/1.1 only. */
  http1Url: string;
}

/** What the encryption scenario needs: the node, and the key material the test's Node side signs with too. */
export interface EncryptedInput {
  nodeUrl: string;
  /** The did:key identity's private key (hex): the same user as the test's Node-side SDK. */
  key: string;
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

function randomBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65536)
    crypto.getRandomValues(bytes.subarray(offset, Math.min(offset + 65536, size)));
  return bytes;
}

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'no error';
  } catch (error) {
    return error instanceof CellaApiError ? error.code : (error as Error).name;
  }
}

interface Note {
  title: string;
  n: number;
  done?: boolean;
}

/** What an app does when it starts: sign in (token kept), ensure its collection. */
async function start(input: ScenarioInput, signer: ReturnType<typeof createDevIdentity>['signer']) {
  const vault = await connect({ url: input.nodeUrl, signer, tokenStore: browserTokenStore() });
  const notes = await vault.db.createCollection<Note>('notes', { ifNotExists: true });
  return { vault, notes };
}

/**
 * A normal run: everything an app does when nothing goes wrong. The test checks that the browser
 * logged no error meanwhile (no failing request: the upload transport is found out without one,
 * and the second start's "ensure" does not fail either).
 */
async function runNormal(input: ScenarioInput): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const { signer } = createDevIdentity();
  const { vault, notes } = await start(input, signer);
  out.signedIn = { did: vault.did === signer.did, tokenStored: localStorage.length === 1 };
  await vault.subscription.subscribe();

  const { inserted_ids: ids } = await notes.insert([
    { title: 'a', n: 1 },
    { title: 'b', n: 2 },
  ]);
  // The second start of the app: the same user, the collection exists, nothing fails.
  const again = await start(input, signer);
  out.secondStart = {
    sameToken: localStorage.length === 1,
    byId: (await again.notes.findById(ids[0]!))?.title,
  };
  out.updated = (await notes.update({ _id: ids[0] }, { $set: { done: true } })).modified_count;
  out.deleted = (await notes.delete({ n: 2 })).deleted_count;
  out.documents = await notes.find({}, { projection: { _id: 0, title: 1, done: 1 } }).toArray();

  out.transport = await vault.http.uploads();
  out.http1Transport = await createClient({ url: input.http1Url }).http.uploads();
  const data = randomBytes(20 * MiB);
  out.uploadSha = await sha256(data);
  const up: [number, number | undefined][] = [];
  const uploaded = await vault.files.upload('photos/big.bin', new Blob([data]), {
    onProgress: (n, total) => up.push([n, total]),
  });
  out.upload = { size: uploaded.size, events: up.length, last: up.at(-1) };

  const down: [number, number | undefined][] = [];
  const back = await vault.files.bytes('photos/big.bin', { onProgress: (n, total) => down.push([n, total]) });
  out.download = {
    sha: await sha256(back as Uint8Array<ArrayBuffer>),
    events: down.length,
    last: down.at(-1),
  };
  const part = await vault.files.bytes('photos/big.bin', { range: { offset: 1000, length: 10 } });
  out.range = part.length === 10 && part.every((b, i) => b === data[1000 + i]);

  // XMLHttpRequest, as on an HTTP/1.1 origin.
  const viaXhr = await connect({ url: input.nodeUrl, signer, uploads: 'xhr' });
  const xhr: [number, number | undefined][] = [];
  const small = data.slice(0, 4 * MiB);
  await viaXhr.files.upload('xhr.bin', small, { onProgress: (n, total) => xhr.push([n, total]) });
  out.xhr = {
    events: xhr.length,
    last: xhr.at(-1),
    sameBytes:
      (await sha256((await viaXhr.files.bytes('xhr.bin')) as Uint8Array<ArrayBuffer>)) ===
      (await sha256(small)),
  };
  await vault.files.delete('photos/big.bin');

  await vault.scripts.register('notes', {
    executable: { type: 'find', collection: 'notes', filter: {} },
    allowAnonymous: true,
  });
  out.scriptRun = await vault.scripts.run('notes');
  out.anonymousRun = await createClient({ url: input.nodeUrl }).scripts.run('notes', { owner: vault.did });

  const order = await vault.payment.placeOrder('Standard');
  const provider = new JsonRpcProvider(input.rpcUrl, input.chainId, { staticNetwork: true });
  const paid = await payOrder(vault, order, new Wallet(input.key, provider));
  const receipt = await vault.payment.settle(paid);
  provider.destroy();
  out.payment = { plan: receipt.pricing_plan, quotaPlan: (await vault.subscription.info()).pricing_plan };
  return out;
}

/** What fails on purpose: an aborted upload, missing files, a node that is not there. */
async function runFailures(input: ScenarioInput): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const vault = await connect({ url: input.nodeUrl, signer: createDevIdentity().signer });
  const data = randomBytes(8 * MiB);
  const controller = new AbortController();
  out.abort = await codeOf(
    vault.files.upload('photos/aborted.bin', data, {
      signal: controller.signal,
      onProgress: (n) => n > 2 * MiB && controller.abort(),
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  out.abortedFile = await codeOf(vault.files.stat('photos/aborted.bin'));
  out.unreachable = await networkErrorOf(createClient({ url: 'https://127.0.0.1:1' }).node.version());
  return out;
}

/**
 * End-to-end encryption in the browser (WebCrypto and the SDK's crypto entry, loaded on first use):
 * an encrypted collection and an encrypted file written and read back here, and what the test's
 * Node-side SDK encrypted with the same key material read here (the test reads this page's data
 * in Node in turn).
 */
async function runEncrypted(input: EncryptedInput): Promise<Record<string, unknown>> {
  const signer = createKeySigner(hexToBytes(input.key), { method: 'key' });
  const vault = await connect({ url: input.nodeUrl, signer });
  const secrets = await vault.db.createCollection('browser_secrets', { encrypt: true, searchable: ['tag'] });
  await secrets.insert([
    { tag: 'b', n: 1, text: 'written in Chromium' },
    { tag: 'b', n: 2, text: 'also written in Chromium', nested: { list: [1, 2] } },
    { tag: 'other', n: 3, text: 'not this one' },
  ]);
  const data = randomBytes(3 * MiB + 17);
  await vault.files.upload('browser/secret.bin', data, { encrypt: true });
  const back = new Uint8Array(
    await new Response(await vault.files.download('browser/secret.bin', { decrypt: true })).arrayBuffer(),
  );
  const stored = await vault.files.bytes('browser/secret.bin');
  const fromNode = new Uint8Array(
    await new Response(await vault.files.download('node/secret.bin', { decrypt: true })).arrayBuffer(),
  );
  return {
    own: {
      documents: await secrets.find({ tag: 'b' }, { sort: { n: 1 }, projection: { _id: 0 } }).toArray(),
      fileSha: await sha256(data),
      backSha: await sha256(back),
      storedLarger: stored.length > data.length,
    },
    fromNode: {
      documents: await vault.db
        .collection('node_secrets', { encrypt: true })
        .find({}, { sort: { n: 1 }, projection: { _id: 0 } })
        .toArray(),
      fileSha: await sha256(fromNode),
    },
  };
}

/** From a page whose origin the node's CELLA_CORS_ORIGINS does not list. */
async function runRefusedOrigin(input: ScenarioInput): Promise<Record<string, unknown>> {
  return { refused: await networkErrorOf(createClient({ url: input.nodeUrl }).node.version()) };
}

async function networkErrorOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
    return 'no error';
  } catch (error) {
    if (!(error instanceof CellaNetworkError)) return (error as Error).name;
    return { name: error.name, likelyCors: error.likelyCors, message: error.message };
  }
}

export interface EventsInput {
  /** The node's URL as the page reaches it (the test puts a connection it can cut in between). */
  url: string;
  /** The user's key (hex): the test inserts as the same user from another device. */
  userKey: string;
}

/** What the live subscription saw, read by the test as it goes. */
export interface EventsSeen {
  /** `n` of each `chat` document inserted, in the order the events came. */
  received: number[];
  /** The error the subscription ended with, if it did. */
  ended?: string;
}

/**
 * A live subscription, as a chat page keeps one: `vault.events.subscribe` (fetch streaming: the
 * token goes in a header, which EventSource cannot send), its events recorded in `window.seen`.
 * Returns once the stream is open, with the protocol of every request the page made to the node.
 */
async function startEvents(input: EventsInput): Promise<{ protocols: string[] }> {
  const vault = await connect({ url: input.url, signer: createKeySigner(hexToBytes(input.userKey)) });
  const subscription = vault.events.subscribe({ collections: ['chat'], types: ['document.inserted'] });
  const seen: EventsSeen = { received: [] };
  (window as unknown as { seen: EventsSeen }).seen = seen;
  void (async () => {
    try {
      for await (const event of subscription)
        seen.received.push((event as DocumentEvent).document?.n as number);
    } catch (error) {
      seen.ended = String(error);
    }
  })();
  // The first frame gives the cursor of "now": from there on, nothing committed is missed.
  while (subscription.cursor === undefined && seen.ended === undefined)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const protocols = performance
    .getEntriesByType('resource')
    .filter((e) => e.name.startsWith(input.url))
    .map((e) => (e as PerformanceResourceTiming).nextHopProtocol);
  return { protocols };
}

/** The same user's other device (another tab, straight to the node): inserts `chat` documents. */
async function insertChat(input: EventsInput & { numbers: number[] }): Promise<void> {
  const vault = await connect({ url: input.url, signer: createKeySigner(hexToBytes(input.userKey)) });
  const chat = await vault.db.createCollection<{ n: number }>('chat', { ifNotExists: true });
  for (const n of input.numbers) await chat.insert({ n }, { timestamp: false });
}

export const scenarios = { runNormal, runFailures, runRefusedOrigin, runEncrypted, startEvents, insertChat };
(window as unknown as { scenarios: typeof scenarios }).scenarios = scenarios;
