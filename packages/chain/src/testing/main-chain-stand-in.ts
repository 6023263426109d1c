// STAND-IN for the Elastos main chain node's (ELA) JSON-RPC server, which cannot run here.
// It reproduces the documented wire format of ELA `servers/httpjsonrpc/server.go` (reference
// §3.1): checks in the real order (IP whitelist with loopback always allowed → POST only →
// Content-Type → HTTP Basic → body), the exact HTTP statuses and error bodies, the success and
// error envelopes (`jsonrpc, result, id, error`), batch arrays, named params for every method and
// positional arrays only for the methods ELA maps, decimal strings accepted for integers, and the
// result shapes of every method spec §4 lists. `listunspent` needs `addresses` as ELA's
// ListUnspent does ("need addresses in an array!" without them; the spec's table says "none"),
// checks `utxotype` (mixed|vote|normal) and answers null for no outputs; addresses themselves are
// not decoded. The chain behind it is a deterministic block generator (hash, time, one coinbase
// transaction per block), not a ledger; its UTXOs are plain (non-vote) outputs.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  basicAuthMatches,
  isLoopback,
  listenLoopback,
  readBody,
  remoteIp,
  type RunningServer,
} from './http-server.js';

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;
const INVALID_PARAMS = 42002;
const UNKNOWN_BLOCK = 44003;
const ELA_INTERNAL = 45002;

/** Default messages ELA gives when a handler returns an error without one (errcode.go). */
const CODE_TEXT: Record<number, string> = {
  [INVALID_PARAMS]: 'Invalid Params',
  [UNKNOWN_BLOCK]: 'Unknown Block',
  [ELA_INTERNAL]: 'Internal error',
};

const MAX_BODY = 8 * 1024 * 1024;
const BLOCK_SECONDS = 120;
const ELA_ASSET_ID = 'a3d0eaa466df74983b5d7c543de6904f4c9418ead5ffd6d25814234a96db37b0';

export interface MainChainStandInOptions {
  /** RpcConfiguration.User/Pass; both empty turns auth off, as in ELA. */
  user?: string;
  pass?: string;
  /** RpcConfiguration.WhiteIPList; "0.0.0.0" admits everyone. */
  whiteIPList?: string[];
  /**
   * ELA always admits loopback callers. Tests on one machine set this to false so a loopback
   * caller is treated like a remote one and the whitelist applies.
   */
  trustLoopback?: boolean;
  /** Best height at start (default 100). */
  height?: number;
  /** getconnectioncount and the neighbours listed (default 8). */
  connections?: number;
  /** `getarbiterpeersinfo` answers 45002 "arbiter disabled" when false (default true). */
  enableArbiter?: boolean;
  /** Addresses with UTXOs for listunspent (default: none). */
  utxos?: Record<string, { amount: string; txid?: string }[]>;
  /** Fixed port (default: chosen by the OS). */
  port?: number;
}

export interface MainChainStandIn extends RunningServer {
  /** Current best height. */
  readonly height: number;
  /** Appends blocks (time = now). */
  mine(blocks?: number): void;
  /** Requests answered so far, including refused ones. */
  readonly requests: number;
}

type Params = Record<string, unknown>;
type Outcome = { ok: true; result: unknown } | { ok: false; code: number; message: string };

const ok = (result: unknown): Outcome => ({ ok: true, result });
const fail = (code: number, message = ''): Outcome => ({
  ok: false,
  code,
  message: message || CODE_TEXT[code] || '',
});

