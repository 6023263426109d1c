/** Reads a small JSON body from a raw stream, with a byte cap (for JSON calls under raw routes). */
import type { FastifyRequest } from 'fastify';
import { CellaError, invalid } from '../errors.js';

export async function readJsonBody(request: FastifyRequest, limit: number): Promise<unknown> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit)
    throw new CellaError('PAYLOAD_TOO_LARGE', 'the request body is larger than this endpoint accepts');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit)
      throw new CellaError('PAYLOAD_TOO_LARGE', 'the request body is larger than this endpoint accepts');
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value));
  } catch {
    throw invalid('malformed JSON body');
  }
}
