import { describe, expect, it } from 'vitest';
import { JsonText, stringifyWithJsonText } from '../src/json-text.js';

describe('stringifyWithJsonText', () => {
  it('writes what JSON.stringify writes for plain JSON data', () => {
    const values: unknown[] = [
      null,
      0,
      -1.5,
      'text with "quotes", \\ and \u0000',
      true,
      [],
      {},
      [1, undefined, 'x', null],
      { a: 1, skipped: undefined, nested: { b: [{ c: 'd' }] }, 'key "q"': 2 },
      { when: new Date(0) },
      { $date: { $numberLong: '1' } },
    ];
    for (const value of values) expect(stringifyWithJsonText(value)).toBe(JSON.stringify(value));
  });

  it('writes JsonText parts as they are, wherever they sit', () => {
    const results = {
      found: { total: 2, items: [new JsonText('{"_id":{"$oid":"00"},"n":1}'), new JsonText('{"n":2}')] },
      counted: { count: 3 },
    };
    const text = stringifyWithJsonText(results);
    expect(JSON.parse(text)).toEqual({
      found: { total: 2, items: [{ _id: { $oid: '00' }, n: 1 }, { n: 2 }] },
      counted: { count: 3 },
    });
  });
});
