/**
 * Vault export and import (issue 24) on child process nodes running the compiled app, with the
 * default engines (SQLite + helia): a vault of files (1 MiB each, incompressible) plus documents is
 * exported in full, imported into a fresh node, then 1% of its documents and files change and an
 * incremental export (`?since=` the full one) is taken. Figures, as ratios of one run:
 *
 * - export MiB/s ÷ SHA-256 MiB/s of the same number of bytes (target ≥ 0.5), import the same
 *   (target ≥ 0.3): the SHA-256 runs in this process, interleaved with the measured runs (hash,
 *   export, hash, import, hash ...), each transfer compared with the mean of the hashes around it;
 *   beside it the same ratio by CPU time (MiB per CPU second of the node, all its threads, ÷ MiB
 *   per CPU second of the hash): what the rate ratio is when nothing else takes the cores;
 * - the node's peak RSS during an export and an import (its VmHWM, reset before the transfer, and
 *   VmRSS sampled every 20 ms) minus its RSS at rest before it (target ≤ 64 MiB);
 * - incremental bytes ÷ full bytes (target ≤ 2%).
 *
 *   CELLA_BENCH_ONLY=portability npm run bench -w @cella/server
 *   BENCH_PORTABILITY_FULL=1        the issue's vault: 1 GiB of files + 100,000 documents (default:
 *                                   256 MiB + 25,000, a quarter of it)
 *   BENCH_EXPORT_FILES=64 BENCH_EXPORT_DOCS=10000    any other size
 *   BENCH_PORTABILITY_ROUNDS=3      transfers of each kind (default 2)
 *   BENCH_PORTABILITY_PROFILE=dir   the nodes run with --cpu-prof, their profiles written to dir
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createDevIdentity } from '@cella/sdk';
import { cpuMs, fmt, median, pct, printTable } from './lib.js';
import { startBenchNode } from './node-under-test.js';

const MiB = 1024 * 1024;
const FULL = process.env.BENCH_PORTABILITY_FULL === '1';
const FILES = Number(process.env.BENCH_EXPORT_FILES ?? (FULL ? 1024 : 256));
const DOCS = Number(process.env.BENCH_EXPORT_DOCS ?? (FULL ? 100_000 : 25_000));
const ROUNDS = Number(process.env.BENCH_PORTABILITY_ROUNDS ?? 2);
const PROFILE = process.env.BENCH_PORTABILITY_PROFILE;
const nodeArgs = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
/** The nodes hold a vault larger than the free plan; quotas are not what is measured. */
const NODE_ENV = { CELLA_QUOTA_ENFORCEMENT: 'false' };
const base = randomBytes(16 * MiB);

function fileBytes(seed: number, i: number): Buffer {
  const piece = Buffer.allocUnsafe(MiB);
  base.copy(piece, 0, (i * MiB) % base.length);
  piece.writeUInt32BE(i, 0);
  piece.writeUInt32BE(seed, 4);
  return piece;
}

interface Rate {
  /** MiB/s. */
  wall: number;
  /** MiB per CPU second. */
  cpu: number;
}

/** SHA-256 of `bytes` bytes, 1 MiB at a time: MiB/s, and MiB per CPU second of this process. */
function sha256Rate(bytes: number): Rate {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const hash = createHash('sha256');
  for (let done = 0; done < bytes; done += MiB)
    hash.update(base.subarray(done % base.length, (done % base.length) + Math.min(MiB, bytes - done)));
  hash.digest();
  const cpu = process.cpuUsage(cpu0);
  return {
    wall: bytes / MiB / ((performance.now() - t0) / 1000),
    cpu: bytes / MiB / ((cpu.user + cpu.system) / 1e6),
  };
}

const status = (pid: number, field: string): number =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) /
  1024;

/** The node's peak RSS (MiB) while `run` runs: VmHWM reset before it (clear_refs 5), VmRSS sampled. */
async function peakRss<T>(pid: number, run: () => Promise<T>): Promise<{ result: T; peak: number }> {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // an older kernel: the samples alone
  }
  let peak = status(pid, 'VmRSS');
  const timer = setInterval(() => (peak = Math.max(peak, status(pid, 'VmRSS'))), 20);
  try {
    const result = await run();
    return { result, peak: Math.max(peak, status(pid, 'VmRSS'), status(pid, 'VmHWM')) };
  } finally {
    clearInterval(timer);
  }
}

/** The node's RSS once it settled: the lowest of a few samples over a second. */
async function restRss(pid: number): Promise<number> {
  let low = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    low = Math.min(low, status(pid, 'VmRSS'));
  }
  return low;
}

/** An export read to its end (into `file` when given); its bytes, id and time. */
function exportOnce(url: string, token: string, query = '', file?: string) {
  if (!file) return readExport(url, token, query);
  return new Promise<{ bytes: number; id: string; seconds: number }>((resolve, reject) => {
    const t0 = performance.now();
    const request = http.get(
      `${url}/api/v2/vault/export${query}`,
      { headers: { authorization: `Bearer ${token}` } },
      (response) => {
        let bytes = 0;
        const done = () =>
          resolve({
            bytes,
            id: String(response.headers['x-cella-export-root']),
            seconds: (performance.now() - t0) / 1000,
          });
        if (response.statusCode !== 200) {
          let text = '';
          response.on('data', (c: Buffer) => (text += c.toString()));
          response.on('end', () => reject(new Error(`export answered ${response.statusCode}: ${text}`)));
          return;
        }
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        pipeline(response, createWriteStream(file)).then(done, reject);
      },
    );
    request.on('error', reject);
  });
}

