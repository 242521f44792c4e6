import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStrait } from '../../../test/testStrait.ts';
import type { Strait } from '../../createStrait.ts';
import { startScriptedVenues, type ScriptedVenues } from '../fake/scriptedVenue.ts';
import { BASE_USDC, TRANSFER_EVIL, TRANSFER_RECIPIENT, TRANSFER_USER, type BuiltTransfer } from '../fake/serviceTransferHarness.ts';
import { whyNotRangoBridgeCall } from './rangoBridgeCalls.ts';
import { startRangoFake, type RangoFake } from './rangoFake.ts';
import { rangoVenue } from './rangoVenue.ts';

/**
 * Rango through the whole service with Strait's platform fee carried as Rango's affiliate fee
 * (`venue-param`): Rango's fake beats a scripted competitor by about 65 bps, so the platform charges
 * 15 bps (docs/fees.md). The build asks Rango for `referrerAddress` = the fee wallet and the cut as
 * `referrerFee`, and the diamond call must pay the fee wallet exactly the cut: another wallet or amount
 * is refused at build (502 `unsafe_venue_answer`), and a stored call rewritten to pay someone else
 * is refused at submit (409 `step_not_allowed`).
 */

const FEE_WALLET = '0x9999999999999999999999999999999999999999';
const DIAMOND = '0x69460570c93f9DE5E2edbC3052bf10125f0Ca22d';
const AMOUNT = 250_000_000n;
/** 15 bps of 250 USDC: the top tier, within half the saving (docs/fees.md). */
const CUT = 375_000n;

let rango: RangoFake;
let competitor: ScriptedVenues;
let strait: Strait;

beforeAll(async () => {
  rango = await startRangoFake();
  competitor = await startScriptedVenues({ across: { kind: 'price', outBps: 9_900 } });
  strait = await createTestStrait(
    { STRAIT_FEE_WALLET_BASE: FEE_WALLET, STRAIT_VENUE_RANGO_BASE_URL: rango.url, STRAIT_VENUE_RANGO_API_KEY: 'test-key', STRAIT_QUOTE_MIN_WAIT_MS: '0' },
    [rangoVenue, ...competitor.modules],
  );
});
afterAll(async () => {
  await strait?.close();
  await competitor?.close();
  await rango?.close();
});

async function post<T>(url: string, payload: object): Promise<{ status: number; body: T }> {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
}

async function build(): Promise<{ status: number; body: BuiltTransfer & { feeCapture?: string } }> {
  const quote = await post<{ decisionId: string; best: { venue: string; amountOutAtomic: string } | null; fees: { platform: { amountAtomic: string } | null } }>('/v1/bridge/quote', {
    fromChain: 'base',
    toChain: 'arbitrum',
    fromToken: 'USDC',
    toToken: 'USDC',
    amountAtomic: AMOUNT.toString(),
    sender: TRANSFER_USER,
    recipient: TRANSFER_RECIPIENT,
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  expect(quote.body.best?.venue).toBe('rango');
  expect(quote.body.fees.platform?.amountAtomic).toBe(CUT.toString());
  return post('/v1/bridge/build', { decisionId: quote.body.decisionId });
}

const intent = { sourceChainId: 8453, sourceToken: BASE_USDC, amount: AMOUNT, recipient: TRANSFER_RECIPIENT, destinationChainId: 42161, venueFee: { recipient: FEE_WALLET, amount: CUT } };

describe("rango carries Strait's platform fee as its affiliate fee (venue-param)", () => {
  it('builds one diamond call paying the fee wallet exactly the cut, no fee step, the whole amount approved', async () => {
    rango.setOptions({});
    const { status, body } = await build();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.feeCapture).toBe('venue-param');
    expect(body.steps.map((s) => s.step)).toEqual(['approve', 'main']);
    const main = body.steps.find((s) => s.step === 'main')!;
    expect(main.to).toBe(DIAMOND);
    expect(whyNotRangoBridgeCall(main.data, 0n, intent)).toBeNull();
    expect(whyNotRangoBridgeCall(main.data, 0n, { ...intent, venueFee: { recipient: FEE_WALLET, amount: CUT + 1n } })).toMatch(/not the platform fee/);
    // Rango was asked for the cut and the wallet; the swap request is the last one it got.
    const asked = rango.server.requests.filter((r) => r.path === '/basic/swap').at(-1)!;
    expect(asked.query.get('referrerAddress')).toBe(FEE_WALLET);
    expect(asked.query.get('referrerFee')).toBe('0.15');
  });

  it.each([
    ['another wallet', { referrerAddress: TRANSFER_EVIL }],
    ['one unit more', { referrerAmount: CUT + 1n }],
    ['one unit less', { referrerAmount: CUT - 1n }],
  ] as const)("refuses a build whose affiliate fee pays %s: 502 unsafe_venue_answer, nothing built", async (_name, tamper) => {
    rango.setOptions({ tamper });
    const { status, body } = await build();
    expect(status, JSON.stringify(body)).toBe(502);
    expect(body.error?.code).toBe('unsafe_venue_answer');
    expect(body.error?.message).toMatch(/fee wallet/);
  });

  it('checks the stored call again at submit: the affiliate fee rewritten to another wallet is refused, the honest call passes', async () => {
    rango.setOptions({});
    const { body } = await build();
    const main = body.steps.find((s) => s.step === 'main')!;
    const evil = main.data.replaceAll(FEE_WALLET.slice(2), TRANSFER_EVIL.slice(2).toLowerCase()) as Hex;
    expect(evil).not.toBe(main.data);
    const store = (data: Hex) =>
      strait.deps.store.db
        .updateTable('transfer_steps')
        .set({ payload: JSON.stringify({ vm: 'evm', step: 'main', chainId: 8453, to: DIAMOND, data, value: '0' }) })
        .where('transfer_id', '=', body.transferId)
        .where('kind', '=', 'main')
        .execute();
    await store(evil);
    const refused = await post<{ error: { code: string; message: string } }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'0d'.repeat(32)}` });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error.code).toBe('step_not_allowed');
    expect(refused.body.error.message).toMatch(/fee wallet/);
    await store(main.data);
    const honest = await post<{ accepted: boolean }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'0e'.repeat(32)}` });
    expect(honest.status, JSON.stringify(honest.body)).toBe(200);
  });
});
