import { describe, expect, it } from 'vitest';
import type { Env } from '../src/config.ts';
import { cli, USER, type OperatorScenario } from './operatorScenario.ts';

/** The operator commands against a store the scenario filled, on either driver. */
export function describeOperatorCommands(name: string, setup: () => { env: Env; scenario: OperatorScenario }): void {
  describe(`operator commands on ${name}`, () => {
    const run = (...args: string[]) => cli(args, setup().env);

    it('lists transfers newest first, filtered by status, venue, wallet and age', async () => {
      const { scenario } = setup();
      const all = await run('transfers', 'list', '--json');
      expect(all.code).toBe(0);
      expect(JSON.parse(all.out).map((t: { id: string }) => t.id)).toEqual([scenario.unsigned, scenario.submitted, scenario.completed]);
      const ids = async (...flags: string[]) => JSON.parse((await run('transfers', 'list', '--json', ...flags)).out).map((t: { id: string }) => t.id);
      expect(await ids('--status', 'completed')).toEqual([scenario.completed]);
      expect(await ids('--status', 'open')).toEqual([scenario.unsigned, scenario.submitted]);
      expect(await ids('--status', 'PENDING,SUBMITTED', '--venue', 'relay')).toEqual([]);
      expect(await ids('--venue', 'across', '--limit', '1')).toEqual([scenario.unsigned]);
      // The scenario ran a month ago.
      expect(await ids('--wallet', USER.toLowerCase(), '--older-than', '7d')).toEqual([scenario.submitted, scenario.completed]);
      expect(await ids('--newer-than', '7d')).toEqual([]);
      const table = await run('transfers', 'list');
      expect(table.out).toMatch(/^id\s+status\s+venue\s+route/);
      expect(table.out).toContain(`${scenario.completed}  COMPLETED`);
      expect(table.out).toContain('base->arbitrum');
      expect(table.out).toMatch(/3 transfers\n$/);
    });

    it('lists overdue transfers the way the overdue gauge counts them', async () => {
      const { scenario } = setup();
      const overdue = JSON.parse((await run('transfers', 'list', '--overdue', '--json')).out) as { id: string; overdue: boolean }[];
      // Still polled, its give-up deadline a month past; the completed one is no longer polled.
      expect(overdue.map((t) => [t.id, t.overdue])).toEqual([[scenario.submitted, true]]);
      const shown = await run('transfers', 'show', scenario.submitted);
      expect(shown.out).toMatch(/status\s+PENDING \(overdue\)/);
    });

    it('shows one transfer with its steps, submissions, fee rows and venue polls', async () => {
      const { scenario } = setup();
      const json = await run('transfers', 'show', scenario.completed, '--json');
      expect(json.code).toBe(0);
      const shown = JSON.parse(json.out);
      expect(shown.transfer).toMatchObject({ id: scenario.completed, status: 'COMPLETED', venue: 'across', receivedAmount: '4999000' });
      expect(shown.steps.map((s: { kind: string }) => s.kind)).toContain('main');
      expect(shown.submissions).toHaveLength(1);
      expect(shown.polls.map((p: { venueStatus: string | null; mappedStatus: string | null }) => [p.venueStatus, p.mappedStatus])).toEqual([
        ['in_flight', 'PENDING'],
        [null, null],
        ['filled', 'COMPLETED'],
      ]);
      // The venue's error is kept sanitised: no URL, no key.
      expect(shown.polls[1].error).toContain('502');
      expect(shown.polls[1].error).not.toContain('secret');
      const human = await run('transfers', 'show', scenario.completed.toUpperCase());
      expect(human.code).toBe(0);
      for (const section of ['steps', 'submissions', 'fee rows', 'venue polls (last 3, oldest first)']) expect(human.out).toContain(`\n${section}\n`);
      expect(human.out).toMatch(/filled\s+COMPLETED/);
    });

    it('answers an unknown transfer with exit 3 and a malformed id with a usage error', async () => {
      expect((await run('transfers', 'show', '00000000-0000-4000-8000-000000000000')).code).toBe(3);
      const bad = await run('transfers', 'show', 'nope');
      expect(bad.code).toBe(64);
      expect(bad.err).toContain('usage: strait transfers');
      expect((await run('transfers', 'list', '--status', 'DONE')).code).toBe(64);
      expect((await run('transfers', 'list', '--older-than', 'soon')).code).toBe(64);
      expect((await run('transfers', 'list', '--bogus')).code).toBe(64);
    });

    it('runs one read-only query, refusing writes unless --write, and several statements always', async () => {
      const { scenario } = setup();
      const count = await run('db', 'query', 'SELECT status, count(*)::int AS n FROM transfers GROUP BY status ORDER BY status', '--json');
      expect(count.code).toBe(0);
      expect(JSON.parse(count.out).rows).toEqual([
        { status: 'COMPLETED', n: 1 },
        { status: 'PENDING', n: 1 },
        { status: 'PENDING_SIGNATURE', n: 1 },
      ]);
      const write = await run('db', 'query', `UPDATE transfers SET status_detail = 'touched' WHERE id = '${scenario.unsigned}'`);
      expect(write.code).toBe(1);
      expect(write.err).toContain('read-only transaction');
      const smuggled = await run('db', 'query', `COMMIT; UPDATE transfers SET status_detail = 'touched'`);
      expect(smuggled.code).toBe(64);
      const detail = async () => JSON.parse((await run('db', 'query', `SELECT status_detail FROM transfers WHERE id = '${scenario.unsigned}'`, '--json')).out).rows[0].status_detail;
      expect(await detail()).not.toBe('touched');
      const written = await run('db', 'query', `UPDATE transfers SET status_detail = 'touched by an operator' WHERE id = '${scenario.unsigned}'`, '--write');
      expect(written.code).toBe(0);
      expect(written.out).toContain('1 affected');
      expect(await detail()).toBe('touched by an operator');
      const table = await run('db', 'query', 'SELECT 1 AS one');
      expect(table.out).toBe('one\n---\n1\n(1 row)\n');
      expect((await run('db', 'query', 'SELECT * FROM no_such_table')).code).toBe(1);
    });

    it('reports every migration applied, and migrate up has nothing to do', async () => {
      const status = await run('migrate', 'status', '--json');
      expect(status.code).toBe(0);
      const parsed = JSON.parse(status.out) as { pending: string[]; migrations: { name: string; appliedAt: string | null }[] };
      expect(parsed.pending).toEqual([]);
      expect(parsed.migrations.map((m) => m.name)).toContain('008_transfer_polls');
      const up = await run('migrate', 'up');
      expect(up.code).toBe(0);
      expect(up.out).toContain('up to date');
    });
  });
}
