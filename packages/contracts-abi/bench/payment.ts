// Benchmark on a local anvil: payOrder latency (send → mined receipt → orderId) and gas, getOrder
// latency, and dev-chain startup. Prints figures; asserts nothing. Run: npm run bench.
import { JsonRpcProvider, Wallet } from 'ethers';
import { getOrder, payOrder } from '../src/ethers.js';
import { startDevChain } from '../src/dev-chain.js';

const ROUNDS = 20;
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const ms = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

const startups: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = process.hrtime.bigint();
  const c = await startDevChain();
  startups.push(ms(t));
  await c.stop();
}

const chain = await startDevChain({ platformFeeRate: 5 });
const provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true, cacheTimeout: -1 });
try {
  const payer = new Wallet(chain.accounts[1]!.privateKey, provider);
  const to = chain.accounts[2]!.address;
  // A memo the size of a real order proof (ES256 JWT with the order claims): ~700 characters.
  const memo = `eyJhbGciOiJFUzI1NiJ9.${'x'.repeat(620)}.${'s'.repeat(86)}`;
  const pay: number[] = [];
  const read: number[] = [];
  let gas = 0n;
  for (let i = 0; i < ROUNDS; i++) {
    let t = process.hrtime.bigint();
    const paid = await payOrder(chain.contractAddress, payer, { to, memo, valueWei: 10n ** 18n });
    pay.push(ms(t));
    gas = (await provider.getTransactionReceipt(paid.txHash))!.gasUsed;
    t = process.hrtime.bigint();
    await getOrder(provider, chain.contractAddress, paid.orderId);
    read.push(ms(t));
  }
  console.log(`dev chain start (anvil + deploy), median of 5: ${median(startups).toFixed(1)} ms`);
  console.log(`payOrder send→receipt→orderId, median of ${ROUNDS}: ${median(pay).toFixed(1)} ms`);
  console.log(`getOrder, median of ${ROUNDS}: ${median(read).toFixed(2)} ms`);
  console.log(`payOrder gas with a ${memo.length}-char memo and a 5 % fee: ${gas}`);
} finally {
  provider.destroy();
  await chain.stop();
}
