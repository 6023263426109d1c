/**
 * Answers with an event stream (events/stream.ts): `text/event-stream`, never cached, never
 * buffered by a proxy on the way (`X-Accel-Buffering: no`), over HTTP/1.1 (chunked) or HTTP/2.
 * The stream's body hands it the answer to write its frames to once the head is set; the client
 * going away ends the stream (its place in the feed and in the caller's count).
 */
import type { EventStream } from '../../events/stream.js';
import { answerWith, type Answered } from '../answered.js';
import type { RequestContext } from '../request-context.js';

export function sendEvents({ reply }: RequestContext['http'], stream: EventStream): Answered {
  reply.raw.once('close', () => stream.body.destroy());
  return answerWith(
    reply
      .code(200)
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no'),
    stream.body,
  );
}
