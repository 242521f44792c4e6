import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteWorker } from './pgliteInWorker.ts';
import type { PgliteSession } from './pglitePool.ts';

describe('PGlite on a worker thread', () => {
  let session: PgliteSession;
  beforeAll(async () => {
    session = await startPgliteWorker({ dataDir: undefined, extraStartParams: ['-c', 'shared_buffers=16MB'] });
  }, 60_000);
  afterAll(() => session?.close());

  it('answers rows with the types PGlite parses on this thread (numbers, json, dates, bytes, booleans, nulls)', async () => {
    const { rows } = await session.query(
      "select 42::int4 as n, 9007199254740991::int8 as big, '{\"a\":[1,null]}'::jsonb as j, '2026-12-02T10:00:00Z'::timestamptz as t, '\\x0102'::bytea as b, true as ok, null::text as nothing, $1::text as echoed",
      ['café'],
    );
    const [row] = rows as Record<string, unknown>[];
    expect(row).toMatchObject({ n: 42, j: { a: [1, null] }, ok: true, nothing: null, echoed: 'café' });
    expect(row!.t).toBeInstanceOf(Date);
    expect((row!.t as Date).toISOString()).toBe('2026-12-02T10:00:00.000Z');
    expect(Array.from(row!.b as Uint8Array)).toEqual([1, 2]);
    expect(String(row!.big)).toBe('9007199254740991');
  });

  it('runs several statements through exec, one result each, with affected-row counts', async () => {
    const results = await session.exec('create table t (id int primary key); insert into t values (1), (2); select * from t order by id');
    expect(results).toHaveLength(3);
    expect(results[1]!.affectedRows).toBe(2);
    expect(results[2]!.rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("rebuilds a Postgres error with the fields callers read, and keeps answering after it", async () => {
    const failed = await session.query('insert into t values ($1)', [1]).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ code: '23505', constraint: 't_pkey', message: expect.stringMatching(/duplicate key/) });
    expect((await session.query('select count(*)::int as c from t', [])).rows).toEqual([{ c: 2 }]);
  });

  it('delivers notifications to the listener until it unlistens', async () => {
    const heard: string[] = [];
    const unlisten = await session.listen('strait_test_channel', (payload) => heard.push(payload));
    await session.query("select pg_notify('strait_test_channel', $1)", ['first']);
    await expect.poll(() => heard).toEqual(['first']);
    await unlisten();
    await session.query("select pg_notify('strait_test_channel', $1)", ['second']);
    await session.query('select 1', []);
    expect(heard).toEqual(['first']);
  });

  it('refuses requests once closed instead of leaving them pending', async () => {
    const closing = await startPgliteWorker({ dataDir: undefined, extraStartParams: [] });
    await closing.close();
    await expect(closing.query('select 1', [])).rejects.toThrow(/embedded store's thread/);
  }, 60_000);
});
