// Filters on an encrypted collection run here, over the opened documents (query.ts): they match
// as MongoDB would, equality's quick path included (strings, numbers, booleans compared as they
// are; arrays, dotted paths, ObjectIds and everything else by the general rules).
import { describe, expect, test } from 'vitest';
import { matches } from '../../src/crypto/query.js';

const note = {
  _id: { $oid: '0123456789abcdef01234567' },
  title: 'taxes',
  tag: 'work',
  n: 2,
  done: false,
  tags: ['a', 'b'],
  meta: { owner: 'alice' },
  'meta.owner': 'literal',
  empty: null,
};

describe('equality on an opened document', () => {
  test.each([
    [{ tag: 'work' }, true],
    [{ tag: 'home' }, false],
    [{ n: 2 }, true],
    [{ n: 2.0 }, true],
    [{ n: '2' }, false],
    [{ done: false }, true],
    [{ done: 0 }, false],
    [{ tags: 'a' }, true],
    [{ tags: ['a', 'b'] }, true],
    [{ tags: 'c' }, false],
    [{ 'meta.owner': 'alice' }, true],
    [{ 'meta.owner': 'literal' }, false],
    [{ meta: { owner: 'alice' } }, true],
    [{ _id: '0123456789abcdef01234567' }, true],
    [{ _id: { $oid: '0123456789abcdef01234567' } }, true],
    [{ empty: null }, true],
    [{ missing: null }, true],
    [{ missing: 'x' }, false],
    [{ missing: { $ne: null } }, false],
    [{ tag: { $ne: null } }, true],
    [{ missing: { $in: [null, 1] } }, true],
    [{ n: Number.NaN }, false],
    [{ tag: 'work', n: 3 }, false],
    [{ tag: { $eq: 'work' }, n: { $in: [1, 2] } }, true],
  ])('%j matches: %s', (filter, expected) => {
    expect(matches(note, filter)).toBe(expected);
  });
});