/**
 * An export read to its end over HTTP/1.1 with as little of the client's CPU as reading it takes:
 * the bench shares the node's cores, so a client that spends more than the node's socket reads
 * lowers the figure it measures. One plain socket read into one reused 256 KiB buffer
 * (`onread`: no buffer allocated per read, no stream or HTTP parser on the body); the head
 * parsed by hand, the body counted to its Content-Length.
 */
export function readExport(url: string, token: string, query: string) {
  return new Promise<{ bytes: number; id: string; seconds: number }>((resolve, reject) => {
    const t0 = performance.now();
    const { hostname, port } = new URL(url);
    let head = Buffer.alloc(0);
    let status = 0;
    let headers: Record<string, string> = {};
    let expected = -1;
    let bytes = 0;
    let failed = '';
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      onread: {
        buffer: Buffer.allocUnsafe(256 * 1024),
        callback: (n: number, buffer: Uint8Array) => {
          let body = buffer.subarray(0, n);
          if (expected < 0) {
            head = Buffer.concat([head, body]);
            const end = head.indexOf('\r\n\r\n');
            if (end < 0) return true;
            const lines = head.subarray(0, end).toString('latin1').split('\r\n');
            status = Number(lines[0]!.split(' ')[1]);
            headers = Object.fromEntries(
              lines.slice(1).map((line) => {
                const colon = line.indexOf(':');
                return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
              }),
            );
            expected = Number(headers['content-length'] ?? 0);
            body = head.subarray(end + 4);
          }
          bytes += body.length;
          if (status !== 200) failed += Buffer.from(body).toString();
          if (bytes >= expected) socket.end();
          return true;
        },
      },
    });
    socket.on('connect', () =>
      socket.write(
        `GET /api/v2/vault/export${query} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nauthorization: Bearer ${token}\r\nconnection: close\r\n\r\n`,
      ),
    );
    socket.on('error', reject);
    socket.on('close', () => {
      if (status !== 200) reject(new Error(`export answered ${status}: ${failed}`));
      else if (bytes !== expected) reject(new Error(`export cut at ${bytes} of ${expected} bytes`));
      else
        resolve({
          bytes,
          id: String(headers['x-cella-export-root']),
          seconds: (performance.now() - t0) / 1000,
        });
    });
  });
}

/** POSTs the export file to the node's import; its time. */
function importOnce(url: string, token: string, file: string) {
  return new Promise<{ seconds: number; answer: Record<string, unknown> }>((resolve, reject) => {
    const t0 = performance.now();
    const request = http.request(
      `${url}/api/v2/vault/import`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/vnd.ipld.car',
          'content-length': String(statSync(file).size),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (c: Buffer) => (text += c.toString()));
        response.on('end', () => {
          if (response.statusCode !== 201)
            reject(new Error(`import answered ${response.statusCode}: ${text}`));
          else resolve({ seconds: (performance.now() - t0) / 1000, answer: JSON.parse(text) });
        });
      },
    );
    request.on('error', reject);
    createReadStream(file, { highWaterMark: MiB }).pipe(request);
  });
}

interface Round {
  rate: number;
  sha: number;
  /**
   * MiB per CPU second of the node (all its threads) and of the SHA-256: their ratio is the rate
   * ratio on a machine where nothing else takes the cores (the client's CPU is not counted).
   */
  cpuRate: number;
  shaCpu: number;
  rest: number;
  peak: number;
  load: number;
}

/** One transfer's figures, against the mean of the SHA-256 runs before and after it. */
function round(
  bytes: number,
  seconds: number,
  cpuSeconds: number,
  before: Rate,
  after: Rate,
  rss: { rest: number; peak: number; load: number },
): Round {
  return {
    rate: bytes / MiB / seconds,
    sha: (before.wall + after.wall) / 2,
    cpuRate: bytes / MiB / cpuSeconds,
    shaCpu: (before.cpu + after.cpu) / 2,
    ...rss,
  };
}

const roundRow = (measure: string, bytes: number, rounds: Round[], target: string, rssTarget: string) => {
  const ratios = rounds.map((r) => r.rate / r.sha);
  return {
    measure,
    bytes: fmt(bytes),
    'MiB/s': rounds.map((r) => fmt(r.rate, 1)).join(', '),
    'sha256 MiB/s': rounds.map((r) => fmt(r.sha, 1)).join(', '),
    ratio: `${ratios.map((x) => fmt(x, 2)).join(', ')} (median ${fmt(median(ratios), 2)}; ${target})`,
    'by CPU time': rounds.map((r) => fmt(r.cpuRate / r.shaCpu, 2)).join(', '),
    'peak RSS − rest (MiB)': `${rounds.map((r) => `${fmt(r.peak - r.rest, 1)} (${fmt(r.rest)}→${fmt(r.peak)})`).join(', ')}; ${rssTarget}`,
    'load avg': rounds.map((r) => fmt(r.load, 1)).join(', '),
  };
};

