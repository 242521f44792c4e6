import { encodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { tagCalldata } from '../src/engine/tagCalldata.ts';
import type { StepsPlan, Venue, VenueQuoteRequest } from '../src/venues/Venue.ts';
import type { VenueStandIn } from '../src/venues/VenueModule.ts';
import { allCredentials } from './scriptedStrait.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * Build and submit around Strait's cuts and its allow-list: fee steps beside the bridge call and
 * signable as one EIP-5792 batch, fee rows that follow their steps, exact approvals with a zero reset
 * where the token needs one, and a venue answer outside its allow-list refused at build and at submit.
 */

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const REFERRER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FEE_WALLET = getAddress('0x000000000000000000000000000000000000fee1');
const POOL = getAddress('0x00000000000000000000000000000000000b00c1');
const EVIL = getAddress('0x00000000000000000000000000000000000bad00');
const SELECTOR = '0xabcdef01';
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const ETH_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

let target: Hex = POOL;
let spender: Hex = POOL;
const built: VenueQuoteRequest[] = [];

function pool(id: string, outBps: bigint, takesIntegratorFee = false): VenueStandIn {
  return {
    id,
    defaultBaseUrl: 'http://127.0.0.1:1',
    capabilities: { feeCapture: takesIntegratorFee ? 'venue-param' : 'none' },
    allowList: { calls: [8453, 1].map((chainId) => ({ chainId, to: POOL, selectors: [SELECTOR] })), transferRecipients: [] },
    create(): Venue {
      return {
        id,
        supports: () => ({ served: true }),
        coverage: () => ({ origins: ['base', 'ethereum'], tokenSymbols: () => ['USDC', 'USDT'] }),
        quote: async (r) => ({ amountIn: r.amountIn, amountOut: (r.amountIn * (outBps - BigInt(r.integratorFee?.bps ?? 0))) / 10_000n, minAmountOut: (r.amountIn * outBps) / 10_000n, estimatedSeconds: 10, expiresAt: null, context: {} }),
        build: async ({ request, quote }): Promise<StepsPlan> => {
          built.push(request);
          const chainId = request.fromChain === 'base' ? 8453 : 1;
          return {
            shape: 'steps',
            steps: [{ vm: 'evm', step: 'main', chainId, to: target, data: `${SELECTOR}${'00'.repeat(32)}`, value: 0n }],
            approval: { chainId, token: request.fromToken.address as Hex, spender, amount: request.amountIn },
            amountOut: quote.amountOut,
            minAmountOut: quote.minAmountOut,
            context: {},
          };
        },
        status: async () => ({ state: 'pending', venueStatus: 'pending', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null }),
      };
    },
  };
}

let strait: Strait;
beforeAll(async () => {
  strait = await createTestStrait(
    { ...allCredentials(), STRAIT_FEE_WALLET_BASE: FEE_WALLET, STRAIT_FEE_WALLET_ETHEREUM: FEE_WALLET, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_RATE_LIMIT_PER_MINUTE: '0' },
    [pool('across', 9_990n), pool('relay', 9_940n)],
  );
});
afterAll(async () => {
  await strait.close();
});

const post = async <T>(url: string, payload: object) => {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
};

interface Build {
  transferId: string;
  steps: { step: string; to: Hex; data: Hex; value: string; chainId: number }[];
  feeCapture: string;
  referralCapture: string | null;
  feeBatch: { chainId: number; stepIndexes: number[] } | null;
  requoted: boolean;
  expectedOutAtomic: string;
}

async function buildFor(body: Record<string, unknown>): Promise<{ status: number; body: Build & { error?: { code: string; message: string } } }> {
  const quote = await post<{ decisionId: string; best: { venue: string } }>('/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '1000000000', sender: USER, recipient: USER, ...body });
  expect(quote.status).toBe(200);
  return post('/v1/bridge/build', { decisionId: quote.body.decisionId });
}

const transferOf = async (id: string) => (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${id}` })).json() as { status: string; fees: { kind: string; status: string; amountAtomic: string; wallet: string; txHash: string | null }[] };

describe('fee capture', () => {
  it('carves both cuts from the amount: the venue gets the rest, and fee steps pay the wallets beside the bridge call', async () => {
    const { status, body } = await buildFor({ referralWallet: REFERRER, referralBps: 15 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.steps.map((s) => s.step)).toEqual(['approve', 'fee', 'fee', 'main']);
    const [, platform, referral] = body.steps;
    // Each ends with the transfer's tag, so a look-alike transfer's fee step is other bytes (tagCalldata.ts).
    expect(platform!.data).toBe(tagCalldata(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [FEE_WALLET, 800_000n] }), body.transferId));
    expect(referral!.data).toBe(tagCalldata(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(REFERRER), 1_500_000n] }), body.transferId));
    expect(platform!.to).toBe(BASE_USDC);
    // The venue was asked afresh for what remains after the cuts.
    expect(built.at(-1)?.amountIn).toBe(1_000_000_000n - 800_000n - 1_500_000n);
    expect(body).toMatchObject({ feeCapture: 'batch', referralCapture: 'batch', feeBatch: { chainId: 8453, stepIndexes: [0, 1, 2, 3] }, requoted: true });
    const transfer = await transferOf(body.transferId);
    expect(transfer.fees.map((f) => [f.kind, f.status, f.amountAtomic, f.wallet])).toEqual([
      ['platform', 'offered', '800000', FEE_WALLET],
      ['referral', 'offered', '1500000', REFERRER],
    ]);
  });

  it('moves a fee row to expected when its fee step is submitted, and only main moves the order', async () => {
    const { body } = await buildFor({ referralWallet: REFERRER, referralBps: 15 });
    const submit = (step: string, txHash: string) => post<{ accepted: boolean; status: string; verification: string }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step, txHash });
    const first = await submit('fee', `0x${'01'.repeat(32)}`);
    expect(first.body).toMatchObject({ accepted: true, status: 'PENDING_SIGNATURE', verification: 'unverified_no_rpc' });
    expect((await transferOf(body.transferId)).fees.map((f) => f.status)).toEqual(['expected', 'offered']);
    expect(((await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${body.transferId}` })).json() as { feeTxHash: string | null }).feeTxHash).toBe(`0x${'01'.repeat(32)}`);
    await submit('fee', `0x${'02'.repeat(32)}`);
    expect((await transferOf(body.transferId)).fees.map((f) => [f.status, f.txHash])).toEqual([
      ['expected', `0x${'01'.repeat(32)}`],
      ['expected', `0x${'02'.repeat(32)}`],
    ]);
    // Every fee step is in: a third fee submission repeats the last one.
    expect((await submit('fee', `0x${'03'.repeat(32)}`)).body.accepted).toBe(false);
    expect((await submit('fee', `0x${'01'.repeat(32)}`)).body.accepted).toBe(false);
    expect((await submit('main', `0x${'04'.repeat(32)}`)).body).toMatchObject({ accepted: true, status: 'SUBMITTED' });
  });

  it('builds one fee step without a referrer, and referralCapture is null', async () => {
    const { body } = await buildFor({ fromChain: 'base', amountAtomic: '1000000000', toToken: 'USDC' });
    expect(body.steps.map((s) => s.step)).toEqual(['approve', 'fee', 'main']);
    expect(body.referralCapture).toBeNull();
  });
});

