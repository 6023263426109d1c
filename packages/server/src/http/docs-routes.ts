/**
 * Serves the OpenAPI documents of both dialects and their self-contained reference pages. Each
 * names this node in `servers`: the configured public URL (`CELLA_PUBLIC_URL`), else the origin
 * the request was sent to (scheme and Host, or the trusted proxy's X-Forwarded-Proto/-Host), so a
 * client generated from a node's document talks to that node. A document and a page are built
 * once, with a marker where the URL goes, and each answer joins the text around it (no per-request
 * rebuild, whatever the Host header says).
 */
import { buildOpenApiDocument, documentPaths, serialiseDocument, type Dialect } from '@cella/openapi';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { renderDocsPage } from './docs-page.js';

/** Stands for the server URL in the built texts; plain letters survive JSON and script escaping. */
const MARKER = 'cella-server-url-marker';

const dialects: Dialect[] = ['cella', 'hive'];

/** A text with the server URL left open: [before, after] the marker (it occurs once). */
type Template = readonly [string, string];

function template(text: string): Template {
  const at = text.indexOf(MARKER);
  if (at < 0 || text.indexOf(MARKER, at + 1) >= 0) throw new Error('the server URL marker must occur once');
  return [text.slice(0, at), text.slice(at + MARKER.length)];
}

/** The URL as it is written inside a JSON string (the page's script escapes `<`, `>`, `&` too). */
const inJson = (url: string) =>
  JSON.stringify(url).slice(1, -1).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The origin a request was sent to, or `/` (this document's own origin) when its Host is no host name. */
export function requestOrigin(request: FastifyRequest): string {
  const host = request.host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return typeof host === 'string' && HOST.test(host) ? `${protocol}://${host}` : '/';
}

export function registerDocsRoutes(app: FastifyInstance, publicUrl: string | undefined): void {
  const documents = new Map<Dialect, Template>();
  const pages = new Map<Dialect, Template>();
  const documentOf = (dialect: Dialect): Template => {
    let built = documents.get(dialect);
    if (!built) {
      const server = { url: MARKER, description: 'This node' };
      built = template(serialiseDocument(buildOpenApiDocument(dialect, { server })));
      documents.set(dialect, built);
    }
    return built;
  };
  const pageOf = (dialect: Dialect): Template => {
    let built = pages.get(dialect);
    if (!built) {
      const [before, after] = documentOf(dialect);
      const title = dialect === 'cella' ? 'Cella API reference' : 'Cella API reference: the Hive dialect';
      built = template(renderDocsPage(JSON.parse(`${before}${MARKER}${after}`), title));
      pages.set(dialect, built);
    }
    return built;
  };
  const serverUrl = (request: FastifyRequest) => publicUrl?.replace(/\/+$/, '') ?? requestOrigin(request);

  for (const dialect of dialects) {
    const paths = documentPaths[dialect];
    app.get(paths.document, async (request, reply) => {
      const [before, after] = documentOf(dialect);
      return reply
        .type('application/json; charset=utf-8')
        .send(`${before}${inJson(serverUrl(request))}${after}`);
    });
    app.get(paths.page, async (request, reply) => {
      const [before, after] = pageOf(dialect);
      return reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; script-src 'unsafe-inline' blob:; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; worker-src blob:; connect-src 'self'",
        )
        .send(`${before}${inJson(serverUrl(request))}${after}`);
    });
  }
}
