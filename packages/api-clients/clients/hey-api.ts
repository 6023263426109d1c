/**
 * @hey-api/openapi-ts's SDK (generated from openapi.json) with its fetch client: one function per
 * operation, the token given as the client's `auth` (sent where an operation's security asks).
 */
import { createClient, createConfig } from '../generated/hey-api/cella/client/index.js';
import {
  createCollection,
  downloadFile,
  findDocuments,
  insertDocuments,
  uploadFile,
} from '../generated/hey-api/cella/sdk.gen.js';
import { contentOf, type RoundTrip } from './round-trip.js';

function check<T>(answer: { data?: T; error?: unknown; response?: Response }, what: string): T {
  if (answer.data === undefined)
    throw new Error(`${what}: ${answer.response?.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

export const roundTrip: RoundTrip = async (baseUrl, token, name) => {
  const client = createClient(createConfig({ baseUrl, auth: token }));
  const collection = `notes_${name.replace(/[^a-z]/g, '_')}`;
  check(await createCollection({ client, body: { name: collection } }), 'create');
  const inserted = check(
    await insertDocuments({
      client,
      path: { collection },
      body: {
        document: [
          { title: 'first', n: 1 },
          { title: 'second', n: 2 },
        ],
      },
    }),
    'insert',
  );
  const found = check(
    await findDocuments({
      client,
      path: { collection },
      query: { filter: JSON.stringify({ n: { $gte: 1 } }), sort: '{"n":1}' },
    }),
    'find',
  );
  const path = `clients/${name}/hello.txt`;
  const uploaded = check(
    await uploadFile({ client, path: { path }, body: new Blob([contentOf(name)]) }),
    'upload',
  );
  const downloaded = check(await downloadFile({ client, path: { path }, parseAs: 'text' }), 'download');
  return {
    insertedIds: inserted.inserted_ids,
    foundTitles: found.items.map((item) => String(item.title)),
    cid: uploaded.cid,
    downloaded: String(downloaded),
  };
};