export async function benchPortability(): Promise<void> {
  const user = createDevIdentity();
  const work = mkdtempSync(path.join(tmpdir(), 'cella-bench-portability-'));
  const carFile = path.join(work, 'vault.car');
  const bench = await startBenchNode(NODE_ENV, nodeArgs, user.signer);
  try {
    const { vault, node } = bench;
    const pid = node.process.pid!;
    const t0 = performance.now();
    await vault.subscription.subscribe();
    const notes = await vault.db.createCollection('notes');
    for (let i = 0; i < DOCS; i += 5000)
      await notes.insert(
        Array.from({ length: Math.min(5000, DOCS - i) }, (_, k) => ({
          i: i + k,
          text: `note ${i + k} `.repeat(8),
        })),
      );
    for (let f = 0; f < FILES; f++) await vault.files.upload(`files/${f}.bin`, fileBytes(0, f));
    console.log(
      `(vault of ${FILES} MiB + ${fmt(DOCS)} documents filled in ${fmt((performance.now() - t0) / 1000, 1)} s)`,
    );
    const token = await vault.session.token();

    // The CAR once, to a file: the import's input (and the size the hashes run over).
    const full = await exportOnce(node.url, token, '', carFile);
    const bytes = full.bytes;

    // Export rounds: hash, export, hash … (each export against the mean of its neighbours).
    const exports: Round[] = [];
    let shaBefore = sha256Rate(bytes);
    for (let r = 0; r < ROUNDS; r++) {
      const rest = await restRss(pid);
      const load = loadavg()[0]!;
      const cpu0 = cpuMs(pid);
      const { result, peak } = await peakRss(pid, () => exportOnce(node.url, token));
      const cpuSeconds = (cpuMs(pid) - cpu0) / 1000;
      const shaAfter = sha256Rate(bytes);
      exports.push(round(bytes, result.seconds, cpuSeconds, shaBefore, shaAfter, { rest, peak, load }));
      shaBefore = shaAfter;
    }

    // Import rounds: each into a fresh node (a node that holds the blocks would skip their writes).
    const imports: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const target = await startBenchNode(NODE_ENV, nodeArgs, user.signer);
      try {
        await target.vault.subscription.subscribe();
        const targetToken = await target.vault.session.token();
        const targetPid = target.node.process.pid!;
        const rest = await restRss(targetPid);
        const load = loadavg()[0]!;
        const cpu0 = cpuMs(targetPid);
        const { result, peak } = await peakRss(targetPid, () =>
          importOnce(target.node.url, targetToken, carFile),
        );
        const cpuSeconds = (cpuMs(targetPid) - cpu0) / 1000;
        const shaAfter = sha256Rate(bytes);
        if (result.answer.documents !== DOCS || result.answer.files !== FILES)
          throw new Error(`the import answered ${JSON.stringify(result.answer)}`);
        imports.push(round(bytes, result.seconds, cpuSeconds, shaBefore, shaAfter, { rest, peak, load }));
        shaBefore = shaAfter;
      } finally {
        await target.stop();
      }
    }
    if (!process.env.BENCH_KEEP) rmSync(carFile, { force: true });

    const changedDocs = Math.max(1, Math.round(DOCS / 100));
    for (let k = 0; k < changedDocs; k++) {
      const i = Math.floor(((k + 0.5) * DOCS) / changedDocs);
      await notes.update({ i }, { $set: { text: `changed ${i}` } });
    }
    const changedFiles = Math.max(1, Math.round(FILES / 100));
    for (let k = 0; k < changedFiles; k++) {
      const f = Math.floor(((k + 0.5) * FILES) / changedFiles);
      await vault.files.upload(`files/${f}.bin`, fileBytes(1, f));
    }
    const incremental = await exportOnce(node.url, await vault.session.token(), `?since=${full.id}`);

    printTable(
      `Vault export and import: ${FILES} MiB of files + ${fmt(DOCS)} documents (compiled node, SQLite + helia, loopback; ${ROUNDS} rounds each, interleaved with SHA-256)`,
      [
        roundRow('full export', bytes, exports, 'target ≥ 0.5', 'target ≤ 64'),
        roundRow('import (into a fresh node)', bytes, imports, 'target ≥ 0.3', 'target ≤ 64'),
        {
          measure: `incremental export after ${changedDocs} documents, ${changedFiles} files changed`,
          bytes: fmt(incremental.bytes),
          'MiB/s': fmt(incremental.bytes / MiB / incremental.seconds, 1),
          'sha256 MiB/s': '',
          ratio: `${pct(incremental.bytes, bytes)} of the full export (target ≤ 2%)`,
          'by CPU time': '',
          'peak RSS − rest (MiB)': '',
          'load avg': fmt(loadavg()[0]!, 1),
        },
      ],
    );
  } finally {
    await bench.stop();
    if (!process.env.BENCH_KEEP) rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPortability();
