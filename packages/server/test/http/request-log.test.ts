/**
 * Request log lines (http/request-logger.ts): every line a request writes carries its request id,
 * the access line included, though the request's child logger is made only for a line to write.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { requestLogger } from '../../src/http/request-logger.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

const lines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request log lines', () => {
  let node: TempNode;
  beforeAll(async () => {
    node = await startTempNode({}, { logLevel: 'info' });
  });
  afterAll(async () => {
    await node.stop();
  });

  test('the access line names the request id, the path and the status', async () => {
    const response = await fetch(`${node.url}/api/v2/health`, { headers: { 'x-request-id': 'log-test-1' } });
    expect(response.status).toBe(200);
    await response.text();
    let line: Record<string, unknown> | undefined;
    for (let i = 0; i < 100 && !line; i++) {
      line = lines(node.log()).find((l) => l.reqId === 'log-test-1');
      if (!line) await new Promise((r) => setTimeout(r, 20));
    }
    expect(line).toMatchObject({
      level: 30,
      service: 'cella',
      reqId: 'log-test-1',
      method: 'GET',
      path: '/api/v2/health',
      status: 200,
      msg: 'request',
    });
  });
});

describe('a request logger', () => {
  const capture = (level: string) => {
    let text = '';
    const logger = createLogger(
      level,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          text += chunk.toString('utf8');
          done();
        },
      }),
    );
    return { logger, text: () => text };
  };

  test("writes the child's lines, with its bindings and the redaction, at the enabled levels only", () => {
    const { logger, text } = capture('warn');
    const log = requestLogger(logger, { reqId: 'r-1' }, {});
    log.info('not written');
    log.debug('not written');
    expect(text()).toBe('');
    log.warn({ body: { token: 'secret' } }, 'written');
    log.child({ part: 'x' }).error('from a child');
    expect(lines(text())).toMatchObject([
      { level: 40, reqId: 'r-1', body: { token: '[redacted]' }, msg: 'written' },
      { level: 50, reqId: 'r-1', part: 'x', msg: 'from a child' },
    ]);
    expect(text()).not.toContain('secret');
    expect(log.level).toBe('warn');
  });

  test('a route of its own level or serializers gets the child at once', () => {
    const { logger, text } = capture('warn');
    const log = requestLogger(logger, { reqId: 'r-2' }, { level: 'debug' });
    log.debug('written');
    expect(lines(text())).toMatchObject([{ level: 20, reqId: 'r-2', msg: 'written' }]);
  });
});
