import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeEventLog, encodeFunctionData, erc20Abi, type Address, type Hex, type PublicClient } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import { whyNotAllowed } from '../../engine/vetSteps.ts';
import type { Venue, VenueQuoteRequest, StepsPlan } from '../Venue.ts';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import { addressToBytes32, decodeOftSend, encodeOftSend, type OftSend } from '../layerzero/oftSend.ts';
import { usdt0Chain, type Usdt0Chain } from './usdt0Chains.ts';
import { DESTINATION_TX, startUsdt0ScanFake, type Usdt0ScanFake } from './usdt0Fake.ts';
import { whyNotUsdt0Send } from './usdt0Send.ts';
import { LZ_FEE, messengerAbi, startUsdt0TestChain, type MessengerSettings, type Usdt0TestChain } from './usdt0TestChain.ts';
import { usdt0Venue } from './usdt0Venue.ts';

/**
 * The USDT0 adapter against an anvil chain holding stand-ins of USDT0's messengers and tokens at their
 * real addresses (standIns/Usdt0StandIns.sol, the real IOFT signatures and errors): the quote reads
 * them, the build's calldata is decoded and then executed for real, and status reads a loopback
 * LayerZero Scan templated on a real answer.
 */

const SENDER: Address = '0x5555555555555555555555555555555555555555';
const RECIPIENT: Address = '0x4444444444444444444444444444444444444444';
const ETHEREUM = usdt0Chain('ethereum')!;
const ARBITRUM = usdt0Chain('arbitrum')!;
const POLYGON = usdt0Chain('polygon')!;
const UNICHAIN = usdt0Chain('unichain')!;

const usdtOn = (chain: ChainKey): TokenInfo => ({ chain, symbol: 'USDT', address: usdt0Chain(chain)!.token, decimals: 6 }) as TokenInfo;

