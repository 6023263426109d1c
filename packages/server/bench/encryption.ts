/**
 * End-to-end encryption's cost to an app (issue 25), through the SDK in this process against a
 * child-process node, each encrypted figure beside the plain one of the same bytes measured in the
 * same round, after a warm-up; the figure is the median round's ratio, printed with the load average:
 * - upload and download of one streamed file (256 MiB): encrypted MiB/s ÷ plain MiB/s (target ≥ 0.6);
 *   plain first in even rounds, encrypted first in odd ones;
 * - insert of 1,000 documents in one call: encrypted ÷ plain documents/s (target ≥ 0.7), INSERTS
 *   calls a side per round, interleaved in ABBA order (plain, encrypted, encrypted, plain, ... —
 *   encrypted first in odd rounds: each side follows each side as often, so neither always pays for
 *   what the other left, as garbage), each into a new collection, after one insert a side not
 *   counted;
 * - find of 100 documents (equality on a searchable field, 100 of the 1,000): encrypted ÷ plain
 *   finds/s (target ≥ 0.7), FINDS a side per round in blocks of 10, in the same ABBA order.
 * The files' rounds run first, the documents' after them once the node is idle (the file phase's
 * leftover work fell on the first inserts of a round, so on the side going first). Beside each
 * wall-clock ratio, the CPU ratio of the documents' figures: plain ÷ encrypted CPU
 * time (this process's and the node's) per call, steadier than the wall clock on a loaded machine.
 * The pooled column takes every round's calls together (a side's time added up over all rounds):
 * the rounds' ratios swing with which side goes first (work of the node, perhaps a checkpoint, lands
 * on one side's call), and the pooled ratio shares that out.
 *
 *   CELLA_BENCH_ONLY=encryption npm run bench -w @cella/server
 *   BENCH_ENCRYPTION_MIB=256   the file's size
 *   BENCH_ENCRYPTION_ROUNDS=3  rounds (the median round's ratios are printed)
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type { Vault } from '@cella/sdk';
import { cpuMs, fmt, median, printTable } from './lib.js';
import { startBenchNode } from './node-under-test.js';

const MiB = 1024 * 1024;
const FILE_MIB = Number(process.env.BENCH_ENCRYPTION_MIB ?? 256);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ENCRYPTION_ROUNDS ?? 3));
const DOCUMENTS = 1000;
const FOUND = 100;
const INSERTS = 4;
const FINDS = 100;
const BLOCK = 10;

/** The file's bytes, 1 MiB at a time: a random base, every MiB stamped (no block dedupe flatters either side). */
const base = randomBytes(16 * MiB);
function fileStream(total: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= total) return controller.close();
      const piece = Buffer.allocUnsafe(Math.min(MiB, total - offset));
      base.copy(piece, 0, offset % base.length);
      piece.writeUInt32BE(offset / MiB, 0);
      offset += piece.length;
      controller.enqueue(piece);
    },
  });
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stream.getReader();
  let bytes = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
  return bytes;
}

async function seconds(run: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await run();
  return (performance.now() - t0) / 1000;
}

const note = (i: number) => ({
  title: `note ${i}`,
  tag: i % (DOCUMENTS / FOUND) === 0 ? 'wanted' : `tag-${i % 7}`,
  n: i,
  done: i % 3 === 0,
  body: `the text of note ${i}: ${'lorem ipsum dolor sit amet '.repeat(8)}`,
});

interface Round {
  upload: [plain: number, encrypted: number];
  download: [plain: number, encrypted: number];
  insert: [plain: number, encrypted: number];
  find: [plain: number, encrypted: number];
  /** CPU ms (this process + the node) per call, plain and encrypted. */
  insertCpu: [plain: number, encrypted: number];
  findCpu: [plain: number, encrypted: number];
}

/** Wall-clock and CPU time (this process's and the node's), added up over the calls of one side. */
class Clock {
  seconds = 0;
  cpuMs = 0;
  calls = 0;
  constructor(private readonly pid: number) {}
  async time(run: () => Promise<unknown>, calls = 1): Promise<void> {
    const node = cpuMs(this.pid);
    const own = process.cpuUsage();
    const t0 = performance.now();
    await run();
    this.seconds += (performance.now() - t0) / 1000;
    const used = process.cpuUsage(own);
    this.cpuMs += (used.user + used.system) / 1000 + (cpuMs(this.pid) - node);
    this.calls += calls;
  }
}

/** Waits until the node has been idle for a moment (two 250 ms windows without CPU; at most 10 s). */
async function settle(pid: number): Promise<void> {
  const until = Date.now() + 10_000;
  for (let quiet = 0; quiet < 2 && Date.now() < until;) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 250));
    quiet = cpuMs(pid) - before <= 10 ? quiet + 1 : 0;
  }
}

