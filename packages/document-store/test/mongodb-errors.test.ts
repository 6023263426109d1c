/** Driver errors → StoreErrors (src/mongodb/errors.ts), without a server. */
import { MongoServerError } from 'mongodb';
import { expect, test } from 'vitest';
import { StoreError } from '../src/document-store.js';
import { mapDriverError } from '../src/mongodb/errors.js';

test('an operation stopped at maxTimeMS (MaxTimeMSExpired, a slow filter or pattern) is a TIMEOUT', () => {
  const expired = new MongoServerError({ code: 50, errmsg: 'operation exceeded time limit' });
  const mapped = mapDriverError(expired, 'BAD_UPDATE');
  expect(mapped).toBeInstanceOf(StoreError);
  expect(mapped).toMatchObject({
    code: 'TIMEOUT',
    message: expect.stringMatching(/time limit.*MaxTimeMSExpired/),
  });
});

test('server failures pass through for a 5xx; request errors become StoreErrors', () => {
  const down = new MongoServerError({ code: 91, errmsg: 'shutdown in progress' });
  expect(mapDriverError(down, 'BAD_QUERY')).toBe(down);
  expect(mapDriverError(new MongoServerError({ code: 2, errmsg: 'bad' }), 'BAD_QUERY')).toMatchObject({
    code: 'BAD_QUERY',
  });
});
