import { getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Strait } from '../../createStrait.ts';

/**
 * A venue through the whole service against its loopback fake, for the `*Transfer.test.ts` of the
 * calldata aggregators: one Strait on PGlite whose only reachable venue is the fake, the corridor every
 * such test quotes (250 USDC Base → Arbitrum), and the refusals every built call must survive — the
 * fake lying in the call (502 `unsafe_venue_answer`, the venue marked degraded) and a stored step
 * rewritten to pay someone else (409 `step_not_allowed` at submit).
 *
 * The Strait is passed in (`startStrait`) rather than made here so that this module stays inside
 * `src/` (the build's root): the tests build it with `test/testStrait.ts`.
 */

/** The addresses of the corridor: Anvil's first two development accounts, and a thief. */
export const TRANSFER_USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const TRANSFER_RECIPIENT = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
export const TRANSFER_EVIL = getAddress('0x00000000000000000000000000000000000bad00');
export const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
/** What the corridor's checked call must carry (the `expected` of the venues' `whyNot…Call`). */
export const TRANSFER_EXPECTED = { sourceChainId: 8453, sourceToken: BASE_USDC, amount: 250_000_000n, recipient: TRANSFER_RECIPIENT, destinationChainId: 42161 } as const;

/**
 * A fake a test can switch between answers: honest (`{}`) or lying in the built call (`{ tamper }`).
 * Each fake's own options type takes the place of `options` (method parameters are compared both ways).
 */
export interface TamperableFake {
  readonly url: string;
  setOptions(options: { readonly tamper?: unknown }): void;
  close(): Promise<void>;
}

/** The lies a fake can tell in its built call: its options' `tamper`. */
export type TamperOf<Fake> = Fake extends { setOptions(options: infer Options): void } ? NonNullable<Options extends { readonly tamper?: infer Tamper } ? Tamper : never> : never;

export interface BuiltTransfer {
  transferId: string;
  steps: { step: string; to: Hex; data: Hex; value: string; chainId: number }[];
  error?: { code: string; message: string };
}

export interface ServiceTransferHarness<Fake> {
  readonly venue: string;
  /** The running fake and Strait (set once the suite's `beforeAll` ran). */
  readonly fake: Fake;
  readonly strait: Strait;
  post<T>(url: string, payload: object): Promise<{ status: number; body: T }>;
  /** Quotes the corridor (the venue must be best) and builds the decision. */
  build(): Promise<{ status: number; body: BuiltTransfer }>;
  /** With the fake honest: builds (200), exactly an approve then the venue's main call. */
  buildHonestly(): Promise<{ approve: BuiltTransfer['steps'][number]; main: BuiltTransfer['steps'][number] }>;
}

export interface ServiceTransferHarnessParams<Fake> {
  readonly venue: string;
  readonly startFake: () => Promise<Fake>;
  /** A Strait whose venue points at the fake's URL (`createTestStrait` with the venue's settings). */
  readonly startStrait: (fakeUrl: string) => Promise<Strait>;
}

/** Starts the fake and the Strait before the file's tests and closes both after them. */
export function serviceTransferHarness<Fake extends TamperableFake>(params: ServiceTransferHarnessParams<Fake>): ServiceTransferHarness<Fake> {
  let fake: Fake | undefined;
  let strait: Strait | undefined;
  beforeAll(async () => {
    fake = await params.startFake();
    strait = await params.startStrait(fake.url);
  });
  afterAll(async () => {
    await strait?.close();
    await fake?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the service transfer harness is used before its beforeAll ran');
    return value;
  };
  const post = async <T>(url: string, payload: object) => {
    const response = await started(strait).app.inject({ method: 'POST', url, payload });
    return { status: response.statusCode, body: response.json() as T };
  };

  const build = async () => {
    const quote = await post<{ decisionId: string; best: { venue: string } | null; rejected: unknown }>('/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '250000000', sender: TRANSFER_USER, recipient: TRANSFER_RECIPIENT });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.best?.venue, JSON.stringify(quote.body.rejected)).toBe(params.venue);
    return post<BuiltTransfer>('/v1/bridge/build', { decisionId: quote.body.decisionId });
  };

  return {
    venue: params.venue,
    get fake() {
      return started(fake);
    },
    get strait() {
      return started(strait);
    },
    post,
    build,
    async buildHonestly() {
      started(fake).setOptions({});
      const { status, body } = await build();
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.steps.map((s) => s.step)).toEqual(['approve', 'main']);
      const [approve, main] = body.steps;
      return { approve: approve!, main: main! };
    },
  };
}

/**
 * One test per lie: the fake's built call pays another recipient, chain, token or amount, and the
 * build is refused with 502 `unsafe_venue_answer`, the venue's refusals counted once.
 */
export function itRefusesTamperedCalls<Fake extends TamperableFake>(harness: ServiceTransferHarness<Fake>, lies: [string, TamperOf<Fake>][]): void {
  it.each(lies)('refuses a built call that pays %s: 502 unsafe_venue_answer, nothing built', async (_name, tamper) => {
    harness.fake.setOptions({ tamper });
    const refusalsBefore = harness.strait.deps.venues.get(harness.venue)?.health?.refusals ?? 0;
    const { status, body } = await harness.build();
    expect(status, JSON.stringify(body)).toBe(502);
    expect(body.error?.code).toBe('unsafe_venue_answer');
    expect(harness.strait.deps.venues.get(harness.venue)?.health?.refusals).toBe(refusalsBefore + 1);
  });
}

/**
 * The submit check of the stored main step: rewritten to pay the thief (the recipient's bytes swapped
 * wherever the venue's call carries them) it is refused with 409 `step_not_allowed` and nothing is
 * broadcast; left as built it passes.
 */
export function itChecksTheStoredCallAtSubmit<Fake extends TamperableFake>(harness: ServiceTransferHarness<Fake>, params: { readonly callName: string; readonly to: Hex }): void {
  it(`checks the stored ${params.callName} again at submit and broadcasts nothing when it pays someone else`, async () => {
    harness.fake.setOptions({});
    const { body } = await harness.build();
    const main = body.steps.find((s) => s.step === 'main')!;
    const evilData = main.data.replaceAll(TRANSFER_RECIPIENT.slice(2).toLowerCase(), TRANSFER_EVIL.slice(2).toLowerCase()) as Hex;
    expect(evilData).not.toBe(main.data);
    await harness.strait.deps.store.db
      .updateTable('transfer_steps')
      .set({ payload: JSON.stringify({ vm: 'evm', step: 'main', chainId: 8453, to: params.to, data: evilData, value: '0' }) })
      .where('transfer_id', '=', body.transferId)
      .where('kind', '=', 'main')
      .execute();
    const submit = await harness.post<{ error: { code: string; message: string } }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'07'.repeat(32)}` });
    expect(submit.status, JSON.stringify(submit.body)).toBe(409);
    expect(submit.body.error.code).toBe('step_not_allowed');
    expect(submit.body.error.message).toMatch(/not the recipient/);
  });

  it('an honest stored call passes the submit check', async () => {
    harness.fake.setOptions({});
    const { body } = await harness.build();
    const submit = await harness.post<{ accepted: boolean }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'08'.repeat(32)}` });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
  });
}
