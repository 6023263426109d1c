/**
 * The conformance suite on the MongoDB engine, against MONGODB_URI when set, else a FerretDB
 * started from the cached binary (`scripts/services/ferretdb.sh install` builds it).
 */
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoDocumentStore } from '../src/mongodb/index.js';
import { runChangeLogConformance } from '../src/testing/change-log-conformance.js';
import { runDocumentStoreConformance } from '../src/testing/conformance.js';
import { ferretBinary, mongoTargetAvailable, startMongoTarget } from '../src/testing/ferretdb.js';
import type { MongoTarget } from '../src/testing/ferretdb.js';

if (!mongoTargetAvailable()) {
  const why =
    `MongoDB engine conformance SKIPPED: MONGODB_URI is not set and no FerretDB binary at ${ferretBinary()}. ` +
    'Run `scripts/services/ferretdb.sh install` (needs Go) or set MONGODB_URI to run it.';
  console.warn(`\n${'!'.repeat(100)}\n${why}\n${'!'.repeat(100)}\n`);
  describe.skip('DocumentStore conformance: mongodb', () => {
    it(why, () => undefined);
  });
} else {
  let target: MongoTarget | null = null;
  // A per-run prefix keeps runs against a shared MONGODB_URI apart.
  const dbPrefix = `ct${randomBytes(3).toString('hex')}_`;

  beforeAll(async () => {
    target = await startMongoTarget();
    if (!target) throw new Error('could not start a MongoDB-compatible server');
  });
  afterAll(async () => {
    await target?.stop();
  });

  // FerretDB gaps the engine cannot paper over (docs/document-store.md, "FerretDB").
  const ferretLimitations: Record<string, string> = process.env.MONGODB_URI
    ? {
        // A real MongoDB runs $regex with PCRE, a backtracking engine; the engine's maxTimeMs
        // (10 s by default) is what bounds it there (docs/document-store.md "Regular expressions").
        'regular expressions run in linear time: the ReDoS probe answers at once':
          'MongoDB evaluates $regex with PCRE; maxTimeMS bounds it',
      }
    : {
        'an ObjectId _id and the string of its hex digits are different documents':
          'FerretDB v1 indexes _id by its JSON form, so ObjectId(x) and "x" collide',
        'sorts by a path through an array of embedded documents (a missing field counts as null)':
          'FerretDB v1 skips array elements without the field; MongoDB gives them a null key (its jstests/core/indexv.js)',
        'a unique index counts a missing field as null: one document may lack it':
          'FerretDB v1 unique indexes (SQLite) let any number of documents lack the field',
        'a unique index takes every element of an array as a key (multikey)':
          'FerretDB v1 unique indexes compare whole arrays, not their elements',
      };

  runDocumentStoreConformance(
    'mongodb',
    () => createMongoDocumentStore({ uri: (target as MongoTarget).uri, dbPrefix }),
    {
      knownLimitations: ferretLimitations,
      // Another node process on the same server: its own connections and locks.
      openPeer: () => createMongoDocumentStore({ uri: (target as MongoTarget).uri, dbPrefix }),
    },
  );

  runChangeLogConformance(
    'mongodb',
    (changeLog) =>
      createMongoDocumentStore({ uri: (target as MongoTarget).uri, dbPrefix: `${dbPrefix}l_`, changeLog }),
    {
      openPeer: (changeLog) =>
        createMongoDocumentStore({ uri: (target as MongoTarget).uri, dbPrefix: `${dbPrefix}l_`, changeLog }),
    },
  );

  if (!process.env.MONGODB_URI) {
    // The same suite with emulation off: exercises the engine's native paths (server-side
    // updates, compensation without transactions) and records exactly what FerretDB v1 lacks.
    // These are the reasons emulation mode exists.
    runDocumentStoreConformance(
      'mongodb, native mode on FerretDB',
      () =>
        createMongoDocumentStore({
          uri: (target as MongoTarget).uri,
          dbPrefix: `${dbPrefix}n_`,
          emulation: 'off',
        }),
      {
        knownLimitations: {
          ...ferretLimitations,
          '$elemMatch on objects and scalars':
            'FerretDB: $elemMatch with field conditions is refused ("unknown operator")',
          $mod: 'FerretDB: $mod does not look inside arrays',
          '$expr compares fields of the same document':
            'FerretDB: $gt and most expression operators are not implemented in $expr',
          'patterns inside $in, $nin, $all and $not': 'FerretDB: $all compares patterns as values',
          'regular expressions run in linear time: the ReDoS probe answers at once':
            'FerretDB: $regexMatch is not implemented in $expr',
          '$push with $each and $slice, and $addToSet': 'FerretDB: $push ignores $slice/$sort/$position',
          '$pull (value and condition) and $pop': 'FerretDB: $pull accepts values only, not conditions',
          'the positional $ operator updates the matched element':
            'FerretDB: the positional $ operator is not supported',
          'an update pipeline computes from the document': 'FerretDB: update pipelines are not supported',
          'findOneAndUpdate is atomic under concurrency (a counter hands out distinct values)':
            'FerretDB: findAndModify is not atomic (read-modify-write without isolation)',
          'findOneAndDelete hands a single-use token to exactly one caller':
            'FerretDB: findAndModify with remove is not atomic',
          'concurrent updates of one document lose no increment':
            'FerretDB: concurrent $inc on one document loses increments',
          '$match, $group, $sort and $project':
            'FerretDB: $project field paths ("$_id") and $sum: 1 are wrong',
          '$lookup joins a collection of the same database': 'FerretDB: $lookup is not implemented',
        },
      },
    );
  }
}

if (mongoTargetAvailable()) {
  describe('MongoDB engine specifics', () => {
    let target: MongoTarget | null = null;
    beforeAll(async () => {
      target = await startMongoTarget();
    });
    afterAll(async () => {
      await target?.stop();
    });

    it('creates an index the first time a field is filtered on, never creating a collection for it', async () => {
      const uri = (target as MongoTarget).uri;
      const prefix = `ai${randomBytes(3).toString('hex')}_`;
      const store = createMongoDocumentStore({ uri, dbPrefix: prefix, emulation: 'off' });
      const client = new MongoClient(uri);
      try {
        const c = store.database('autoidx').collection('notes');
        expect(await store.database('autoidx').collection('ghost').find({ owner: 'x' })).toEqual([]);
        expect(await store.database('autoidx').listCollections()).toEqual([]);
        await c.insertMany(Array.from({ length: 20 }, (_, i) => ({ owner: `u${i % 4}`, meta: { n: i } })));
        expect(await c.count({ owner: 'u1', 'meta.n': { $gte: 5 } })).toBe(4);
        const names = (await client.db(`${prefix}autoidx`).collection('notes').listIndexes().toArray()).map(
          (i) => String(i.name),
        );
        expect(names).toEqual(expect.arrayContaining(['ax_owner', 'ax_meta.n']));
      } finally {
        await store.dropDatabase('autoidx');
        await store.close();
        await client.close();
      }
    });
  });
}
