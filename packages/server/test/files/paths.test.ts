/** Path rules of the file store: one canonical name per file, everything ambiguous refused. */
import { describe, expect, test } from 'vitest';
import { CellaError } from '../../src/errors.js';
import { ancestorsOf, descendantsFilter, isWithin, normalisePath, rebase } from '../../src/files/paths.js';

function refusal(input: string, options?: { allowRoot?: boolean }): CellaError {
  try {
    normalisePath(input, options);
  } catch (error) {
    expect(error).toBeInstanceOf(CellaError);
    return error as CellaError;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

describe('normalisePath', () => {
  test('keeps ordinary and unusual names; drops one trailing slash; NFC', () => {
    expect(normalisePath('a/b/c.txt')).toBe('a/b/c.txt');
    expect(normalisePath('photos/')).toBe('photos');
    expect(normalisePath('sp ace/?#%+&=\\;\'"<>|*:')).toBe('sp ace/?#%+&=\\;\'"<>|*:');
    expect(normalisePath('日本語/🐱')).toBe('日本語/🐱');
    expect(normalisePath('e\u0301te\u0301')).toBe('été');
    expect(normalisePath('.hidden/..dots/...')).toBe('.hidden/..dots/...');
    expect(normalisePath('tab\there')).toBe('tab\there');
  });

  test('refuses traversal, empty segments, NUL, lone surrogates, over 1024 bytes; all INVALID_PARAMETER', () => {
    for (const input of [
      '..',
      'a/..',
      '../a',
      'a/../b',
      '.',
      'a/./b',
      '',
      '/',
      '/a',
      'a//b',
      'a/b//',
      'nul\u0000',
      'lone\ud800',
      'x'.repeat(1025),
      'é'.repeat(513),
    ]) {
      expect(refusal(input).code, JSON.stringify(input)).toBe('INVALID_PARAMETER');
    }
    expect(normalisePath('x'.repeat(1024))).toHaveLength(1024);
    expect(normalisePath('é'.repeat(512))).toHaveLength(512);
  });

  test('the root is the empty path only where allowed', () => {
    expect(normalisePath('', { allowRoot: true })).toBe('');
    expect(normalisePath('/', { allowRoot: true })).toBe('');
    expect(refusal('').message).toMatch(/empty/);
  });
});

describe('path helpers', () => {
  test('ancestors, rebase, within', () => {
    expect(ancestorsOf('a/b/c')).toEqual(['a', 'a/b']);
    expect(ancestorsOf('top')).toEqual([]);
    expect(rebase('from/x/y', 'from', 'to/z')).toBe('to/z/x/y');
    expect(rebase('from', 'from', 'to')).toBe('to');
    expect(isWithin('a/b', 'a')).toBe(true);
    expect(isWithin('a', 'a')).toBe(true);
    expect(isWithin('ab', 'a')).toBe(false);
  });

  test('the descendants range holds exactly the paths below a folder', () => {
    const { _id: range } = descendantsFilter('docs') as { _id: { $gte: string; $lt: string } };
    const inRange = (p: string) => p >= range.$gte && p < range.$lt;
    for (const p of ['docs/a', 'docs/sub/b', 'docs/\u{10FFFF}', 'docs/\uffff', 'docs/'])
      expect(inRange(p), p).toBe(true);
    for (const p of ['docs', 'docs0', 'docs.txt', 'docs-old/a', 'doc', 'docsa/b', 'e'])
      expect(inRange(p), p).toBe(false);
    expect(descendantsFilter('')).toEqual({});
  });
});
