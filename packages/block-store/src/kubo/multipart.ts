/**
 * A streamed multipart/form-data body holding one file part, the shape kubo's `add` and
 * `dag/import` read. Bytes pass straight through: nothing is buffered beyond the chunk at hand.
 */
import { randomBytes } from 'node:crypto';

export interface MultipartBody {
  contentType: string;
  body: AsyncIterable<Uint8Array>;
}

export function multipartFile(source: AsyncIterable<Uint8Array>, filename = 'file'): MultipartBody {
  const boundary = `cella-${randomBytes(16).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body(): AsyncGenerator<Uint8Array> {
    yield head;
    for await (const chunk of source) if (chunk.length > 0) yield chunk;
    yield tail;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: body() };
}
