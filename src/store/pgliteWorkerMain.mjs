// The embedded PGlite on a thread of its own (src/store/pgliteInWorker.ts starts it). Plain
// JavaScript so that tsx, Vitest and the compiled build all start the same file without a loader.
// Postgres in WebAssembly runs here, off the thread that answers HTTP: a commit no longer holds up
// the next request (docs/performance.md, "PGlite on a thread of its own").
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** The fields of a Postgres error the service reads (`code` above all), copied across the thread boundary. */
const ERROR_FIELDS = ['code', 'severity', 'detail', 'hint', 'position', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];

function describeError(error) {
  const described = { message: error instanceof Error ? error.message : String(error), name: error instanceof Error ? error.name : 'Error' };
  for (const field of ERROR_FIELDS) if (error && typeof error === 'object' && error[field] !== undefined) described[field] = error[field];
  return described;
}

/** Query results carry only what the pool reads: rows and the affected-row count. */
const resultOf = (result) => ({ rows: result?.rows ?? [], affectedRows: result?.affectedRows });

const opened = PGlite.create(workerData.dataDir ?? undefined, { startParams: [...PGlite.defaultStartParams, ...workerData.extraStartParams] });
const listeners = new Map();

async function answer(message) {
  const db = await opened;
  switch (message.kind) {
    case 'query':
      return resultOf(await db.query(message.sql, message.parameters));
    case 'exec':
      return (await db.exec(message.sql)).map(resultOf);
    case 'listen': {
      const unlisten = await db.listen(message.channel, (payload) => parentPort.postMessage({ kind: 'notify', channel: message.channel, payload }));
      listeners.set(message.channel, unlisten);
      return null;
    }
    case 'unlisten':
      await listeners.get(message.channel)?.();
      listeners.delete(message.channel);
      return null;
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown request ${String(message.kind)}`);
  }
}

parentPort.on('message', (message) => {
  answer(message).then(
    (result) => parentPort.postMessage({ kind: 'answer', id: message.id, result }),
    (error) => parentPort.postMessage({ kind: 'answer', id: message.id, error: describeError(error) }),
  );
});

opened.then(
  () => parentPort.postMessage({ kind: 'ready' }),
  (error) => parentPort.postMessage({ kind: 'failed', error: describeError(error) }),
);
