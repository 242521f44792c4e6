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
