import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedBehaviour } from '../src/venues/fake/scriptedVenue.ts';
import { FEE_WALLET, SENDER, USDC_QUOTE, startScriptedStrait, type QuoteAnswer, type ScriptedStrait } from './scriptedStrait.ts';

/**
 * The savings-tiered platform fee and the referral share (spec §1 referral rules 3–6, docs/fees.md):
 * charged from the amount sent, capped at 10 USD each at the service's price, never without a fee
 * wallet on the source chain, and every row consistent with `fees`.
 */

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const REFERRER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const price = (outBps: number): ScriptedBehaviour => ({ kind: 'price', outBps });

let harness: ScriptedStrait;
beforeAll(async () => {
  harness = await startScriptedStrait(
    { across: price(9_990), relay: price(9_940) },
    { STRAIT_FEE_WALLET_BASE: FEE_WALLET, STRAIT_QUOTE_DEADLINE_MS: '1000', STRAIT_QUOTE_MIN_WAIT_MS: '50', STRAIT_PRICES_FIXED: 'ETH=3000' },
  );
});
afterAll(async () => {
  await harness.close();
});

const quote = async (body: Record<string, unknown>): Promise<QuoteAnswer> => {
  const response = await harness.quote(body);
  expect(response.status).toBe(200);
  return response.body;
};

function expectRowsConsistent(answer: QuoteAnswer): void {
  for (const row of answer.quotes) {
    if (row.feeBps === 0) expect(row.feeAmountAtomic).toBe('0');
    else expect(BigInt(row.feeAmountAtomic)).toBeGreaterThan(0n);
    if (row.quoteId !== answer.best?.quoteId) continue;
    if (answer.fees.platform === null) expect(row.feeBps).toBe(0);
    else expect(answer.fees.platform).toMatchObject({ bps: row.feeBps, amountAtomic: row.feeAmountAtomic, tierSavedBps: row.tierSavedBps });
  }
}

