/**
 * openapi-typescript's types (generated from openapi.json) with openapi-fetch, as its documentation
 * sets them up: `format: binary` typed as `Blob` (the generation's transform), the token in the
 * client's headers.
 */
import createClient from 'openapi-fetch';
import type { paths } from '../generated/openapi-typescript/cella.js';
import { contentOf, type RoundTrip } from './round-trip.js';

function check<T>(answer: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (answer.data === undefined)
    throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

export const roundTrip: RoundTrip = async (baseUrl, token, name) => {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
  const collection = `notes_${name.replace(/[^a-z]/g, '_')}`;
  check(await api.POST('/api/v2/vault/db/collections', { body: { name: collection } }), 'create');
  const inserted = check(
    await api.POST('/api/v2/vault/db/{collection}', {
      params: { path: { collection } },
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
    await api.GET('/api/v2/vault/db/{collection}', {
      params: {
        path: { collection },
        query: { filter: JSON.stringify({ n: { $gte: 1 } }), sort: '{"n":1}' },
      },
    }),
    'find',
  );
  const path = `clients/${name}/hello.txt`;
  const uploaded = check(
    await api.PUT('/api/v2/vault/files/{path}', {
      params: { path: { path } },
      body: new Blob([contentOf(name)]),
      bodySerializer: (body) => body,
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
    'upload',
  );
  const downloaded = check(
    await api.GET('/api/v2/vault/files/{path}', { params: { path: { path } }, parseAs: 'text' }),
    'download',
  );
  return {
    insertedIds: inserted.inserted_ids,
    foundTitles: found.items.map((item) => String(item.title)),
    cid: uploaded.cid,
    downloaded,
  };
};
