/** A fetch for the SDK that trusts a test certificate and offers HTTP/2 (undici, ALPN). */
import { Agent, fetch as undiciFetch } from 'undici';

export function h2Fetch(ca: string): { fetch: typeof fetch; agent: Agent } {
  const agent = new Agent({ connect: { ca }, allowH2: true });
  const h2fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    // undici's own fetch takes the URL and init of Node's global Request (another class).
    if (input instanceof Request) {
      const { url, method, headers, body, signal } = input;
      return undiciFetch(url, { method, headers, body, signal, duplex: 'half', dispatcher: agent } as never);
    }
    return undiciFetch(input, { ...(init as object), dispatcher: agent });
  }) as unknown as typeof fetch;
  return { fetch: h2fetch, agent };
}
