import { readFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { decodeFunctionData, encodeAbiParameters, encodeEventTopics, encodeFunctionData, erc20Abi, type Address, type Hex, type Log } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { FakeSettlement, MinedTransaction } from '../fake/FakeSettlement.ts';
import { createTestVenue, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import { type VenueQuoteRequest, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { acrossVenue, spokePoolDepositAbi } from './acrossVenue.ts';
import { startAcrossFake, v3FundsDepositedAbi, type AcrossFake } from './acrossFake.ts';
import { ACROSS_STATUS_TABLE, QUOTE_TTL_MS, toAcrossQuote } from './acrossMapping.ts';
import { ACROSS_DEPOSIT_STATUSES, AcrossApiErrorSchema, AcrossDepositStatusSchema, AcrossLimitsSchema, AcrossSuggestedFeesSchema } from './acrossSchemas.ts';

const NOW = 1_767_225_600_000;
const ARB_POOL = '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A';
function token(chain: string, symbol: string | null): TokenInfo {
  const info = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!info) throw new Error(`no ${symbol ?? 'native'} on ${chain}`);
  return info;
}
const ARB_USDC = token('arbitrum', 'USDC');
const BASE_USDC = token('base', 'USDC');
const ARB_ETH = token('arbitrum', null);
const BASE_ETH = token('base', null);
const ARB_WETH = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1';
const BASE_WETH = '0x4200000000000000000000000000000000000006';
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const DEPOSIT_TX = '0xaaa0000000000000000000000000000000000000000000000000000000000001';
const FILL_TX = '0xbbb0000000000000000000000000000000000000000000000000000000000002';

const realAnswer = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as unknown;

function quoteRequest(overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest {
  return { fromChain: 'arbitrum', toChain: 'base', fromToken: ARB_USDC, toToken: BASE_USDC, amountIn: 250_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides };
}

/** The fake's figures: 2.5 bps capital fee plus 38750 gas units. */
const expectedOut = (amount: bigint) => amount - (amount * 25n) / 100_000n - 38_750n;

const rejection = rejectionOf;

let fake: AcrossFake;
let venue: ReturnType<typeof createTestVenue>['venue'];

beforeAll(async () => {
  fake = await startAcrossFake({ now: () => NOW });
  venue = createTestVenue(acrossVenue, fake.url, { now: () => NOW }).venue;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.setFault(null);
  fake.patchQuote(null);
  fake.setLimits({});
  fake.server.requests.length = 0;
});

describe('across quote', () => {
  it('asks /suggested-fees in the Across dialect', async () => {
    await venue.quote(quoteRequest(), testCall());
    expect(fake.server.requests).toHaveLength(1);
    const [req] = fake.server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe('/suggested-fees');
    expect(Object.fromEntries(req?.query ?? [])).toEqual({
      inputToken: ARB_USDC.address,
      outputToken: BASE_USDC.address,
      originChainId: '42161',
      destinationChainId: '8453',
      amount: '250000000',
      recipient: RECIPIENT,
    });
  });

  it('maps the answer to an exact-fill quote with a timestamp-bound expiry', async () => {
    const quote = await venue.quote(quoteRequest(), testCall());
    expect(quote.amountIn).toBe(250_000_000n);
    expect(quote.amountOut).toBe(expectedOut(250_000_000n));
    expect(quote.minAmountOut).toBe(quote.amountOut);
    expect(quote.estimatedSeconds).toBe(4);
    expect(quote.expiresAt).toBe(NOW + 300_000);
    expect(quote.context).toEqual({
      originChainId: 42161,
      destinationChainId: 8453,
      inputToken: ARB_USDC.address,
      outputToken: BASE_USDC.address,
      isNative: false,
      outputAmount: expectedOut(250_000_000n).toString(),
      timestamp: String(NOW / 1000),
      fillDeadline: String(NOW / 1000 + 3 * 3600),
      exclusiveRelayer: '0x0000000000000000000000000000000000000000',
      exclusivityDeadline: '0',
      spokePoolAddress: ARB_POOL,
    });
  });

  it('derives the output from totalRelayFee when outputAmount is absent', async () => {
    fake.patchQuote({ outputAmount: undefined });
    const quote = await venue.quote(quoteRequest(), testCall());
    expect(quote.amountOut).toBe(expectedOut(250_000_000n));
  });

  it('turns AMOUNT_TOO_LOW into below_min with the minimum from /limits', async () => {
    const error = await rejection(venue.quote(quoteRequest({ amountIn: 400_000n }), testCall()));
    expect(error.code).toBe('below_min');
    expect(error.details).toMatchObject({ minAmountAtomic: '500000' });
    expect(fake.server.requests.map((r) => r.path)).toEqual(['/suggested-fees', '/limits']);
    expect(Object.fromEntries(fake.server.requests[1]?.query ?? [])).toEqual({ inputToken: ARB_USDC.address, outputToken: BASE_USDC.address, originChainId: '42161', destinationChainId: '8453' });
  });

  it('turns AMOUNT_TOO_HIGH into above_max with the maximum from /limits', async () => {
    fake.setLimits({ maxDeposit: 1_000_000_000n });
    const error = await rejection(venue.quote(quoteRequest({ amountIn: 2_000_000_000n }), testCall()));
    expect(error.code).toBe('above_max');
    expect(error.details).toMatchObject({ maxAmountAtomic: '1000000000' });
  });

  it('refuses isAmountTooLow and out-of-limit amounts in a 200 answer', async () => {
    fake.patchQuote({ isAmountTooLow: true });
    const low = await rejection(venue.quote(quoteRequest(), testCall()));
    expect(low).toMatchObject({ code: 'below_min', details: { minAmountAtomic: '500000' } });
    fake.patchQuote({ limits: { minDeposit: '1', maxDeposit: '100' } });
    const high = await rejection(venue.quote(quoteRequest(), testCall()));
    expect(high).toMatchObject({ code: 'above_max', details: { maxAmountAtomic: '100' } });
  });

  it.each([
    ['AMOUNT_TOO_HIGH', 400, 'above_max'],
    ['ROUTE_NOT_ENABLED', 400, 'route_not_served'],
    ['SWAP_LIQUIDITY_INSUFFICIENT', 400, 'no_liquidity'],
    ['INVALID_PARAM', 400, 'invalid_input'],
    ['MISSING_PARAM', 400, 'invalid_input'],
    ['SIMULATION_ERROR', 400, 'venue_error'],
    ['UNEXPECTED_ERROR', 429, 'venue_rate_limited'],
  ] as const)('translates %s (HTTP %i) to %s', async (code, status, expected) => {
    fake.server.setFault({ kind: 'status', status, body: { type: 'AcrossApiError', code, status, message: 'refused', param: 'amount' } });
    const error = await rejection(venue.quote(quoteRequest(), testCall()));
    expect(error.code).toBe(expected);
  });

  it('leaves 5xx as a VenueHttpError for the registry', async () => {
    fake.server.setFault({ kind: 'status', status: 500, body: { type: 'AcrossApiError', code: 'UPSTREAM_RPC_ERROR', status: 500, message: 'rpc down' } });
    await expect(venue.quote(quoteRequest(), testCall())).rejects.toBeInstanceOf(VenueHttpError);
  });

  it('refuses a wrong-shaped answer as venue_bad_response', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { outputAmount: 'lots' } });
    expect((await rejection(venue.quote(quoteRequest(), testCall()))).code).toBe('venue_bad_response');
  });

  it('refuses an answer naming an unknown SpokePool or another token', async () => {
    fake.patchQuote({ spokePoolAddress: '0x000000000000000000000000000000000000dEaD' });
    expect(await rejection(venue.quote(quoteRequest(), testCall()))).toMatchObject({ code: 'venue_bad_response', details: { path: '/spokePoolAddress' } });
    fake.patchQuote({ outputToken: { address: BASE_WETH, symbol: 'WETH', decimals: 18, chainId: 8453 } });
    expect((await rejection(venue.quote(quoteRequest(), testCall()))).code).toBe('venue_bad_response');
  });

  it('answers coverage without the network', () => {
    expect(venue.supports(quoteRequest())).toEqual({ served: true });
    expect(venue.supports({ ...quoteRequest(), toChain: 'bnb', toToken: { chain: 'bnb', symbol: 'USDC', address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 } })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...quoteRequest(), toToken: BASE_ETH })).toMatchObject({ served: false, code: 'token_not_supported' });
    // Base's SpokePool unwraps WETH outputs: a WETH ERC-20 is never what lands there.
    expect(venue.supports({ ...quoteRequest(), fromToken: ARB_ETH, toToken: token('base', 'WETH') })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.coverage().origins).toEqual(expect.arrayContaining(['ethereum', 'arbitrum', 'optimism', 'base', 'polygon']));
    expect(venue.coverage().tokenSymbols('arbitrum', 'base')).toEqual(['USDC', 'WETH', 'ETH']);
    expect(fake.server.requests).toHaveLength(0);
  });

  it('rejects an unsupported corridor at quote time without calling Across', async () => {
    expect((await rejection(venue.quote(quoteRequest({ toToken: BASE_ETH }), testCall()))).code).toBe('token_not_supported');
    expect(fake.server.requests).toHaveLength(0);
  });
});

