// DEV ONLY (not committed): export A/B on one data dir, nodes from two trees, per-thread CPU.
import type { spawnNode as spawnNodeType } from '../src/testing/spawn-node.js';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { connect, createDevIdentity } from '@cella/sdk';
import { readExport } from './portability.js';

const MiB = 1024 * 1024;
const FILES = Number(process.env.DEV_FILES ?? 128);
const DOCS = Number(process.env.DEV_DOCS ?? 12500);
const ROUNDS = Number(process.env.DEV_ROUNDS ?? 2);
const TREES = (process.env.DEV_TREES ?? '/work/wt/export-speed').split(',');
const PROFILE = process.env.DEV_PROFILE;
const base = randomBytes(16 * MiB);

function fileBytes(seed: number, i: number): Buffer {
  const piece = Buffer.allocUnsafe(MiB);
  base.copy(piece, 0, (i * MiB) % base.length);
  piece.writeUInt32BE(i, 0);
  piece.writeUInt32BE(seed, 4);
  return piece;
}

function threads(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const comm = /\((.*)\)/.exec(stat)![1]!;
      const f = stat.split(') ')[1]!.split(' ');
      const name = tid === String(pid) ? 'main' : process.env.DEV_TIDS ? `${comm}#${tid}` : comm;
      out.set(name, (out.get(name) ?? 0) + (Number(f[11]) + Number(f[12])) * 10);
    } catch {
      /* gone */
    }
  }
  return out;
}

function shaRate(bytes: number) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const h = createHash('sha256');
  for (let d = 0; d < bytes; d += MiB) h.update(base.subarray(d % base.length, (d % base.length) + Math.min(MiB, bytes - d)));
  h.digest();
  const c = process.cpuUsage(c0);
  return { wall: bytes / MiB / ((performance.now() - t0) / 1000), cpu: bytes / MiB / ((c.user + c.system) / 1e6) };
}

function exportOnce(url: string, token: string) {
  return new Promise<{ bytes: number; seconds: number }>((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(`${url}/api/v2/vault/export`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        if (res.statusCode !== 200) return reject(new Error(String(res.statusCode)));
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ bytes, seconds: (performance.now() - t0) / 1000 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

type Spawn = typeof spawnNodeType;
async function spawnFrom(tree: string, dataDir?: string) {
  const mod = (await import(`${tree}/packages/server/src/testing/spawn-node.ts`)) as { spawnNode: Spawn };
  return mod.spawnNode({
    env: { CELLA_LOG_LEVEL: 'error', CELLA_QUOTA_ENFORCEMENT: 'false', CELLA_RATE_LIMIT_USER: '1000000000' },
    nodeArgs: [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : []), ...(process.env.DEV_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    compiled: true,
    ...(dataDir ? { dataDir } : {}),
  });
}

const user = createDevIdentity();
const first = await spawnFrom(TREES[0]!);
const dataDir = first.dataDir;
try {
  const vault = await connect({ url: first.url, signer: user.signer });
  await vault.subscription.subscribe();
  const notes = await vault.db.createCollection('notes');
  for (let i = 0; i < DOCS; i += 5000)
    await notes.insert(Array.from({ length: Math.min(5000, DOCS - i) }, (_, k) => ({ i: i + k, text: `note ${i + k} `.repeat(8) })));
  for (let f = 0; f < FILES; f++) await vault.files.upload(`files/${f}.bin`, fileBytes(0, f));
  await first.stop();
  const rows: string[] = [];
  for (let r = 0; r < ROUNDS; r++)
    for (const tree of TREES) {
      const node = await spawnFrom(tree, dataDir);
      try {
        const v = await connect({ url: node.url, signer: user.signer });
        const token = await v.session.token();
        await exportOnce(node.url, token); // warm (the bench's first export writes the file)
        await new Promise((res) => setTimeout(res, 500));
        const pid = node.process.pid!;
        const s1 = shaRate(256 * MiB);
        const load = loadavg()[0]!;
        const t0 = threads(pid);
        const c0 = process.cpuUsage();
        const e = process.env.DEV_CLIENT === 'http' ? await exportOnce(node.url, token) : await readExport(node.url, token, '');
        const client = process.cpuUsage(c0);
        const t1 = threads(pid);
        const s2 = shaRate(256 * MiB);
        const per: string[] = [];
        let total = 0;
        for (const [k, v] of t1) {
          const d = v - (t0.get(k) ?? 0);
          total += d;
          if (d > 0) per.push(`${k}=${d}`);
        }
        const sha = { wall: (s1.wall + s2.wall) / 2, cpu: (s1.cpu + s2.cpu) / 2 };
        const rate = e.bytes / MiB / e.seconds;
        const cpuRate = e.bytes / MiB / (total / 1000);
        rows.push(
          `${tree.split('/').pop()} r${r} load=${load.toFixed(1)} bytes=${e.bytes} ${rate.toFixed(0)}MiB/s sha=${sha.wall.toFixed(0)} ratio=${(rate / sha.wall).toFixed(3)} cpuRatio=${(cpuRate / sha.cpu).toFixed(3)} nodeCpu=${total}ms client=${((client.user + client.system) / 1000).toFixed(0)}ms wall=${(e.seconds * 1000).toFixed(0)}ms [${per.join(' ')}]`,
        );
        console.log(rows.at(-1));
        if (process.env.DEV_OUT) console.log(node.output().split('\n').filter((l) => /Mark|Scav/.test(l)).slice(-60).join('\n'));
      } finally {
        await node.stop();
      }
    }
  console.log(rows.join('\n'));
} finally {
  await first.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
