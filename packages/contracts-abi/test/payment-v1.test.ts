// PaymentV1 on a real anvil: payments, fee split, stored orders, events, per-payer lists,
// refusals decoded from custom errors, owner-only fee changes, and reentrancy.
import { Contract, Interface, parseEther, type JsonRpcProvider, type Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentContractError, splitPayment } from '../src/index.js';
import {
  decodePaymentV1Error,
  deployPaymentV1,
  getOrder,
  getPlatformFee,
  parseOrderPayEvents,
  payOrder,
  paymentV1Contract,
  paymentV1Interface,
} from '../src/ethers.js';
import { startDevChain, type DevChain } from '../src/dev-chain.js';
import { compileTestContracts, deployCompiled, jwtLikeMemo, providerFor, walletFor } from './support.js';

let chain: DevChain;
let provider: JsonRpcProvider;
let owner: Wallet; // accounts[0]: deploys and owns
let payerA: Wallet;
let payerB: Wallet;
let node: string; // a vault node's receiving address (never sends, so its balance is exact)
let platform: string; // the platform fee address (never sends either)

beforeAll(async () => {
  chain = await startDevChain();
  provider = providerFor(chain);
  owner = walletFor(chain, provider, 0);
  payerA = walletFor(chain, provider, 1);
  payerB = walletFor(chain, provider, 2);
  node = chain.accounts[3]!.address;
  platform = chain.accounts[4]!.address;
});

afterAll(async () => {
  provider?.destroy();
  await chain?.stop();
});

/** A fresh contract, so each test sees ids from 0 and its own fee setting. */
async function freshContract(platformFeeRate = 5): Promise<string> {
  const { address } = await deployPaymentV1(owner, { platformAddress: platform, platformFeeRate });
  return address;
}

/** The promise's rejection, which must be a PaymentContractError. */
async function contractError(promise: Promise<unknown>): Promise<PaymentContractError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the contract to revert');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentContractError);
  return error as PaymentContractError;
}

