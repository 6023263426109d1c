/**
 * The linear-time regular expressions (src/linear-regex.ts, src/mingo/regex.ts):
 * the same answers as JavaScript's RegExp on patterns both understand, RE2's syntax enforced, the
 * work caps, and mingo never handed a JavaScript RegExp of a caller's pattern.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreError } from '../src/document-store.js';
import { checkFilter } from '../src/query-guard.js';
import { LinearRegex, MAX_REGEX_WORK, RegexBudget, withRegexBudget } from '../src/linear-regex.js';
import { applyUpdate, compileFilter, runPipeline } from '../src/mingo/semantics.js';

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('BAD_QUERY');
    return (error as StoreError).message;
  }
  throw new Error('expected a BAD_QUERY refusal');
}

/** [pattern, MongoDB options, texts]: RE2 must answer as RegExp with the same flags (plus `u`). */
const SAFE: [string, string, string[]][] = [
  ['abc', '', ['abc', 'xabcx', 'ab', 'ABC', '']],
  ['^abc$', '', ['abc', 'abc\n', 'xabc', 'abcd']],
  ['ABC', 'i', ['abc', 'aBc', 'xAbCx', 'abd']],
  ['^é+$', 'i', ['éÉé', 'E', 'ée']],
  ['^σ$', 'i', ['Σ', 'σ', 'ς', 's']],
  ['straße', 'i', ['STRASSE', 'Straße', 'STRAẞE'.toLowerCase()]],
  ['^b', '', ['a\nb', 'b']],
  ['^b', 'm', ['a\nb', 'ab', 'b']],
  ['a$', 'm', ['a\nb', 'ba', 'ab']],
  ['a$', '', ['a\nb', 'ba']],
  ['a.b', '', ['a\nb', 'axb', 'a😀b']],
  ['a.b', 's', ['a\nb', 'axb']],
  ['^.$', '', ['😀', 'é', 'ab', '']],
  ['^[😀-😂]+$', '', ['😀😁😂', '😃', 'a']],
  ['\\bcat\\b', '', ['a cat!', 'concat', 'cat', 'cats']],
  ['\\Bcat', '', ['concat', 'cat']],
  ['^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$', 'i', ['Ann@Example.org', 'ann@x', 'a b@c.de']],
  ['\\d{3}-\\d{4}', '', ['call 555-1234 now', '55-1234', '٣٣٣-٤٤٤٤']],
  ['^\\w+$', '', ['abc_123', 'abc-1', 'héllo']],
  ['\\s', '', ['a b', 'a\tb', 'ab', 'a\nb']],
  ['[^0-9]', '', ['123', '12a']],
  ['^(?:ab|cd){2,3}$', '', ['abcd', 'ab', 'abcdabcd', 'cdcdcd']],
  ['colou?r', '', ['color', 'colour', 'colr']],
  ['a+?b', '', ['aaab', 'b']],
  ['^\\$\\d+\\.\\d\\d$', '', ['$10.50', '10.50', '$1.5']],
  ['[\\[\\]{}()*+?.\\\\^$|]', '', ['a(b', 'ab', 'x\\y']],
  ['👧', '', ['girl 👧 here', 'girl']],
];

describe('LinearRegex answers as JavaScript RegExp on patterns both understand', () => {
  for (const [pattern, options, texts] of SAFE) {
    it(`/${pattern}/${options}`, () => {
      const linear = LinearRegex.compile(pattern, options);
      const native = new RegExp(pattern, `${options}u`);
      for (const text of texts) expect(linear.test(text), JSON.stringify(text)).toBe(native.test(text));
    });
  }

  it('finds matches with MongoDB $regexFind shapes: code-point index, null for unmatched groups', () => {
    const re = LinearRegex.compile('(b)(x)?(c*)', '');
    expect(re.find('😀abcbb', false)).toEqual([{ match: 'bc', idx: 2, captures: ['b', null, 'c'] }]);
    expect(re.find('😀abcb😀b', true)).toEqual([
      { match: 'bc', idx: 2, captures: ['b', null, 'c'] },
      { match: 'b', idx: 4, captures: ['b', null, ''] },
      { match: 'b', idx: 6, captures: ['b', null, ''] },
    ]);
    expect(re.find('none', true)).toEqual([]);
    // Empty matches advance (mingo's own $regexFindAll loops forever on them).
    expect(
      LinearRegex.compile('x*')
        .find('ab', true)
        .map((m) => m.idx),
    ).toEqual([0, 1, 2]);
  });

  it('knows RE2 syntax JavaScript lacks: \\A, \\z, \\x{…}, \\pL, POSIX classes, \\Q…\\E, inline flags', () => {
    expect(LinearRegex.compile('\\Aab\\z').test('ab')).toBe(true);
    expect(LinearRegex.compile('\\Aab\\z').test('ab\n')).toBe(false);
    expect(LinearRegex.compile('^\\x{e9}$').test('é')).toBe(true);
    expect(LinearRegex.compile('^\\pL+$').test('Ωmega')).toBe(true);
    expect(LinearRegex.compile('^[[:digit:]]+$').test('123')).toBe(true);
    expect(LinearRegex.compile('\\Qa.b\\E').test('axb')).toBe(false);
    expect(LinearRegex.compile('(?i)abc').test('ABC')).toBe(true);
    expect(LinearRegex.compile('(?P<y>\\d{4})').find('in 2024', false)[0]?.captures).toEqual(['2024']);
  });
});