function request(fromChain: ChainKey, toChain: ChainKey, amountIn: bigint, overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest {
  return { fromChain, toChain, fromToken: usdtOn(fromChain), toToken: usdtOn(toChain), amountIn, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides };
}

let chain: Usdt0TestChain;
let client: PublicClient;
let scan: Usdt0ScanFake;
let venue: Venue;
const sendAs = (from: Address, to: Address, data: Hex, value?: bigint) => chain.sendAs(from, to, data, value);
const installMessenger = (on: Usdt0Chain, settings?: MessengerSettings) => chain.install(on, settings);

beforeAll(async () => {
  chain = await startUsdt0TestChain(1);
  client = chain.client;
  scan = await startUsdt0ScanFake({ srcEid: ARBITRUM.eid, dstEid: ETHEREUM.eid, recipient: RECIPIENT, amountSD: 1_500_000_000n, status: 'DELIVERED' });
  venue = createTestVenue(usdt0Venue, scan.url, { evm: (key) => (usdt0Chain(key) ? client : null), now: () => 1_767_225_600_000 }).venue;
}, 120_000);

afterAll(async () => {
  await scan?.close();
  await chain?.stop();
});

beforeEach(async () => {
  for (const on of [ETHEREUM, ARBITRUM, POLYGON]) await installMessenger(on);
});

describe('quote from the messenger', () => {
  it('prices Arbitrum → Ethereum from quoteOFT and quoteSend: the amount delivered, the floor, the LayerZero fee in the context', async () => {
    const quote = await venue.quote(request('arbitrum', 'ethereum', 1_500_000_000n), testCall());
    expect(quote.amountOut).toBe(1_500_000_000n);
    expect(quote.minAmountOut).toBe(1_500_000_000n);
    expect(quote.estimatedSeconds).toBe(60);
    expect(quote.expiresAt).toBe(1_767_225_600_000 + 60_000);
    expect(quote.context).toEqual({ srcEid: 30110, dstEid: 30101, messenger: ARBITRUM.messenger, amountLD: '1500000000', minAmountLD: '1500000000', nativeFee: LZ_FEE.toString() });
  });

  it('delivers what quoteOFT says after a token fee, and takes that as the floor', async () => {
    await installMessenger(ETHEREUM, { feeBps: 10n });
    const quote = await venue.quote(request('ethereum', 'arbitrum', 2_000_000_000n), testCall());
    expect(quote.amountOut).toBe(1_998_000_000n);
    expect(quote.minAmountOut).toBe(1_998_000_000n);
    expect(quote.estimatedSeconds).toBe(180);
  });

  it('refuses below OFTLimit.minAmountLD and above maxAmountLD with the limits in details', async () => {
    await installMessenger(ARBITRUM, { min: 1_000_000n, max: 5_000_000_000n });
    const low = await rejectionOf(venue.quote(request('arbitrum', 'ethereum', 999_999n), testCall()));
    expect(low.code).toBe('below_min');
    expect(low.details).toMatchObject({ minAmountAtomic: '1000000' });
    const high = await rejectionOf(venue.quote(request('arbitrum', 'ethereum', 5_000_000_001n), testCall()));
    expect(high.code).toBe('above_max');
    expect(high.details).toMatchObject({ maxAmountAtomic: '5000000000' });
  });

  it('turns a NoPeer revert into route_not_served', async () => {
    // No messenger ever named Unichain's endpoint a peer (stand-in storage outlives setCode, so it is never configured).
    const refused = await rejectionOf(venue.quote(request('arbitrum', 'unichain', 1_000_000n), testCall()));
    expect(refused.code).toBe('route_not_served');
    expect(refused.message).toContain('NoPeer');
  });

  it('refuses a messenger that moves another token than the table says (venue_bad_response), never pricing it', async () => {
    await installMessenger(POLYGON, { token: '0x000000000000000000000000000000000000dEaD' });
    expect((await rejectionOf(venue.quote(request('polygon', 'arbitrum', 1_000_000n), testCall()))).code).toBe('venue_bad_response');
  });

  it('answers venue_disabled, naming the chain, when no RPC is configured for the source chain', async () => {
    const noRpc = createTestVenue(usdt0Venue, scan.url, { evm: (chain) => (chain === 'ethereum' ? client : null) }).venue;
    const refused = await rejectionOf(noRpc.quote(request('arbitrum', 'ethereum', 1_000_000n), testCall()));
    expect(refused.code).toBe('venue_disabled');
    expect(refused.details).toMatchObject({ chain: 'arbitrum', reason: 'no_rpc' });
  });

  it('serves USDT/USDT0 between its chains only: OP Mainnet\'s legacy bridged USDT and other chains are refused', () => {
    expect(venue.supports({ fromChain: 'ethereum', toChain: 'arbitrum', fromToken: knownToken('ethereum', 'USDT'), toToken: knownToken('arbitrum', 'USDT') })).toEqual({ served: true });
    expect(venue.supports({ fromChain: 'arbitrum', toChain: 'optimism', fromToken: knownToken('arbitrum', 'USDT'), toToken: knownToken('optimism', 'USDT') })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.supports({ fromChain: 'ethereum', toChain: 'arbitrum', fromToken: knownToken('ethereum', 'USDC'), toToken: knownToken('arbitrum', 'USDC') })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.supports({ fromChain: 'ethereum', toChain: 'base', fromToken: knownToken('ethereum', 'USDT'), toToken: knownToken('base', 'USDC') })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.coverage().tokenSymbols('ethereum', 'arbitrum')).toEqual(['USDT']);
    // The registry's OP Mainnet USDT is the legacy bridged token, not USDT0: not listed.
    expect(venue.coverage().tokenSymbols('arbitrum', 'optimism')).toEqual([]);
    expect(venue.coverage().tokenSymbols('ethereum', UNICHAIN.key)).toEqual([]);
  });

  it('refuses a non-EVM recipient as invalid_input', async () => {
    expect((await rejectionOf(venue.quote(request('arbitrum', 'ethereum', 1_000_000n, { recipient: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' }), testCall()))).code).toBe('invalid_input');
  });
});

async function build(req: VenueQuoteRequest): Promise<StepsPlan> {
  const quote = await venue.quote(req, testCall());
  return (await venue.build({ request: req, quote }, testCall())) as StepsPlan;
}

function mainStep(plan: StepsPlan) {
  const step = plan.steps[0];
  if (plan.steps.length !== 1 || step?.vm !== 'evm') throw new Error('expected one EVM step');
  return step;
}

describe('build: the send, decoded, then executed', () => {
  it('Ethereum → Arbitrum: send to the adapter with the fee as value and native fee, refund to the sender, an exact approval; it runs and locks the USDT', async () => {
    const amount = 1_500_000_000n;
    const plan = await build(request('ethereum', 'arbitrum', amount));
    const step = mainStep(plan);
    expect(step).toMatchObject({ chainId: 1, to: ETHEREUM.messenger, value: LZ_FEE });
    expect(plan.nativeFee).toBe(LZ_FEE);
    expect(plan.approval).toEqual({ chainId: 1, token: ETHEREUM.token, spender: ETHEREUM.messenger, amount });
    const send = decodeOftSend(step.data)!;
    expect(send).toEqual({ dstEid: 30110, to: addressToBytes32(RECIPIENT), amountLD: amount, minAmountLD: amount, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x', nativeFee: LZ_FEE, lzTokenFee: 0n, refundAddress: SENDER });

    await chain.mint(ETHEREUM, SENDER, amount);
    await sendAs(SENDER, ETHEREUM.token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [plan.approval!.spender, plan.approval!.amount] }));
    const receipt = await sendAs(SENDER, step.to, step.data, step.value);
    expect(receipt.status).toBe('success');
    const sent = receipt.logs.filter((log) => log.address.toLowerCase() === ETHEREUM.messenger.toLowerCase()).map((log) => decodeEventLog({ abi: messengerAbi, ...log }));
    expect(sent).toMatchObject([{ eventName: 'OFTSent', args: { dstEid: 30110, fromAddress: SENDER, amountSentLD: amount, amountReceivedLD: amount } }]);
    expect(await client.readContract({ address: ETHEREUM.token, abi: erc20Abi, functionName: 'balanceOf', args: [ETHEREUM.messenger] })).toBe(amount);
  });

  it('Arbitrum → Ethereum: no approval (the OFT burns the caller\'s USDT0), and the send runs', async () => {
    const amount = 2_500_000n;
    const plan = await build(request('arbitrum', 'ethereum', amount));
    expect(plan.approval).toBeNull();
    const step = mainStep(plan);
    expect(decodeOftSend(step.data)).toMatchObject({ dstEid: 30101, amountLD: amount, to: addressToBytes32(RECIPIENT) });
    await chain.mint(ARBITRUM, SENDER, amount);
    const before = await client.readContract({ address: ARBITRUM.token, abi: erc20Abi, functionName: 'totalSupply' });
    expect((await sendAs(SENDER, step.to, step.data, step.value)).status).toBe('success');
    expect(await client.readContract({ address: ARBITRUM.token, abi: erc20Abi, functionName: 'totalSupply' })).toBe(before - amount);
  });

  it('refuses to build a quote stored for another corridor', async () => {
    const quote = await venue.quote(request('arbitrum', 'ethereum', 1_000_000n), testCall());
    const refused = await rejectionOf(venue.build({ request: request('polygon', 'ethereum', 1_000_000n), quote }, testCall()));
    expect(refused.code).toBe('invalid_input');
  });
});

describe('the allow-list check refuses a tampered send', () => {
  const amount = 1_000_000n;
  const intent = { sourceChainId: 42161, sourceToken: ARBITRUM.token, amount, recipient: RECIPIENT, destinationChainId: 1 };
  const honest: OftSend = { dstEid: 30101, to: addressToBytes32(RECIPIENT), amountLD: amount, minAmountLD: amount, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x', nativeFee: LZ_FEE, lzTokenFee: 0n, refundAddress: SENDER };
  const allowList = usdt0Venue.allowList!;

  it('passes the honest call, through the module allow-list as the engine vets it', async () => {
    const plan = await build(request('arbitrum', 'ethereum', amount));
    const step = mainStep(plan);
    expect(whyNotUsdt0Send(step.data, step.value, intent, ARBITRUM)).toBeNull();
    expect(whyNotAllowed(step, { allowList, venue: 'usdt0', chainId: 42161, sourceToken: usdtOn('arbitrum'), amountIn: amount, depositAddress: null, feeRecipients: [], nativeFee: LZ_FEE, intent })).toBeNull();
  });

  it.each<[string, Partial<OftSend>, bigint | undefined, RegExp]>([
    ['another recipient', { to: addressToBytes32('0x9999999999999999999999999999999999999999') }, undefined, /pays 0x0+9999/],
    ['another destination', { dstEid: 30109 }, undefined, /endpoint 30109 \(polygon\)/],
    ['more than the transfer moves', { amountLD: amount + 1n }, undefined, /bridges 1000001/],
    ['no floor', { minAmountLD: 0n }, undefined, /minimum of 0/],
    ['a compose message', { composeMsg: '0x01' }, undefined, /compose message/],
    ['an executor option (native drop)', { extraOptions: '0x00030100110100000000000000000000000000030d40' }, undefined, /executor options/],
    ['ZRO payment', { lzTokenFee: 1n }, undefined, /ZRO/],
    ['value above the stated fee', {}, LZ_FEE + 1n, /sends 84000000000001 wei/],
  ])('%s', (_name, tamper, value, reason) => {
    const data = encodeOftSend({ ...honest, ...tamper });
    expect(whyNotUsdt0Send(data, value ?? honest.nativeFee, intent, ARBITRUM)).toMatch(reason);
  });

  it('refuses the wrong source token, and anything but send', () => {
    expect(whyNotUsdt0Send(encodeOftSend(honest), LZ_FEE, { ...intent, sourceToken: ETHEREUM.token }, ARBITRUM)).toMatch(/moves 0xdAC17/);
    expect(whyNotUsdt0Send(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SENDER, 1n] }), 0n, intent, ARBITRUM)).toMatch(/not an OFT send/);
  });
});

describe('status from LayerZero Scan', () => {
  const statusRequest = { fromChain: 'arbitrum' as ChainKey, toChain: 'ethereum' as ChainKey, toToken: usdtOn('ethereum'), sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: RECIPIENT, amountIn: 1_500_000_000n, expectedOut: 1_500_000_000n, context: {} };
  const set = (status: string | null, recipient: Address = RECIPIENT) => scan.setOptions({ srcEid: 30110, dstEid: 30101, recipient, amountSD: 1_500_000_000n, status });

  it('DELIVERED is completed with the destination tx and the amount the OFT message pays the recipient', async () => {
    set('DELIVERED');
    expect(await venue.status(statusRequest, testCall())).toMatchObject({ state: 'completed', venueStatus: 'DELIVERED', destinationTxHash: DESTINATION_TX, receivedAmount: 1_500_000_000n, receivedAsset: ETHEREUM.token });
    expect(scan.server.requests.at(-1)?.path).toBe(`/messages/tx/0x${'ab'.repeat(32)}`);
  });

  it('claims no amount when the message pays someone else', async () => {
    set('DELIVERED', '0x9999999999999999999999999999999999999999');
    expect(await venue.status(statusRequest, testCall())).toMatchObject({ state: 'completed', receivedAmount: null });
  });

  it.each([
    ['INFLIGHT', 'pending'],
    ['CONFIRMING', 'pending'],
    ['PAYLOAD_STORED', 'pending'],
    ['BLOCKED', 'pending'],
    ['FAILED', 'failed'],
  ])('%s is %s', async (name, state) => {
    set(name);
    expect(await venue.status(statusRequest, testCall())).toMatchObject({ state, venueStatus: name, destinationTxHash: null, receivedAmount: null });
  });

  it('an unknown status stays pending and is flagged; a hash Scan has not indexed (404) is pending', async () => {
    set('SOMETHING_NEW');
    expect(await venue.status(statusRequest, testCall())).toMatchObject({ state: 'pending', unrecognized: true });
    set(null);
    expect(await venue.status(statusRequest, testCall())).toMatchObject({ state: 'pending', venueStatus: 'NOT_INDEXED' });
  });

  it('refuses a hash that is not an EVM transaction hash', async () => {
    expect((await rejectionOf(venue.status({ ...statusRequest, sourceTxHash: 'nope' }, testCall()))).code).toBe('invalid_input');
  });
});