describe('payOrder', () => {
  it('splits the payment: the platform fee to the platform, the rest to the recipient', async () => {
    const address = await freshContract(5);
    const value = parseEther('2.5');
    const [nodeBefore, platformBefore, payerBefore] = await Promise.all([
      provider.getBalance(node),
      provider.getBalance(platform),
      provider.getBalance(payerA.address),
    ]);

    const paid = await payOrder(address, payerA, { to: node, memo: jwtLikeMemo('split'), valueWei: value });

    const receipt = await provider.getTransactionReceipt(paid.txHash);
    const [nodeAfter, platformAfter, payerAfter, contractBalance] = await Promise.all([
      provider.getBalance(node),
      provider.getBalance(platform),
      provider.getBalance(payerA.address),
      provider.getBalance(address),
    ]);
    expect(platformAfter - platformBefore).toBe(parseEther('0.125')); // 5 %
    expect(nodeAfter - nodeBefore).toBe(parseEther('2.375'));
    expect(payerBefore - payerAfter).toBe(value + receipt!.fee);
    expect(contractBalance).toBe(0n); // nothing stays in the contract
    expect(splitPayment(value, 5)).toEqual({
      platformFee: parseEther('0.125'),
      recipientAmount: parseEther('2.375'),
    });
  });

  it('rounds the fee down, in the recipient’s favour', async () => {
    const address = await freshContract(5);
    const nodeBefore = await provider.getBalance(node);
    const platformBefore = await provider.getBalance(platform);
    await payOrder(address, payerA, { to: node, memo: 'odd', valueWei: 39n }); // 5 % of 39 = 1.95
    expect((await provider.getBalance(platform)) - platformBefore).toBe(1n);
    expect((await provider.getBalance(node)) - nodeBefore).toBe(38n);
  });

  it('sends everything to the recipient when the fee is 0, and everything to the platform at 100', async () => {
    for (const [rate, toNode, toPlatform] of [
      [0, 1000n, 0n],
      [100, 0n, 1000n],
    ] as const) {
      const address = await freshContract(rate);
      const nodeBefore = await provider.getBalance(node);
      const platformBefore = await provider.getBalance(platform);
      await payOrder(address, payerA, { to: node, memo: `rate ${rate}`, valueWei: 1000n });
      expect((await provider.getBalance(node)) - nodeBefore).toBe(toNode);
      expect((await provider.getBalance(platform)) - platformBefore).toBe(toPlatform);
      // The order records the gross amount either way.
      expect((await getOrder(provider, address, 0)).amount).toBe(1000n);
    }
  });

  it('stores the order with the gross amount, recipient and memo, readable by id', async () => {
    const address = await freshContract(5);
    const memo = jwtLikeMemo('stored');
    const { orderId, blockNumber } = await payOrder(address, payerA, {
      to: node,
      memo,
      valueWei: parseEther('1'),
    });

    expect(orderId).toBe(0n);
    expect(blockNumber).toBeGreaterThan(0);
    expect(await getOrder(provider, address, orderId)).toEqual({
      orderId: 0n,
      amount: parseEther('1'),
      to: node,
      memo,
    });
  });

  it('emits OrderPay(from, to, amount, orderId) with unindexed parameters', async () => {
    const address = await freshContract(5);
    const { txHash, orderId } = await payOrder(address, payerB, { to: node, memo: 'event', valueWei: 777n });
    const receipt = (await provider.getTransactionReceipt(txHash))!;

    expect(parseOrderPayEvents(receipt, address)).toEqual([
      { from: payerB.address, to: node, amount: 777n, orderId },
    ]);
    // Exactly HivePaymentV1's event: one topic (the signature), all fields in data.
    const log = receipt.logs.find((l) => l.topics[0] === paymentV1Interface.getEvent('OrderPay')!.topicHash)!;
    expect(log.topics).toHaveLength(1);
    // And visible to a log query, as a node scanning for payments would do.
    const events = await paymentV1Contract(address, provider).queryFilter(
      'OrderPay',
      receipt.blockNumber,
      receipt.blockNumber,
    );
    expect(events).toHaveLength(1);
  });

  it('numbers orders sequentially from 0 across payers', async () => {
    const address = await freshContract(0);
    const ids: bigint[] = [];
    for (const payer of [payerA, payerB, payerA, payerA, payerB]) {
      ids.push(
        (await payOrder(address, payer, { to: node, memo: `seq ${ids.length}`, valueWei: 10n })).orderId,
      );
    }
    expect(ids).toEqual([0n, 1n, 2n, 3n, 4n]);
    expect((await getOrder(provider, address, 4)).memo).toBe('seq 4');
  });

  it('keeps per-payer lists: getOrders, getOrderByAddress, getOrderCountByAddress', async () => {
    const address = await freshContract(0);
    const pay = (payer: Wallet, memo: string, valueWei: bigint) =>
      payOrder(address, payer, { to: node, memo, valueWei });
    await pay(payerA, 'a0', 1n);
    await pay(payerB, 'b0', 2n);
    await pay(payerA, 'a1', 3n);
    const contract = paymentV1Contract(address, provider);

    expect(await contract.getFunction('getOrderCountByAddress').staticCall(payerA.address)).toBe(2n);
    expect(await contract.getFunction('getOrderCountByAddress').staticCall(payerB.address)).toBe(1n);
    expect(await contract.getFunction('getOrderCountByAddress').staticCall(node)).toBe(0n);

    const ordersOfA = (await contract.getFunction('getOrders').staticCall(payerA.address)) as unknown[][];
    expect(ordersOfA.map((o) => [...o])).toEqual([
      [0n, 1n, node, 'a0'],
      [2n, 3n, node, 'a1'],
    ]);
    expect([...((await contract.getFunction('getOrders').staticCall(node)) as unknown[])]).toEqual([]);

    const second = (await contract
      .getFunction('getOrderByAddress')
      .staticCall(payerA.address, 1)) as unknown[];
    expect([...second]).toEqual([2n, 3n, node, 'a1']);

    const err = await contract
      .getFunction('getOrderByAddress')
      .staticCall(payerB.address, 1)
      .catch((e: unknown) => e);
    expect(decodePaymentV1Error(err)).toEqual({ name: 'InvalidOrderIndex', args: [payerB.address, 1n] });
  });
});

