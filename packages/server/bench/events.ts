/**
 * The change feed (issue 23, docs/events.md) in one run, every figure a ratio of two measures taken
 * in the same run:
 * - single-insert throughput with 0, 10, 100 and 1,000 streams open on the same vault (each
 *   receiving every insert's event), in rounds going up and down the counts after a warm-up, each
 *   count's median ÷ the median with none (target at 100: ≥ 0.8); and the same by the node's CPU
 *   time per insert (what the ratio is when the node has a core to itself: this machine is shared);
 * - resident memory per idle stream, at 1,000 streams (target ≤ 64 KiB);
 * - delivery latency from an insert's acknowledgement to its event at a subscriber, p50 and p99,
 *   ÷ the insert's own round trip p50 / p99 (target ≤ 2); and the same with 100 more streams
 *   carrying those events (what the fan-out's pacing adds to one writer's events, docs/events.md);
 * - replay of 100,000 events from a cursor through the SDK (`vault.events.subscribe`) in events/s
 *   ÷ a find of the same 100,000 documents through the SDK in documents/s;
 * - two node processes on MongoDB (FerretDB): delivery at a subscriber held by the other process,
 *   p99 ÷ (the tail interval + 50 ms) (target ≤ 1).
 * The streams are read here by raw HTTP/1.1 connections that only count bytes, each read every
 * READ_EVERY_MS, so the load generator spends little on them (its CPU per insert is printed). CELLA_BENCH_SECONDS (2) per throughput sample,
 * CELLA_BENCH_ROUNDS (2) rounds. */
import { connect as connectSocket, type Socket } from 'node:net';
import { kuboBinary } from '@cella/block-store/testing';
import { mongoTargetAvailable } from '@cella/document-store/testing';
import { connect, createDevIdentity } from '@cella/sdk';
import { startScaleOut, type SpawnedNode } from '../src/testing/index.js';
import { cpuMs, fmt, load, median, percentile, printTable } from './lib.js';
import { rssMiB, startBenchNode, UNLIMITED } from './node-under-test.js';

const SECONDS = Number(process.env.CELLA_BENCH_SECONDS ?? 2);
const STREAM_COUNTS = [0, 10, 100, 1000];
const ROUNDS = Math.max(1, Number(process.env.CELLA_BENCH_ROUNDS ?? 2));
const LATENCY_INSERTS = 300;
const REPLAY_EVENTS = 100_000;
/** The default CELLA_EVENTS_TAIL_MS. */
const TAIL_MS = 500;
const TWO_PROCESS_INSERTS = 200;

interface OpenStream {
  socket: Socket;
  bytes: number;
  destroy(): void;
}

/**
 * How often the load generator reads its streams' sockets. Reading each stream as every page
 * arrives cost this process more CPU per insert than the node's whole fan-out (it shares the two
 * cores with the node): the real subscribers are other machines. The node's work is the same
 * either way — every byte is written to the socket and taken by the kernel's buffers, which hold a
 * tenth of a second of events — and the streams are still read whole, so no stream is cut.
 */
const READ_EVERY_MS = 100;
const paused = new Set<Socket>();
setInterval(() => {
  for (const socket of paused) socket.resume();
  paused.clear();
}, READ_EVERY_MS).unref();

/**
 * Opens one stream over a raw socket (HTTP/1.1 by hand: the bytes are counted, not parsed) and
 * resolves once its head arrived (the stream is then live).
 */
function openRawStream(url: string, token: string): Promise<OpenStream> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connectSocket(Number(port), hostname);
    const stream: OpenStream = { socket, bytes: 0, destroy: () => (paused.delete(socket), socket.destroy()) };
    let head = '';
    // An error once the head came is a stream that ended: nothing to report.
    socket.on('error', reject);
    socket.write(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    const onHead = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onHead);
      if (!head.startsWith('HTTP/1.1 200')) return reject(new Error(`stream: ${head.split('\r\n')[0]}`));
      socket.on('data', (data: Buffer) => {
        stream.bytes += data.length;
        socket.pause();
        paused.add(socket);
      });
      resolve(stream);
    };
    socket.on('data', onHead);
  });
}

