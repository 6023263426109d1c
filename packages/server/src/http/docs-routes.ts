/** Serves the OpenAPI document and the self-contained reference page (built once, on first request). */
import { buildOpenApiDocument, serialiseDocument } from '@cella/openapi';
import type { FastifyInstance } from 'fastify';
import { renderDocsPage } from './docs-page.js';

export function registerDocsRoutes(app: FastifyInstance): void {
  let json: string | undefined;
  let html: string | undefined;
  const documentText = () => (json ??= serialiseDocument(buildOpenApiDocument()));
  app.get('/api/v2/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(documentText()),
  );
  app.get('/api/v2/docs', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; script-src 'unsafe-inline' blob:; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; worker-src blob:; connect-src 'self'",
      )
      .send((html ??= renderDocsPage(JSON.parse(documentText())))),
  );
}
