import { concat, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { MessageStep } from '../../domain/steps.ts';
import type { StepsPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { MESON_CONTRACT } from './mesonChains.ts';
import { decodeMesonSwap } from './mesonEncodedSwap.ts';
import { startMesonFake, type MesonFake, type MesonFakeOptions } from './mesonFake.ts';
import { whyNotMesonMessages } from './mesonMessages.ts';
import { mesonVenue } from './mesonVenue.ts';

/**
 * The Meson adapter as the registry builds it (shared client, schemas) against the loopback relayer,
 * which answers from the recorded answers (mesonFake.ts): quote, build of the messages to sign and
 * every lie in the encoded swap it must refuse, submit of both signatures, and status.
 */

const user = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EVIL = '0x00000000000000000000000000000000000bAD00';

let fake: MesonFake;
beforeAll(async () => {
  fake = await startMesonFake();
});
afterAll(async () => {
  await fake.close();
});

const adapter = () => createTestVenue(mesonVenue, fake.url).venue;
const request: VenueQuoteRequest = {
  fromChain: 'base', toChain: 'arbitrum', fromToken: knownToken('base', 'USDC'), toToken: knownToken('arbitrum', 'USDC'), amountIn: 250_000_000n, sender: user.address, recipient: RECIPIENT, userIp: null, integratorFee: null,
};

async function quoteAndBuild(options: MesonFakeOptions = {}): Promise<{ quote: VenueQuote; plan: StepsPlan }> {
  fake.setOptions({});
  const venue = adapter();
  const quote = await venue.quote(request, testCall());
  fake.setOptions(options);
  const plan = (await venue.build({ request, quote }, testCall())) as StepsPlan;
  return { quote, plan };
}

const messageStep = (plan: StepsPlan): MessageStep => {
  const [step] = plan.steps;
  if (step?.vm !== 'message') throw new Error('expected a message step');
  return step;
};

describe('Meson adapter against its fake', () => {
  it('quotes in its dialect: chain:token ids, a decimal amount, the fixed fee out of the amount', async () => {
    fake.setOptions({});
    const quote = await adapter().quote(request, testCall());
    expect(fake.server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/price', body: { from: 'base:usdc', to: 'arb:usdc', amount: '250', fromAddress: user.address } });
    expect(quote).toMatchObject({ amountOut: 249_995_000n, minAmountOut: 249_995_000n, estimatedSeconds: 120 });
  });

  it.each(['allowance-error', 'result'] as const)('builds from the %s answer: the request and release to personal_sign, and an exact approve of the pinned Meson contract', async (answer) => {
    const { plan } = await quoteAndBuild({ answer });
    const step = messageStep(plan);
    expect(step).toMatchObject({ chainId: 8453, method: 'personal_sign' });
    expect(step.messages[1]).toBe(concat([step.messages[0]!, RECIPIENT.toLowerCase() as Hex]));
    expect(plan.approval).toEqual({ chainId: 8453, token: knownToken('base', 'USDC').address, spender: MESON_CONTRACT, amount: 250_000_000n });
    const swap = decodeMesonSwap(step.messages[0]!);
    expect(swap).toMatchObject({ version: 1, amount: 250_000_000n, inChain: 0x2105, inToken: 1, outChain: 0x2329, outToken: 9, nonTyped: true, toContract: false });
    expect(plan.amountOut).toBe(249_995_000n);
    expect(fake.server.requests.at(-1)).toMatchObject({ path: '/api/v1/swap', body: { from: 'base:usdc', to: 'arb:usdc', amount: '250', recipient: RECIPIENT } });
  });

  const lies: [string, MesonFakeOptions['tamper']][] = [
    ['another recipient', { recipient: EVIL }],
    ['another amount', { amount: 1n }],
    ['another destination chain', { outChain: 0x003c }],
    ['another destination token', { outToken: 2 }],
    ['another source token', { inToken: 2 }],
    ['a typed swap', { typed: true }],
    ['an LP fee it does not state', { lpFee: 1_000_000n }],
    ['an expiry days away', { expireTs: Math.floor(Date.now() / 1000) + 7 * 86_400 }],
    ['an expiry about to pass', { expireTs: Math.floor(Date.now() / 1000) + 60 }],
  ];
  it.each(lies)('refuses an encoded swap with %s (venue_bad_response, nothing to sign)', async (_, tamper) => {
    const error = await rejectionOf(quoteAndBuild({ tamper }));
    expect(error.code).toBe('venue_bad_response');
  });

  it('submits both signatures and answers the swap id keccak256(encoded ‖ initiator); the relayer refusing a bad signature records nothing', async () => {
    const { plan, quote } = await quoteAndBuild();
    const step = messageStep(plan);
    const signatures = await Promise.all(step.messages.map((raw) => user.signMessage({ message: { raw } })));
    const context = { ...quote.context, ...plan.context };
    const venue = adapter();
    const receipt = await venue.submitMessageSignatures!({ step: 'main', messages: step.messages, signatures, signer: user.address, context }, testCall());
    expect(receipt.orderId).toBe(plan.context.swapId);
    expect(fake.server.requests.at(-1)).toMatchObject({ method: 'POST', path: `/api/v1/swap/${step.messages[0]}`, body: { fromAddress: user.address, recipient: RECIPIENT, signatures } });
    await expect(venue.submitMessageSignatures!({ step: 'main', messages: step.messages, signatures: [signatures[1]!, signatures[0]!], signer: user.address, context }, testCall())).rejects.toThrow();
  });

  it('refuses at submit a stored swap that pays another asset than the quote, sending nothing', async () => {
    const { plan, quote } = await quoteAndBuild();
    const step = messageStep(plan);
    const signatures = await Promise.all(step.messages.map((raw) => user.signMessage({ message: { raw } })));
    const before = fake.server.requests.length;
    const context = { ...quote.context, ...plan.context, to: 'arb:usdt' };
    await expect(adapter().submitMessageSignatures!({ step: 'main', messages: step.messages, signatures, signer: user.address, context }, testCall())).rejects.toThrow(/pays another asset/);
    expect(fake.server.requests.length).toBe(before);
  });

  it('refuses a swap id other than the swap signed', async () => {
    const { plan, quote } = await quoteAndBuild();
    const step = messageStep(plan);
    const signatures = await Promise.all(step.messages.map((raw) => user.signMessage({ message: { raw } })));
    fake.setOptions({ tamper: { swapId: `0x${'ab'.repeat(32)}` } });
    await expect(adapter().submitMessageSignatures!({ step: 'main', messages: step.messages, signatures, signer: user.address, context: { ...quote.context, ...plan.context } }, testCall())).rejects.toThrow(/not 0x/);
  });

  it('tracks the swap by its id: RELEASED completed, CANCELLED refunded, unknown pending', async () => {
    const { plan, quote } = await quoteAndBuild();
    const step = messageStep(plan);
    const signatures = await Promise.all(step.messages.map((raw) => user.signMessage({ message: { raw } })));
    const context = { ...quote.context, ...plan.context };
    const venue = adapter();
    const { orderId } = await venue.submitMessageSignatures!({ step: 'main', messages: step.messages, signatures, signer: user.address, context }, testCall());
    const statusRequest: VenueStatusRequest = { fromChain: 'base', toChain: 'arbitrum', toToken: request.toToken, sourceTxHash: orderId, recipient: RECIPIENT, amountIn: request.amountIn, expectedOut: plan.amountOut, context };
    expect(await venue.status(statusRequest, testCall())).toMatchObject({ state: 'completed', receivedAmount: 249_995_000n });
    fake.setOptions({ status: 'real/status-cancelled.json' });
    expect((await venue.status(statusRequest, testCall())).state).toBe('refunded');
    expect((await venue.status({ ...statusRequest, sourceTxHash: `0x${'cd'.repeat(32)}` }, testCall())).state).toBe('pending');
  });
});

describe('whyNotMesonMessages (the allow-list check, build and submit)', () => {
  const intent = { sourceChainId: 8453, sourceToken: knownToken('base', 'USDC').address, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 42161 };
  it('takes the honest pair and refuses any other count, a release for another swap or recipient', async () => {
    const { plan } = await quoteAndBuild();
    const [requestMessage, release] = messageStep(plan).messages as [Hex, Hex];
    expect(whyNotMesonMessages([requestMessage, release], intent)).toBeNull();
    expect(whyNotMesonMessages([requestMessage], intent)).toMatch(/request and a release/);
    expect(whyNotMesonMessages([requestMessage, concat([requestMessage, EVIL.toLowerCase() as Hex])], intent)).toMatch(/releases to/);
    expect(whyNotMesonMessages([requestMessage, concat([`0x${'00'.repeat(32)}`, RECIPIENT.toLowerCase() as Hex])], intent)).toMatch(/not the request/);
    expect(whyNotMesonMessages([requestMessage, release], { ...intent, amount: 1n })).toMatch(/moves/);
    expect(whyNotMesonMessages([requestMessage, release], { ...intent, destinationChainId: 10 })).toMatch(/goes to/);
    expect(whyNotMesonMessages([requestMessage, release], { ...intent, sourceChainId: 42161 })).toMatch(/spends on/);
  });
});
