/**
 * A stored document's JSON text (sqlite/codec.ts): the fast encodings prepareDocument's `wrappers`
 * allow ('none', 'id') give exactly the text of the general one, for every kind of document.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../src/query-guard.js';
import { decodeDocument, encodeDocument } from '../src/sqlite/codec.js';

const id = new ObjectId('65a1b2c3d4e5f60718293a4b');

describe('stored document text', () => {
  it.each([
    ['an ObjectId _id, plain values', { _id: id, a: 1, s: 'x"y', n: null, arr: [1, { b: 2 }] }, 'id'],
    ['an ObjectId _id not first', { a: 1, _id: id }, 'id'],
    ['no _id (one generated)', { a: 'b' }, 'id'],
    ['an ObjectId _id and a nested Date', { _id: id, when: { at: new Date(0) } }, 'any'],
    ['an ObjectId _id and another ObjectId', { _id: id, ref: new ObjectId() }, 'any'],
    ['a string _id, plain values', { _id: 'k', a: [true] }, 'none'],
    ['a string _id and an ObjectId in an array', { _id: 'k', refs: [id] }, 'any'],
    ['a number _id and a Date', { _id: 7, d: new Date(1e12) }, 'any'],
    ['a key "_id" nested', { _id: id, sub: { _id: 'x' } }, 'id'],
  ])('%s', (_, input, wrappers) => {
    const prepared = prepareDocument(input);
    expect(prepared.wrappers).toBe(wrappers);
    const text = encodeDocument(prepared.doc, prepared.wrappers);
    expect(text).toBe(encodeDocument(prepared.doc, 'any'));
    expect(decodeDocument(text)).toEqual(prepared.doc);
  });
});