describe('refusals', () => {
  let address: string;
  beforeAll(async () => {
    address = await freshContract(5);
  });

  it('leaves reverts that are not PaymentV1 errors undecoded (e.g. a HivePaymentV1 revert string)', async () => {
    const { RejectingReceiver } = await compileTestContracts();
    const rejecting = await deployCompiled(RejectingReceiver, owner);
    const err = await payerA
      .sendTransaction({ to: await rejecting.getAddress(), value: 1n })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(decodePaymentV1Error(err)).toBeNull(); // Error("no thanks") is not one of ours
  });

  it('refuses a zero-value payment with ZeroValue and stores nothing', async () => {
    const err = await contractError(payOrder(address, payerA, { to: node, memo: 'free?', valueWei: 0n }));
    expect(err.errorName).toBe('ZeroValue');
    expect(err.args).toEqual([]);

    // The same revert decoded from a raw ethers error (anvil's reply carries the data, ethers'
    // `revert` field stays empty for sends), and through a static call.
    const raw = new Contract(address, paymentV1Interface, payerA);
    const sendError = await raw
      .getFunction('payOrder')
      .send(node, 'free?', { value: 0n })
      .catch((e: unknown) => e);
    expect(decodePaymentV1Error(sendError)?.name).toBe('ZeroValue');
    const callError = await raw
      .getFunction('payOrder')
      .staticCall(node, 'free?', { value: 0n })
      .catch((e: unknown) => e);
    expect(decodePaymentV1Error(callError)?.name).toBe('ZeroValue');

    const count = (await paymentV1Contract(address, provider)
      .getFunction('getOrderCountByAddress')
      .staticCall(payerA.address)) as bigint;
    expect(count).toBe(0n);
  });

  it('refuses the zero address as recipient', async () => {
    const err = await contractError(
      payOrder(address, payerA, {
        to: '0x0000000000000000000000000000000000000000',
        memo: 'm',
        valueWei: 1n,
      }),
    );
    expect(err.errorName).toBe('InvalidRecipient');
  });

  it('answers an unknown order id with InvalidOrderId(id)', async () => {
    const err = await contractError(getOrder(provider, address, 999));
    expect(err.errorName).toBe('InvalidOrderId');
    expect(err.args).toEqual([999n]);
  });

  it('reads at a given block: an order paid later is unknown there', async () => {
    const before = await provider.getBlockNumber();
    const { orderId } = await payOrder(address, payerA, { to: node, memo: 'later', valueWei: 5n });
    expect((await getOrder(provider, address, orderId)).memo).toBe('later');
    const err = await contractError(getOrder(provider, address, orderId, { blockTag: before }));
    expect(err.errorName).toBe('InvalidOrderId');
  });

  it('refuses plain transfers (no receive/fallback), so no value gets stuck in the contract', async () => {
    await expect(payerA.sendTransaction({ to: address, value: 1n })).rejects.toThrow();
    await expect(payerA.sendTransaction({ to: address, value: 1n, data: '0x12345678' })).rejects.toThrow();
    expect(await provider.getBalance(address)).toBe(0n);
  });

  it('fails the whole payment when the recipient refuses the value', async () => {
    const { RejectingReceiver } = await compileTestContracts();
    const rejecting = await deployCompiled(RejectingReceiver, owner);
    const rejectingAddress = await rejecting.getAddress();
    const err = await contractError(
      payOrder(address, payerB, { to: rejectingAddress, memo: 'm', valueWei: 100n }),
    );
    expect(err.errorName).toBe('TransferFailed');
    expect(err.args).toEqual([rejectingAddress, 95n]);
    const count = (await paymentV1Contract(address, provider)
      .getFunction('getOrderCountByAddress')
      .staticCall(payerB.address)) as bigint;
    expect(count).toBe(0n); // the stored order was rolled back with the payment
  });
});

