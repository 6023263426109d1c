/**
 * The query gate (src/vault/query-gate.ts): a caller's queries take turns, a few at once, the rest
 * waiting in a bounded line; past it, or after waiting a whole time limit, 429 with Retry-After; a
 * cursor holds a turn only while a batch is read; bounds are the caller's `maxTimeMS`, capped.
 */
import { describe, expect, it } from 'vitest';
import { CellaError } from '../../src/errors.js';
import { anonymousAsker, QueryGate } from '../../src/vault/query-gate.js';

/** A query that ends when told to. */
function pending(): { promise: Promise<string>; end: (value: string) => void } {
  let end!: (value: string) => void;
  const promise = new Promise<string>((resolve) => (end = resolve));
  return { promise, end };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('QueryGate', () => {
  it('bounds a query by its maxTimeMS, the default when it names none or 0, the cap at most', () => {
    const gate = new QueryGate({ perCaller: 2, queue: 4, defaultMs: 5000, maxMs: 60_000 });
    expect(gate.bound()).toBe(5000);
    expect(gate.bound(0)).toBe(5000);
    expect(gate.bound(250)).toBe(250);
    expect(gate.bound(3_600_000)).toBe(60_000);
  });

  it("runs a caller's queries a few at a time, in order, while another caller's run at once", async () => {
    const gate = new QueryGate({ perCaller: 2, queue: 4, defaultMs: 5000, maxMs: 5000 });
    const started: string[] = [];
    const queries = ['a1', 'a2', 'a3', 'a4'].map((name) => {
      const q = pending();
      const done = gate.run('did:a', 5000, () => {
        started.push(name);
        return q.promise;
      });
      return { ...q, done };
    });
    await tick();
    expect(started).toEqual(['a1', 'a2']);
    expect(gate.waiting).toBe(2);
    // Another caller is not in that line.
    expect(await gate.run('did:b', 5000, async () => 'b')).toBe('b');
    queries[0]!.end('a1');
    await tick();
    expect(started).toEqual(['a1', 'a2', 'a3']);
    for (const q of queries) q.end('x');
    await Promise.all(queries.map((q) => q.done));
    expect(started).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(gate.waiting).toBe(0);
  });

  it('refuses past the line, and a query that waited its whole time limit, with 429 and Retry-After', async () => {
    const refusals: number[] = [];
    const gate = new QueryGate(
      { perCaller: 1, queue: 1, defaultMs: 3000, maxMs: 3000 },
      { refused: () => refusals.push(1) },
    );
    const running = pending();
    const first = gate.run('ip:192.0.2.7', 3000, () => running.promise);
    const waiting = gate.run('ip:192.0.2.7', 50, async () => 'late');
    const refused = await gate.run('ip:192.0.2.7', 3000, async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CellaError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 3 });
    // The waiting one gives up at its own time limit, with nothing run.
    await expect(waiting).rejects.toMatchObject({ code: 'RATE_LIMITED', message: /time limit of 50 ms/ });
    running.end('done');
    expect(await first).toBe('done');
    expect(refusals).toHaveLength(2);
    expect(gate.waiting).toBe(0);
  });

  it('gives a turn back when a query fails', async () => {
    const gate = new QueryGate({ perCaller: 1, queue: 0, defaultMs: 1000, maxMs: 1000 });
    await expect(gate.run('did:a', 1000, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('did:a', 1000, async () => 'next')).toBe('next');
  });

  it('holds a turn while a cursor reads a batch, not while its consumer writes it out', async () => {
    const gate = new QueryGate({ perCaller: 1, queue: 4, defaultMs: 1000, maxMs: 1000 });
    async function* batches() {
      yield ['a'];
      yield ['b'];
    }
    const cursor = gate.cursor('did:a', 1000, batches())[Symbol.asyncIterator]();
    expect((await cursor.next()).value).toEqual(['a']);
    // Between batches the caller's other query runs at once.
    expect(await gate.run('did:a', 1000, async () => 'meanwhile')).toBe('meanwhile');
    expect((await cursor.next()).value).toEqual(['b']);
    expect((await cursor.next()).done).toBe(true);
    expect(gate.waiting).toBe(0);
  });

  it('keys anonymous callers by their address', () => {
    expect(anonymousAsker('192.0.2.7')).toBe('ip:192.0.2.7');
  });
});