/** One round of the files: upload and download of each side's file, the side going first alternating. */
async function fileRound(vault: Vault, r: number): Promise<Pick<Round, 'upload' | 'download'>> {
  const total = FILE_MIB * MiB;
  const up = async (encrypt: boolean) =>
    seconds(() =>
      vault.files.upload(`bench/${r}-${encrypt}.bin`, fileStream(total), encrypt ? { encrypt } : {}),
    );
  const down = async (encrypt: boolean) =>
    seconds(async () => {
      const got = await drain(await vault.files.download(`bench/${r}-${encrypt}.bin`, { decrypt: encrypt }));
      if (got !== total) throw new Error(`downloaded ${got} bytes of ${total}`);
    });
  // One file at a time: two of 256 MiB would pass the free plan's quota.
  const rates = async (encrypt: boolean) => {
    const rate = [total / MiB / (await up(encrypt)), total / MiB / (await down(encrypt))] as const;
    await vault.files.delete(`bench/${r}-${encrypt}.bin`);
    return rate;
  };
  // Alternate which side goes first (the machine's load drifts; neither side always gets the later slot).
  const first = r % 2 === 0;
  const [a, b] = [await rates(!first), await rates(first)];
  const [[plainUp, plainDown], [sealedUp, sealedDown]] = first ? [b, a] : [a, b];
  const upload: Round['upload'] = [plainUp, sealedUp];
  const download: Round['download'] = [plainDown, sealedDown];
  return { upload, download };
}

/** One round of the documents: inserts, then finds in the first inserts' collections. */
async function documentRound(
  vault: Vault,
  pid: number,
  r: number,
): Promise<Omit<Round, 'upload' | 'download'>> {
  // Plain first in even rounds, encrypted first in odd ones, then in ABBA order (a, b, b, a, a, b, ...):
  // each side follows each side as often, so what a call leaves to the next one (garbage to
  // collect, a cache it filled) is shared out evenly rather than paid always by the same side.
  const sides = (r % 2 === 0 ? [false, true] : [true, false]) as [boolean, boolean];
  const abba = (calls: number) => Array.from({ length: 2 * calls }, (_, i) => sides[[0, 1, 1, 0][i % 4]!]!);
  const docs = Array.from({ length: DOCUMENTS }, (_, i) => note(i));
  const inserted = { plain: new Clock(pid), sealed: new Clock(pid) };
  const names: string[] = [];
  const insert = async (encrypt: boolean, name: string, clock?: Clock) => {
    names.push(name);
    const collection = encrypt
      ? await vault.db.createCollection(name, { encrypt: true, searchable: ['tag'] })
      : await vault.db.createCollection(name);
    await collection.count(); // a collection's keys are derived before the clock starts, as after an app's first call
    const batch = docs.map((d) => ({ ...d }));
    if (clock) await clock.time(() => collection.insert(batch));
    else await collection.insert(batch);
  };
  // One insert a side, not counted: the first of a round pays for what came before it.
  for (const encrypt of sides) await insert(encrypt, `${encrypt ? 'sealed' : 'plain'}_${r}_warm`);
  const made = { plain: 0, sealed: 0 };
  for (const encrypt of abba(INSERTS)) {
    const side = encrypt ? 'sealed' : 'plain';
    await insert(encrypt, `${side}_${r}_${made[side]++}`, inserted[side]);
  }
  // The finds read the first insert's collections (1,000 documents each).
  const plain = vault.db.collection(`plain_${r}_0`);
  const sealed = vault.db.collection(`sealed_${r}_0`, { encrypt: true });
  const found = { plain: new Clock(pid), sealed: new Clock(pid) };
  const finds = (encrypt: boolean) =>
    found[encrypt ? 'sealed' : 'plain'].time(async () => {
      for (let i = 0; i < BLOCK; i++) {
        const got = await (encrypt ? sealed : plain).find({ tag: 'wanted' }).toArray();
        if (got.length !== FOUND) throw new Error(`found ${got.length} of ${FOUND}`);
      }
    }, BLOCK);
  await plain.find({ tag: 'wanted' }).toArray(); // both warmed (the node's plan cache, the client's code)
  await sealed.find({ tag: 'wanted' }).toArray();
  for (const encrypt of abba(FINDS / BLOCK)) await finds(encrypt);
  for (const name of names) await vault.db.deleteCollection(name);
  const rate = (clock: Clock, per: number) => (clock.calls * per) / clock.seconds;
  const cpu = (clock: Clock) => clock.cpuMs / clock.calls;
  return {
    insert: [rate(inserted.plain, DOCUMENTS), rate(inserted.sealed, DOCUMENTS)],
    find: [rate(found.plain, 1), rate(found.sealed, 1)],
    insertCpu: [cpu(inserted.plain), cpu(inserted.sealed)],
    findCpu: [cpu(found.plain), cpu(found.sealed)],
  };
}