describe('across build', () => {
  it('encodes depositV3 on the known SpokePool with an exact approval, without a network call', async () => {
    const request = quoteRequest();
    const quote = await venue.quote(request, testCall());
    const before = fake.server.requests.length;
    const plan = await venue.build({ request, quote }, testCall());
    expect(fake.server.requests.length).toBe(before);
    if (plan.shape !== 'steps') throw new Error('expected steps');
    expect(plan.steps).toHaveLength(1);
    const step = plan.steps[0];
    if (step?.vm !== 'evm') throw new Error('expected an evm step');
    expect(step).toMatchObject({ step: 'main', chainId: 42161, to: ARB_POOL, value: 0n });
    const decoded = decodeFunctionData({ abi: spokePoolDepositAbi, data: step.data });
    expect(decoded.functionName).toBe('depositV3');
    expect(decoded.args).toEqual([SENDER, RECIPIENT, ARB_USDC.address, BASE_USDC.address, 250_000_000n, quote.amountOut, 8453n, '0x0000000000000000000000000000000000000000', NOW / 1000, NOW / 1000 + 3 * 3600, 0, '0x']);
    expect(plan.approval).toEqual({ chainId: 42161, token: ARB_USDC.address, spender: ARB_POOL, amount: 250_000_000n });
    expect(plan.amountOut).toBe(quote.amountOut);
    expect(plan.minAmountOut).toBe(quote.amountOut);
  });

  it('sends native ETH as value with WETH as inputToken and no approval', async () => {
    const request = quoteRequest({ fromToken: ARB_ETH, toToken: BASE_ETH, amountIn: 10n ** 17n });
    const quote = await venue.quote(request, testCall());
    expect(Object.fromEntries(fake.server.requests[0]?.query ?? [])).toMatchObject({ inputToken: ARB_WETH, outputToken: BASE_WETH });
    const plan = await venue.build({ request, quote }, testCall());
    if (plan.shape !== 'steps' || plan.steps[0]?.vm !== 'evm') throw new Error('expected an evm step');
    expect(plan.steps[0].value).toBe(10n ** 17n);
    const decoded = decodeFunctionData({ abi: spokePoolDepositAbi, data: plan.steps[0].data });
    expect(decoded.args.slice(2, 6)).toEqual([ARB_WETH, BASE_WETH, 10n ** 17n, expectedOut(10n ** 17n)]);
    expect(plan.approval).toBeNull();
  });

  it('refuses to build toward a SpokePool it does not know', async () => {
    const request = quoteRequest();
    const quote = await venue.quote(request, testCall());
    const tampered = { ...quote, context: { ...quote.context, spokePoolAddress: '0x000000000000000000000000000000000000dEaD' } };
    expect(await rejection(venue.build({ request, quote: tampered }, testCall()))).toMatchObject({ code: 'venue_bad_response' });
  });
});

