// Result shapes of the main chain's JSON-RPC methods (spec §4, shapes from the reference §3.1,
// ELA `servers/interfaces.go`). Objects are loose: a newer node may add fields.
import { z } from 'zod';

/** ELA's 64-hex hash display form. */
export const Hash64 = z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected a 64-hex hash');
const Int = z.number().int();
const NonNeg = Int.nonnegative();

/** Envelope of every ELA JSON-RPC answer. */
export const MainRpcEnvelope = z.looseObject({
  jsonrpc: z.string().optional(),
  result: z.unknown(),
  id: z.unknown().optional(),
  error: z.looseObject({ code: Int, message: z.string(), id: z.unknown().optional() }).nullable().optional(),
});

export const BlockSummary = z.looseObject({
  hash: Hash64,
  confirmations: NonNeg,
  strippedsize: NonNeg,
  size: NonNeg,
  weight: NonNeg,
  height: NonNeg,
  version: Int,
  versionhex: z.string(),
  merkleroot: Hash64,
  time: NonNeg,
  mediantime: NonNeg,
  nonce: NonNeg,
  bits: NonNeg,
  difficulty: z.string(),
  chainwork: z.string(),
  previousblockhash: z.string(),
  nextblockhash: z.string(),
  auxpow: z.string(),
  minerinfo: z.string(),
});

export const BlockV1 = BlockSummary.extend({ tx: z.array(Hash64) });
export type BlockV1 = z.infer<typeof BlockV1>;

export const TransactionInfo = z.looseObject({
  txid: Hash64,
  hash: Hash64,
  size: NonNeg,
  vsize: NonNeg,
  version: Int,
  type: Int,
  payloadversion: Int,
  payload: z.unknown(),
  attributes: z.array(z.looseObject({ usage: Int, data: z.string() })),
  vin: z.array(z.looseObject({ txid: z.string(), vout: NonNeg, sequence: NonNeg })),
  vout: z.array(
    z.looseObject({
      value: z.string(),
      n: NonNeg,
      address: z.string(),
      assetid: z.string(),
      outputlock: NonNeg,
      type: Int,
      payload: z.unknown(),
    }),
  ),
  locktime: NonNeg,
  programs: z.array(z.looseObject({ code: z.string(), parameter: z.string() })),
  blockhash: z.string(),
  confirmations: NonNeg,
  time: NonNeg,
  blocktime: NonNeg,
});
export type TransactionInfo = z.infer<typeof TransactionInfo>;

export const BlockV2 = BlockSummary.extend({ tx: z.array(TransactionInfo) });
export type BlockV2 = z.infer<typeof BlockV2>;

export const NeighborInfo = z.looseObject({
  netaddress: z.string(),
  services: z.union([z.string(), Int]),
  relaytx: z.boolean(),
  lastsend: z.string(),
  lastrecv: z.string(),
  conntime: z.string(),
  timeoffset: Int,
  version: Int,
  inbound: z.boolean(),
  startingheight: Int,
  lastblock: Int,
  lastpingtime: z.string(),
  lastpingmicros: Int,
  nodeversion: z.string(),
});

/** `nodestate` (real name `getnodestate`). */
export const NodeState = z.looseObject({
  compile: z.string(),
  height: NonNeg,
  version: Int,
  services: z.union([z.string(), Int]),
  port: Int,
  rpcport: Int,
  restport: Int,
  wsport: Int,
  neighbors: z.array(NeighborInfo).nullable(),
});
export type NodeState = z.infer<typeof NodeState>;

export const UnspentOutput = z.looseObject({
  txtype: Int,
  txid: Hash64,
  assetid: z.string(),
  vout: NonNeg,
  address: z.string(),
  amount: z.string(),
  outputlock: NonNeg,
  confirmations: NonNeg,
});
export type UnspentOutput = z.infer<typeof UnspentOutput>;

export const ProducerState = z.enum(['Pending', 'Active', 'Inactive', 'Canceled', 'Illegal', 'Returned']);

export const ProducerInfo = z.looseObject({
  ownerpublickey: z.string(),
  nodepublickey: z.string(),
  nickname: z.string(),
  url: z.string(),
  location: Int,
  stakeuntil: Int,
  active: z.boolean(),
  votes: z.string(),
  dposv2votes: z.string(),
  state: ProducerState,
  identity: z.string(),
  registerheight: Int,
  cancelheight: Int,
  inactiveheight: Int,
  illegalheight: Int,
  index: Int,
});

export const ProducerList = z.looseObject({
  producers: z.array(ProducerInfo).nullable(),
  totaldposv1votes: z.string(),
  totaldposv2votes: z.string(),
  totalcounts: NonNeg,
});
export type ProducerList = z.infer<typeof ProducerList>;

export const ConnState = z.enum(['NoneConnection', 'OutboundOnly', 'InboundOnly', '2WayConnection']);

/** `getdpospeersinfo` (real name `getarbiterpeersinfo`). */
export const DposPeerInfo = z.looseObject({
  ownerpublickey: z.string(),
  nodepublickey: z.string(),
  ip: z.string().optional(),
  connstate: ConnState,
  nodeversion: z.string(),
});
export type DposPeerInfo = z.infer<typeof DposPeerInfo>;

export const AuxBlock = z.looseObject({
  chainid: Int,
  height: NonNeg,
  coinbasevalue: Int,
  bits: z.string(),
  hash: Hash64,
  previousblockhash: Hash64,
});
export type AuxBlock = z.infer<typeof AuxBlock>;

export const MAIN_RESULT_SCHEMAS = {
  getcurrentheight: NonNeg,
  getbestblockhash: Hash64,
  getblockhash: Hash64,
  getblockcount: NonNeg,
  getconnectioncount: NonNeg,
  getneighbors: z.array(z.string()).nullable(),
  getrawmempool: z.union([z.array(z.string()), z.array(TransactionInfo)]).nullable(),
  listunspent: z.array(UnspentOutput).nullable(),
  listproducers: ProducerList,
  nodestate: NodeState,
  getdpospeersinfo: z.array(DposPeerInfo).nullable(),
  createauxblock: AuxBlock,
  submitauxblock: z.boolean(),
} as const;