export async function benchEncryption(): Promise<void> {
  const bench = await startBenchNode();
  try {
    await bench.vault.subscription.subscribe();
    // A warm-up (not counted): the first upload and insert of a process pay for its connections and code.
    await bench.vault.files.upload('bench/warm.bin', fileStream(8 * MiB), { encrypt: true });
    await bench.vault.files.upload('bench/warm.bin', fileStream(8 * MiB));
    await bench.vault.files.delete('bench/warm.bin');
    const load = () =>
      loadavg()
        .map((x) => x.toFixed(1))
        .join(' ');
    const loadBefore = load();
    const rounds: Round[] = [];
    // The files' rounds, then the documents' once the node is idle: the file phase leaves work
    // behind it (a deleted file's blocks, the disk's writeback, garbage) that fell on the first
    // inserts of a round, so on the side going first (rounds alternated high and low with it).
    const pid = bench.node.process.pid!;
    const files = [];
    for (let r = 0; r < ROUNDS; r++) files.push(await fileRound(bench.vault, r));
    await settle(pid);
    for (let r = 0; r < ROUNDS; r++)
      rounds.push({ ...files[r]!, ...(await documentRound(bench.vault, pid, r)) });
    const loadAfter = load();
    type Timed = 'upload' | 'download' | 'insert' | 'find';
    const rows: [label: Timed, what: string, unit: string, target: number][] = [
      ['upload', `upload of ${FILE_MIB} MiB`, 'MiB/s', 0.6],
      ['download', `download of ${FILE_MIB} MiB`, 'MiB/s', 0.6],
      [
        'insert',
        `insert of ${DOCUMENTS} documents (one call; ${INSERTS} a side a round)`,
        'documents/s',
        0.7,
      ],
      ['find', `find of ${FOUND} documents (searchable equality; ${FINDS} a side a round)`, 'finds/s', 0.7],
    ];
    const cpuOf = { insert: 'insertCpu', find: 'findCpu' } as const;
    printTable(
      `End-to-end encryption through the SDK, encrypted ÷ plain (median of ${ROUNDS} rounds, child-process node; load average ${loadBefore} before, ${loadAfter} after)`,
      rows.map(([key, what, unit, target]) => {
        const ratios = rounds.map((r) => r[key][1] / r[key][0]);
        const ratio = median(ratios);
        const at = rounds[ratios.indexOf(ratio)] ?? rounds[0]!;
        const cpuKey = key === 'insert' || key === 'find' ? cpuOf[key] : undefined;
        const cpuRatios = cpuKey ? rounds.map((r) => r[cpuKey][0] / r[cpuKey][1]) : [];
        // Every round's calls taken together (a side's time added up over the rounds: the harmonic
        // mean of its rates, each round having as many calls). Work of the node (perhaps a checkpoint)
        // lands on one side in one round and on the other in the next; the median round's ratio
        // then swings with the number of rounds, the pooled one shares it out.
        const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
        const harmonic = (xs: number[]) => xs.length / xs.reduce((sum, x) => sum + 1 / x, 0);
        const pooled = harmonic(rounds.map((r) => r[key][1])) / harmonic(rounds.map((r) => r[key][0]));
        const pooledCpu = cpuKey
          ? mean(rounds.map((r) => r[cpuKey][0])) / mean(rounds.map((r) => r[cpuKey][1]))
          : undefined;
        return {
          what,
          plain: `${fmt(at[key][0], 1)} ${unit}`,
          encrypted: `${fmt(at[key][1], 1)} ${unit}`,
          'encrypted ÷ plain': fmt(ratio, 2),
          target: `≥ ${target}`,
          rounds: ratios.map((x) => fmt(x, 2)).join(' '),
          'pooled (all rounds: wall; CPU)': `${fmt(pooled, 2)}; ${pooledCpu === undefined ? '–' : fmt(pooledCpu, 2)}`,
          'by CPU (plain ÷ encrypted CPU per call; rounds)': cpuKey
            ? `${fmt(median(cpuRatios), 2)} (${cpuRatios.map((x) => fmt(x, 2)).join(' ')})`
            : '–',
        };
      }),
    );
  } finally {
    await bench.stop();
  }
}