/** The quote and build context the engine hands to status, as quote stored it for the fake's 250 USDC. */
const STORED_CONTEXT = {
  originChainId: 42161,
  destinationChainId: 8453,
  inputToken: ARB_USDC.address as string,
  outputToken: BASE_USDC.address as string,
  isNative: false,
  outputAmount: '249898750',
  timestamp: String(NOW / 1000),
  fillDeadline: String(NOW / 1000 + 3 * 3600),
  exclusiveRelayer: '0x0000000000000000000000000000000000000000',
  exclusivityDeadline: '0',
  spokePoolAddress: ARB_POOL,
};

function statusRequest(context: Record<string, string | number | boolean> = STORED_CONTEXT): VenueStatusRequest {
  return { fromChain: 'arbitrum', toChain: 'base', toToken: BASE_USDC, sourceTxHash: DEPOSIT_TX, recipient: RECIPIENT, amountIn: 250_000_000n, expectedOut: 1n, context };
}

describe('across status', () => {
  const base = { originChainId: 42161, destinationChainId: 8453, depositId: 3125487, depositTxnRef: DEPOSIT_TX };

  it('asks /deposit/status by origin chain and tx hash', async () => {
    fake.setStatus(DEPOSIT_TX, { ...base, status: 'pending' });
    await venue.status(statusRequest(), testCall());
    const [req] = fake.server.requests;
    expect(req?.path).toBe('/deposit/status');
    expect(Object.fromEntries(req?.query ?? [])).toEqual({ originChainId: '42161', depositTxnRef: DEPOSIT_TX });
  });

  it.each(ACROSS_DEPOSIT_STATUSES.map((s) => [s, ACROSS_STATUS_TABLE[s]] as const))('maps %s to %s', async (status, state) => {
    fake.setStatus(DEPOSIT_TX, { ...base, status, fillTxnRef: status === 'filled' ? FILL_TX : null });
    const answer = await venue.status(statusRequest(), testCall());
    expect(answer.state).toBe(state);
    expect(answer.venueStatus).toBe(status);
  });

  it('reports a fill with its hash and the quoted output', async () => {
    fake.setStatus(DEPOSIT_TX, { ...base, status: 'filled', fillTxnRef: FILL_TX, actionsSucceeded: true });
    expect(await venue.status(statusRequest(), testCall())).toEqual({ state: 'completed', venueStatus: 'filled', destinationTxHash: FILL_TX, receivedAmount: 249_898_750n, receivedAsset: BASE_USDC.address, detail: null });
  });

  it('reads the old field names and prefers swapOutputAmount', async () => {
    fake.setStatus(DEPOSIT_TX, { ...base, status: 'filled', fillTx: FILL_TX, swapOutputAmount: '123', swapOutputToken: BASE_WETH });
    expect(await venue.status(statusRequest(), testCall())).toMatchObject({ destinationTxHash: FILL_TX, receivedAmount: 123n, receivedAsset: BASE_WETH });
    fake.setStatus(DEPOSIT_TX, { ...base, status: 'refunded', depositRefundTxHash: FILL_TX });
    expect(await venue.status(statusRequest(), testCall())).toMatchObject({ state: 'refunded', detail: expect.stringContaining(FILL_TX) });
  });

  it('maps a fill whose destination actions failed to partial', async () => {
    fake.setStatus(DEPOSIT_TX, { ...base, status: 'filled', fillTxnRef: FILL_TX, actionsSucceeded: false });
    expect(await venue.status(statusRequest(), testCall())).toMatchObject({ state: 'partial', destinationTxHash: FILL_TX, receivedAmount: 249_898_750n });
  });

  it('keeps expired pending until the refund lands', async () => {
    fake.setStatus(DEPOSIT_TX, { ...base, status: 'expired' });
    expect(await venue.status(statusRequest(), testCall())).toMatchObject({ state: 'pending', detail: 'deadline passed; refund follows' });
  });

  it('keeps an unknown status pending and says so', async () => {
    fake.setStatus(DEPOSIT_TX, { ...base, status: 'teleported' });
    const answer = await venue.status(statusRequest(), testCall());
    expect(answer).toMatchObject({ state: 'pending', venueStatus: 'teleported' });
    expect(answer.detail).toContain('unknown');
  });

  it('treats 404 as not indexed yet', async () => {
    fake.setStatus(DEPOSIT_TX, null);
    expect(await venue.status(statusRequest(), testCall())).toMatchObject({ state: 'pending', destinationTxHash: null });
  });

  it('refuses a wrong-shaped status answer', async () => {
    fake.setStatus(DEPOSIT_TX, { ...base, status: 'filled', fillTxnRef: 42 });
    expect((await rejection(venue.status(statusRequest(), testCall()))).code).toBe('venue_bad_response');
  });
});

