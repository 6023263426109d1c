/**
 * Code samples of the main operations (`x-codeSamples`, shown by the reference page beside each
 * operation): the SDK call and the same request with curl. SDK samples use a signed-in `vault`
 * (`const vault = await connect({ url, signer })`), curl samples `$CELLA_URL` (the node) and
 * `$TOKEN` (an access token). The API clients' tests compile every SDK sample against the SDK
 * (packages/api-clients), so they cannot drift from it.
 */

export interface CodeSample {
  lang: 'TypeScript' | 'Shell';
  label: 'SDK' | 'curl';
  source: string;
}

const auth = '-H "Authorization: Bearer $TOKEN"';
const json = "-H 'Content-Type: application/json'";

/** SDK source and curl command, by operation id. */
const samples: Record<string, { sdk: string; curl: string }> = {
  signin: {
    sdk: `import { connect, createDevIdentity } from '@cella/sdk';

// connect() signs in (signin, then auth) and keeps the token fresh.
const vault = await connect({ url: 'http://127.0.0.1:5000', signer: createDevIdentity().signer });`,
    curl: `curl -X POST "$CELLA_URL/api/v2/did/signin" ${json} \\
  -d '{"document": <your DID document>}'`,
  },
  auth: {
    sdk: `// connect() answers the challenge with a presentation signed by the signer's key.
const token = await vault.session.token();`,
    curl: `curl -X POST "$CELLA_URL/api/v2/did/auth" ${json} \\
  -d '{"challenge_response": <the signed presentation>}'`,
  },
  subscribeVault: {
    sdk: `await vault.subscription.subscribe();`,
    curl: `curl -X PUT "$CELLA_URL/api/v2/subscription/vault" ${auth}`,
  },
  listCollections: {
    sdk: `const names = await vault.db.listCollections();`,
    curl: `curl "$CELLA_URL/api/v2/vault/db/collections" ${auth}`,
  },
  createCollection: {
    sdk: `// ifNotExists: fine at every start of the app (no 455 when it exists).
const notes = await vault.db.createCollection('notes', { ifNotExists: true });`,
    curl: `curl -X POST "$CELLA_URL/api/v2/vault/db/collections" ${auth} ${json} \\
  -d '{"name": "notes", "if_not_exists": true}'`,
  },
  deleteCollection: {
    sdk: `await vault.db.deleteCollection('notes');`,
    curl: `curl -X DELETE "$CELLA_URL/api/v2/vault/db/collections/notes" ${auth}`,
  },
  insertDocuments: {
    sdk: `const { inserted_ids } = await vault.db
  .collection('notes')
  .insert([{ title: 'Shopping list', tags: ['home'] }, { title: 'Call the plumber' }]);`,
    curl: `curl -X POST "$CELLA_URL/api/v2/vault/db/notes" ${auth} ${json} \\
  -d '{"document": [{"title": "Shopping list", "tags": ["home"]}, {"title": "Call the plumber"}]}'`,
  },
  findDocuments: {
    sdk: `const homeNotes = await vault.db
  .collection('notes')
  .find({ tags: 'home' }, { sort: { created: -1 }, limit: 20 })
  .toArray(); // or \`for await (const note of …find(…))\`, page by page`,
    curl: `curl -G "$CELLA_URL/api/v2/vault/db/notes" ${auth} \\
  --data-urlencode 'filter={"tags": "home"}' --data-urlencode 'sort={"created": -1}' -d limit=20`,
  },
  updateDocuments: {
    sdk: `const { matched_count } = await vault.db
  .collection('notes')
  .update({ title: 'Shopping list' }, { $addToSet: { tags: 'weekly' } });`,
    curl: `curl -X PUT "$CELLA_URL/api/v2/vault/db/notes" ${auth} ${json} \\
  -d '{"filter": {"title": "Shopping list"}, "update": {"$addToSet": {"tags": "weekly"}}}'`,
  },
  deleteDocuments: {
    sdk: `const { deleted_count } = await vault.db.collection('notes').delete({ tags: 'done' });`,
    curl: `curl -X DELETE "$CELLA_URL/api/v2/vault/db/notes" ${auth} ${json} \\
  -d '{"filter": {"tags": "done"}}'`,
  },
  countDocuments: {
    sdk: `const n = await vault.db.collection('notes').count({ tags: 'home' });`,
    curl: `curl -X POST "$CELLA_URL/api/v2/vault/db/notes/count" ${auth} ${json} \\
  -d '{"filter": {"tags": "home"}}'`,
  },
  uploadFile: {
    sdk: `const { cid } = await vault.files.upload('photos/2026/cat.jpg', new Uint8Array([0xff, 0xd8, 0xff]), {
  onProgress: (sent, total) => console.log(sent, total),
});`,
    curl: `curl -X PUT "$CELLA_URL/api/v2/vault/files/photos/2026/cat.jpg" ${auth} \\
  -H 'Content-Type: application/octet-stream' --data-binary @cat.jpg`,
  },
  downloadFile: {
    sdk: `const bytes = await vault.files.bytes('photos/2026/cat.jpg');
// or as a stream: await vault.files.download('photos/2026/cat.jpg')`,
    curl: `curl "$CELLA_URL/api/v2/vault/files/photos/2026/cat.jpg" ${auth} -o cat.jpg`,
  },
  deleteFile: {
    sdk: `await vault.files.delete('photos/2026/cat.jpg');`,
    curl: `curl -X DELETE "$CELLA_URL/api/v2/vault/files/photos/2026/cat.jpg" ${auth}`,
  },
  registerScript: {
    sdk: `await vault.scripts.register('get_notes', {
  executable: { type: 'find', collection: 'notes', filter: { tags: 'shared' } },
  allowAnonymous: true,
});`,
    curl: `curl -X POST "$CELLA_URL/api/v2/vault/scripting/get_notes" ${auth} ${json} \\
  -d '{"executable": {"type": "find", "name": "notes", "collection": "notes", "filter": {"tags": "shared"}}}'`,
  },
  runScript: {
    sdk: `const result = await vault.scripts.run('get_notes', { owner: vault.did, params: {} });`,
    curl: `curl -X POST "$CELLA_URL/api/v2/vault/scripting/get_notes/run" ${auth} ${json} \\
  -d '{"context": {"target_did": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95"}, "params": {}}'`,
  },
};

/** The samples of an operation, or undefined when it has none. */
export function codeSamplesOf(operationId: string): CodeSample[] | undefined {
  const sample = samples[operationId];
  if (!sample) return undefined;
  return [
    { lang: 'TypeScript', label: 'SDK', source: sample.sdk },
    { lang: 'Shell', label: 'curl', source: sample.curl },
  ];
}

/** Every operation with samples (the clients' tests compile each SDK sample). */
export const operationsWithCodeSamples: readonly string[] = Object.keys(samples);