async function openMany(url: string, token: string, count: number): Promise<OpenStream[]> {
  const out: OpenStream[] = [];
  // In batches: a thousand connections at once would queue behind the listen backlog.
  for (let i = 0; i < count; i += 50)
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, count - i) }, () => openRawStream(url, token)),
      )),
    );
  return out;
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchEvents(): Promise<void> {
  const bench = await startBenchNode({
    CELLA_EVENTS_MAX_STREAMS_PER_DID: '2000',
    CELLA_EVENTS_MAX_PER_VAULT: '1000000',
    // Every stream comes from this one address.
    CELLA_MAX_CONNECTIONS_PER_IP: '5000',
  });
  const streams: OpenStream[] = [];
  try {
    const url = bench.node.url;
    const token = bench.token;
    const pid = bench.node.process.pid!;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await bench.vault.db.createCollection('chat');
    const streamUrl = `${url}/api/v2/vault/events?collections=chat`;
    const insert = {
      url: `${url}/api/v2/vault/db/chat`,
      method: 'POST' as const,
      headers: auth,
      body: JSON.stringify({ document: { from: 'alice', text: 'lorem ipsum dolor sit amet '.repeat(4) } }),
    };
    /**
     * One sample: inserts/s, the node's CPU time per insert (µs) — see lib.ts `rounds` — and this
     * process's (the load generator's: the inserts and the streams' reading).
     */
    const insertRate = async (): Promise<{ rps: number; cpuUs: number; generatorUs: number }> => {
      const before = cpuMs(pid);
      const generatorBefore = process.cpuUsage();
      const r = await load({ ...insert, durationSeconds: SECONDS });
      if (r.errors + r.non2xx > 0) console.log(`WARNING: inserts: ${r.errors} errors, ${r.non2xx} non-2xx`);
      const generator = process.cpuUsage(generatorBefore);
      const total = Math.max(1, r.total);
      return {
        rps: r.requestsPerSecond,
        cpuUs: ((cpuMs(pid) - before) * 1000) / total,
        generatorUs: (generator.user + generator.system) / total,
      };
    };

    // Memory: 1,000 idle streams (no event flows), after opening as many once (their code warm).
    const closeAll = async () => {
      for (const s of streams.splice(0)) s.destroy();
      await settle(1500);
    };
    streams.push(...(await openMany(streamUrl, token, 1000)));
    await closeAll();
    const rssBefore = rssMiB(pid);
    streams.push(...(await openMany(streamUrl, token, 1000)));
    await settle(1500);
    const rssPerStreamKiB = ((rssMiB(pid) - rssBefore) * 1024) / 1000;
    await closeAll();

    // Warm-up: the insert path and the fan-out path (1,000 streams) both run before any sample.
    await load({ ...insert, durationSeconds: 2 });
    streams.push(...(await openMany(streamUrl, token, 1000)));
    await load({ ...insert, durationSeconds: 1 });
    await closeAll();

    // Throughput: rounds going up and down the stream counts (0, 10, 100, 1,000, 1,000, 100, 10,
    // 0), so a drift of the machine weighs on every count alike; each count's median over its
    // samples, as a ratio to the median with none.
    const samples = new Map<number, Array<{ rps: number; cpuUs: number; generatorUs: number }>>(
      STREAM_COUNTS.map((c) => [c, []]),
    );
    let deliveredBytes = 0;
    const holdStreams = async (count: number) => {
      if (streams.length < count) streams.push(...(await openMany(streamUrl, token, count - streams.length)));
      for (const s of streams.splice(count)) {
        deliveredBytes += s.bytes;
        s.destroy();
      }
      await settle(1000);
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const count of [...STREAM_COUNTS, ...[...STREAM_COUNTS].reverse()]) {
        await holdStreams(count);
        samples.get(count)!.push(await insertRate());
      }
    }
    await holdStreams(0);
    const rps = (count: number) => median(samples.get(count)!.map((x) => x.rps));
    const cpu = (count: number) => median(samples.get(count)!.map((x) => x.cpuUs));
    printTable(
      `Events: single inserts with streams open on the vault (${ROUNDS} rounds up and down, ${SECONDS} s per sample)`,
      STREAM_COUNTS.map((count) => ({
        streams: fmt(count),
        'inserts/s (median)': fmt(rps(count)),
        samples: samples
          .get(count)!
          .map((x) => fmt(x.rps))
          .join(', '),
        'vs 0 streams': fmt(rps(count) / rps(0), 2),
        'node CPU per insert (median)': `${fmt(cpu(count))} µs`,
        'by CPU vs 0 streams': fmt(cpu(0) / cpu(count), 2),
        'load generator CPU per insert': `${fmt(median(samples.get(count)!.map((x) => x.generatorUs)))} µs`,
        target: count === 100 ? '≥ 0.8' : '',
      })),
    );
    console.log(`(${fmt(deliveredBytes / 1024 / 1024, 1)} MiB of events delivered to the streams)`);

    // Latency: one subscriber; inserts one after another, each event's arrival against its ack;
    // then the same with 100 more streams carrying those events (the fan-out paces its pages).
    const arrived = new Map<number, number>();
    const latencyStream = bench.vault.events.subscribe({
      collections: ['latency'],
      types: ['document.inserted'],
    });
    const latency = bench.vault.db.collection('latency');
    await bench.vault.db.createCollection('latency');
    const reading = (async () => {
      for await (const event of latencyStream) {
        const k = (event as { document?: { k?: number } }).document?.k;
        if (typeof k === 'number') arrived.set(k, performance.now());
        if (arrived.size >= 2 * LATENCY_INSERTS) return;
      }
    })();
    await settle(500);
    const measureLatency = async (from: number) => {
      const roundTrips: number[] = [];
      const acks: number[] = [];
      for (let k = from; k < from + LATENCY_INSERTS; k++) {
        const sent = performance.now();
        await latency.insert({ k }, { timestamp: false });
        const acked = performance.now();
        roundTrips.push(acked - sent);
        acks.push(acked);
      }
      await Promise.race([
        (async () => {
          while (arrived.size < from + LATENCY_INSERTS) await settle(20);
        })(),
        settle(10_000),
      ]);
      return {
        delays: acks.map((at, i) => Math.max(0, (arrived.get(from + i) ?? Number.NaN) - at)),
        roundTrips,
      };
    };
    const alone = await measureLatency(0);
    streams.push(...(await openMany(`${url}/api/v2/vault/events?collections=latency`, token, 100)));
    await settle(1000);
    const crowded = await measureLatency(LATENCY_INSERTS);
    for (const s of streams.splice(0)) s.destroy();
    await reading;
    const rt50 = percentile(alone.roundTrips, 50);
    const rt99 = percentile(alone.roundTrips, 99);
    const d50 = percentile(alone.delays, 50);
    const d99 = percentile(alone.delays, 99);
    const crt50 = percentile(crowded.roundTrips, 50);
    const crt99 = percentile(crowded.roundTrips, 99);
    const c50 = percentile(crowded.delays, 50);
    const c99 = percentile(crowded.delays, 99);

    // Replay: 100,000 events from a cursor vs. a find of the same 100,000 documents (both via the SDK).
    // From the last event the latency stream saw: what follows is the replay collection's alone.
    const cursor = latencyStream.cursor;
    const replay = await bench.vault.db.createCollection('replay');
    for (let b = 0; b < REPLAY_EVENTS / 1000; b++)
      await replay.insert(
        Array.from({ length: 1000 }, (_, i) => ({ n: b * 1000 + i, text: 'lorem ipsum dolor sit amet' })),
        { timestamp: false },
      );
    let started = performance.now();
    const found = await replay.find({}, { batchSize: 1000 }).toArray();
    const findRate = found.length / ((performance.now() - started) / 1000);
    started = performance.now();
    let replayed = 0;
    for await (const event of bench.vault.events.subscribe({ since: cursor!, collections: ['replay'] })) {
      if (event.type === 'document.inserted' && ++replayed >= REPLAY_EVENTS) break;
    }
    const replayRate = replayed / ((performance.now() - started) / 1000);

    printTable('Events: delivery, replay and memory (one node, SQLite)', [
      {
        measure: `delivery after the insert's ack, p50 (${LATENCY_INSERTS} inserts)`,
        figure: `${fmt(d50, 2)} ms ÷ round trip ${fmt(rt50, 2)} ms = ${fmt(d50 / rt50, 2)}`,
        target: '≤ 2',
      },
      {
        measure: "delivery after the insert's ack, p99",
        figure: `${fmt(d99, 2)} ms ÷ round trip ${fmt(rt99, 2)} ms = ${fmt(d99 / rt99, 2)}`,
        target: '≤ 2',
      },
      {
        measure: 'the same with 100 more streams carrying those events, p50',
        figure: `${fmt(c50, 2)} ms ÷ round trip ${fmt(crt50, 2)} ms = ${fmt(c50 / crt50, 2)}`,
        target: '',
      },
      {
        measure: 'the same with 100 more streams, p99',
        figure: `${fmt(c99, 2)} ms ÷ round trip ${fmt(crt99, 2)} ms = ${fmt(c99 / crt99, 2)}`,
        target: '',
      },
      {
        measure: `replay of ${fmt(REPLAY_EVENTS)} events from a cursor ÷ find of as many documents`,
        figure: `${fmt(replayRate)} events/s ÷ ${fmt(findRate)} docs/s = ${fmt(replayRate / findRate, 2)}`,
        target: '',
      },
      {
        measure: 'resident memory per idle stream at 1,000 streams',
        figure: `${fmt(rssPerStreamKiB, 1)} KiB`,
        target: '≤ 64 KiB',
      },
    ]);
  } finally {
    for (const s of streams) s.destroy();
    await bench.stop();
  }
  await benchTwoProcesses();
}