describe('across real answers', () => {
  it('pass the schemas', () => {
    expect(Value.Check(AcrossSuggestedFeesSchema, realAnswer('suggested-fees-eth-ethereum-optimism.json'))).toBe(true);
    expect(Value.Check(AcrossSuggestedFeesSchema, realAnswer('suggested-fees-usdc-ethereum-arbitrum-no-fill-deadline.json'))).toBe(true);
    expect(Value.Check(AcrossDepositStatusSchema, realAnswer('deposit-status-filled.json'))).toBe(true);
    expect(Value.Check(AcrossLimitsSchema, realAnswer('limits-eth-ethereum-optimism.json'))).toBe(true);
    for (const error of ['error-amount-too-high.json', 'error-internal.json', 'error-missing-param.json', 'error-invalid-param.json', 'error-deposit-status-invalid-param.json']) {
      expect(Value.Check(AcrossApiErrorSchema, realAnswer(error))).toBe(true);
    }
  });

  it('derive the fill deadline and output an older API release left out, with a lifetime from Strait\'s clock', () => {
    const fees = realAnswer('suggested-fees-usdc-ethereum-arbitrum-no-fill-deadline.json');
    if (!Value.Check(AcrossSuggestedFeesSchema, fees)) throw new Error('schema');
    // The answer's timestamp lags the answer by 5–10 min (25-block buffer, rounded); 400 s here.
    const now = (1_729_612_163 + 400) * 1000;
    const quote = toAcrossQuote(fees, { amountIn: 100_000_000n, originChainId: 1, destinationChainId: 42161, inputToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', outputToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', isNative: false, now });
    expect(quote.amountOut).toBe(100_000_000n - 66_352n);
    expect(quote.expiresAt).toBe(now + QUOTE_TTL_MS);
    expect(quote.context).toMatchObject({ fillDeadline: String(1_729_612_163 + 7_200), exclusivityDeadline: '0' });
  });

  it('refuses a quote timestamp the SpokePool would no longer take', () => {
    const fees = realAnswer('suggested-fees-usdc-ethereum-arbitrum-no-fill-deadline.json');
    if (!Value.Check(AcrossSuggestedFeesSchema, fees)) throw new Error('schema');
    const now = (1_729_612_163 + 3_600) * 1000;
    expect(() => toAcrossQuote(fees, { amountIn: 100_000_000n, originChainId: 1, destinationChainId: 42161, inputToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', outputToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', isNative: false, now })).toThrow(/too old/);
  });
});

