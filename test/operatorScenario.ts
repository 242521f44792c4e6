import { expect } from 'vitest';
import type { Env } from '../src/config.ts';
import type { Strait } from '../src/createStrait.ts';
import type { VenueStatus } from '../src/venues/Venue.ts';
import type { CliIo } from '../src/cli/operator/cliIo.ts';
import { runCli } from '../src/cli/runCli.ts';
import { createTestStrait } from './testStrait.ts';
import { venueDouble } from './venueDouble.ts';

export const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** What the operator commands are checked against: transfers in known states, one with a poll history. */
export interface OperatorScenario {
  /** Polled three times (pending, a venue error, completed), with an earlier refused submit. */
  readonly completed: string;
  /** Submitted and polled once, a month ago: past its give-up deadline, so overdue. */
  readonly submitted: string;
  /** Built for another wallet and never signed. */
  readonly unsigned: string;
}

let hashes = 0;
const nextHash = () => `0x${(++hashes).toString(16).padStart(64, 'cd')}`;

/**
 * A Strait on the given store (a PGlite data directory or a PostgreSQL URL) with a venue double whose
 * status the scenario scripts, driven through the real routes and the real status worker.
 */
export async function runOperatorScenario(storeEnv: Env): Promise<{ strait: Strait; scenario: OperatorScenario }> {
  let next: VenueStatus | Error = { state: 'pending', venueStatus: 'in_flight', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null };
  const scripted = venueDouble({
    status: async () => {
      if (next instanceof Error) throw next;
      return next;
    },
  });
  const strait = await createTestStrait(storeEnv, [scripted]);
  // A month ago, so the commands (on the real clock) see the scenario's deadlines passed.
  let clock = Date.now() - 30 * 86_400_000;
  (strait.deps as { now: () => number }).now = () => clock;
  const built = async (wallet: string) => {
    const quote = await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: wallet, recipient: wallet } });
    const build = await strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: quote.json().decisionId } });
    expect(build.statusCode).toBe(200);
    return build.json().transferId as string;
  };
  const submit = (id: string, txHash: string) => strait.app.inject({ method: 'POST', url: `/v1/bridge/transfers/${id}/submit`, payload: { txHash, step: 'main' } });

  const completed = await built(USER);
  // Refused: not a hash. Counted by reason in strait_submit_refusals_total.
  expect((await submit(completed, '0x1234')).statusCode).toBe(400);
  expect((await submit(completed, nextHash())).json()).toMatchObject({ accepted: true });
  const poll = async () => {
    clock += 3_600_000;
    await strait.worker.tick();
  };
  await poll();
  next = new Error('upstream answered 502 at https://api.example/status?key=secret');
  await poll();
  next = { state: 'completed', venueStatus: 'filled', destinationTxHash: `0x${'ef'.repeat(32)}`, receivedAmount: 4_999_000n, receivedAsset: null, detail: null };
  await poll();

  clock += 1_000;
  const submitted = await built(USER);
  expect((await submit(submitted, nextHash())).json()).toMatchObject({ accepted: true });
  next = { state: 'pending', venueStatus: 'in_flight', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null };
  await poll();
  clock += 1_000;
  const unsigned = await built(OTHER);
  return { strait, scenario: { completed, submitted, unsigned } };
}

/** Runs `strait <args>` in this process against `env`, as the binary would. */
export async function cli(args: readonly string[], env: Env): Promise<{ code: number | null; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (text) => (out += text), err: (text) => (err += text) };
  const code = await runCli(args, env, io);
  return { code, out, err };
}