/**
 * Two node processes on one MongoDB (FerretDB from the cached binary, or MONGODB_URI): inserts
 * through process A one at a time (with random pauses, so they fall at every phase of B's tail
 * timer), a subscriber (`vault.events.subscribe`) held by process B; the delay from each insert's
 * acknowledgement to its event at the subscriber, against the tail interval + 50 ms (the target).
 */
async function benchTwoProcesses(): Promise<void> {
  if (!mongoTargetAvailable() || kuboBinary() === undefined) {
    console.log('\n(events across two processes not measured: needs FerretDB or MONGODB_URI, and kubo)');
    return;
  }
  const cluster = await startScaleOut({
    processes: 2,
    env: { ...UNLIMITED, CELLA_EVENTS_TAIL_MS: String(TAIL_MS), CELLA_LOG_LEVEL: 'error' },
  });
  try {
    const [a, b] = cluster.nodes as [SpawnedNode, SpawnedNode];
    const { signer } = createDevIdentity();
    const onA = await connect({ url: a.url, signer });
    const onB = await connect({ url: b.url, signer });
    const latency = await onA.db.createCollection('latency');
    const arrived = new Map<number, number>();
    const controller = new AbortController();
    const subscription = onB.events.subscribe({
      collections: ['latency'],
      types: ['document.inserted'],
      signal: controller.signal,
    });
    const reading = (async () => {
      for await (const event of subscription) {
        const k = (event as { document?: { k?: number } }).document?.k;
        if (typeof k === 'number') arrived.set(k, performance.now());
        if (arrived.size >= TWO_PROCESS_INSERTS) return;
      }
    })();
    // Live once its first frame (the cursor of now) came.
    while (subscription.cursor === undefined) await settle(20);
    const roundTrips: number[] = [];
    const acked: number[] = [];
    for (let k = 0; k < TWO_PROCESS_INSERTS; k++) {
      await settle(Math.random() * 30);
      const sent = performance.now();
      await latency.insert({ k }, { timestamp: false });
      acked[k] = performance.now();
      roundTrips.push(acked[k]! - sent);
    }
    const timeout = setTimeout(() => controller.abort(), 30_000);
    await reading.catch(() => undefined);
    clearTimeout(timeout);
    const delays = acked.map((at, k) => Math.max(0, (arrived.get(k) ?? Number.POSITIVE_INFINITY) - at));
    const bound = TAIL_MS + 50;
    printTable(`Events across two node processes on MongoDB (FerretDB), tail every ${TAIL_MS} ms`, [
      {
        measure: `delivery at a subscriber on B after the insert's ack on A, p50 (${TWO_PROCESS_INSERTS} inserts)`,
        figure: `${fmt(percentile(delays, 50), 1)} ms ÷ (tail + 50 ms = ${bound} ms) = ${fmt(percentile(delays, 50) / bound, 2)}`,
        target: '',
      },
      {
        measure: 'delivery at a subscriber on B, p99',
        figure: `${fmt(percentile(delays, 99), 1)} ms ÷ ${bound} ms = ${fmt(percentile(delays, 99) / bound, 2)}`,
        target: '≤ 1',
      },
      {
        measure: 'the insert round trip on A, p50 / p99',
        figure: `${fmt(percentile(roundTrips, 50), 1)} / ${fmt(percentile(roundTrips, 99), 1)} ms`,
        target: '',
      },
    ]);
  } finally {
    await cluster.stop();
  }
}
