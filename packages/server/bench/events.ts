/**
 * The change feed (issue 23, docs/events.md) in one run, every figure a ratio of two measures taken
 * on the same node minutes apart:
 * - single-insert throughput with 10, 100 and 1,000 streams open on the same vault (each receiving
 *   every insert's event) ÷ the throughput with none (target at 100: ≥ 0.8);
 * - resident memory per idle stream, at 1,000 streams (target ≤ 64 KiB);
 * - delivery latency from an insert's acknowledgement to its event at a subscriber, p50 and p99,
 *   ÷ the insert's own round trip p50 / p99 (target ≤ 2);
 * - replay of 100,000 events from a cursor through the SDK (`vault.events.subscribe`) in events/s
 *   ÷ a find of the same 100,000 documents through the SDK in documents/s.
 * The streams are read here by plain HTTP/1.1 connections that only count bytes, so the load
 * generator spends little on them. CELLA_BENCH_SECONDS (3) per throughput phase.
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { fmt, load, percentile, printTable } from './lib.js';
import { rssMiB, startBenchNode } from './node-under-test.js';

const SECONDS = Number(process.env.CELLA_BENCH_SECONDS ?? 3);
const STREAM_COUNTS = [10, 100, 1000];
const LATENCY_INSERTS = 300;
const REPLAY_EVENTS = 100_000;

interface OpenStream {
  request: ClientRequest;
  bytes: number;
}

/** Opens one stream and resolves once its headers arrived (the stream is then live). */
function openRawStream(url: string, token: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const stream: OpenStream = { request: undefined as unknown as ClientRequest, bytes: 0 };
    stream.request = request(
      url,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, agent: false },
      (response: IncomingMessage) => {
        if (response.statusCode !== 200) return reject(new Error(`stream: HTTP ${response.statusCode}`));
        response.on('data', (chunk: Buffer) => (stream.bytes += chunk.length));
        response.on('error', () => undefined);
        resolve(stream);
      },
    );
    stream.request.on('error', (error) => (stream.bytes >= 0 ? reject(error) : undefined));
    stream.request.end();
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
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await bench.vault.db.createCollection('chat');
    const streamUrl = `${url}/api/v2/vault/events?collections=chat`;
    const insert = {
      url: `${url}/api/v2/vault/db/chat`,
      method: 'POST' as const,
      headers: auth,
      body: JSON.stringify({ document: { from: 'alice', text: 'lorem ipsum dolor sit amet '.repeat(4) } }),
    };
    const insertRate = async () => {
      const r = await load({ ...insert, durationSeconds: SECONDS });
      if (r.errors + r.non2xx > 0) console.log(`WARNING: inserts: ${r.errors} errors, ${r.non2xx} non-2xx`);
      return r.requestsPerSecond;
    };

    // Throughput with 0, 10, 100, 1,000 streams; 0 again at the end (how much the machine drifted).
    await load({ ...insert, durationSeconds: 1 }); // warm-up
    await settle(500);
    const rssIdle0 = rssMiB(bench.node.process.pid!);
    const base = await insertRate();
    const rows: Array<Record<string, string>> = [
      { streams: '0', 'inserts/s': fmt(base), 'vs 0 streams': '1.00', target: '' },
    ];
    let rssPerStreamKiB = Number.NaN;
    for (const count of STREAM_COUNTS) {
      streams.push(...(await openMany(streamUrl, token, count - streams.length)));
      await settle(1000);
      if (count === 1000) rssPerStreamKiB = ((rssMiB(bench.node.process.pid!) - rssIdle0) * 1024) / count;
      const rate = await insertRate();
      rows.push({
        streams: fmt(count),
        'inserts/s': fmt(rate),
        'vs 0 streams': fmt(rate / base, 2),
        target: count === 100 ? '≥ 0.8' : '',
      });
    }
    const delivered = streams.reduce((sum, s) => sum + s.bytes, 0);
    for (const s of streams.splice(0)) s.request.destroy();
    await settle(1000);
    const after = await insertRate();
    rows.push({
      streams: '0 (again)',
      'inserts/s': fmt(after),
      'vs 0 streams': fmt(after / base, 2),
      target: '',
    });
    printTable(`Events: single inserts with streams open on the vault (${SECONDS} s each)`, rows);
    console.log(`(${fmt(delivered / 1024 / 1024, 1)} MiB of events delivered to the streams)`);

    // Latency: one subscriber; inserts one after another, each event's arrival against its ack.
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
        if (arrived.size >= LATENCY_INSERTS) return;
      }
    })();
    await settle(500);
    const roundTrips: number[] = [];
    const acked: number[] = [];
    for (let k = 0; k < LATENCY_INSERTS; k++) {
      const sent = performance.now();
      await latency.insert({ k }, { timestamp: false });
      acked[k] = performance.now();
      roundTrips.push(acked[k]! - sent);
    }
    await reading;
    const delays = acked.map((at, k) => Math.max(0, (arrived.get(k) ?? Number.NaN) - at));
    const rt50 = percentile(roundTrips, 50);
    const rt99 = percentile(roundTrips, 99);
    const d50 = percentile(delays, 50);
    const d99 = percentile(delays, 99);

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
    for (const s of streams) s.request.destroy();
    await bench.stop();
  }
}