describe('across fake in sandbox mode', () => {
  const log = (address: string, topics: Hex[], data: Hex) => ({ address, topics, data }) as unknown as Log;

  function depositTx(options: { success?: boolean; paid?: boolean } = {}): MinedTransaction {
    const topics = encodeEventTopics({ abi: v3FundsDepositedAbi, eventName: 'V3FundsDeposited', args: { destinationChainId: 8453n, depositId: 7, depositor: SENDER } }) as Hex[];
    const data = encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'uint32' }, { type: 'uint32' }, { type: 'uint32' }, { type: 'address' }, { type: 'address' }, { type: 'bytes' }],
      [ARB_USDC.address as Address, BASE_USDC.address as Address, 250_000_000n, 249_898_750n, 1, 2, 0, RECIPIENT, '0x0000000000000000000000000000000000000000', '0x'],
    );
    const transfer = log(ARB_USDC.address as string, encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from: SENDER, to: ARB_POOL } }) as Hex[], encodeAbiParameters([{ type: 'uint256' }], [250_000_000n]));
    const logs = [...(options.paid === false ? [] : [transfer]), log(ARB_POOL, topics, data)];
    return { from: SENDER, to: ARB_POOL, input: encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' }), value: 0n, success: options.success ?? true, logs };
  }

  async function sandbox(tx: MinedTransaction | null) {
    const payments: unknown[][] = [];
    const settlement: FakeSettlement = {
      findTransaction: async () => tx,
      balanceOf: async () => 0n,
      pay: async (...args) => {
        payments.push(args);
        return FILL_TX;
      },
      send: async () => FILL_TX,
    };
    const sandboxFake = await startAcrossFake({ settlement, now: () => NOW });
    const { venue: sandboxVenue } = createTestVenue(acrossVenue, sandboxFake.url);
    return { sandboxFake, sandboxVenue, payments };
  }

  it('pays the recipient once on the destination chain and reports the fill', async () => {
    const { sandboxFake, sandboxVenue, payments } = await sandbox(depositTx());
    try {
      const [first, second] = await Promise.all([sandboxVenue.status(statusRequest(), testCall()), sandboxVenue.status(statusRequest(), testCall())]);
      expect(first).toMatchObject({ state: 'completed', destinationTxHash: FILL_TX });
      expect(second).toMatchObject({ state: 'completed', destinationTxHash: FILL_TX });
      expect(payments).toEqual([[8453, BASE_USDC.address, RECIPIENT, 249_898_750n]]);
    } finally {
      await sandboxFake.close();
    }
  });

  it.each([
    ['unknown', null],
    ['reverted', depositTx({ success: false })],
    ['unpaid', depositTx({ paid: false })],
  ])('keeps an %s deposit not found', async (_label, tx) => {
    const { sandboxFake, sandboxVenue, payments } = await sandbox(tx);
    try {
      expect(await sandboxVenue.status(statusRequest(), testCall())).toMatchObject({ state: 'pending', destinationTxHash: null });
      expect(payments).toEqual([]);
    } finally {
      await sandboxFake.close();
    }
  });
});

