import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, erc20Abi, getAbiItem, type Address, type Hex, type PublicClient } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChainKey } from '../../domain/chains.ts';
import { whyNotAllowed } from '../../engine/vetSteps.ts';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { CallIntent } from '../allowList.ts';
import { createTestVenue, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { cbridgeBridgeAbi, cbridgeTransferId, decodeCbridgeSend, encodeCbridgeSend } from './cbridgeCalls.ts';
import { cbridgeChain } from './cbridgeChains.ts';
import { startCbridgeFake, type CbridgeFake } from './cbridgeFake.ts';
import { CBRIDGE_STATUS_TABLE } from './cbridgeMapping.ts';
import { tagCalldata } from '../../engine/tagCalldata.ts';

const TRANSFER_ID = '5081f440-054a-4852-90c5-c36626b9c32a';
import { CBRIDGE_SLIPPAGE_TOLERANCE, cbridgeVenue } from './cbridgeVenue.ts';

const NOW = 1_767_225_600_000;
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const ETH_BRIDGE = '0x5427FEFA711Eff984124bFBB1AB6fbf5E3DA1820';
const ARB_BRIDGE = '0x1619DE6B6B20eD217a58d00f37B9d47C7663feca';
const ETH_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const ETH_WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const SOURCE_TX = '0xaaa0000000000000000000000000000000000000000000000000000000000001';
const DEST_TX = '0xbbb0000000000000000000000000000000000000000000000000000000000002';

function token(chain: string, symbol: string | null): TokenInfo {
  const info = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!info) throw new Error(`no ${symbol ?? 'native'} on ${chain}`);
  return info;
}

