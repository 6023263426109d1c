// Shared test helpers: compile the test-only contracts and build ethers objects on a dev chain.
import { readFile } from 'node:fs/promises';
import { ContractFactory, JsonRpcProvider, Wallet, type Contract, type Signer } from 'ethers';
import { compileSolidity, type CompiledContract } from '../scripts/solc-build.js';
import type { DevChain } from '../src/dev-chain.js';

type TestContracts = Record<'ReentrantReceiver' | 'RejectingReceiver', CompiledContract>;
let testContracts: Promise<TestContracts> | undefined;

/** Compiles test/contracts/TestReceivers.sol once per test file. */
export function compileTestContracts(): Promise<TestContracts> {
  testContracts ??= compileTestSources();
  return testContracts;
}

async function compileTestSources(): Promise<TestContracts> {
  const key = 'test/contracts/TestReceivers.sol';
  const source = await readFile(new URL('./contracts/TestReceivers.sol', import.meta.url), 'utf8');
  const out = compileSolidity({ [key]: source }).contracts[key];
  const reentrant = out?.ReentrantReceiver;
  const rejecting = out?.RejectingReceiver;
  if (!reentrant || !rejecting) throw new Error('test contracts did not compile');
  return { ReentrantReceiver: reentrant, RejectingReceiver: rejecting };
}

export async function deployCompiled(
  compiled: CompiledContract,
  signer: Signer,
  ...args: unknown[]
): Promise<Contract> {
  const factory = new ContractFactory(compiled.abi, compiled.bytecode, signer);
  const contract = await factory.deploy(...args);
  await contract.waitForDeployment();
  return contract as Contract;
}

export function providerFor(chain: DevChain): JsonRpcProvider {
  return new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true, cacheTimeout: -1 });
}

/** Wallet for dev account `i` on `provider`. */
export function walletFor(chain: DevChain, provider: JsonRpcProvider, i: number): Wallet {
  const account = chain.accounts[i];
  if (!account) throw new Error(`no dev account ${i}`);
  return new Wallet(account.privateKey, provider);
}

/** A memo the size of a real order proof JWT (ES256, ~600 characters). */
export function jwtLikeMemo(tag: string): string {
  return `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(JSON.stringify({ tag, pad: 'x'.repeat(400) })).toString('base64url')}.sig-${tag}`;
}
