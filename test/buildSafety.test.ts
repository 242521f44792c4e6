import { decodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';
import type { StepsPlan, Venue } from '../src/venues/Venue.ts';
import type { VenueStandIn } from '../src/venues/VenueModule.ts';
import { allCredentials } from './scriptedStrait.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * Money safety at build (issue 12 items 5, 14, 17): never an approval above what the transfer spends
 * nor a build above the sender's balance, the referral share charged to a wallet that cannot bundle,
 * a minimum never above the expected output, and one decision building one row.
 */

const MAX_UINT256 = 2n ** 256n - 1n;

describe('over HTTP against the sandbox (anvil chains, venue fakes)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  async function api<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${sandbox.info.baseUrl}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    return { status: response.status, body: (await response.json()) as T };
  }

  type Quote = { decisionId: string; quotes: { venue: string; quoteId: string; executable: boolean }[] };
  type Built = { steps?: { step: string; to: Hex; data: Hex }[]; error?: { code: string; details: Record<string, string> } };
  const quoteFor = (amountAtomic: string, fromToken: string | null = 'USDC') => {
    const user = sandbox.info.accounts[7]!.address;
    return api<Quote>('/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken, toToken: fromToken, amountAtomic, sender: user, recipient: user });
  };

  it('refuses 2^256 − 1 at build as insufficient_balance for every executable row, and approves nothing', async () => {
    const quote = await quoteFor(MAX_UINT256.toString());
    expect(quote.status).toBe(200);
    const rows = quote.body.quotes.filter((q) => q.executable);
    expect(rows.length, JSON.stringify(quote.body)).toBeGreaterThan(0);
    for (const row of rows) {
      // One decision builds one row: quote again for each.
      const fresh = row === rows[0] ? quote.body : (await quoteFor(MAX_UINT256.toString())).body;
      const again = fresh.quotes.find((q) => q.venue === row.venue)!;
      const build = await api<Built>('/bridge/build', { decisionId: fresh.decisionId, quoteId: again.quoteId });
      expect(build.status, `${row.venue}: ${JSON.stringify(build.body)}`).toBe(422);
      expect(build.body.error).toMatchObject({ code: 'insufficient_balance', details: { amountAtomic: MAX_UINT256.toString(), balanceAtomic: '1000000000000' } });
    }
  });

  it('refuses a native amount one wei above the balance, and builds one within it with an exact approval', async () => {
    const user = sandbox.info.accounts[7]!.address;
    const balance = await (await fetch(sandbox.info.chains.base!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [user, 'latest'] }) })).json() as { result: Hex };
    const over = await quoteFor((BigInt(balance.result) + 1n).toString(), null);
    const row = over.body.quotes.find((q) => q.executable);
    if (row) {
      const build = await api<Built>('/bridge/build', { decisionId: over.body.decisionId, quoteId: row.quoteId });
      expect(build.body.error?.code).toBe('insufficient_balance');
    }
    const within = await quoteFor('100000000');
    const across = within.body.quotes.find((q) => q.venue === 'across')!;
    const build = await api<Built>('/bridge/build', { decisionId: within.body.decisionId, quoteId: across.quoteId });
    expect(build.status, JSON.stringify(build.body)).toBe(200);
    for (const approve of (build.body.steps ?? []).filter((s) => s.step === 'approve')) {
      const [, amount] = decodeFunctionData({ abi: erc20Abi, data: approve.data }).args as [Hex, bigint];
      expect(amount).toBeLessThanOrEqual(100_000_000n);
    }
  });
});

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const REFERRER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FEE_WALLET = getAddress('0x000000000000000000000000000000000000fee1');
const POOL = getAddress('0x00000000000000000000000000000000000b00c1');
const SELECTOR = '0xabcdef01';

/** What the pool double answers at build: an approval this much above what it was asked to move, a minimum this much above its output. */
let approvalExtra = 0n;
let minOverExpected = 0n;

function pool(id: string, outBps: bigint): VenueStandIn {
  return {
    id,
    defaultBaseUrl: 'http://127.0.0.1:1',
    allowList: { calls: [{ chainId: 8453, to: POOL, selectors: [SELECTOR] }], transferRecipients: [] },
    create(): Venue {
      return {
        id,
        supports: () => ({ served: true }),
        coverage: () => ({ origins: ['base'], tokenSymbols: () => ['USDC'] }),
        quote: async (r) => {
          const out = (r.amountIn * outBps) / 10_000n;
          return { amountIn: r.amountIn, amountOut: out, minAmountOut: out, estimatedSeconds: 12.4, expiresAt: null, context: {} };
        },
        build: async ({ request, quote }): Promise<StepsPlan> => ({
          shape: 'steps',
          steps: [{ vm: 'evm', step: 'main', chainId: 8453, to: POOL, data: `${SELECTOR}${'00'.repeat(32)}`, value: 0n }],
          approval: { chainId: 8453, token: request.fromToken.address as Hex, spender: POOL, amount: request.amountIn + approvalExtra },
          amountOut: quote.amountOut,
          minAmountOut: quote.amountOut + minOverExpected,
          context: {},
        }),
        status: async () => ({ state: 'pending', venueStatus: 'pending', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null }),
      };
    },
  };
}