function quoteRequest(overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest {
  return { fromChain: 'ethereum', toChain: 'arbitrum', fromToken: token('ethereum', 'USDT'), toToken: token('arbitrum', 'USDT'), amountIn: 250_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides };
}

/** The fake's figures: 0.5 base fee and 5 bps, at 6 decimals both sides. */
const fakeOut = (amount: bigint) => amount - 500_000n - (amount * 5n) / 10_000n;

/** A scripted RPC: the Bridge's limits and the receipts the adapter reads. */
function stubRpc(script: { minSend?: bigint; maxSend?: bigint; minimalMaxSlippage?: number; receipts?: Record<string, { address: Address; data: Hex; topics: [Hex, ...Hex[]] }[]> }): PublicClient {
  const client = {
    async readContract(args: { functionName: string }) {
      if (args.functionName === 'minSend') return script.minSend ?? 0n;
      if (args.functionName === 'maxSend') return script.maxSend ?? 0n;
      if (args.functionName === 'minimalMaxSlippage') return script.minimalMaxSlippage ?? 5_000;
      throw new Error(`unexpected ${args.functionName}`);
    },
    async getTransactionReceipt({ hash }: { hash: string }) {
      const logs = script.receipts?.[hash];
      if (!logs) throw new Error('receipt not found');
      return { logs };
    },
  };
  return client as unknown as PublicClient;
}

function eventLog(address: Address, name: 'Send' | 'Relay', args: readonly unknown[]): { address: Address; data: Hex; topics: [Hex, ...Hex[]] } {
  const event = name === 'Send' ? getAbiItem({ abi: cbridgeBridgeAbi, name: 'Send' }) : getAbiItem({ abi: cbridgeBridgeAbi, name: 'Relay' });
  const topics = encodeEventTopics({ abi: cbridgeBridgeAbi, eventName: name }) as [Hex, ...Hex[]];
  return { address, topics, data: encodeAbiParameters(event.inputs, args as never) };
}

let fake: CbridgeFake;
let venue: ReturnType<typeof createTestVenue>['venue'];

beforeAll(async () => {
  fake = await startCbridgeFake();
  venue = createTestVenue(cbridgeVenue, fake.url, { now: () => NOW }).venue;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.setFault(null);
  fake.setEstimateError(null);
  fake.server.requests.length = 0;
});

describe('cbridge quote', () => {
  it('asks estimateAmt in the gateway dialect and nets the fees', async () => {
    const quote = await venue.quote(quoteRequest(), testCall());
    const call = fake.server.requests.find((r) => r.path === '/v2/estimateAmt');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      src_chain_id: '1',
      dst_chain_id: '42161',
      token_symbol: 'USDT',
      amt: '250000000',
      usr_addr: SENDER,
      slippage_tolerance: String(CBRIDGE_SLIPPAGE_TOLERANCE),
    });
    expect(quote.amountOut).toBe(fakeOut(250_000_000n));
    expect(quote.minAmountOut).toBeLessThanOrEqual(quote.amountOut);
    expect(quote.minAmountOut).toBeGreaterThan(0n);
    expect(quote.estimatedSeconds).toBe(326);
    expect(quote.expiresAt).toBeNull();
    expect(quote.context).toMatchObject({ srcChainId: 1, dstChainId: 42161, tokenSymbol: 'USDT', token: ETH_USDT, isNative: false, bridge: ETH_BRIDGE });
  });

  it('prices native ETH as WETH and delivers ETH where the Bridge unwraps', async () => {
    const quote = await venue.quote(quoteRequest({ fromToken: token('ethereum', null), toToken: token('arbitrum', null), amountIn: 10n ** 18n }), testCall());
    expect(fake.server.requests.find((r) => r.path === '/v2/estimateAmt')?.query.get('token_symbol')).toBe('WETH');
    expect(quote.context).toMatchObject({ token: ETH_WETH, isNative: true });
  });

  it('refuses WETH as the output where the Bridge pays ETH, and corridors it does not pool, without a call', async () => {
    expect((await rejectionOf(venue.quote(quoteRequest({ fromToken: token('ethereum', 'WETH'), toToken: token('arbitrum', 'WETH') }), testCall()))).code).toBe('token_not_supported');
    expect((await rejectionOf(venue.quote(quoteRequest({ fromToken: token('ethereum', 'USDC'), toToken: token('arbitrum', 'USDC') }), testCall()))).code).toBe('token_not_supported');
    expect((await rejectionOf(venue.quote(quoteRequest({ toChain: 'base', toToken: token('base', 'USDC') }), testCall()))).code).toBe('route_not_served');
    expect(fake.server.requests).toHaveLength(0);
  });

  it('translates the gateway err codes (HTTP 200) at its edge', async () => {
    fake.setEstimateError({ code: 1005, msg: 'token pool epoch volume cap reached' });
    const capped = await rejectionOf(venue.quote(quoteRequest(), testCall()));
    expect(capped.code).toBe('above_max');
    expect(capped.details).toMatchObject({ venueCode: '1005' });
    fake.setEstimateError({ code: 1004, msg: 'not enough' });
    expect((await rejectionOf(venue.quote(quoteRequest(), testCall()))).code).toBe('no_liquidity');
  });

  it('an amount the fees eat is below_min', async () => {
    const error = await rejectionOf(venue.quote(quoteRequest({ amountIn: 400_000n }), testCall()));
    expect(error.code).toBe('below_min');
    expect(BigInt(String(error.details?.minAmountAtomic))).toBeGreaterThan(400_000n);
  });

  it("with an RPC, refuses amounts outside the Bridge's minSend / maxSend with the limits, before asking the gateway", async () => {
    const withRpc = createTestVenue(cbridgeVenue, fake.url, { now: () => NOW, evm: () => stubRpc({ minSend: 1_000_000n, maxSend: 500_000_000n }) }).venue;
    const low = await rejectionOf(withRpc.quote(quoteRequest({ amountIn: 1_000_000n }), testCall()));
    expect(low.code).toBe('below_min');
    expect(low.details).toEqual({ minAmountAtomic: '1000001' });
    const high = await rejectionOf(withRpc.quote(quoteRequest({ amountIn: 500_000_001n }), testCall()));
    expect(high.code).toBe('above_max');
    expect(high.details).toEqual({ maxAmountAtomic: '500000000' });
    expect(fake.server.requests).toHaveLength(0);
    expect((await withRpc.quote(quoteRequest(), testCall())).amountOut).toBe(fakeOut(250_000_000n));
  });

  it("refuses a max_slippage the Bridge's minimalMaxSlippage would revert", async () => {
    const strict = createTestVenue(cbridgeVenue, fake.url, { now: () => NOW, evm: () => stubRpc({ minimalMaxSlippage: 900_000 }) }).venue;
    expect((await rejectionOf(strict.quote(quoteRequest(), testCall()))).code).toBe('no_liquidity');
  });

  it('publishes its coverage without a call', () => {
    expect(venue.coverage().tokenSymbols('ethereum', 'arbitrum')).toEqual(['USDT', 'WETH', 'ETH']);
    expect(venue.coverage().tokenSymbols('polygon', 'ethereum')).toEqual(['USDT', 'WETH']);
    expect(venue.supports(quoteRequest())).toEqual({ served: true });
  });
});

