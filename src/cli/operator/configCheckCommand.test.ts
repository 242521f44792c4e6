import { describe, expect, it } from 'vitest';
import { runCli } from '../runCli.ts';
import type { CliIo } from './cliIo.ts';

async function check(env: Record<string, string>, ...flags: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => (out += t), err: (t) => (err += t) };
  const code = await runCli(['config', 'check', ...flags], env, io);
  return { code, out, err };
}

describe('strait config check', () => {
  it('exits 0 on a clean environment and prints the venue, RPC and fee-wallet matrix without secrets', async () => {
    const result = await check({
      STRAIT_DATA_DIR: '/srv/strait',
      STRAIT_RPC_BASE: 'https://base.example/v2/secret-key',
      STRAIT_FEE_WALLET_BASE: '0x1111111111111111111111111111111111111111',
      STRAIT_VENUE_RELAY_ENABLED: 'false',
      STRAIT_VENUE_RANGO_API_KEY: 'k-123',
      STRAIT_VENUE_ACROSS_BASE_URL: 'http://10.0.0.5:8000/api?token=abc',
    });
    expect(result.code).toBe(0);
    expect(result.out).toContain('store: PGlite in /srv/strait');
    expect(result.out).toMatch(/\nrelay\s+off\s+default\s+-\s+switched off \(STRAIT_VENUE_RELAY_ENABLED=false\)\n/);
    expect(result.out).toMatch(/\nrango\s+on\s+default\s+API_KEY\s+-\n/);
    expect(result.out).toMatch(/\nsquid\s+off\s+.*missing credential STRAIT_VENUE_SQUID_INTEGRATOR_ID/);
    expect(result.out).toMatch(/\nacross\s+on\s+http:\/\/10\.0\.0\.5:8000\s/);
    expect(result.out).toMatch(/\nbase\s+https:\/\/base\.example\s+0x1111111111111111111111111111111111111111\s+-\n/);
    expect(result.out).toMatch(/\narbitrum\s+-\s+-\s+no RPC, no fee wallet\n/);
    expect(result.out).toContain('every STRAIT_* variable set is one Strait reads');
    for (const secret of ['secret-key', 'k-123', 'token=abc']) expect(result.out).not.toContain(secret);
  });

  it('exits 1 naming unknown STRAIT_* variables with the one they most likely misspell', async () => {
    const result = await check({ STRAIT_WROKER_PORT: '9000', STRAIT_RPC_BAES: 'https://x.example', STRAIT_SOMETHING_ELSE_ENTIRELY: '1' });
    expect(result.code).toBe(1);
    expect(result.out).toContain('STRAIT_WROKER_PORT: did you mean STRAIT_WORKER_PORT?');
    expect(result.out).toContain('STRAIT_RPC_BAES: did you mean STRAIT_RPC_BASE?');
    expect(result.out).toMatch(/ {2}STRAIT_SOMETHING_ELSE_ENTIRELY\n/);
    const json = JSON.parse((await check({ STRAIT_WROKER_PORT: '9000' }, '--json')).out);
    expect(json).toMatchObject({ ok: false, unknownVariables: [{ name: 'STRAIT_WROKER_PORT', didYouMean: 'STRAIT_WORKER_PORT' }] });
    expect(json.venues.find((v: { venue: string }) => v.venue === 'across')).toEqual({ venue: 'across', state: 'on', reason: null, baseUrl: null, credentials: [] });
    expect(json.chains.find((c: { chain: string }) => c.chain === 'base')).toEqual({ chain: 'base', rpc: null, feeWallet: null, note: 'no RPC, no fee wallet' });
  });

  it('exits 78 with the variable named when the configuration does not load', async () => {
    const result = await check({ STRAIT_FEE_WALLET_BASE: 'not-an-address' });
    expect(result.code).toBe(78);
    expect(result.err).toContain('STRAIT_FEE_WALLET_BASE must be a valid base address');
    expect(JSON.parse((await check({ STRAIT_PORT: 'x' }, '--json')).out)).toEqual({ ok: false, error: "STRAIT_PORT must be an integer from 0 to 65535, got 'x'" });
  });

  it('says when the store is an in-memory PGlite no other process can inspect', async () => {
    const result = await check({ STRAIT_DATA_DIR: 'memory' });
    expect(result.out).toContain('in memory: nothing survives a restart, and strait transfers/migrate/db cannot inspect it from another process');
  });

  it('answers --help on every operator command, and a usage error with 64', async () => {
    for (const command of ['transfers', 'config', 'migrate', 'db']) {
      let out = '';
      const code = await runCli([command, '--help'], {}, { out: (t) => (out += t), err: () => undefined });
      expect(code, command).toBe(0);
      expect(out, command).toContain(`usage: strait ${command}`);
    }
    let err = '';
    expect(await runCli(['config', 'validate'], {}, { out: () => undefined, err: (t) => (err += t) })).toBe(64);
    expect(err).toContain("unknown subcommand 'config validate'");
  });
});
