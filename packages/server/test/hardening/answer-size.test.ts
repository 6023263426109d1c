/**
 * Hardening probe (issue 18, item 2): answers are written as they are read and capped, so no
 * request can make the node build a huge answer in memory. The probe: 95 documents of about 1 MB
 * (1,040,000 × "\u0001", 6 bytes each in JSON). Before, `GET /vault/db/{c}` answered 500
 * (RangeError: Invalid string length); with limit=80 it built a 499 MB answer and the node reached
 * 2.07 GB, six at once 6.5 GB. Now each answer stops at the cap (16 MiB) with `next_skip`, and the
 * node stays under 450 MB. Paging with `next_skip` is checked on every kind of list with a small cap.
 */
import type { Vault } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rawCall, signedInUser } from '../helpers/users.js';
import { rssPeak } from './probes.js';

describe('the amplification probe', () => {
  let node: SpawnedNode;
  let token: string;

  beforeAll(async () => {
    node = await spawnNode({ env: { CELLA_LOG_LEVEL: 'warn' } });
    const alice = await signedInUser(node.url);
    token = await alice.session.token();
    await alice.db.createCollection('amp');
    const big = '\u0001'.repeat(1_040_000);
    const insert = async (from: number) => {
      const response = await fetch(`${node.url}/api/v2/vault/db/amp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ document: [from, from + 1].filter((i) => i < 95).map((i) => ({ i, big })) }),
      });
      if (response.status !== 201) throw new Error(`insert: ${response.status} ${await response.text()}`);
    };
    for (let i = 0; i < 95; i += 4) await Promise.all([insert(i), insert(i + 2)]);
    // The answers alone are measured: a fresh process on the same data, not one still holding
    // what 600 MB of inserts left behind.
    await node.stop();
    node = await spawnNode({ dataDir: node.dataDir, env: { CELLA_LOG_LEVEL: 'warn' } });
  }, 240_000);
  afterAll(async () => {
    await node?.stop();
  });

  const find = async (query: string) => {
    const response = await fetch(`${node.url}/api/v2/vault/db/amp${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    const body = JSON.parse(text) as { items: { i: number; big: string }[]; next_skip?: number };
    return {
      status: response.status,
      bytes: text.length,
      items: body.items.map((d) => d.i),
      next: body.next_skip,
    };
  };

  test('one find of everything, then six of 80 at once: each answer capped, the node under 450 MB', async () => {
    const peak = rssPeak(node.process.pid!);
    let mib = 0;
    try {
      const all = await find('');
      expect(all.status).toBe(200);
      // Two documents of 6.24 MB fit in 16 MiB; the third would not.
      expect(all.items).toHaveLength(2);
      expect(all.next).toBe(2);
      expect(all.bytes).toBeLessThanOrEqual(16 * 1024 * 1024);
      const six = await Promise.all(Array.from({ length: 6 }, () => find('?limit=80')));
      for (const answer of six) expect(answer).toMatchObject({ status: 200, items: all.items, next: 2 });
      const next = await find('?limit=80&skip=2');
      expect(next).toMatchObject({ status: 200, next: 4 });
      expect(next.items.filter((i) => all.items.includes(i))).toEqual([]);
      const last = await find('?skip=94');
      expect(last).toMatchObject({ status: 200, next: undefined });
      expect(last.items).toHaveLength(1);
    } finally {
      mib = peak.stop();
    }
    console.log(
      `amplification probe: node peak RSS ${mib.toFixed(0)} MiB (before: 500, or 2.07 GB and 6.5 GB)`,
    );
    // 450: the read worker's own heap holds each page too (reads left the node's thread, issue 21).
    expect(mib).toBeLessThan(450);
  }, 120_000);
});

describe('lists cut at the cap say where to continue, and the SDK follows', () => {
  let node: SpawnedNode;
  let alice: Vault;

  beforeAll(async () => {
    node = await spawnNode({ env: { CELLA_MAX_ANSWER_BYTES: String(64 * 1024) } });
    alice = await signedInUser(node.url);
  }, 60_000);
  afterAll(async () => {
    await node?.stop();
  });

  test('find: pages of at most 64 KiB, sorted or not, and the SDK gets every document', async () => {
    await alice.db.createCollection('pages');
    const text = 'x'.repeat(1000);
    const docs = Array.from({ length: 300 }, (_, i) => ({ i, rank: (i * 7) % 300, text }));
    await alice.db.collection('pages').insert(docs);
    const first = await rawCall(alice, 'GET', '/api/v2/vault/db/pages');
    expect(first.status).toBe(200);
    expect(JSON.stringify(first.body).length).toBeLessThanOrEqual(64 * 1024);
    expect(first.body.next_skip).toBe(first.body.items.length);
    expect(first.body.items.length).toBeGreaterThan(10);
    expect((await alice.db.collection('pages').find({}).toArray()).map((d) => d.i)).toEqual(
      docs.map((d) => d.i),
    );
    const sorted = await alice.db
      .collection('pages')
      .find({}, { sort: { rank: -1 }, skip: 5, limit: 200 })
      .toArray();
    expect(sorted.map((d) => d.rank)).toEqual(Array.from({ length: 200 }, (_, k) => 294 - k));
  });

  test('file listings, scripts and script runs are cut the same way', async () => {
    for (let i = 0; i < 100; i++)
      await alice.files.upload(`deep/${String(i).padStart(3, '0')}-${'n'.repeat(800)}`, 'x');
    const page = await rawCall(alice, 'GET', '/api/v2/vault/files/deep?list=true');
    expect(page.status).toBe(200);
    expect(page.body.next_skip).toBe(page.body.value.length);
    const listed = await alice.files.list('deep');
    expect(listed.map((f) => f.name.slice(5, 8))).toEqual(
      Array.from({ length: 100 }, (_, i) => String(i).padStart(3, '0')),
    );

    const filler = 'y'.repeat(30_000);
    for (const name of ['s1', 's2', 's3', 's4'])
      await alice.scripts.register(name, {
        executable: { type: 'find', collection: 'pages', filter: { note: filler }, output: true },
      });
    const scripts = await rawCall(alice, 'GET', '/api/v2/vault/scripting');
    expect(scripts.body.next_skip).toBe(scripts.body.scripts.length);
    expect((await alice.scripts.list()).map((s) => s.name)).toEqual(['s1', 's2', 's3', 's4']);

    await alice.scripts.register('all_pages', {
      executable: { type: 'find', collection: 'pages', filter: {}, options: { skip: '$params.skip' } },
    });
    const run = await rawCall(alice, 'POST', '/api/v2/vault/scripting/all_pages/run', {
      params: { skip: 0 },
    });
    expect(run.status).toBe(201);
    const found = run.body.all_pages as { total: number; items: unknown[]; next_skip: number };
    expect(found.total).toBe(300);
    expect(found.next_skip).toBe(found.items.length);
    expect(JSON.stringify(run.body).length).toBeLessThanOrEqual(64 * 1024);
  });
});