describe('fee capture through the venue (venue-param)', () => {
  let venueParam: Strait;
  beforeAll(async () => {
    venueParam = await createTestStrait(
      { ...allCredentials(), STRAIT_FEE_WALLET_BASE: FEE_WALLET, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_RATE_LIMIT_PER_MINUTE: '0' },
      [pool('relay', 9_990n, true), pool('across', 9_940n)],
    );
  });
  afterAll(async () => {
    await venueParam.close();
  });

  it('asks the venue to take the platform fee for the fee wallet, and pays the referral share in a fee step', async () => {
    const inject = async <T>(url: string, payload: object) => (await venueParam.app.inject({ method: 'POST', url, payload })).json() as T;
    const quote = await inject<{ decisionId: string; fees: { platform: { amountAtomic: string } } }>('/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '1000000000', sender: USER, recipient: USER, referralWallet: REFERRER, referralBps: 15 });
    expect(quote.fees.platform.amountAtomic).toBe('800000');
    const build = await inject<Build>('/v1/bridge/build', { decisionId: quote.decisionId });
    expect(build).toMatchObject({ feeCapture: 'venue-param', referralCapture: 'batch', requoted: true });
    expect(build.steps.map((s) => s.step)).toEqual(['approve', 'fee', 'main']);
    // The venue received all but the referral share, with the platform fee as its integrator fee.
    const asked = built.at(-1);
    expect(asked?.amountIn).toBe(1_000_000_000n - 1_500_000n);
    expect(asked?.integratorFee).toEqual({ bps: Number((800_000n * 10_000n) / (1_000_000_000n - 1_500_000n)), amount: 800_000n, recipient: FEE_WALLET });
    const submit = (step: string, txHash: string) => venueParam.app.inject({ method: 'POST', url: `/v1/bridge/transfers/${build.transferId}/submit`, payload: { step, txHash } });
    const fees = async () => ((await venueParam.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${build.transferId}` })).json() as { fees: { kind: string; status: string; txHash: string | null }[] }).fees;
    expect((await fees()).map((f) => [f.kind, f.status])).toEqual([
      ['platform', 'offered'],
      ['referral', 'offered'],
    ]);
    // Main waits for every fee step (docs/steps.md, "Submit"): the referral step first.
    await submit('fee', `0x${'06'.repeat(32)}`);
    await submit('main', `0x${'07'.repeat(32)}`);
    // The platform fee is inside the signed main transaction; the referral share in its own fee step.
    expect((await fees()).map((f) => [f.kind, f.status, f.txHash])).toEqual([
      ['platform', 'expected', `0x${'07'.repeat(32)}`],
      ['referral', 'expected', `0x${'06'.repeat(32)}`],
    ]);
  });
});

describe('a wallet that cannot sign EIP-5792 bundles', () => {
  it('gets the platform fee and the referral share as fee steps of their own (spec §1 rules 3–4)', async () => {
    const quote = await post<{ decisionId: string }>('/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '1000000000', sender: USER, recipient: USER, referralWallet: REFERRER, referralBps: 15 });
    const { status, body } = await post<Build>('/v1/bridge/build', { decisionId: quote.body.decisionId, walletBatching: false });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ feeCapture: 'separate-step', referralCapture: 'separate-step', feeBatch: null });
    expect(body.steps.map((s) => s.step)).toEqual(['approve', 'fee', 'fee', 'main']);
    expect(built.at(-1)?.amountIn).toBe(1_000_000_000n - 800_000n - 1_500_000n);
    expect((await transferOf(body.transferId)).fees.map((f) => f.kind)).toEqual(['platform', 'referral']);
  });
});

describe('approvals', () => {
  it('approves exactly the amount the venue spends, with a zero reset first for Ethereum USDT', async () => {
    const { status, body } = await buildFor({ fromChain: 'ethereum', fromToken: 'USDT', toToken: 'USDC' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.steps.map((s) => s.step)).toEqual(['approve', 'approve', 'fee', 'main']);
    const [reset, exact] = body.steps;
    expect(reset!.to).toBe(ETH_USDT);
    expect(reset!.data).toBe(tagCalldata(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [POOL, 0n] }), body.transferId));
    expect(exact!.data).toBe(tagCalldata(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [POOL, built.at(-1)!.amountIn] }), body.transferId));
  });
});

describe('allow-list', () => {
  it('refuses a venue answer that calls an unknown contract, and marks the venue degraded', async () => {
    target = EVIL;
    try {
      const { status, body } = await buildFor({});
      expect(status).toBe(502);
      expect(body.error).toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringContaining(EVIL) });
    } finally {
      target = POOL;
    }
    const venues = (await strait.app.inject({ method: 'GET', url: '/v1/bridge/venues' })).json() as { venues: { venue: string; health: string; reason: string }[] };
    expect(venues.venues.find((v) => v.venue === 'across')).toMatchObject({ health: 'degraded', reason: expect.stringContaining('refused an unsafe answer') });
    // A later good answer does not clear it: the venue stays degraded for a while.
    await buildFor({});
    const after = (await strait.app.inject({ method: 'GET', url: '/v1/bridge/venues' })).json() as { venues: { venue: string; health: string }[] };
    expect(after.venues.find((v) => v.venue === 'across')?.health).toBe('degraded');
  });

  it('refuses an approval to a spender the venue may not call', async () => {
    spender = EVIL;
    try {
      const { status, body } = await buildFor({});
      expect(status).toBe(502);
      expect(body.error?.message).toContain(`approves ${EVIL}`);
    } finally {
      spender = POOL;
    }
  });

  it('checks the stored step again at submit and broadcasts nothing when it no longer passes', async () => {
    const { body } = await buildFor({});
    const evilData = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [EVIL, 1n] });
    await strait.deps.store.db
      .updateTable('transfer_steps')
      .set({ payload: JSON.stringify({ vm: 'evm', step: 'main', chainId: 8453, to: BASE_USDC, data: evilData, value: '0' }) })
      .where('transfer_id', '=', body.transferId)
      .where('kind', '=', 'main')
      .execute();
    // Main waits for every fee step (docs/steps.md, "Submit").
    await post(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'fee', txHash: `0x${'15'.repeat(32)}` });
    const submit = await post<{ error: { code: string } }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'05'.repeat(32)}` });
    expect(submit.status).toBe(409);
    expect(submit.body.error.code).toBe('step_not_allowed');
    expect((await transferOf(body.transferId)).status).toBe('PENDING_SIGNATURE');
  });
});