describe('platform fee', () => {
  it('charges the tier the saving reached when the best route beat the runner-up, from the amount sent', async () => {
    const answer = await quote(USDC_QUOTE);
    // across delivers 999.0 USDC, relay 994.0: a 50 bps saving reaches the 30-bps tier (8 bps).
    expect(answer.fees.platform).toEqual({ bps: 8, amountAtomic: '800000', asset: BASE_USDC, tierSavedBps: 50 });
    expect(answer.fees.referral).toBeNull();
    const [best, runnerUp] = answer.quotes;
    expect(best).toMatchObject({ venue: 'across', feeBps: 8, feeAmountAtomic: '800000', tierSavedBps: 50 });
    // 999 000 000 × (1 000 000 000 − 800 000) / 1 000 000 000
    expect(best?.amountOutAtomic).toBe('998200800');
    expect(runnerUp).toMatchObject({ venue: 'relay', feeBps: 0, feeAmountAtomic: '0', tierSavedBps: 0, amountOutAtomic: '994000000' });
    expectRowsConsistent(answer);
  });

  it('gives the built transfer its USD size and the USD it saved against the other rows', async () => {
    const answer = await quote(USDC_QUOTE);
    const built = await harness.strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: answer.decisionId } });
    expect(built.statusCode).toBe(200);
    const { transferId } = built.json() as { transferId: string };
    const transfer = (await harness.strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${transferId}` })).json() as Record<string, unknown>;
    // 998.2008 USDC out against 994.0 from the only other row.
    expect(transfer).toMatchObject({ usdValueBridged: '1000.00', usdValueSaved: '4.20', savingsQuoteCount: 2 });
  });

  it('charges nothing when the saving is too small', async () => {
    harness.venues.setBehaviour('relay', price(9_985));
    try {
      const answer = await quote(USDC_QUOTE);
      expect(answer.fees.platform).toBeNull();
      expect(answer.best).toMatchObject({ venue: 'across', feeBps: 0, tierSavedBps: 5, amountOutAtomic: '999000000' });
      expectRowsConsistent(answer);
    } finally {
      harness.venues.setBehaviour('relay', price(9_940));
    }
  });

  it('charges nothing when a single venue priced: there was nothing to save against', async () => {
    harness.venues.setBehaviour('relay', { kind: 'noRoute' });
    try {
      const answer = await quote(USDC_QUOTE);
      expect(answer.fees.platform).toBeNull();
      expect(answer.best?.tierSavedBps).toBe(0);
    } finally {
      harness.venues.setBehaviour('relay', price(9_940));
    }
  });

  it('caps the fee at 10 USD in the source asset', async () => {
    const answer = await quote({ ...USDC_QUOTE, amountAtomic: '1000000000000' }); // 1 000 000 USDC
    expect(answer.fees.platform).toMatchObject({ bps: 8, amountAtomic: '10000000' });
    expectRowsConsistent(answer);
  });

  it('converts the cap at the service price for a non-stable source asset', async () => {
    const answer = await quote({ ...USDC_QUOTE, fromToken: null, toToken: null, amountAtomic: '100000000000000000000' }); // 100 ETH
    // 10 USD at 3000 USD/ETH, rounded down.
    expect(answer.fees.platform).toMatchObject({ bps: 8, amountAtomic: '3333333333333333', asset: 'native' });
    expectRowsConsistent(answer);
  });

  it('collects nothing on a source chain without a fee wallet', async () => {
    const answer = await quote({ ...USDC_QUOTE, fromChain: 'arbitrum', toChain: 'base', referralWallet: REFERRER, referralBps: 10 });
    expect(answer.fees).toEqual({ platform: null, referral: null });
    expect(answer.notes.join(' ')).toMatch(/no fee wallet on arbitrum/);
  });
});

describe('referral share', () => {
  it('is charged on top of the platform fee, in the same asset, from the amount sent', async () => {
    const answer = await quote({ ...USDC_QUOTE, referralWallet: REFERRER, referralBps: 15 });
    expect(answer.fees.referral).toEqual({ bps: 15, amountAtomic: '1500000', asset: BASE_USDC, wallet: REFERRER });
    expect(answer.fees.platform).toMatchObject({ bps: 8, amountAtomic: '800000' });
    // 999 000 000 × (1 000 000 000 − 800 000 − 1 500 000) / 1 000 000 000
    expect(answer.best?.amountOutAtomic).toBe('996702300');
    // The runner-up pays the referral share too: it is charged on every referred transfer.
    expect(answer.quotes[1]?.amountOutAtomic).toBe(((994_000_000n * (1_000_000_000n - 1_500_000n)) / 1_000_000_000n).toString());
  });

  it('is still paid when the platform charges nothing', async () => {
    harness.venues.setBehaviour('relay', price(9_989));
    try {
      const answer = await quote({ ...USDC_QUOTE, referralWallet: REFERRER, referralBps: 5 });
      expect(answer.fees.platform).toBeNull();
      expect(answer.fees.referral).toMatchObject({ bps: 5, amountAtomic: '500000' });
    } finally {
      harness.venues.setBehaviour('relay', price(9_940));
    }
  });

  it('is capped at 10 USD separately from the platform cap', async () => {
    const answer = await quote({ ...USDC_QUOTE, amountAtomic: '1000000000000', referralWallet: REFERRER, referralBps: 15 });
    expect(answer.fees.referral).toMatchObject({ amountAtomic: '10000000' });
    expect(answer.fees.platform).toMatchObject({ amountAtomic: '10000000' });
  });

  it('is null without a referrer, and follows the decision through build', async () => {
    expect((await quote(USDC_QUOTE)).fees.referral).toBeNull();
    const answer = await quote({ ...USDC_QUOTE, referralWallet: REFERRER, referralBps: 15 });
    await harness.strait.deps.store.decisionWritten(answer.decisionId); // PGlite answers quotes before their commit
    const stored = await harness.strait.deps.store.db.selectFrom('decisions').select(['fees', 'request']).where('id', '=', answer.decisionId).executeTakeFirstOrThrow();
    expect(stored.fees).toMatchObject({ referral: { wallet: REFERRER, bps: 15 } });
    expect(stored.request).toMatchObject({ referral: { wallet: REFERRER, bps: 15 }, sender: SENDER });
  });
});

describe('without a price', () => {
  let unpriced: ScriptedStrait;
  beforeAll(async () => {
    unpriced = await startScriptedStrait({ across: price(9_990), relay: price(9_940) }, { STRAIT_FEE_WALLET_BASE: FEE_WALLET, STRAIT_PRICE_SOURCE: 'none', STRAIT_QUOTE_MIN_WAIT_MS: '50' });
  });
  afterAll(async () => {
    await unpriced.close();
  });

  it('still quotes, waives both cuts rather than risk charging above the cap, and says so', async () => {
    const { status, body } = await unpriced.quote({ ...USDC_QUOTE, fromToken: null, toToken: null, amountAtomic: '1000000000000000000', referralWallet: REFERRER, referralBps: 15 });
    expect(status).toBe(200);
    expect(body.best?.venue).toBe('across');
    expect(body.fees.platform).toBeNull();
    expect(body.fees.referral).toMatchObject({ bps: 15, amountAtomic: '0' });
    expect(body.notes.join(' ')).toMatch(/No USD price for ETH/);
  });

  it('prices stablecoins without any price source: they are pinned at 1 USD', async () => {
    const { body } = await unpriced.quote(USDC_QUOTE);
    expect(body.fees.platform).toMatchObject({ bps: 8, amountAtomic: '800000' });
    expect(body.notes).toEqual([]);
  });
});