describe('platform fee administration', () => {
  it('lets only the owner change the fee, emits PlatformFeeChanged, and applies it to later payments', async () => {
    const address = await freshContract(5);
    expect(await getPlatformFee(provider, address)).toEqual({
      platformAddress: platform,
      platformFeeRate: 5n,
    });

    const asPayer = paymentV1Contract(address, payerA);
    const notOwner = await asPayer
      .getFunction('setPlatformFee')
      .send(payerA.address, 50)
      .catch((e: unknown) => e);
    expect(decodePaymentV1Error(notOwner)).toEqual({ name: 'NotOwner', args: [payerA.address] });
    expect(await getPlatformFee(provider, address)).toEqual({
      platformAddress: platform,
      platformFeeRate: 5n,
    });

    const asOwner = paymentV1Contract(address, owner);
    const newPlatform = chain.accounts[5]!.address;
    const tx = (await asOwner.getFunction('setPlatformFee').send(newPlatform, 10)) as {
      wait(): Promise<unknown>;
    };
    const receipt = (await tx.wait()) as { logs: { topics: string[]; data: string }[] };
    const changed = receipt.logs
      .map((l) => paymentV1Interface.parseLog(l))
      .find((e) => e?.name === 'PlatformFeeChanged');
    expect(changed?.args.toObject()).toEqual({ platformAddress: newPlatform, platformFeeRate: 10n });
    expect(await getPlatformFee(provider, address)).toEqual({
      platformAddress: newPlatform,
      platformFeeRate: 10n,
    });

    const before = await provider.getBalance(newPlatform);
    await payOrder(address, payerA, { to: node, memo: 'after change', valueWei: 1000n });
    expect((await provider.getBalance(newPlatform)) - before).toBe(100n);
  });

  it('refuses a fee rate above 100 and a zero platform address', async () => {
    const asOwner = paymentV1Contract(await freshContract(5), owner);
    const tooHigh = await asOwner
      .getFunction('setPlatformFee')
      .send(platform, 101)
      .catch((e: unknown) => e);
    expect(decodePaymentV1Error(tooHigh)).toEqual({ name: 'InvalidPlatformFeeRate', args: [101n] });
    const zero = await asOwner
      .getFunction('setPlatformFee')
      .send('0x0000000000000000000000000000000000000000', 1)
      .catch((e: unknown) => e);
    expect(decodePaymentV1Error(zero)?.name).toBe('InvalidPlatformAddress');
    // The deploy helper validates before sending anything.
    await expect(
      deployPaymentV1(owner, { platformAddress: platform, platformFeeRate: 101 }),
    ).rejects.toThrow();
  });

  it('transfers and renounces ownership; only the current owner may act', async () => {
    const address = await freshContract(5);
    const contract = (signer: Wallet) => paymentV1Contract(address, signer);
    expect(await contract(owner).getFunction('owner').staticCall()).toBe(owner.address);

    await (
      (await contract(owner).getFunction('transferOwnership').send(payerB.address)) as {
        wait(): Promise<unknown>;
      }
    ).wait();
    expect(await contract(owner).getFunction('owner').staticCall()).toBe(payerB.address);
    const formerOwner = await contract(owner)
      .getFunction('setPlatformFee')
      .send(platform, 1)
      .catch((e: unknown) => e);
    expect(decodePaymentV1Error(formerOwner)?.name).toBe('NotOwner');

    await (
      (await contract(payerB).getFunction('renounceOwnership').send()) as { wait(): Promise<unknown> }
    ).wait();
    expect(await contract(owner).getFunction('owner').staticCall()).toBe(
      '0x0000000000000000000000000000000000000000',
    );
    const nobody = await contract(payerB)
      .getFunction('setPlatformFee')
      .send(platform, 1)
      .catch((e: unknown) => e);
    expect(decodePaymentV1Error(nobody)?.name).toBe('NotOwner');
  });
});