describe('only RE2 syntax and MongoDB options, refused before anything runs', () => {
  it.each([
    ['(?=a)', 'lookahead'],
    ['a(?!b)', 'negative lookahead'],
    ['(?<=a)b', 'lookbehind'],
    ['(?<!a)b', 'negative lookbehind'],
    ['(a)\\1', 'backreference'],
    ['(?>a+)', 'atomic group'],
    ['a*+', 'possessive quantifier'],
    ['\\u00e9', 'JavaScript \\u escape'],
    ['(', 'unbalanced'],
  ])('%s (%s)', (pattern) => {
    expect(refusal(() => LinearRegex.compile(pattern))).toMatch(/unsupported regular expression.*RE2 syntax/);
    expect(refusal(() => checkFilter({ a: { $regex: pattern } }))).toMatch(/RE2/);
  });

  it('refuses options other than i, m, s, u, and options on both sides of $regex', () => {
    expect(refusal(() => LinearRegex.compile('a', 'x'))).toMatch(/option "x"/);
    expect(refusal(() => LinearRegex.compile('a', 'g'))).toMatch(/option "g"/);
    expect(LinearRegex.compile('a', 'imsu').options).toBe('imsu');
    expect(refusal(() => checkFilter({ a: { $regex: /a/i, $options: 'm' } }))).toMatch(/both/);
    checkFilter({ a: { $regex: /a/, $options: 'm' } });
  });

  it('refuses patterns over the size caps, and NUL', () => {
    expect(refusal(() => LinearRegex.compile('a'.repeat(1025)))).toMatch(/longer than 1024/);
    expect(refusal(() => LinearRegex.compile('(.*){1000}'))).toMatch(/too large/);
    expect(refusal(() => LinearRegex.compile('a\0'))).toMatch(/NUL/);
  });

  it('checks patterns wherever a filter holds one', () => {
    const lookahead = /(?=a)/;
    for (const filter of [
      { a: lookahead },
      { a: { $in: ['x', lookahead] } },
      { a: { $nin: [lookahead] } },
      { a: { $all: [lookahead] } },
      { a: { $not: lookahead } },
      { a: { $elemMatch: { $regex: '(?=a)' } } },
      { $or: [{ a: { $regex: '(?=a)' } }] },
      { $expr: { $regexMatch: { input: '$a', regex: '(?=a)' } } },
      { $expr: { $regexFindAll: { input: '$a', regex: /(?=a)/ } } },
      { $expr: { $regexFind: { input: '$a', regex: 'a', options: 'x' } } },
    ])
      expect(() => checkFilter(filter), JSON.stringify(filter)).toThrow(StoreError);
    // A pattern read from each document can only be checked when the query runs.
    checkFilter({ $expr: { $regexMatch: { input: '$a', regex: '$pattern' } } });
  });
});

describe('linear time, bounded work', () => {
  it('answers the ReDoS probe at once (JavaScript RegExp: 49 s for 30 a’s)', () => {
    const text = `${'a'.repeat(30)}!`;
    expect(LinearRegex.compile('^(a+)+$').test(text)).toBe(false);
    expect(LinearRegex.compile('^(a|a)*$').test(`${'a'.repeat(10_000)}!`)).toBe(false);
    expect(compileFilter({ t: { $regex: '^(a+)+$' } })({ t: text })).toBe(false);
  });

  it('refuses an evaluation whose work (instructions × characters) is over the cap', () => {
    const re = LinearRegex.compile('[ab]*a[ab]{500}$');
    const long = 'ab'.repeat(Math.ceil(MAX_REGEX_WORK / 506 / 2));
    expect(refusal(() => re.test(long))).toMatch(/too complex for a text of \d+ characters/);
    expect(refusal(() => compileFilter({ t: re })({ t: long }))).toMatch(/too complex/);
    expect(re.test('ab'.repeat(1000))).toBe(false);
  });

  it('stops a query whose regular expressions together run past its budget', () => {
    const re = LinearRegex.compile('[ab]*a[ab]{20}$');
    const text = 'ab'.repeat(20_000);
    const budget = new RegexBudget(0);
    expect(refusal(() => withRegexBudget(budget, () => re.test(text)))).toMatch(/longer than 0 ms in total/);
    // Outside a query's budget, only the per-evaluation cap applies.
    expect(re.test(text)).toBe(false);
  });
});

