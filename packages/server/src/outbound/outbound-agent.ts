/**
 * The HTTP client for requests the node makes on a user's behalf: an undici Agent whose connector
 * applies the OutboundPolicy (address-policy.ts) to the address it actually connects to. An IP
 * literal is checked as such; a host name is resolved by the connector's own lookup, which checks
 * every address the name resolves to and hands the socket exactly those, so a second resolution
 * (DNS rebinding) cannot slip another address in between the check and the connection. Redirects
 * are never followed by undici's `request`; callers refuse 3xx answers. Time is bounded: connect,
 * headers and body-inactivity timeouts; `readCapped` bounds what an answer may make us hold.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import type { OutboundPolicy } from './address-policy.js';
import { DEFAULT_OUTBOUND_LIMITS, type OutboundLimits } from './limits.js';
import { OutboundRefusedError, refusal } from './address-policy.js';

/** dns.lookup that answers only when every address of the name passes the policy. */
function checkedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options: LookupOptions, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!policy.allowsHost(hostname)) {
        for (const { address } of addresses) {
          const refused = policy.refusedAddress(address);
          if (refused) return callback(refusal(`${hostname} resolves to ${refused}`), '', 0);
        }
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** An undici Agent that connects only where `policy` allows. Close it on shutdown. */
export function createOutboundAgent(
  policy: OutboundPolicy,
  limits: OutboundLimits = DEFAULT_OUTBOUND_LIMITS,
): Agent {
  const connect = buildConnector({
    timeout: limits.connectTimeoutMs,
    lookup: checkedLookup(policy),
    // Naming a CA replaces Node's default list, so the public roots are named too.
    ...(limits.extraCa !== undefined ? { ca: [...rootCertificates, limits.extraCa] } : {}),
  });
  return new Agent({
    headersTimeout: limits.headersTimeoutMs,
    bodyTimeout: limits.bodyTimeoutMs,
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
      const refused = isIP(host) ? policy.refusedAddress(host) : policy.refusedName(host);
      if (refused) {
        callback(refusal(refused), null);
        return;
      }
      connect(options, callback);
    },
  });
}

/** The refusal behind an error undici reports (it may wrap the connector's error). */
export function outboundRefusal(error: unknown): OutboundRefusedError | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof OutboundRefusedError) return e;
  return null;
}

/** Thrown by `readCapped` when an answer is larger than the caller accepts. */
export class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
}

/** Reads an answer's body as text, up to `maxBytes`; past it the body is closed unread. */
export async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += (chunk as Buffer).length;
    // Leaving the loop closes the body (no error event nobody listens to).
    if (total > maxBytes) break;
    chunks.push(chunk as Buffer);
  }
  if (total > maxBytes) throw new AnswerTooLargeError(`the answer is larger than ${maxBytes} bytes`);
  return Buffer.concat(chunks).toString('utf8');
}
