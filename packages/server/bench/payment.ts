/**
 * Payment and quota figures, one run:
 *
 * 1. settle latency on anvil (ms, median over 20): a node (child process) configured on a dev chain;
 *    each round places an order and pays it through the SDK, then times `POST /payment/settle` alone
 *    (chain read at the confirmed block, checks, claim, upgrade, receipt);
 * 2. the cost of the quota check on the upload path: upload MiB/s of a 256 MiB file
 *    (BENCH_QUOTA_MIB) into a node that enforces the quota (the default: checked on the declared
 *    length, enforced while the bytes stream, charged with the metadata) and one started with
 *    CELLA_QUOTA_ENFORCEMENT=false, alternated twice in the same run;
 * 3. the same for the database write path: single-document inserts over HTTP, enforced and not.
 *
 * `CELLA_BENCH_ONLY=payment npm run bench -w @cella/server` (CELLA_BENCH_SECONDS sets the load duration, default 5).
 */
import { startDevChain } from '@cella/contracts-abi/dev-chain';
import { payOrder as payWithEthers } from '@cella/sdk/ethers';
import { JsonRpcProvider, Wallet } from 'ethers';
import { uploadRate } from './files.js';
import { fmt, load, pct, percentile, printTable } from './lib.js';
import { startBenchNode } from './node-under-test.js';

const ROUNDS = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function benchSettle(): Promise<void> {
  const chain = await startDevChain();
  const bench = await startBenchNode({
    CELLA_ESC_RPC_URL: chain.rpcUrl,
    CELLA_ESC_CHAIN_ID: String(chain.chainId),
    CELLA_PAYMENT_CONTRACT: chain.contractAddress,
    CELLA_PAYMENT_RECEIVING_ADDRESS: chain.accounts[1]!.address,
  });
  const provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  try {
    const wallet = new Wallet(chain.accounts[2]!.privateKey, provider);
    const payment = bench.vault.payment;
    // Warm-up: first chain connection, first JWT signatures.
    await payment.settle(await payWithEthers(payment, await payment.placeOrder('Standard'), wallet));
    const place: number[] = [];
    const pay: number[] = [];
    const settle: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      const order = await payment.placeOrder(i % 2 ? 'Premium' : 'Standard');
      place.push(performance.now() - t);
      t = performance.now();
      const paid = await payWithEthers(payment, order, wallet);
      pay.push(performance.now() - t);
      t = performance.now();
      await payment.settle(paid);
      settle.push(performance.now() - t);
    }
    const row = (measure: string, v: number[]) => ({
      measure,
      'median ms': fmt(median(v), 1),
      'p90 ms': fmt(percentile(v, 90), 1),
      'min ms': fmt(Math.min(...v), 1),
      'max ms': fmt(Math.max(...v), 1),
    });
    printTable(`Payment on anvil (node in a child process, SQLite; ${ROUNDS} rounds)`, [
      row('POST /payment/settle (read order at confirmed block, checks, upgrade, receipt)', settle),
      row('POST /payment/order (order + signed proof)', place),
      row('SDK payOrder (send, mined, OrderPay event) — client side, for scale', pay),
    ]);
  } finally {
    provider.destroy();
    await bench.stop();
    await chain.stop();
  }
}

async function insertRate(env: Record<string, string>): Promise<{ rps: number; p99: number }> {
  const bench = await startBenchNode(env);
  try {
    await bench.vault.db.createCollection('bench');
    const payload = 'lorem ipsum dolor sit amet '.repeat(4);
    const result = await load({
      url: `${bench.node.url}/api/v2/vault/db/bench`,
      method: 'POST',
      headers: { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document: { single: true, payload } }),
    });
    if (result.errors + result.non2xx > 0)
      console.log(`WARNING: ${result.errors} errors, ${result.non2xx} non-2xx`);
    return { rps: result.requestsPerSecond, p99: result.p99Ms };
  } finally {
    await bench.stop();
  }
}

async function benchQuotaCheck(): Promise<void> {
  const on: Array<{ rps: number; p99: number }> = [];
  const off: Array<{ rps: number; p99: number }> = [];
  for (let round = 0; round < 2; round++) {
    on.push(await insertRate({}));
    off.push(await insertRate({ CELLA_QUOTA_ENFORCEMENT: 'false' }));
  }
  const mean = (xs: Array<{ rps: number }>) => xs.reduce((s, x) => s + x.rps, 0) / xs.length;
  const rows = [
    ...on.map((r, i) => ({
      run: `quota enforced, round ${i + 1}`,
      'insert req/s': fmt(r.rps),
      'p99 ms': fmt(r.p99),
    })),
    ...off.map((r, i) => ({
      run: `no quota accounting, round ${i + 1}`,
      'insert req/s': fmt(r.rps),
      'p99 ms': fmt(r.p99),
    })),
  ];
  printTable(
    'Quota check on the database write path (single insert over HTTP, SQLite, 10 connections)',
    rows,
  );
  const enforced = mean(on);
  const free = mean(off);
  console.log(
    `\nmean: ${fmt(enforced)} req/s enforced vs ${fmt(free)} req/s without accounting → enforced runs at ${pct(enforced, free)} ` +
      `(the conditional increment of the vault record inside each write's transaction).`,
  );
}

async function benchQuotaOnUpload(): Promise<void> {
  const mib = Number(process.env.BENCH_QUOTA_MIB ?? 256);
  const on: Array<{ mibPerSecond: number; cpuMsPerMiB: number }> = [];
  const off: Array<{ mibPerSecond: number; cpuMsPerMiB: number }> = [];
  for (let round = 0; round < 2; round++) {
    on.push(await uploadRate({}, mib));
    off.push(await uploadRate({ CELLA_QUOTA_ENFORCEMENT: 'false' }, mib));
  }
  const row = (run: string) => (r: { mibPerSecond: number; cpuMsPerMiB: number }, i: number) => ({
    run: `${run}, round ${i + 1}`,
    'upload MiB/s': fmt(r.mibPerSecond),
    'node CPU ms/MiB': fmt(r.cpuMsPerMiB, 2),
  });
  printTable(`Quota check on the upload path (${mib} MiB file over HTTP, helia, curl)`, [
    ...on.map(row('quota enforced')),
    ...off.map(row('no quota accounting')),
  ]);
  const mean = (xs: Array<{ mibPerSecond: number }>) =>
    xs.reduce((s, x) => s + x.mibPerSecond, 0) / xs.length;
  console.log(
    `\nmean: ${fmt(mean(on))} MiB/s enforced vs ${fmt(mean(off))} MiB/s without accounting → enforced runs at ` +
      `${pct(mean(on), mean(off))} (the quota is checked once on Content-Length, counted per piece, charged once).`,
  );
}

export async function benchPayment(): Promise<void> {
  await benchSettle();
  await benchQuotaOnUpload();
  await benchQuotaCheck();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPayment();
