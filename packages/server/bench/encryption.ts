/**
 * End-to-end encryption's cost to an app (issue 25), through the SDK in this process against a
 * child-process node, each encrypted figure beside the plain one of the same bytes measured in the
 * same round (each round runs both, plain first in even rounds and encrypted first in odd ones, after
 * a warm-up; the figure is the median round's ratio, printed with the load average):
 * - upload and download of one streamed file (256 MiB): encrypted MiB/s ÷ plain MiB/s (target ≥ 0.6);
 * - insert of 1,000 documents in one call: encrypted ÷ plain documents/s (target ≥ 0.7);
 * - find of 100 documents (equality on a searchable field, 100 of the 1,000): encrypted ÷ plain
 *   finds/s (target ≥ 0.7).
 *
 *   CELLA_BENCH_ONLY=encryption npm run bench -w @cella/server
 *   BENCH_ENCRYPTION_MIB=256   the file's size
 *   BENCH_ENCRYPTION_ROUNDS=3  rounds (the median round's ratios are printed)
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type { Vault } from '@cella/sdk';
import { fmt, median, printTable } from './lib.js';
import { startBenchNode } from './node-under-test.js';

const MiB = 1024 * 1024;
const FILE_MIB = Number(process.env.BENCH_ENCRYPTION_MIB ?? 256);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ENCRYPTION_ROUNDS ?? 3));
const DOCUMENTS = 1000;
const FOUND = 100;
const FINDS = 30;

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
}

async function round(vault: Vault, r: number): Promise<Round> {
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

  const docs = Array.from({ length: DOCUMENTS }, (_, i) => note(i));
  const plain = await vault.db.createCollection(`plain_${r}`);
  const sealed = await vault.db.createCollection(`sealed_${r}`, { encrypt: true, searchable: ['tag'] });
  await sealed.count(); // the collection's keys derived before the clock starts, as after an app's first call
  const inserts = async (collection: typeof plain | typeof sealed) =>
    DOCUMENTS / (await seconds(() => collection.insert(docs.map((d) => ({ ...d })))));
  const insert: Round['insert'] = first
    ? [await inserts(plain), await inserts(sealed)]
    : (([s, p]) => [p, s] as Round['insert'])([await inserts(sealed), await inserts(plain)]);
  const finds = async (find: () => Promise<unknown[]>) =>
    FINDS /
    (await seconds(async () => {
      for (let i = 0; i < FINDS; i++) {
        const found = await find();
        if (found.length !== FOUND) throw new Error(`found ${found.length} of ${FOUND}`);
      }
    }));
  await plain.find({ tag: 'wanted' }).toArray(); // both warmed (the node's plan cache, the client's code)
  await sealed.find({ tag: 'wanted' }).toArray();
  const plainFinds = () => finds(() => plain.find({ tag: 'wanted' }).toArray());
  const sealedFinds = () => finds(() => sealed.find({ tag: 'wanted' }).toArray());
  const find: Round['find'] = first
    ? [await plainFinds(), await sealedFinds()]
    : (([s, p]) => [p, s] as Round['find'])([await sealedFinds(), await plainFinds()]);
  await vault.db.deleteCollection(`plain_${r}`);
  await vault.db.deleteCollection(`sealed_${r}`);
  return { upload, download, insert, find };
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
    for (let r = 0; r < ROUNDS; r++) rounds.push(await round(bench.vault, r));
    const loadAfter = load();
    const rows: [label: keyof Round, what: string, unit: string, target: number][] = [
      ['upload', `upload of ${FILE_MIB} MiB`, 'MiB/s', 0.6],
      ['download', `download of ${FILE_MIB} MiB`, 'MiB/s', 0.6],
      ['insert', `insert of ${DOCUMENTS} documents (one call)`, 'documents/s', 0.7],
      ['find', `find of ${FOUND} documents (searchable equality)`, 'finds/s', 0.7],
    ];
    printTable(
      `End-to-end encryption through the SDK, encrypted ÷ plain (median of ${ROUNDS} rounds, child-process node; load average ${loadBefore} before, ${loadAfter} after)`,
      rows.map(([key, what, unit, target]) => {
        const ratios = rounds.map((r) => r[key][1] / r[key][0]);
        const ratio = median(ratios);
        const at = rounds[ratios.indexOf(ratio)] ?? rounds[0]!;
        return {
          what,
          plain: `${fmt(at[key][0], 1)} ${unit}`,
          encrypted: `${fmt(at[key][1], 1)} ${unit}`,
          'encrypted ÷ plain': fmt(ratio, 2),
          target: `≥ ${target}`,
          rounds: ratios.map((x) => fmt(x, 2)).join(' '),
        };
      }),
    );
  } finally {
    await bench.stop();
  }
}
