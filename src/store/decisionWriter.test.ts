import { describe, expect, it } from 'vitest';
import type { StoredDecision } from './decisionRepository.ts';
import { createDecisionWriter } from './decisionWriter.ts';

const decision = (id: string): StoredDecision => ({ id } as unknown as StoredDecision);

/** An insert that records each statement's ids and finishes when told to. */
function gatedInsert(refuse: (id: string) => boolean = () => false) {
  const statements: string[][] = [];
  const gates: (() => void)[] = [];
  const insert = async (batch: readonly StoredDecision[]) => {
    statements.push(batch.map((d) => d.id));
    await new Promise<void>((open) => gates.push(open));
    if (batch.some((d) => refuse(d.id))) throw new Error(`refused ${batch.map((d) => d.id).join(',')}`);
  };
  const openAll = async () => {
    await new Promise((r) => setImmediate(r)); // a writer answering first starts its statement on the next turn
    while (gates.length > 0) {
      gates.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { statements, insert, openAll };
}

describe('createDecisionWriter', () => {
  it('writes a decision at once when nothing is in flight, and the ones queued meanwhile together', async () => {
    const { statements, insert, openAll } = gatedInsert();
    const writer = createDecisionWriter(insert, { maxInFlight: 1, maxBatch: 3 });
    const written = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => writer.write(decision(id)));
    expect(statements).toEqual([['a']]);
    await openAll();
    await Promise.all(written);
    expect(statements).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f']]);
    await writer.idle();
  });

  it('resolves a write only once its statement committed', async () => {
    const { insert, openAll } = gatedInsert();
    const writer = createDecisionWriter(insert, { maxInFlight: 1, maxBatch: 8 });
    let committed = false;
    const written = writer.write(decision('a')).then(() => (committed = true));
    await new Promise((r) => setImmediate(r));
    expect(committed).toBe(false);
    let idle = false;
    const idled = writer.idle().then(() => (idle = true));
    await openAll();
    await written;
    await idled;
    expect([committed, idle]).toEqual([true, true]);
  });

  it('keeps several statements in flight up to its limit', async () => {
    const { statements, insert, openAll } = gatedInsert();
    const writer = createDecisionWriter(insert, { maxInFlight: 2, maxBatch: 8 });
    const written = ['a', 'b', 'c', 'd'].map((id) => writer.write(decision(id)));
    expect(statements).toEqual([['a'], ['b']]);
    await openAll();
    await Promise.all(written);
    expect(statements).toEqual([['a'], ['b'], ['c', 'd']]);
  });

  it('retries a failed batch one decision at a time, so only the refused one fails', async () => {
    const { statements, insert, openAll } = gatedInsert((id) => id === 'c');
    const writer = createDecisionWriter(insert, { maxInFlight: 1, maxBatch: 8 });
    const written = ['a', 'b', 'c', 'd'].map((id) => writer.write(decision(id)));
    const settled = Promise.allSettled(written);
    await openAll();
    expect((await settled).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(statements).toEqual([['a'], ['b', 'c', 'd'], ['b'], ['c'], ['d']]);
  });
});

describe('createDecisionWriter with its readers in this process', () => {
  const lostOf = () => {
    const lost: string[] = [];
    return { lost, onLost: (d: StoredDecision) => void lost.push(d.id) };
  };

  it('answers a write once queued, and written(id) once its statement committed', async () => {
    const { statements, insert, openAll } = gatedInsert();
    const { lost, onLost } = lostOf();
    const writer = createDecisionWriter(insert, { maxInFlight: 1, maxBatch: 8, inProcessReaders: { queuedAtMost: 4, onLost } });
    await writer.write(decision('a')); // resolves with the insert still gated
    expect(statements).toEqual([]); // and not even started: the statement is built after this turn's answer
    let readable = false;
    const read = writer.written('a').then(() => (readable = true));
    await new Promise((r) => setImmediate(r));
    expect(readable).toBe(false);
    await openAll();
    await read;
    expect(readable).toBe(true);
    expect(lost).toEqual([]);
    await expect(writer.written('unknown')).resolves.toBeUndefined();
  });

  it('makes writes wait for their commit once more than queuedAtMost are uncommitted', async () => {
    const { insert, openAll } = gatedInsert();
    const { onLost } = lostOf();
    const writer = createDecisionWriter(insert, { maxInFlight: 1, maxBatch: 8, inProcessReaders: { queuedAtMost: 2, onLost } });
    const answered: string[] = [];
    const writes = ['a', 'b', 'c', 'd'].map((id) => writer.write(decision(id)).then(() => answered.push(id)));
    await new Promise((r) => setImmediate(r));
    expect(answered).toEqual(['a', 'b']);
    await openAll();
    await Promise.all(writes);
    expect(answered).toEqual(['a', 'b', 'c', 'd']);
  });

  it('tells onLost of a decision the store refused, and its readers then find nothing to wait for', async () => {
    const { insert, openAll } = gatedInsert((id) => id === 'bad');
    const { lost, onLost } = lostOf();
    const writer = createDecisionWriter(insert, { maxInFlight: 1, maxBatch: 8, inProcessReaders: { queuedAtMost: 8, onLost } });
    await writer.write(decision('first'));
    await writer.write(decision('bad'));
    await writer.write(decision('good'));
    const settled = Promise.all(['first', 'bad', 'good'].map((id) => writer.written(id)));
    await openAll();
    await settled;
    expect(lost).toEqual(['bad']);
    await writer.idle();
  });
});

describe('createDecisionWriter waiting for a lull in the quotes', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const noLoss = () => undefined;

  it('holds the statement while decisions keep coming, then writes them together', async () => {
    const { statements, insert, openAll } = gatedInsert();
    // Decisions 10 ms apart under a 100 ms lull: a slow runner has 90 ms of slack between two.
    const writer = createDecisionWriter(insert, { maxInFlight: 1, maxBatch: 8, inProcessReaders: { queuedAtMost: 8, onLost: noLoss, lullMs: 100, lullAtMostMs: 10_000 } });
    for (const id of ['a', 'b', 'c']) {
      await writer.write(decision(id));
      await sleep(10);
    }
    expect(statements).toEqual([]);
    await sleep(250);
    expect(statements).toEqual([['a', 'b', 'c']]);
    await openAll();
    await writer.idle();
  });

  it('waits on while the event loop is busy though no decision comes, and writes once it idles', async () => {
    const { statements, insert, openAll } = gatedInsert();
    const writer = createDecisionWriter(insert, { maxInFlight: 1, maxBatch: 8, inProcessReaders: { queuedAtMost: 8, onLost: noLoss, lullMs: 20, lullAtMostMs: 10_000 } });
    await writer.write(decision('a'));
    // Four times the lull with the loop running most of the time (as while a quote's venues answer).
    const spinUntil = performance.now() + 80;
    while (performance.now() < spinUntil) {
      const end = performance.now() + 4;
      while (performance.now() < end);
      await new Promise((r) => setImmediate(r));
    }
    expect(statements).toEqual([]);
    await sleep(150);
    expect(statements).toEqual([['a']]);
    await openAll();
    await writer.idle();
  });

  it('writes by lullAtMostMs even when decisions never pause', async () => {
    const { statements, insert, openAll } = gatedInsert();
    const writer = createDecisionWriter(insert, { maxInFlight: 1, maxBatch: 100, inProcessReaders: { queuedAtMost: 100, onLost: noLoss, lullMs: 30, lullAtMostMs: 60 } });
    const started = performance.now();
    for (let n = 0; statements.length === 0 && performance.now() - started < 2_000; n++) {
      await writer.write(decision(`d${n}`));
      await sleep(5);
    }
    expect(statements).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(1_000);
    await openAll();
    await writer.idle();
  });

  it('writes at once for a reader waiting on the decision, for idle(), and for a full batch', async () => {
    const { statements, insert, openAll } = gatedInsert();
    const writer = createDecisionWriter(insert, { maxInFlight: 1, maxBatch: 3, inProcessReaders: { queuedAtMost: 8, onLost: noLoss, lullMs: 60_000, lullAtMostMs: 60_000 } });
    await writer.write(decision('a'));
    const read = writer.written('a');
    await new Promise((r) => setImmediate(r));
    expect(statements).toEqual([['a']]);
    await openAll();
    await read;

    await writer.write(decision('b'));
    const idled = writer.idle();
    await new Promise((r) => setImmediate(r));
    expect(statements).toEqual([['a'], ['b']]);
    await openAll();
    await idled;

    for (const id of ['c', 'd', 'e']) await writer.write(decision(id));
    await new Promise((r) => setImmediate(r));
    expect(statements).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
    await openAll();
    await writer.idle();
  });
});