function sha(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** ELA's `param.Uint`: a JSON number or a decimal string. */
function uintParam(p: Params, key: string): number | undefined {
  const v = p[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** Positional parameters ELA maps (convertParams); any other method gets no params. */
const POSITIONAL: Record<string, string[]> = {
  createauxblock: ['paytoaddress'],
  submitauxblock: ['blockhash', 'auxpow'],
  getblockhash: ['height'],
  getblock: ['blockhash', 'verbosity'],
  setloglevel: ['level'],
  getrawtransaction: ['txid', 'verbose'],
  getarbitratorgroupbyheight: ['height'],
  togglemining: ['mining'],
  discretemining: ['count'],
  sendrawtransaction: ['data'],
  listunspent: ['addresses'],
  getreceivedbyaddress: ['address'],
  getblockbyheight: ['height'],
  estimatesmartfee: ['confirmations'],
  getrawmempool: ['state'],
};

interface BlockRecord {
  hash: string;
  time: number;
}

export async function startMainChainStandIn(
  options: MainChainStandInOptions = {},
): Promise<MainChainStandIn> {
  const user = options.user ?? '';
  const pass = options.pass ?? '';
  const whiteIPList = options.whiteIPList ?? ['127.0.0.1'];
  const trustLoopback = options.trustLoopback ?? true;
  const connections = options.connections ?? 8;
  const enableArbiter = options.enableArbiter ?? true;
  const utxos = options.utxos ?? {};
  const blocks: BlockRecord[] = [];
  const byHash = new Map<string, number>();
  let requests = 0;
  let pendingAux: { hash: string; height: number } | undefined;

  const append = (time: number) => {
    const h = blocks.length;
    const record = { hash: sha(`cella-stand-in:block:${h}`), time };
    blocks.push(record);
    byHash.set(record.hash, h);
  };
  const startHeight = options.height ?? 100;
  const now = Math.floor(Date.now() / 1000);
  for (let h = 0; h <= startHeight; h++) append(now - (startHeight - h) * BLOCK_SECONDS);
  const best = () => blocks.length - 1;

  const coinbase = (h: number) => {
    const b = blocks[h] as BlockRecord;
    const txid = sha(`cella-stand-in:coinbase:${h}`);
    return {
      txid,
      hash: txid,
      size: 254,
      vsize: 254,
      version: 9,
      type: 0,
      payloadversion: 4,
      payload: { coinbasedata: 'cella stand-in' },
      attributes: [{ usage: 0, data: sha(`nonce:${h}`).slice(0, 16) }],
      vin: [{ txid: '0'.repeat(64), vout: 65535, sequence: 4294967295 }],
      vout: [
        {
          value: '1.50684931',
          n: 0,
          address: 'CRASSETSXXXXXXXXXXXXXXXXXXXX2qDX5J',
          assetid: ELA_ASSET_ID,
          outputlock: 0,
          type: 0,
          payload: null,
        },
      ],
      locktime: h,
      programs: [],
      blockhash: b.hash,
      confirmations: best() - h + 1,
      time: b.time,
      blocktime: b.time,
    };
  };

  const blockInfo = (h: number, verbosity: number) => {
    const b = blocks[h] as BlockRecord;
    const times = blocks
      .slice(Math.max(0, h - 10), h + 1)
      .map((x) => x.time)
      .sort((x, y) => x - y);
    const tx = coinbase(h);
    return {
      hash: b.hash,
      confirmations: best() - h + 1,
      strippedsize: 498,
      size: 498,
      weight: 1992,
      height: h,
      version: 0,
      versionhex: '00000000',
      merkleroot: tx.txid,
      tx: verbosity === 2 ? [tx] : [tx.txid],
      time: b.time,
      mediantime: times[Math.floor(times.length / 2)] ?? b.time,
      nonce: 0,
      bits: 520095999,
      difficulty: '1',
      chainwork: (h + 1).toString(16).padStart(8, '0'),
      previousblockhash: h > 0 ? (blocks[h - 1] as BlockRecord).hash : '0'.repeat(64),
      nextblockhash: h < best() ? (blocks[h + 1] as BlockRecord).hash : '',
      auxpow: sha(`auxpow:${h}`),
      minerinfo: 'cella stand-in',
    };
  };

  const producers = [1, 2].map((i) => ({
    ownerpublickey: `02${sha(`owner:${i}`)}`,
    nodepublickey: `03${sha(`node:${i}`)}`,
    nickname: `producer-${i}`,
    url: `https://producer-${i}.example`,
    location: 86,
    stakeuntil: 2000000 + i,
    active: true,
    votes: '1000.00000000',
    dposv2votes: `${2000 * i}.00000000`,
    state: 'Active',
    identity: 'DPoSV2',
    registerheight: 10 * i,
    cancelheight: 0,
    inactiveheight: 0,
    illegalheight: 0,
    index: i - 1,
  }));

  const methods: Record<string, (p: Params) => Outcome> = {
    getcurrentheight: () => ok(best()),
    getblockcount: () => ok(best() + 1),
    getbestblockhash: () => ok((blocks[best()] as BlockRecord).hash),
    getblockhash: (p) => {
      const height = uintParam(p, 'height');
      if (height === undefined) return fail(INVALID_PARAMS, 'height parameter should be a positive integer');
      return height <= best() ? ok((blocks[height] as BlockRecord).hash) : fail(INVALID_PARAMS);
    },
    getblock: (p) => {
      const hash = p.blockhash;
      if (typeof hash !== 'string') return fail(INVALID_PARAMS, 'block hash not found');
      const verbosity = p.verbosity === undefined ? 1 : uintParam(p, 'verbosity');
      if (verbosity === undefined || verbosity > 2) return fail(INVALID_PARAMS, 'invalid verbosity');
      const h = byHash.get(hash.toLowerCase());
      if (h === undefined) return fail(UNKNOWN_BLOCK);
      if (verbosity === 0) return ok(sha(`raw:${h}`).repeat(8));
      return ok(blockInfo(h, verbosity));
    },
    getconnectioncount: () => ok(connections),
    getnodestate: () =>
      ok({
        compile: 'v0.9.9-cella-stand-in',
        height: best(),
        version: 0,
        services: 'SFNodeNetwork|SFTxFiltering|SFNodeBloom',
        port: 20338,
        rpcport: 20336,
        restport: 20334,
        wsport: 20335,
        neighbors: Array.from({ length: connections }, (_, i) => ({
          netaddress: `198.51.100.${i + 1}:20338`,
          services: 'SFNodeNetwork',
          relaytx: true,
          lastsend: '2026-01-01 00:00:00 +0000 UTC',
          lastrecv: '2026-01-01 00:00:00 +0000 UTC',
          conntime: '2026-01-01 00:00:00 +0000 UTC',
          timeoffset: 0,
          version: 20000,
          inbound: i % 2 === 1,
          startingheight: best(),
          lastblock: best(),
          lastpingtime: '2026-01-01 00:00:00 +0000 UTC',
          lastpingmicros: 1200,
          nodeversion: 'v0.9.9',
        })),
      }),
    getneighbors: () =>
      ok(
        Array.from(
          { length: connections },
          (_, i) => `198.51.100.${i + 1}:20338 (${i % 2 ? 'inbound' : 'outbound'})`,
        ),
      ),
    // The stand-in has no transaction pool: an empty list for txids and for state "all".
    getrawmempool: () => ok([]),
    listunspent: (p) => {
      const addresses = p.addresses;
      if (!Array.isArray(addresses) || !addresses.every((a) => typeof a === 'string')) {
        return fail(INVALID_PARAMS, 'need addresses in an array!');
      }
      const utxotype = p.utxotype ?? 'mixed';
      if (utxotype !== 'mixed' && utxotype !== 'vote' && utxotype !== 'normal') {
        return fail(INVALID_PARAMS, 'invalid utxotype');
      }
      // Every stand-in UTXO is a normal output: "vote" selects none of them.
      const list = (utxotype === 'vote' ? [] : addresses).flatMap((address) =>
        (utxos[address] ?? []).map((u, i) => ({
          txtype: 0,
          txid: u.txid ?? sha(`utxo:${address}:${i}`),
          assetid: ELA_ASSET_ID,
          vout: i,
          address,
          amount: u.amount,
          outputlock: 0,
          confirmations: 10,
        })),
      );
      return ok(list.length ? list : null);
    },
    listproducers: (p) => {
      const start = uintParam(p, 'start') ?? 0;
      const limit = uintParam(p, 'limit');
      const page = producers.slice(start, limit === undefined ? undefined : start + limit);
      return ok({
        producers: page,
        totaldposv1votes: '2000.00000000',
        totaldposv2votes: '6000.00000000',
        totalcounts: producers.length,
      });
    },
    getarbiterpeersinfo: () => {
      if (!enableArbiter) return fail(ELA_INTERNAL, 'arbiter disabled');
      return ok(
        producers.map((p, i) => ({
          ownerpublickey: p.ownerpublickey,
          nodepublickey: p.nodepublickey,
          connstate: i === 0 ? '2WayConnection' : 'OutboundOnly',
          nodeversion: 'v0.9.9',
        })),
      );
    },
    createauxblock: (p) => {
      if (typeof p.paytoaddress !== 'string' || !p.paytoaddress)
        return fail(INVALID_PARAMS, 'parameter paytoaddress not found');
      const height = best() + 1;
      pendingAux = { hash: sha(`aux:${height}:${p.paytoaddress}`), height };
      return ok({
        chainid: 1224,
        height,
        coinbasevalue: 175799086,
        bits: '1d36c855',
        hash: pendingAux.hash,
        previousblockhash: (blocks[best()] as BlockRecord).hash,
      });
    },
    submitauxblock: (p) => {
      if (typeof p.blockhash !== 'string') return fail(INVALID_PARAMS, 'parameter blockhash not found');
      if (typeof p.auxpow !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(p.auxpow)) {
        return fail(ELA_INTERNAL, 'auxpow deserialization failed');
      }
      if (!pendingAux || pendingAux.hash !== p.blockhash || pendingAux.height !== best() + 1) {
        return fail(ELA_INTERNAL, 'adding block failed');
      }
      pendingAux = undefined;
      append(Math.floor(Date.now() / 1000));
      return ok(true);
    },
    getinfo: () =>
      ok({
        version: 0,
        balance: 0,
        blocks: best(),
        timeoffset: 0,
        connections,
        testnet: false,
        keypoololdest: 0,
        keypoolsize: 0,
        unlocked_until: 0,
        paytxfee: 0,
        relayfee: 0,
        errors: 'Tobe written',
      }),
  };

  const respond = (id: unknown, outcome: Outcome) =>
    outcome.ok
      ? { jsonrpc: '2.0', result: outcome.result, id, error: null }
      : { jsonrpc: '2.0', result: null, id, error: { code: outcome.code, id, message: outcome.message } };

  const handleOne = (request: unknown) => {
    const r = (request && typeof request === 'object' && !Array.isArray(request) ? request : {}) as Record<
      string,
      unknown
    >;
    const id = r.id ?? null;
    const method = typeof r.method === 'string' ? r.method : '';
    if (!method) return respond(id, fail(INVALID_REQUEST, 'JSON-RPC need a method'));
    const handler = methods[method];
    if (!handler) return respond(id, fail(METHOD_NOT_FOUND, `JSON-RPC method ${method} not found`));
    const raw = r.params;
    let params: Params;
    if (raw === undefined || raw === null) params = {};
    else if (Array.isArray(raw)) {
      const names = POSITIONAL[method] ?? [];
      params = Object.fromEntries(names.flatMap((n, i) => (i < raw.length ? [[n, raw[i] as unknown]] : [])));
    } else if (typeof raw === 'object') params = raw as Params;
    else return respond(id, fail(INVALID_REQUEST, 'params format error, must be an array or a map'));
    return respond(id, handler(params));
  };

  // HTTP-level refusals: a Go map, so keys come out sorted and there is no top-level id.
  const refuse = (res: ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { 'Content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code, id: null, message }, jsonrpc: '2.0', result: null }));
  };

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    requests++;
    const ip = remoteIp(req);
    const allowed =
      (trustLoopback && isLoopback(ip)) || whiteIPList.some((entry) => entry === '0.0.0.0' || entry === ip);
    if (!allowed) return refuse(res, 403, INTERNAL_ERROR, 'Client ip is not allowed');
    if (req.method !== 'POST')
      return refuse(res, 405, INTERNAL_ERROR, 'JSON-RPC protocol only allows POST method');
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/json' && contentType !== 'text/plain') {
      return refuse(
        res,
        415,
        INTERNAL_ERROR,
        'JSON-RPC need content type to be application/json or text/plain',
      );
    }
    const authOff = user === pass && user.length === 0;
    if (!authOff && !basicAuthMatches(req.headers.authorization, user, pass)) {
      return refuse(res, 401, INTERNAL_ERROR, 'Client authenticate failed');
    }
    const body = await readBody(req, MAX_BODY);
    if (body === null)
      return refuse(res, 400, INVALID_REQUEST, 'JSON-RPC request reading error:http: request body too large');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch (err) {
      return refuse(res, 400, PARSE_ERROR, `JSON-RPC request parsing error:${(err as Error).message}`);
    }
    const out = Array.isArray(parsed) && parsed.length > 0 ? parsed.map(handleOne) : handleOne(parsed);
    res.writeHead(200, { 'Content-type': 'application/json' });
    res.end(JSON.stringify(out));
  };

  const server = await listenLoopback(handler, options.port);
  return {
    ...server,
    get height() {
      return best();
    },
    get requests() {
      return requests;
    },
    mine(n = 1) {
      for (let i = 0; i < n; i++) append(Math.floor(Date.now() / 1000));
    },
  };
}
