/**
 * Writes a handler's result as the entry's success answer. Plain values are JSON; JsonText is
 * written as it is; JsonParts (a script run's results) part by part; a StreamedList as its items
 * are read, capped at `maxAnswerBytes` (the list then ends and the answer says `next_skip`).
 *
 * Nothing is sent before the first batch has been read, so a query the engine refuses is still a
 * proper error answer. Small answers (the whole answer within FIRST_CHUNK_BYTES) go out as one
 * string with a Content-Length; larger ones are streamed with back-pressure (a slow reader holds
 * the cursor, not the node's memory). A failure after the first bytes were sent can only cut the
 * connection: the client then sees an incomplete answer, never a short one that looks whole.
 */
import { Readable } from 'node:stream';
import type { Endpoint } from '@cella/openapi';
import type { FastifyReply } from 'fastify';
import { JsonParts, JsonText, jsonTextParts } from '../json-text.js';
import { StreamedList } from '../streamed-list.js';

/** Answers up to this size are sent whole; beyond it they stream. */
const FIRST_CHUNK_BYTES = 64 * 1024;
/** Small items are joined into chunks of about this size. */
const CHUNK_BYTES = 64 * 1024;

/**
 * A long text in pieces of about CHUNK_BYTES (views of it, not copies), never splitting a
 * surrogate pair: each piece becomes a small buffer on its way out, instead of one copy of the
 * whole text.
 */
function* slices(text: string): Generator<string> {
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + CHUNK_BYTES);
    const c = text.charCodeAt(end - 1);
    if (end < text.length && c >= 0xd800 && c <= 0xdbff) end--;
    yield text.slice(at, end);
    at = end;
  }
}

/**
 * The answer's text in chunks: the list's items as they come, cut before passing `maxBytes`. Small
 * items are joined into chunks of about CHUNK_BYTES; a large one goes out as a chunk of its own
 * (joining it would copy it once more).
 */
async function* listChunks(list: StreamedList, maxBytes: number): AsyncGenerator<string> {
  let chunk = '{';
  for (const [key, value] of Object.entries(list.head))
    if (value !== undefined) chunk += `${JSON.stringify(key)}:${JSON.stringify(value)},`;
  chunk += `${JSON.stringify(list.field)}:[`;
  // Room for the end, `],"next_skip":<number>}`.
  let bytes = Buffer.byteLength(chunk) + 32;
  let count = 0;
  let cut = false;
  for await (const batch of list.items) {
    for (const text of batch) {
      const size = Buffer.byteLength(text) + 1;
      if (count > 0 && bytes + size > maxBytes) {
        cut = true;
        break;
      }
      if (count > 0) chunk += ',';
      if (text.length >= CHUNK_BYTES) {
        yield chunk;
        yield* slices(text);
        chunk = '';
      } else {
        chunk += text;
        if (chunk.length >= CHUNK_BYTES) {
          yield chunk;
          chunk = '';
        }
      }
      bytes += size;
      count++;
    }
    // Leaving the loop releases the cursor (its `return`).
    if (cut) break;
  }
  yield `${chunk}]${cut ? `,"next_skip":${list.skip + count}` : ''}}`;
}

async function* chunksOf(parts: Iterable<string>): AsyncGenerator<string> {
  let chunk = '';
  for (const part of parts) {
    if (part.length >= CHUNK_BYTES) {
      if (chunk !== '') yield chunk;
      chunk = '';
      yield* slices(part);
      continue;
    }
    chunk += part;
    if (chunk.length >= CHUNK_BYTES) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

async function* resume(first: string[], rest: AsyncGenerator<string>): AsyncGenerator<string> {
  yield* first;
  yield* rest;
}

/**
 * Sends chunks: whole when they end within FIRST_CHUNK_BYTES, else as a stream. Reading the first
 * chunks may throw (the caller's error answer then goes out instead).
 */
async function sendChunks(reply: FastifyReply, chunks: AsyncGenerator<string>): Promise<FastifyReply> {
  const first: string[] = [];
  let size = 0;
  for (;;) {
    const next = await chunks.next();
    if (next.done) return reply.send(first.join(''));
    first.push(next.value);
    size += next.value.length;
    if (size >= FIRST_CHUNK_BYTES) break;
  }
  // Bytes, not objects: the stream reads ahead at most about one chunk past what the socket took.
  return reply.send(Readable.from(resume(first, chunks), { objectMode: false, highWaterMark: CHUNK_BYTES }));
}

export async function sendAnswer(
  reply: FastifyReply,
  endpoint: Endpoint,
  result: unknown,
  maxAnswerBytes: number,
): Promise<FastifyReply> {
  if (endpoint.success.status === 204) return reply.code(204).send();
  reply.code(endpoint.success.status).type('application/json; charset=utf-8');
  if (result instanceof StreamedList) return sendChunks(reply, listChunks(result, maxAnswerBytes));
  if (result instanceof JsonParts) return sendChunks(reply, chunksOf(jsonTextParts(result.value)));
  return reply.send(result instanceof JsonText ? result.text : JSON.stringify(result ?? null));
}