describe('reentrancy', () => {
  it('a recipient that re-enters payOrder makes the whole payment fail', async () => {
    const address = await freshContract(5);
    const { ReentrantReceiver } = await compileTestContracts();
    const attacker = await deployCompiled(ReentrantReceiver, owner, address, false);
    const attackerAddress = await attacker.getAddress();

    // The inner call hits the guard (ReentrantCall); the attacker's receive() then reverts, which
    // the contract reports as a failed transfer to it. Nothing is stored, nothing moves.
    const err = await contractError(
      payOrder(address, payerA, { to: attackerAddress, memo: 'attack', valueWei: 1000n }),
    );
    expect(err.errorName).toBe('TransferFailed');
    expect(err.args).toEqual([attackerAddress, 950n]);
    expect(await provider.getBalance(attackerAddress)).toBe(0n);
    await expect(getOrder(provider, address, 0)).rejects.toMatchObject({ errorName: 'InvalidOrderId' });
  });

  it('a recipient that swallows the failed re-entry gets exactly one order paid, and the guard was what stopped it', async () => {
    const address = await freshContract(5);
    const { ReentrantReceiver } = await compileTestContracts();
    const attacker = await deployCompiled(ReentrantReceiver, owner, address, true);
    const attackerAddress = await attacker.getAddress();

    const { orderId } = await payOrder(address, payerA, {
      to: attackerAddress,
      memo: 'attack',
      valueWei: 1000n,
    });
    expect(orderId).toBe(0n);
    expect(await attacker.getFunction('reentries').staticCall()).toBe(1n);
    const lastError = (await attacker.getFunction('lastError').staticCall()) as string;
    expect(paymentV1Interface.parseError(lastError)?.name).toBe('ReentrantCall');
    // Only the outer order exists; the attacker kept what it was legitimately paid.
    await expect(getOrder(provider, address, 1)).rejects.toMatchObject({ errorName: 'InvalidOrderId' });
    const count = (await paymentV1Contract(address, provider)
      .getFunction('getOrderCountByAddress')
      .staticCall(attackerAddress)) as bigint;
    expect(count).toBe(0n);
    expect(await provider.getBalance(attackerAddress)).toBe(950n);
  });
});

describe('compatibility with HivePaymentV1', () => {
  // The Hive node's order_abi.json (Elastos.Hive.Node src/modules/payment): same signatures and
  // return shapes, so the node reads and pays either contract through one ABI.
  const hive = new Interface([
    'constructor(address platformAddress_, uint256 platformFeeRate_)',
    'event OrderPay(address from, address to, uint256 amount, uint256 orderId)',
    'event PlatformFeeChanged(address platformAddress, uint256 platformFeeRate)',
    'event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)',
    'function payOrder(address to, string memo) payable',
    'function getOrder(uint256 orderId) view returns (tuple(uint256 orderId, uint256 amount, address to, string memo))',
    'function getOrders(address addr) view returns (tuple(uint256 orderId, uint256 amount, address to, string memo)[])',
    'function getOrderByAddress(address addr, uint256 index) view returns (tuple(uint256 orderId, uint256 amount, address to, string memo))',
    'function getOrderCountByAddress(address addr) view returns (uint256)',
    'function getPlatformFee() view returns (address platformAddress, uint256 platformFeeRate)',
    'function setPlatformFee(address platformAddress, uint256 platformFeeRate)',
    'function owner() view returns (address)',
    'function transferOwnership(address newOwner)',
    'function renounceOwnership()',
  ]);

  it('has the same functions (selectors and output types) and events (topics)', () => {
    hive.forEachFunction((fn) => {
      const ours = paymentV1Interface.getFunction(fn.name)!;
      expect(ours.selector).toBe(fn.selector);
      expect(ours.outputs.map((o) => o.format('sighash'))).toEqual(
        fn.outputs.map((o) => o.format('sighash')),
      );
      expect(ours.payable).toBe(fn.payable);
      expect(ours.constant).toBe(fn.constant);
    });
    hive.forEachEvent((ev) => {
      expect(paymentV1Interface.getEvent(ev.name)!.format('full')).toBe(ev.format('full'));
    });
    expect(paymentV1Interface.deploy.inputs.map((i) => i.type)).toEqual(
      hive.deploy.inputs.map((i) => i.type),
    );
  });
});
