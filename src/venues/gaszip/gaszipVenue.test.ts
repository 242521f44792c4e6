import type { Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeContractReplay } from '../contract/replayContract.ts';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import type { CallIntent } from '../allowList.ts';
import { whyNotAllowed, type StepRules } from '../../engine/vetSteps.ts';
import type { EvmStep } from '../../domain/steps.ts';
import { decodeDirectDeposit, encodeDirectDeposit, shortIdOf } from './gaszipCalldata.ts';
import { DIRECT_DEPOSIT_ADDRESS, GASZIP_CHAINS } from './gaszipChains.ts';
import { startGaszipFake, type GaszipFake } from './gaszipFake.ts';
import { GASZIP_STATUS_TABLE, pricedFor, whyNotGaszipDeposit } from './gaszipMapping.ts';
import { GaszipQuoteSchema, type GaszipQuote } from './gaszipSchemas.ts';
import { recordedAnswer } from '../fake/recordedAnswers.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import { VenueRejection } from '../Venue.ts';
import { contract } from './gaszip.contract.ts';
import { gaszipVenue } from './gaszipVenue.ts';

const ETH_ARB = knownToken('arbitrum', null);
const ETH_BASE = knownToken('base', null);
const BNB = knownToken('bnb', null);
const USDC_ARB = knownToken('arbitrum', 'USDC');
const SENDER = '0x2222222222222222222222222222222222222222';
const RECIPIENT = '0x3333333333333333333333333333333333333333';
const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const AMOUNT = 2_000_000_000_000_000n; // 0.002 ETH = 6 USD at the fake's price
const EXPECTED = 1_960_000_000_000_000n; // less the fake's 2 % spread, ETH to ETH

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest =>
  ({ fromChain: 'arbitrum', toChain: 'base', fromToken: ETH_ARB, toToken: ETH_BASE, amountIn: AMOUNT, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides }) as VenueQuoteRequest;

let fake: GaszipFake;
let venue: ReturnType<typeof createTestVenue>['venue'];
beforeAll(async () => {
  fake = await startGaszipFake({ now: () => NOW });
});
afterAll(() => fake.close());
beforeEach(() => {
  venue = createTestVenue(gaszipVenue, fake.url, { now: () => NOW }).venue;
  fake.server.setFault(null);
  fake.server.requests.length = 0;
  for (const chain of GASZIP_CHAINS) fake.setChainError(chain.chainId, null);
});

const intent = (overrides: Partial<CallIntent> = {}): CallIntent => ({ sourceChainId: 42161, sourceToken: null, amount: AMOUNT, recipient: RECIPIENT, destinationChainId: 8453, ...overrides });

describe('quote', () => {
  it('asks the quote for the native deposit with from and to, and guarantees expected until expires', async () => {
    const quote = await venue.quote(request(), testCall());
    const [sent] = fake.server.requests;
    expect(sent?.path).toBe(`/v2/quotes/42161/${AMOUNT}/8453`);
    expect(Object.fromEntries([...(sent?.query.entries() ?? [])].filter(([k]) => k === 'from' || k === 'to'))).toEqual({ from: SENDER, to: RECIPIENT });
    expect(quote).toMatchObject({ amountIn: AMOUNT, amountOut: EXPECTED, minAmountOut: EXPECTED, estimatedSeconds: 5, expiresAt: NOW + 60_000 });
    expect(quote.context).toMatchObject({ depositChainId: 42161, outboundChainId: 8453, short: 54 });
  });

  it('accepts Gas.zip’s pay-the-sender calldata only when the recipient is the sender', async () => {
    const quote = await venue.quote(request({ recipient: SENDER }), testCall());
    expect(quote.amountOut).toBe(EXPECTED);
  });

  it('refuses a quote whose calldata would pay someone else or another chain', async () => {
    for (const calldata of [`0x02${'44'.repeat(20)}0036`, `0x02${RECIPIENT.slice(2)}0039`, '0x010036', '0x03']) {
      fake.server.setFault({ kind: 'status', status: 200, body: { calldata, quotes: [{ chain: 8453, expected: '1', gas: '1', speed: 1, usd: 1 }] } });
      expect((await rejectionOf(venue.quote(request(), testCall()))).code, calldata).toBe('venue_bad_response');
    }
  });

  it('translates a per-chain error, and refuses tokens, same-chain and unknown chains', async () => {
    expect(await rejectionOf(venue.quote(request({ amountIn: 10n ** 14n }), testCall()))).toMatchObject({ code: 'no_liquidity', details: { venueError: 'Quote: Chain Limit Exceeded' } });
    fake.setChainError(8453, 'Quote: Insufficent Liquidity');
    expect((await rejectionOf(venue.quote(request(), testCall()))).code).toBe('no_liquidity');
    expect(venue.supports(request({ fromToken: USDC_ARB }))).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.supports(request({ toChain: 'arbitrum', toToken: ETH_ARB }))).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports(request({ toChain: 'linea', toToken: knownToken('linea', null) }))).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports(request({ toChain: 'bnb', toToken: BNB }))).toEqual({ served: true });
    fake.server.setFault({ kind: 'status', status: 200, body: { quotes: [{ chain: 8453, expected: 2 ** 60, gas: 1, speed: 1, usd: 1 }], calldata: `0x02${RECIPIENT.slice(2)}0036` } });
    expect((await rejectionOf(venue.quote(request(), testCall()))).code).toBe('venue_bad_response');
  });
});