async function built(request: VenueQuoteRequest): Promise<{ quote: VenueQuote; plan: StepsPlan }> {
  const quote = await venue.quote(request, testCall());
  const plan = await venue.build({ request, quote }, testCall());
  if (plan.shape !== 'steps') throw new Error('expected steps');
  return { quote, plan };
}

function allowedCall(chainId: number) {
  const call = cbridgeVenue.allowList?.calls.find((c) => c.chainId === chainId);
  if (!call?.check) throw new Error(`no checked call on ${chainId}`);
  return call;
}

describe('cbridge build', () => {
  it('encodes Bridge.send for the recipient with the fresh max_slippage and an exact approval', async () => {
    const request = quoteRequest();
    const { quote, plan } = await built(request);
    const step = plan.steps[0];
    if (step?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(step).toMatchObject({ chainId: 1, to: ETH_BRIDGE, value: 0n });
    const send = decodeCbridgeSend(step.data, 1);
    expect(send).toMatchObject({ receiver: RECIPIENT, token: ETH_USDT, amount: 250_000_000n, dstChainId: 42161, nonce: BigInt(NOW), native: false });
    expect(send?.maxSlippage).toBe(quote.context.maxSlippage);
    expect(plan.approval).toEqual({ chainId: 1, token: ETH_USDT, spender: ETH_BRIDGE, amount: 250_000_000n });
    expect(plan.context.transferId).toBe(cbridgeTransferId({ sender: SENDER, receiver: RECIPIENT, token: ETH_USDT, amount: 250_000_000n, dstChainId: 42161, nonce: BigInt(NOW), srcChainId: 1 }));
    const selectors = cbridgeVenue.allowList?.calls.find((c) => c.chainId === 1)?.selectors;
    expect(selectors).toContain(step.data.slice(0, 10));
  });

  it('encodes sendNative with the amount as value and no approval', async () => {
    const { plan } = await built(quoteRequest({ fromToken: token('ethereum', null), toToken: token('arbitrum', null), amountIn: 10n ** 18n }));
    const step = plan.steps[0];
    if (step?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(step.value).toBe(10n ** 18n);
    expect(plan.approval).toBeNull();
    expect(decodeCbridgeSend(step.data, 1)).toMatchObject({ native: true, token: ETH_WETH, receiver: RECIPIENT });
  });

  it('refuses a stored quote of another corridor', async () => {
    const { quote } = await built(quoteRequest());
    const error = await rejectionOf(venue.build({ request: quoteRequest({ fromChain: 'polygon', fromToken: token('polygon', 'USDT') }), quote }, testCall()));
    expect(error.code).toBe('invalid_input');
  });
});

describe('cbridge calldata check', () => {
  const intent: CallIntent = { sourceChainId: 1, sourceToken: ETH_USDT, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 42161 };
  const base = { receiver: RECIPIENT as Address, token: ETH_USDT as Address, amount: 250_000_000n, dstChainId: 42161, nonce: 7n, maxSlippage: 5_400, native: false };
  const check = (data: Hex, value: bigint, against: CallIntent = intent) => allowedCall(1).check?.(data, value, against) ?? null;

  it('accepts the send it built', async () => {
    const { plan } = await built(quoteRequest());
    const step = plan.steps[0];
    if (step?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(check(step.data, step.value)).toBeNull();
  });

  it.each([
    ['recipient', { receiver: OTHER as Address }],
    ['destination', { dstChainId: 10 }],
    ['amount', { amount: 250_000_001n }],
    ['token', { token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Address }],
    ['slippage of 100 %', { maxSlippage: 1_000_000 }],
  ])('refuses a send with a mutated %s', (_, mutation) => {
    expect(check(encodeCbridgeSend({ ...base, ...mutation }), 0n)).not.toBeNull();
  });

  it('refuses value on send, and sendNative without the exact value or for a token transfer', () => {
    expect(check(encodeCbridgeSend(base), 1n)).not.toBeNull();
    const native = encodeCbridgeSend({ ...base, token: ETH_WETH, native: true });
    const nativeIntent = { ...intent, sourceToken: null };
    expect(check(native, 250_000_000n, nativeIntent)).toBeNull();
    expect(check(native, 249_999_999n, nativeIntent)).not.toBeNull();
    expect(check(native, 250_000_000n)).not.toBeNull();
  });

  it('refuses any other call to the Bridge, and a call checked against another source chain', () => {
    const withdraw = encodeFunctionData({ abi: [{ type: 'function', name: 'withdraw', inputs: [{ type: 'bytes', name: 'wdmsg' }], outputs: [], stateMutability: 'nonpayable' }], functionName: 'withdraw', args: ['0x'] });
    expect(check(withdraw, 0n)).not.toBeNull();
    expect(allowedCall(42161).check?.(encodeCbridgeSend(base), 0n, intent)).not.toBeNull();
  });

  it("passes the engine's step vetting with its allow-list, approval included; another recipient, chain, amount or target does not", async () => {
    for (const native of [false, true]) {
      const request = native ? quoteRequest({ fromToken: token('ethereum', null), toToken: token('arbitrum', null), amountIn: 10n ** 18n }) : quoteRequest();
      const { plan } = await built(request);
      const step = plan.steps[0];
      const allowList = cbridgeVenue.allowList;
      if (step?.vm !== 'evm' || !allowList) throw new Error('an EVM step and an allow-list expected');
      const intent: CallIntent = { sourceChainId: 1, sourceToken: request.fromToken.address, amount: request.amountIn, recipient: RECIPIENT, destinationChainId: 42161 };
      const rules = { venue: 'cbridge', allowList, chainId: 1, sourceToken: request.fromToken, amountIn: request.amountIn, depositAddress: null, feeRecipients: [], intent };
      expect(whyNotAllowed(step, rules)).toBeNull();
      // The engine tags Strait's own call to the Bridge (tagCalldata.ts); the check takes it the same.
      expect(plan.tagMain).toBe(true);
      expect(whyNotAllowed({ ...step, data: tagCalldata(step.data, TRANSFER_ID) }, rules)).toBeNull();
      expect(whyNotAllowed(step, { ...rules, intent: { ...intent, recipient: OTHER } })).toMatch(/recipient/);
      expect(whyNotAllowed(step, { ...rules, intent: { ...intent, destinationChainId: 10 } })).toMatch(/chain 42161/);
      expect(whyNotAllowed(step, { ...rules, intent: { ...intent, amount: request.amountIn - 1n } })).toMatch(/sends/);
      expect(whyNotAllowed({ ...step, to: OTHER }, rules)).toMatch(/allow-list/);
      expect(whyNotAllowed(step, { ...rules, intent: undefined })).toMatch(/without the transfer/);
      if (plan.approval && !('vm' in plan.approval)) {
        const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [plan.approval.spender, plan.approval.amount] });
        expect(whyNotAllowed({ vm: 'evm', step: 'approve', chainId: 1, to: plan.approval.token, data: approve, value: 0n }, rules)).toBeNull();
      }
    }
  });

  it('pins only the deployment-list Bridges', () => {
    expect(cbridgeVenue.allowList?.calls.find((c) => c.chainId === 42161)?.to).toBe(ARB_BRIDGE);
    expect(cbridgeVenue.allowList?.transferRecipients).toEqual([]);
    expect(cbridgeChain('ethereum')?.bridge).toBe(ETH_BRIDGE);
  });
});

function statusRequest(plan: StepsPlan, quote: VenueQuote, overrides: Partial<VenueStatusRequest> = {}): VenueStatusRequest {
  return { fromChain: 'ethereum', toChain: 'arbitrum', toToken: token('arbitrum', 'USDT'), sourceTxHash: SOURCE_TX, recipient: RECIPIENT, amountIn: quote.amountIn, expectedOut: quote.amountOut, context: { ...quote.context, ...plan.context }, ...overrides };
}

describe('cbridge status', () => {
  it('asks getTransferStatus by the transfer id the send makes, as the docs spell it', async () => {
    const { quote, plan } = await built(quoteRequest());
    const id = String(plan.context.transferId);
    fake.setStatus(id, { status: 5, dstTxHash: DEST_TX });
    fake.server.requests.length = 0;
    const status = await venue.status(statusRequest(plan, quote), testCall());
    expect(fake.server.requests[0]?.body).toEqual({ transfer_id: id.slice(2).toUpperCase() });
    expect(status).toMatchObject({ state: 'completed', venueStatus: 'TRANSFER_COMPLETED', destinationTxHash: DEST_TX, receivedAmount: null });
  });

  it('is pending while the gateway does not know the transfer', async () => {
    const { quote, plan } = await built(quoteRequest({ amountIn: 260_000_000n }));
    expect(await venue.status(statusRequest(plan, quote), testCall())).toMatchObject({ state: 'pending', venueStatus: 'notIndexed' });
  });

  it.each(Object.entries(CBRIDGE_STATUS_TABLE))('maps status %s through the table', async (code, entry) => {
    const { quote, plan } = await built(quoteRequest({ amountIn: 270_000_000n + BigInt(code) }));
    fake.setStatus(String(plan.context.transferId), { status: Number(code), refundReason: 4 });
    const status = await venue.status(statusRequest(plan, quote), testCall());
    expect(status.state).toBe(entry.state);
    expect(status.venueStatus).toBe(entry.name);
  });

  it('reads the received amount from the Relay event and the transfer id from the Send event when RPCs are there', async () => {
    const { quote, plan } = await built(quoteRequest());
    // The wallet that signed is not the sender the quote named: the Send event's id is the one to ask for.
    const realId = cbridgeTransferId({ sender: OTHER, receiver: RECIPIENT, token: ETH_USDT, amount: 250_000_000n, dstChainId: 42161, nonce: BigInt(NOW), srcChainId: 1 });
    const rpc = stubRpc({
      receipts: {
        [SOURCE_TX]: [eventLog(ETH_BRIDGE, 'Send', [realId, OTHER, RECIPIENT, ETH_USDT, 250_000_000n, 42161n, BigInt(NOW), 5_400])],
        [DEST_TX]: [
          eventLog(ARB_BRIDGE, 'Relay', ['0x' + '11'.repeat(32), ETH_BRIDGE, OTHER, ETH_USDT, 1n, 1n, '0x' + '22'.repeat(32)]),
          eventLog(ARB_BRIDGE, 'Relay', ['0x' + '33'.repeat(32), ETH_BRIDGE, RECIPIENT, ETH_USDT, 249_300_000n, 1n, realId]),
        ],
      },
    });
    fake.setStatus(realId, { status: 5, dstTxHash: DEST_TX });
    const withRpc = createTestVenue(cbridgeVenue, fake.url, { now: () => NOW, evm: (_chain: ChainKey) => rpc }).venue;
    const status = await withRpc.status(statusRequest(plan, quote), testCall());
    expect(status).toMatchObject({ state: 'completed', destinationTxHash: DEST_TX, receivedAmount: 249_300_000n });
  });

  it('maps an unknown status to pending, flagged', async () => {
    const { quote, plan } = await built(quoteRequest({ amountIn: 280_000_000n }));
    fake.setStatus(String(plan.context.transferId), { status: 42 });
    expect(await venue.status(statusRequest(plan, quote), testCall())).toMatchObject({ state: 'pending', unrecognized: true });
  });
});