describe('mingo never runs a JavaScript RegExp of a caller’s pattern', () => {
  const PATTERN = '^(?:needle)+$';
  const seen: string[] = [];
  const exec = RegExp.prototype.exec;
  afterEach(() => {
    vi.restoreAllMocks();
    seen.length = 0;
  });
  const watch = (): void => {
    vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (this: RegExp, s: string) {
      seen.push(this.source);
      return exec.call(this, s);
    });
  };
  const docs = [
    { _id: 1, t: 'needleneedle', tags: ['x', 'needle'], items: [{ n: 'needle' }] },
    { _id: 2, t: 'hay', tags: ['hay'], items: [{ n: 'hay' }] },
  ];
  const matching = (filter: Record<string, unknown>): unknown[] => {
    const test = compileFilter(filter);
    return docs.filter((d) => test(d)).map((d) => d._id);
  };

  it('in filters: $regex, literals, $in, $nin, $all, $not, $elemMatch, $or, $expr', () => {
    watch();
    const re = new RegExp(PATTERN);
    expect(matching({ t: { $regex: PATTERN } })).toEqual([1]);
    expect(matching({ t: { $regex: '^NEEDLE', $options: 'i' } })).toEqual([1]);
    expect(matching({ t: re })).toEqual([1]);
    expect(matching({ tags: re })).toEqual([1]);
    expect(matching({ t: { $in: ['hay', re] } })).toEqual([1, 2]);
    expect(matching({ tags: { $in: [re] } })).toEqual([1]);
    expect(matching({ t: { $nin: [re] } })).toEqual([2]);
    expect(matching({ tags: { $all: [re, 'x'] } })).toEqual([1]);
    expect(matching({ t: { $not: re } })).toEqual([2]);
    expect(matching({ t: { $not: { $regex: PATTERN } } })).toEqual([2]);
    expect(matching({ items: { $elemMatch: { n: re } } })).toEqual([1]);
    expect(matching({ tags: { $elemMatch: { $regex: PATTERN } } })).toEqual([1]);
    expect(matching({ $or: [{ t: re }, { t: 'hay' }] })).toEqual([1, 2]);
    expect(matching({ $expr: { $regexMatch: { input: '$t', regex: PATTERN } } })).toEqual([1]);
    expect(matching({ $expr: { $regexMatch: { input: '$t', regex: re } } })).toEqual([1]);
    expect(seen).not.toContain(PATTERN);
  });

  it('in updates ($pull) and pipelines ($match, $regexFind, $regexFindAll)', () => {
    watch();
    const doc = { _id: 1, tags: ['needle', 'hay', 'needleneedle'] };
    expect(applyUpdate(structuredClone(doc), { $pull: { tags: new RegExp(PATTERN) } }, {})).toEqual({
      _id: 1,
      tags: ['hay'],
    });
    expect(applyUpdate(structuredClone(doc), { $pull: { tags: { $regex: PATTERN } } }, {}).tags).toEqual([
      'hay',
    ]);
    const out = runPipeline(
      docs,
      [
        { $match: { t: { $regex: PATTERN } } },
        {
          $project: {
            one: { $regexFind: { input: '$t', regex: '(needle)' } },
            all: { $regexFindAll: { input: '$t', regex: 'e+' } },
          },
        },
      ],
      () => [],
    );
    expect(out).toEqual([
      {
        _id: 1,
        one: { match: 'needle', idx: 0, captures: ['needle'] },
        all: [
          { match: 'ee', idx: 1, captures: [] },
          { match: 'e', idx: 5, captures: [] },
          { match: 'ee', idx: 7, captures: [] },
          { match: 'e', idx: 11, captures: [] },
        ],
      },
    ]);
    expect(seen).not.toContain(PATTERN);
    expect(seen).not.toContain('e+');
  });
});