describe('across exact output', () => {
  const EXACT = 100_000_000n;
  const exactRequest = () => quoteRequest({ exactOut: EXACT, amountIn: 2n ** 256n - 1n });

  it('asks the fee twice and prices an input whose fee leaves at least the exact output', async () => {
    const quote = await venue.quote(exactRequest(), testCall());
    const amounts = fake.server.requests.map((r) => r.query.get('amount'));
    expect(amounts).toHaveLength(2);
    expect(amounts[0]).toBe(EXACT.toString());
    expect(BigInt(amounts[1]!)).toBeGreaterThan(EXACT);
    expect(quote).toMatchObject({ amountOut: EXACT, minAmountOut: EXACT });
    // What a relayer needs at this input, by the fake's own fee rule, still leaves the exact output.
    expect(expectedOut(quote.amountIn)).toBeGreaterThanOrEqual(EXACT);
    expect(quote.amountIn - EXACT).toBeLessThan(100_000n);
  });

  it('builds a deposit naming exactly the output, taking the priced input, and says what it takes', async () => {
    const request = exactRequest();
    const quote = await venue.quote(request, testCall());
    const plan = await venue.build({ request: { ...request, amountIn: quote.amountIn + 1_000n }, quote }, testCall());
    if (plan.shape !== 'steps') throw new Error('expected steps');
    const step = plan.steps[0];
    if (step?.vm !== 'evm') throw new Error('expected an EVM step');
    const { args } = decodeFunctionData({ abi: spokePoolDepositAbi, data: step.data });
    expect(args[4]).toBe(quote.amountIn);
    expect(args[5]).toBe(EXACT);
    expect(plan).toMatchObject({ amountIn: quote.amountIn, amountOut: EXACT, minAmountOut: EXACT, approval: { amount: quote.amountIn } });
  });

  it('refuses an exact output above the route maximum, and to HyperCore', async () => {
    fake.setLimits({ maxDeposit: EXACT });
    expect(await rejection(venue.quote(exactRequest(), testCall()))).toMatchObject({ code: 'above_max' });
    expect(await rejection(venue.quote({ ...exactRequest(), toChain: 'hypercore' }, testCall()))).toMatchObject({ code: 'trade_type_not_supported' });
  });
});