describe('with venue doubles', () => {
  let strait: Strait;
  beforeAll(async () => {
    strait = await createTestStrait({ ...allCredentials(), STRAIT_FEE_WALLET_BASE: FEE_WALLET, STRAIT_QUOTE_MIN_WAIT_MS: '0' }, [pool('across', 9_990n), pool('relay', 9_940n)]);
  });
  afterAll(async () => {
    await strait.close();
  });

  const post = async <T>(url: string, payload: object) => {
    const response = await strait.app.inject({ method: 'POST', url, payload });
    return { status: response.statusCode, body: response.json() as T };
  };
  type Quote = { decisionId: string; best: { quoteId: string; venue: string; estimatedSeconds: number; amountOutAtomic: string; minAmountOutAtomic: string }; quotes: { quoteId: string; venue: string; amountOutAtomic: string; minAmountOutAtomic: string }[] };
  type Build = { transferId: string; venue: string; steps: { step: string; to: Hex; data: Hex }[]; feeCapture: string; referralCapture: string | null; expectedOutAtomic: string; minOutAtomic: string; error?: { code: string; details: Record<string, unknown> } };
  const quote = (extra: object = {}) => post<Quote>('/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '1000000000', sender: USER, recipient: USER, ...extra });

  it('refuses a venue asking to approve more than the transfer spends, and marks it degraded', async () => {
    approvalExtra = MAX_UINT256 - 1_000_000_000n;
    try {
      const q = await quote();
      const build = await post<Build>('/v1/bridge/build', { decisionId: q.body.decisionId });
      expect(build.status).toBe(502);
      expect(build.body.error).toMatchObject({ code: 'unsafe_venue_answer', details: { step: 'approve' } });
    } finally {
      approvalExtra = 0n;
    }
    const venues = (await strait.app.inject({ method: 'GET', url: '/v1/bridge/venues' })).json() as { venues: { venue: string; health: string }[] };
    expect(venues.venues.find((v) => v.venue === 'across')?.health).toBe('degraded');
  });

  it('charges the referral share to a wallet that cannot bundle, as a fee step of its own', async () => {
    const q = await quote({ referralWallet: REFERRER, referralBps: 15 });
    const build = await post<Build>('/v1/bridge/build', { decisionId: q.body.decisionId, walletBatching: false });
    expect(build.status, JSON.stringify(build.body)).toBe(200);
    expect(build.body).toMatchObject({ feeCapture: 'separate-step', referralCapture: 'separate-step' });
    expect(build.body.steps.map((s) => s.step)).toEqual(['approve', 'fee', 'fee', 'main']);
    const referral = build.body.steps[2]!;
    expect(decodeFunctionData({ abi: erc20Abi, data: referral.data }).args).toEqual([REFERRER, 1_500_000n]);
    // The quoted output already carved the share; what is built is what was quoted.
    expect(build.body.expectedOutAtomic).toBe(q.body.best.amountOutAtomic);
    const transfer = (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${build.body.transferId}` })).json() as { fees: { kind: string; amountAtomic: string }[] };
    expect(transfer.fees.map((f) => [f.kind, f.amountAtomic])).toEqual([
      ['platform', '800000'],
      ['referral', '1500000'],
    ]);
  });

  // A quote answer with minimum above output is refused by the venue client (venue_bad_response); a
  // build answer is clamped.
  it('never answers a minimum above the expected output at build, whatever the venue builds', async () => {
    minOverExpected = 5_000_000n;
    try {
      const q = await quote();
      for (const row of q.body.quotes) expect(BigInt(row.minAmountOutAtomic)).toBeLessThanOrEqual(BigInt(row.amountOutAtomic));
      const build = await post<Build>('/v1/bridge/build', { decisionId: q.body.decisionId });
      expect(build.status, JSON.stringify(build.body)).toBe(200);
      expect(BigInt(build.body.minOutAtomic)).toBeLessThanOrEqual(BigInt(build.body.expectedOutAtomic));
    } finally {
      minOverExpected = 0n;
    }
  });

  it('answers estimatedSeconds as an integer', async () => {
    const q = await quote();
    expect(q.body.best.estimatedSeconds).toBe(13);
  });

  it('answers a repeat build naming another row 409 decision_already_built, and a repeat of the same row the first build', async () => {
    const q = await quote();
    const [first, second] = q.body.quotes;
    const built = await post<Build>('/v1/bridge/build', { decisionId: q.body.decisionId, quoteId: first!.quoteId });
    expect(built.status).toBe(200);
    const other = await post<Build>('/v1/bridge/build', { decisionId: q.body.decisionId, quoteId: second!.quoteId });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'decision_already_built', details: { transferId: built.body.transferId, quoteId: first!.quoteId, venue: first!.venue } });
    const same = await post<Build>('/v1/bridge/build', { decisionId: q.body.decisionId, quoteId: first!.quoteId });
    expect(same.body.transferId).toBe(built.body.transferId);
    const unnamed = await post<Build>('/v1/bridge/build', { decisionId: q.body.decisionId });
    expect(unnamed.body.transferId).toBe(built.body.transferId);
  });
});
