/**
 * @hey-api/openapi-ts's SDK generated from the Hive dialect's document (openapi-hive.json): the
 * reference node's routes, those told apart by the query as one function each (`op=count`,
 * `comp=hash`). The merged upload/copy route takes raw bytes or `{}`; hey-api types its body by the
 * JSON media type, so the upload says it sends bytes (`bodySerializer: null` and its Content-Type).
 */
import { createClient, createConfig } from '../generated/hey-api/hive/client/index.js';
import {
  downloadFileOrListFilesOrFileHash,
  hiveCreateCollection,
  hiveInsertDocumentsOrCountDocuments,
  hiveQueryDocuments,
  hiveUploadFileOrCopyFile,
} from '../generated/hey-api/hive/sdk.gen.js';
import { contentOf, type RoundTrip } from './round-trip.js';

function check<T>(answer: { data?: T; error?: unknown; response?: Response }, what: string): T {
  if (answer.data === undefined)
    throw new Error(`${what}: ${answer.response?.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

export const roundTrip: RoundTrip = async (baseUrl, token, name) => {
  const client = createClient(createConfig({ baseUrl, auth: token }));
  const collection = `notes_${name.replace(/[^a-z]/g, '_')}`;
  check(await hiveCreateCollection({ client, path: { name: collection }, body: {} }), 'create');
  const inserted = check(
    await hiveInsertDocumentsOrCountDocuments({
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
  const counted = check(
    await hiveInsertDocumentsOrCountDocuments({
      client,
      path: { collection },
      query: { op: 'count' },
      body: { filter: { n: { $gte: 1 } } },
    }),
    'count',
  );
  if (!('count' in counted) || counted.count !== 2) throw new Error(`count: ${JSON.stringify(counted)}`);
  const found = check(
    await hiveQueryDocuments({
      client,
      body: { collection, filter: { n: { $gte: 1 } }, options: { sort: [['n', 1]] } },
    }),
    'query',
  );
  const path = `clients/${name}/hello.txt`;
  const uploaded = check(
    await hiveUploadFileOrCopyFile({
      client,
      path: { path },
      body: new Blob([contentOf(name)]) as never,
      bodySerializer: null,
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
    'upload',
  );
  const downloaded = check(
    await downloadFileOrListFilesOrFileHash({ client, path: { path }, parseAs: 'text' }),
    'download',
  );
  if (!('inserted_ids' in inserted) || !('name' in uploaded)) throw new Error('unexpected answers');
  return {
    insertedIds: inserted.inserted_ids,
    foundTitles: found.items.map((item) => String(item.title)),
    cid: 'cid' in uploaded ? uploaded.cid : '',
    downloaded: String(downloaded),
  };
};