describe('the recorded live refusal', () => {
  it('passes the quote schema as Gas.zip sent it, and read for the chain it names is no_liquidity with Gas.zip’s text', () => {
    const answer = recordedAnswer(new URL('./fixtures/real/quote-base-to-0g-insufficent-liquidity.json', import.meta.url));
    expect(validatorOf(GaszipQuoteSchema).Check(answer)).toBe(true);
    // 0G is no Strait chain: a stand-in entry with the chain number the answer echoes.
    const zeroG = { ...(GASZIP_CHAINS[0] as (typeof GASZIP_CHAINS)[number]), chainId: 508, short: shortIdOf(508) };
    const thrown = (() => {
      try {
        pricedFor(answer as GaszipQuote, zeroG);
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(VenueRejection);
    expect(thrown).toMatchObject({ code: 'no_liquidity', details: { venueError: 'Quote: Insufficent Liquidity' } });
  });
});

describe('build and the allow-list check', () => {
  async function built(overrides: Partial<VenueQuoteRequest> = {}): Promise<{ quote: VenueQuote; plan: StepsPlan }> {
    const req = request(overrides);
    const quote = await venue.quote(req, testCall());
    return { quote, plan: (await venue.build({ request: req, quote }, testCall())) as StepsPlan };
  }

  it('sends exactly amountIn to the Direct Deposit address with data naming the recipient and Base’s short id', async () => {
    const { plan } = await built();
    expect(plan.approval).toBeNull();
    expect(plan.steps).toHaveLength(1);
    const [step] = plan.steps;
    expect(step).toMatchObject({ vm: 'evm', step: 'main', chainId: 42161, to: DIRECT_DEPOSIT_ADDRESS, value: AMOUNT });
    const data = (step as { data: Hex }).data;
    expect(decodeDirectDeposit(data)).toEqual({ ok: true, deposit: { recipient: RECIPIENT, destinations: [54] } });
    expect(plan).toMatchObject({ amountOut: EXPECTED, minAmountOut: EXPECTED, context: { calldata: data } });
    expect(whyNotGaszipDeposit(data, AMOUNT, intent())).toBeNull();
    expect(gaszipVenue.allowList?.calls.every((c) => c.to === DIRECT_DEPOSIT_ADDRESS && c.check === whyNotGaszipDeposit)).toBe(true);
  });

  it('writes the recipient out even when it is the sender', async () => {
    const { plan } = await built({ recipient: SENDER });
    const data = (plan.steps[0] as { data: Hex }).data;
    expect(data.startsWith('0x02')).toBe(true);
    expect(whyNotGaszipDeposit(data, AMOUNT, intent({ recipient: SENDER }))).toBeNull();
  });

  it('refuses a deposit that pays another address, another chain, another amount, a token, or the sender form', async () => {
    const { plan } = await built();
    const data = (plan.steps[0] as { data: Hex }).data;
    expect(whyNotGaszipDeposit(data, AMOUNT, intent({ recipient: SENDER }))).toMatch(/pays/);
    expect(whyNotGaszipDeposit(data, AMOUNT, intent({ destinationChainId: 42161 }))).toMatch(/short ids/);
    expect(whyNotGaszipDeposit(data, AMOUNT + 1n, intent())).toMatch(/sends/);
    expect(whyNotGaszipDeposit(data, AMOUNT, intent({ sourceToken: USDC_ARB.address }))).toMatch(/native/);
    expect(whyNotGaszipDeposit('0x010036', AMOUNT, intent())).toMatch(/sender/);
    expect(whyNotGaszipDeposit(`${data}0039`, AMOUNT, intent())).toMatch(/short ids/);
    expect(whyNotGaszipDeposit(data, AMOUNT, intent({ destinationChainId: null }))).toMatch(/no short id/);
  });
  it('passes the engine’s step vetting (build and submit) only as built', async () => {
    const { plan } = await built();
    const step = plan.steps[0] as EvmStep;
    const rules: StepRules = { venue: 'gaszip', allowList: gaszipVenue.allowList ?? { calls: [], transferRecipients: [] }, chainId: 42161, sourceToken: ETH_ARB, amountIn: AMOUNT, depositAddress: null, feeRecipients: [], intent: intent() };
    expect(whyNotAllowed(step, rules)).toBeNull();
    const thief = encodeDirectDeposit({ recipient: SENDER, destinations: [shortIdOf(54)] });
    expect(whyNotAllowed({ ...step, data: thief }, rules)).toMatch(/pays/);
    expect(whyNotAllowed({ ...step, data: encodeDirectDeposit({ recipient: RECIPIENT, destinations: [shortIdOf(57)] }) }, rules)).toMatch(/short ids/);
    expect(whyNotAllowed({ ...step, value: AMOUNT - 1n }, rules)).toMatch(/sends/);
    expect(whyNotAllowed({ ...step, to: '0x0000000000000000000000000000000000000bad' }, rules)).toMatch(/allow-list/);
    expect(whyNotAllowed(step, { ...rules, intent: undefined })).toMatch(/without the transfer/);
  });
});

describe('status', () => {
  const HASH = `0x${'ab'.repeat(32)}`;
  const OUT_HASH = `0x${'cd'.repeat(32)}`;
  const statusRequest = (quote: VenueQuote): VenueStatusRequest => ({ fromChain: 'arbitrum', toChain: 'base', toToken: ETH_BASE, sourceTxHash: HASH, recipient: RECIPIENT, amountIn: AMOUNT, expectedOut: quote.amountOut, context: quote.context });
  // The shape of Gas.zip's published status types (gasdotzip/documentation types.ts): nobody recorded one.
  const answer = (tx: Record<string, unknown> | null, deposit = 'CONFIRMED') => ({
    deposit: { block: 1, chain: 42161, hash: HASH, log: 0, sender: SENDER, shorts: [54], status: deposit, time: 1, to: DIRECT_DEPOSIT_ADDRESS, usd: 6, value: AMOUNT.toString() },
    txs: tx ? [{ chain: 8453, hash: OUT_HASH, nonce: 1, refund: false, cancelled: false, signer: '0x8C826F795466E39acbfF1BB4eEeB759609377ba1', status: 'CONFIRMED', time: 2, to: RECIPIENT, usd: 5.9, value: Number(EXPECTED / 1000n), ...tx }] : [],
  });

  it('tables every Gas.zip status and follows the outbound transaction of the chain asked', async () => {
    expect(GASZIP_STATUS_TABLE).toEqual({ SEEN: 'pending', PENDING: 'pending', PRIORITY: 'pending', CONFIRMED: 'completed', CANCELLED: 'failed' });
    const quote = await venue.quote(request(), testCall());
    const poll = () => venue.status(statusRequest(quote), testCall());
    expect(await poll()).toMatchObject({ state: 'pending', venueStatus: 'not_seen' });
    fake.setDeposit(HASH, answer(null, 'SEEN'));
    expect(await poll()).toMatchObject({ state: 'pending', venueStatus: 'SEEN' });
    fake.setDeposit(HASH, answer({ status: 'PENDING' }));
    expect(await poll()).toMatchObject({ state: 'pending', destinationTxHash: OUT_HASH });
    fake.setDeposit(HASH, answer({}));
    expect(await poll()).toMatchObject({ state: 'completed', destinationTxHash: OUT_HASH, receivedAmount: EXPECTED / 1000n, receivedAsset: 'native' });
    fake.setDeposit(HASH, answer({ status: 'CANCELLED', cancelled: true }));
    expect(await poll()).toMatchObject({ state: 'failed' });
    fake.setDeposit(HASH, answer({ refund: true }));
    expect(await poll()).toMatchObject({ state: 'refunded' });
    fake.setDeposit(HASH, answer({ status: 'STUCK' }));
    expect(await poll()).toMatchObject({ state: 'pending', unrecognized: true });
    fake.setDeposit(HASH, answer({ to: SENDER }));
    expect((await rejectionOf(poll())).code).toBe('venue_bad_response');
    fake.setDeposit(HASH, { ...answer({}), txs: [{ ...answer({}).txs[0], chain: 10 }] });
    expect(await poll()).toMatchObject({ state: 'pending' });
  });
});

// Gas.zip is not registered yet (no recorded error answer): its contract runs here.
describeContractReplay(gaszipVenue, contract, new URL('./fixtures/', import.meta.url));
