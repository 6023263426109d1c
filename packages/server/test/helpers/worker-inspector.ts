/**
 * Test support: makes a worker thread of a node process (started with `--inspect=127.0.0.1:0`) die
 * of an uncaught error in the middle of a read, through the inspector protocol (its `NodeWorker`
 * domain): the code under test carries no hook for it. The inspector runs the change on the thread
 * even while its JavaScript is busy (an interrupt): the worker's `postMessage` is made to throw, so
 * the read it runs ends in an error no code of the worker catches, and the thread exits with it
 * before answering.
 *
 * Not `worker.terminate()` nor `process.exit()` from outside: ending a thread while better-sqlite3
 * is in a call (iterating rows, or in the deadline's SQL function) aborts the whole process
 * ("FATAL ERROR: v8::FromJust Maybe value is Nothing", WiseLibs/better-sqlite3#1507), a limit of
 * the driver that no pool can survive, so the read pool never does that either.
 */
import { WebSocket } from 'undici';
import type { SpawnedNode } from '../../src/testing/index.js';

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
}

/** The inspector's WebSocket address the node printed on start. */
function inspectorUrl(node: SpawnedNode): string {
  const match = /Debugger listening on (ws:\/\/\S+)/.exec(node.output());
  if (!match) throw new Error('the node was not started with --inspect');
  return match[1]!;
}

/**
 * Makes every worker thread of `node` whose `workerData` has the key `marker` die at the end of the
 * read it runs, before answering it; resolves with how many there were.
 */
export async function crashWorkers(node: SpawnedNode, marker: string): Promise<number> {
  const socket = new WebSocket(inspectorUrl(node));
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('could not reach the inspector')), {
      once: true,
    });
  });
  let nextId = 1;
  const replies = new Map<string, (message: Message) => void>();
  const attached: string[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    if (message.id !== undefined) replies.get(`main:${message.id}`)?.(message);
    if (message.method === 'NodeWorker.attachedToWorker') attached.push(String(message.params?.sessionId));
    if (message.method === 'NodeWorker.receivedMessageFromWorker') {
      const session = String(message.params?.sessionId);
      const inner = JSON.parse(String(message.params?.message)) as Message;
      if (inner.id !== undefined) replies.get(`${session}:${inner.id}`)?.(inner);
    }
  });
  const send = (method: string, params: unknown) =>
    new Promise<Message>((resolve) => {
      const id = nextId++;
      replies.set(`main:${id}`, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  const inWorker = (session: string, method: string, params: unknown) =>
    new Promise<Message>((resolve) => {
      const id = nextId++;
      replies.set(`${session}:${id}`, resolve);
      void send('NodeWorker.sendMessageToWorker', {
        sessionId: session,
        message: JSON.stringify({ id, method, params }),
      });
    });
  try {
    await send('NodeWorker.enable', { waitForDebuggerOnStart: false });
    // The workers running now are announced right after enable.
    await new Promise((r) => setTimeout(r, 200));
    const isTarget = `(() => { const { workerData } = process.getBuiltinModule('node:worker_threads'); return Boolean(workerData && ${JSON.stringify(marker)} in workerData); })()`;
    let hits = 0;
    for (const session of attached) {
      const found = await inWorker(session, 'Runtime.evaluate', {
        expression: isTarget,
        returnByValue: true,
      });
      if ((found.result as { result?: { value?: unknown } }).result?.value !== true) continue;
      hits++;
      const breaks = `process.getBuiltinModule('node:worker_threads').parentPort.postMessage = () => { throw new Error('a read worker crashed (test)'); }`;
      await inWorker(session, 'Runtime.evaluate', { expression: breaks });
    }
    return hits;
  } finally {
    await new Promise((r) => setTimeout(r, 200));
    socket.close();
  }
}
