import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../src/document-store.js';
import type { StoreErrorCode } from '../src/document-store.js';
import { fromExtJson, parseExtJson, stringifyExtJson, toExtJson } from '../src/ext-json.js';
import { escapeDollarKeys, unescapeDollarKeys } from '../src/escape-keys.js';
import { LinearRegex } from '../src/linear-regex.js';

function storeError(fn: () => unknown): StoreErrorCode {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(StoreError);
    return (err as StoreError).code;
  }
  throw new Error('expected a StoreError');
}

describe('Extended JSON', () => {
  const oid = new ObjectId('65a1b2c3d4e5f60718293a4b');

  it('converts $oid and $date (ISO, milliseconds, $numberLong) to ObjectId and Date', () => {
    const value = parseExtJson(
      '{"_id":{"$oid":"65a1b2c3d4e5f60718293a4b"},"a":{"$date":"2024-02-29T12:00:00Z"},"b":{"$date":0},"c":{"$date":{"$numberLong":"-1000"}},"n":[{"$date":"2024-02-29T12:00:00.123+01:00"}]}',
    ) as Record<string, unknown>;
    expect(value._id).toBeInstanceOf(ObjectId);
    expect((value._id as ObjectId).equals(oid)).toBe(true);
    expect((value.a as Date).toISOString()).toBe('2024-02-29T12:00:00.000Z');
    expect((value.b as Date).getTime()).toBe(0);
    expect((value.c as Date).getTime()).toBe(-1000);
    expect(((value.n as unknown[])[0] as Date).toISOString()).toBe('2024-02-29T11:00:00.123Z');
  });

  it('converts numeric wrappers and regular expressions, and leaves query operators alone', () => {
    expect(
      fromExtJson({
        a: { $numberInt: '7' },
        b: { $numberLong: '9007199254740991' },
        c: { $numberDouble: '1.5' },
      }),
    ).toEqual({
      a: 7,
      b: 9007199254740991,
      c: 1.5,
    });
    const re = fromExtJson({ $regularExpression: { pattern: '^a', options: 'i' } });
    // A linear-time pattern (linear-regex.ts), never a JavaScript RegExp.
    expect(re).toBeInstanceOf(LinearRegex);
    expect(re).not.toBeInstanceOf(RegExp);
    expect(re).toMatchObject({ pattern: '^a', options: 'i' });
    expect(toExtJson(re)).toEqual({ $regularExpression: { pattern: '^a', options: 'i' } });
    expect(fromExtJson({ n: { $gt: 5 }, s: { $regex: 'x', $options: 'i' } })).toEqual({
      n: { $gt: 5 },
      s: { $regex: 'x', $options: 'i' },
    });
  });

  it('answers garbage with a StoreError, never a TypeError', () => {
    expect(storeError(() => parseExtJson('{"a":'))).toBe('BAD_VALUE');
    expect(storeError(() => parseExtJson(42))).toBe('BAD_VALUE');
    expect(storeError(() => fromExtJson({ $oid: 'xyz' }))).toBe('BAD_VALUE');
    expect(storeError(() => fromExtJson({ $oid: 12 }))).toBe('BAD_VALUE');
    expect(storeError(() => fromExtJson({ $date: 'yesterday' }))).toBe('BAD_VALUE');
    expect(storeError(() => fromExtJson({ $date: { $numberLong: 'x' } }))).toBe('BAD_VALUE');
    expect(storeError(() => fromExtJson({ $date: 8.64e15 + 1 }))).toBe('BAD_VALUE');
    expect(storeError(() => fromExtJson({ $numberLong: '99999999999999999999' }))).toBe('BAD_VALUE');
    expect(storeError(() => fromExtJson({ $numberInt: '3000000000' }))).toBe('BAD_VALUE');
    expect(storeError(() => fromExtJson({ $binary: { base64: '', subType: '00' } }))).toBe('BAD_VALUE');
    expect(storeError(() => fromExtJson({ $regularExpression: { pattern: '(' } }))).toBe('BAD_VALUE');
    expect(storeError(() => fromExtJson({ f: () => 1 }))).toBe('BAD_VALUE');
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = [deep];
    expect(storeError(() => fromExtJson(deep))).toBe('TOO_DEEP');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(storeError(() => toExtJson(cyclic))).toBe('TOO_DEEP');
    expect(storeError(() => toExtJson({ d: new Date(Number.NaN) }))).toBe('BAD_VALUE');
    expect(storeError(() => toExtJson(Symbol('x')))).toBe('BAD_VALUE');
  });

  it('writes relaxed Extended JSON like pymongo json_util', () => {
    expect(
      toExtJson({
        _id: oid,
        at: new Date('2024-02-29T12:00:00.000Z'),
        old: new Date(-1000),
        n: 5,
        f: 1.5,
        s: 'x',
        l: [oid],
        gone: undefined,
      }),
    ).toEqual({
      _id: { $oid: '65a1b2c3d4e5f60718293a4b' },
      at: { $date: '2024-02-29T12:00:00Z' },
      old: { $date: { $numberLong: '-1000' } },
      n: 5,
      f: 1.5,
      s: 'x',
      l: [{ $oid: '65a1b2c3d4e5f60718293a4b' }],
    });
    expect(stringifyExtJson({ x: Number.POSITIVE_INFINITY })).toBe('{"x":{"$numberDouble":"Infinity"}}');
  });

  it('round-trips through the wire', () => {
    const doc = {
      _id: oid,
      when: new Date('2030-05-06T07:08:09.010Z'),
      list: [1, 'two', { three: new Date(0) }],
      empty: {},
    };
    expect(parseExtJson(stringifyExtJson(doc))).toEqual(doc);
  });
});

describe('escapeDollarKeys', () => {
  it('escapes $, . and % in keys reversibly and leaves values alone', () => {
    const value = {
      $or: [{ 'a.b': '$x.y' }],
      '%24': 1,
      '50%': { $gt: 1 },
      list: [{ $in: ['$v'] }],
      when: new Date(0),
    };
    const escaped = escapeDollarKeys(value);
    expect(escaped).toEqual({
      '%24or': [{ 'a%2Eb': '$x.y' }],
      '%2524': 1,
      '50%25': { '%24gt': 1 },
      list: [{ '%24in': ['$v'] }],
      when: new Date(0),
    });
    expect(unescapeDollarKeys(escaped)).toEqual(value);
  });
});
