import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../src/document-store.js';
import type { StoreErrorCode } from '../src/document-store.js';
import {
  checkCollectionName,
  checkDatabaseName,
  checkFilter,
  checkFindOptions,
  checkPipeline,
  checkUpdate,
  prepareDocument,
} from '../src/query-guard.js';
import { resolveLimits } from '../src/store-limits.js';

function code(fn: () => unknown): StoreErrorCode | 'ok' {
  try {
    fn();
    return 'ok';
  } catch (err) {
    if (err instanceof StoreError) return err.code;
    throw err;
  }
}

describe('query guard', () => {
  it('accepts the promised query operators', () => {
    const filter = {
      a: 1,
      b: { $eq: 1, $ne: 2, $gt: 0, $gte: 0, $lt: 9, $lte: 9 },
      c: { $in: [1, /x/], $nin: [2] },
      d: { $exists: true, $type: ['string', 2] },
      e: { $regex: '^a', $options: 'i' },
      f: { $not: { $gt: 5 } },
      g: { $all: [1, { $elemMatch: { x: 1 } }], $size: 2 },
      h: { $elemMatch: { k: 'a', v: { $gt: 1 } } },
      i: { $mod: [2, 0] },
      'j.k.l': new ObjectId(),
      m: new Date(),
      $and: [{ a: 1 }],
      $or: [{ a: 1 }, { b: 2 }],
      $nor: [{ c: 3 }],
      $expr: { $gt: ['$a', '$b'] },
    };
    expect(code(() => checkFilter(filter))).toBe('ok');
  });

  it('refuses code-running and cross-database operators wherever they hide', () => {
    expect(code(() => checkFilter({ $where: 'true' }))).toBe('FORBIDDEN_OPERATOR');
    expect(code(() => checkFilter({ $and: [{ $or: [{ $where: 'x' }] }] }))).toBe('FORBIDDEN_OPERATOR');
    expect(code(() => checkFilter({ $expr: { $function: { body: '', args: [], lang: 'js' } } }))).toBe(
      'FORBIDDEN_OPERATOR',
    );
    expect(code(() => checkFilter({ a: { $in: [{ $where: 1 }] } }))).toBe('FORBIDDEN_OPERATOR');
    expect(code(() => checkUpdate([{ $set: { a: { $accumulator: {} } } }]))).toBe('FORBIDDEN_OPERATOR');
    expect(code(() => checkPipeline([{ $match: {} }, { $out: 'x' }]))).toBe('FORBIDDEN_OPERATOR');
    expect(code(() => checkPipeline([{ $merge: 'x' }]))).toBe('FORBIDDEN_OPERATOR');
    expect(code(() => checkPipeline([{ $lookup: { from: { db: 'a', coll: 'b' }, as: 'x' } }]))).toBe(
      'FORBIDDEN_OPERATOR',
    );
    expect(code(() => checkPipeline([{ $lookup: { from: 'b', as: 'x', pipeline: [{ $out: 'y' }] } }]))).toBe(
      'FORBIDDEN_OPERATOR',
    );
    expect(code(() => checkPipeline([{ $unionWith: { db: 'a', coll: 'b' } }]))).toBe('FORBIDDEN_OPERATOR');
    expect(code(() => checkPipeline([{ $collStats: {} }]))).toBe('FORBIDDEN_OPERATOR');
    expect(code(() => checkPipeline([{ $group: { _id: null, x: { $function: {} } } }]))).toBe(
      'FORBIDDEN_OPERATOR',
    );
  });

  it('reports the collections a pipeline reads', () => {
    const { collections } = checkPipeline([
      { $lookup: { from: 'a', as: 'x', pipeline: [{ $unionWith: 'b' }] } },
      { $graphLookup: { from: 'c', startWith: '$x', connectFromField: 'x', connectToField: 'y', as: 'z' } },
      { $facet: { f: [{ $unionWith: { coll: 'd', pipeline: [] } }] } },
    ]);
    expect(collections.sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses malformed filters as BAD_QUERY', () => {
    for (const bad of [null, undefined, 1, 'x', [], new Date(), new ObjectId(), /x/])
      expect(code(() => checkFilter(bad))).toBe('BAD_QUERY');
    expect(code(() => checkFilter({ a: { $unknown: 1 } }))).toBe('BAD_QUERY');
    expect(code(() => checkFilter({ $text: { $search: 'x' } }))).toBe('BAD_QUERY');
    expect(code(() => checkFilter({ a: { $in: 5 } }))).toBe('BAD_QUERY');
    expect(code(() => checkFilter({ a: { $size: -1 } }))).toBe('BAD_QUERY');
    expect(code(() => checkFilter({ a: { $mod: [0, 1] } }))).toBe('BAD_QUERY');
    expect(code(() => checkFilter({ a: { $regex: 'x', $options: 'x' } }))).toBe('BAD_QUERY');
    expect(code(() => checkFilter({ a: { $regex: 'a'.repeat(2000) } }))).toBe('BAD_QUERY');
    expect(code(() => checkFilter({ '': 1 }))).toBe('BAD_QUERY');
    expect(code(() => checkFilter({ 'a..b': 1 }))).toBe('BAD_QUERY');
    expect(code(() => checkFilter({ a: () => 1 }))).toBe('BAD_QUERY');
    expect(code(() => checkFilter({ a: 1n }))).toBe('BAD_QUERY');
  });

  it('caps nesting depth in filters, updates and documents', () => {
    const limits = resolveLimits({ maxDepth: 8 });
    let filter: Record<string, unknown> = { a: 1 };
    for (let i = 0; i < 10; i++) filter = { $and: [filter] };
    expect(code(() => checkFilter(filter, limits))).toBe('TOO_DEEP');
    let value: unknown = 1;
    for (let i = 0; i < 10; i++) value = { v: value };
    expect(code(() => checkUpdate({ $set: { a: value } }, limits))).toBe('TOO_DEEP');
    expect(code(() => prepareDocument({ a: value }, limits))).toBe('TOO_DEEP');
  });

  it('validates find options', () => {
    expect(checkFindOptions({ skip: 0, limit: 0, sort: {}, projection: {} })).toEqual({
      skip: 0,
      limit: 0,
      sort: undefined,
      projection: undefined,
    });
    expect(code(() => checkFindOptions({ skip: -1 }))).toBe('BAD_QUERY');
    expect(code(() => checkFindOptions({ limit: 'a' }))).toBe('BAD_QUERY');
    expect(code(() => checkFindOptions({ sort: { a: 0 } }))).toBe('BAD_QUERY');
    expect(code(() => checkFindOptions({ sort: { $natural: 1 } }))).toBe('BAD_QUERY');
    expect(code(() => checkFindOptions({ projection: { a: 1, b: 0 } }))).toBe('BAD_QUERY');
    expect(code(() => checkFindOptions({ projection: { a: 1, 'a.b': 1 } }))).toBe('BAD_QUERY');
    expect(code(() => checkFindOptions({ projection: { _id: 0, a: 1 } }))).toBe('ok');
  });

  it('validates updates', () => {
    expect(code(() => checkUpdate({ $set: { 'a.$.b': 1, 'c.$[].d': 2 } }))).toBe('ok');
    expect(code(() => checkUpdate({ $set: { 'a.$[x].b': 1 } }))).toBe('BAD_UPDATE');
    expect(code(() => checkUpdate({ $set: { $bad: 1 } }))).toBe('BAD_UPDATE');
    expect(code(() => checkUpdate({ $rename: { a: 'a' } }))).toBe('BAD_UPDATE');
    expect(code(() => checkUpdate({ $rename: { a: 'b' }, $set: { b: 1 } }))).toBe('BAD_UPDATE');
    expect(code(() => checkUpdate({ $push: { a: { $each: 1 } } }))).toBe('BAD_UPDATE');
    expect(code(() => checkUpdate({ $addToSet: { a: { $each: [1], $slice: 1 } } }))).toBe('BAD_UPDATE');
    expect(code(() => checkUpdate({ $currentDate: { a: { $type: 'timestamp' } } }))).toBe('BAD_UPDATE');
    expect(code(() => checkUpdate({ $pop: { a: 2 } }))).toBe('BAD_UPDATE');
    expect(code(() => checkUpdate([{ $lookup: {} }]))).toBe('BAD_UPDATE');
    expect(code(() => checkUpdate('x'))).toBe('BAD_UPDATE');
  });

  it('normalises documents: _id first, generated when absent, undefined dropped, no mutation', () => {
    const input = { b: 1, c: undefined, _id: 'x' };
    const { doc, size } = prepareDocument(input);
    expect(Object.keys(doc)).toEqual(['_id', 'b']);
    expect(size).toBeGreaterThan(0);
    expect(input).toEqual({ b: 1, c: undefined, _id: 'x' });
    expect(prepareDocument({}).doc._id).toBeInstanceOf(ObjectId);
    const polluted = JSON.parse('{"__proto__": {"admin": true}}') as Record<string, unknown>;
    const safe = prepareDocument(polluted).doc;
    expect(Object.getPrototypeOf(safe)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(code(() => prepareDocument({ s: 'lone \ud800 surrogate' }))).toBe('BAD_DOCUMENT');
    expect(code(() => prepareDocument({ _id: { a: 1 } }))).toBe('BAD_DOCUMENT');
    expect(code(() => prepareDocument({ _id: null }))).toBe('BAD_DOCUMENT');
    expect(code(() => prepareDocument({ b: Buffer.from('x') }))).toBe('BAD_DOCUMENT');
    expect(code(() => prepareDocument({ r: /x/ }))).toBe('BAD_DOCUMENT');
  });

  it('validates names', () => {
    expect(checkDatabaseName('node_user_abc123')).toBe('node_user_abc123');
    for (const bad of ['', 'A', 'a-b', 'a.b', 'x'.repeat(64), 5])
      expect(code(() => checkDatabaseName(bad))).toBe('BAD_NAME');
    expect(checkCollectionName('notes 📝')).toBe('notes 📝');
    for (const bad of ['', '$x', 'a$b', 'system.x', '.x', 'a\0', 'x'.repeat(121), 7])
      expect(code(() => checkCollectionName(bad))).toBe('BAD_NAME');
  });

  it('rejects invalid limits at construction', () => {
    expect(() => resolveLimits({ maxDocumentBytes: 10 })).toThrow(TypeError);
    expect(resolveLimits({ maxDocumentBytes: 2048 }).maxDocumentBytes).toBe(2048);
  });
});
