// STAND-IN for the Elastos arbiter's JSON-RPC server (`net/servers/httpjsonrpc/server.go`), which
// cannot run here. It reproduces the documented wire format (spec §4, reference §3.2): IP
// whitelist (loopback always allowed) and HTTP Basic with plain-text 403/401 bodies, POST only
// (anything else gets an empty 200), an empty 200 for a body that is not a JSON object, the odd
// `{"code":…,"jsonpc":"2.0","result":"<code text>"}` answer for an unknown method or bad params,
// and sorted-key envelopes (`error, id, jsonrpc, result`). Methods: getinfo (values of the
// reference's example), getspvheight, getmainchainblockheight.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  basicAuthMatches,
  isLoopback,
  listenLoopback,
  readBody,
  remoteIp,
  type RunningServer,
} from './http-server.js';

const INVALID_METHOD = 42001;
const INVALID_PARAMS = 42002;
const CODE_TEXT: Record<number, string> = {
  [INVALID_METHOD]: 'Invalid method',
  [INVALID_PARAMS]: 'Invalid Params',
};

export interface ArbiterStandInOptions {
  user?: string;
  pass?: string;
  whiteIPList?: string[];
  /** false: treat loopback callers like remote ones (see the main-chain stand-in). */
  trustLoopback?: boolean;
  /**
   * Spec §4 documents `params` as an empty list, which this stand-in accepts by default. The
   * current arbiter binary rejects any list (reference §3.2): set true to reproduce that.
   */
  rejectListParams?: boolean;
  spvHeight?: number;
  mainChainHeight?: number;
  port?: number;
}

export interface ArbiterStandIn extends RunningServer {
  readonly requests: number;
}

export async function startArbiterStandIn(options: ArbiterStandInOptions = {}): Promise<ArbiterStandIn> {
  const user = options.user ?? '';
  const pass = options.pass ?? '';
  const whiteIPList = options.whiteIPList ?? ['127.0.0.1'];
  const trustLoopback = options.trustLoopback ?? true;
  let requests = 0;

  const methods: Record<string, (p: Record<string, unknown>) => unknown> = {
    getinfo: () => ({
      version: 0,
      SideChainMonitorScanInterval: 1000,
      ClearTransactionInterval: 60000,
      MinOutbound: 3,
      MaxConnections: 8,
      SideAuxPowFee: 50000,
      MinThreshold: 1000000,
      DepositAmount: 1000000,
    }),
    getspvheight: () => options.spvHeight ?? 100,
    getmainchainblockheight: () => options.mainChainHeight ?? 100,
  };

  const text = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(body);
  };
  const odd = (res: ServerResponse, code: number) => {
    res.writeHead(200);
    res.end(JSON.stringify({ code, jsonpc: '2.0', result: CODE_TEXT[code] }));
  };

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    requests++;
    const ip = remoteIp(req);
    const allowed = (trustLoopback && isLoopback(ip)) || whiteIPList.some((e) => e === '0.0.0.0' || e === ip);
    if (!allowed) return text(res, 403, 'Client ip is not allowd');
    const authOff = user === pass && user.length === 0;
    if (!authOff && !basicAuthMatches(req.headers.authorization, user, pass)) {
      return text(res, 401, 'client authenticate failed');
    }
    if (req.method !== 'POST') {
      res.writeHead(200);
      return res.end();
    }
    const body = await readBody(req, 8 * 1024 * 1024);
    let request: unknown;
    try {
      request = JSON.parse(body?.toString('utf8') ?? '');
    } catch {
      request = undefined;
    }
    if (!request || typeof request !== 'object' || Array.isArray(request)) {
      res.writeHead(200);
      return res.end();
    }
    const r = request as Record<string, unknown>;
    const fn = typeof r.method === 'string' ? methods[r.method] : undefined;
    if (!fn) return odd(res, INVALID_METHOD);
    const raw = r.params;
    let params: Record<string, unknown>;
    if (raw === undefined || raw === null) params = {};
    else if (Array.isArray(raw) && raw.length === 0 && !options.rejectListParams) params = {};
    else if (typeof raw === 'object' && !Array.isArray(raw)) params = raw as Record<string, unknown>;
    else return odd(res, INVALID_PARAMS);
    const id = r.id ?? null;
    res.writeHead(200, { 'Content-type': 'application/json' });
    res.end(JSON.stringify({ error: null, id, jsonrpc: '2.0', result: fn(params) }));
  };

  const server = await listenLoopback(handler, options.port);
  return {
    ...server,
    get requests() {
      return requests;
    },
  };
}
