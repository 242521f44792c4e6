import { readFileSync } from 'node:fs';
import { encodeFunctionData, parseAbi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { whyNotAllowed } from '../../engine/vetSteps.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import type { CallIntent } from '../allowList.ts';
import { allowListRig } from '../fake/allowListRig.ts';
import { decodeXyBridgeCall, XY_BRIDGE_V3_ABI, whyNotXyBridgeCall } from './xyfinanceBridgeCalls.ts';
import { xyfinanceVenue } from './xyfinanceVenue.ts';

/**
 * The YBridge call check on calldata of the built answer (fixtures/synthetic/build-…json, encoded with
 * the YBridge ABI for XY's docs route) and on the same call with one field changed: another recipient,
 * destination chain, token or amount is refused, directly and through the `whyNotAllowed` that build
 * and submit both run.
 */

const built = JSON.parse(readFileSync(new URL('./fixtures/synthetic/build-arbitrum-usdce-linea-eth-ybridge.json', import.meta.url), 'utf8')) as { tx: { to: Hex; data: Hex } };
const USDCE = '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8';
const RECEIVER = '0x9cEEEbdF49cF5DEa891C9D74f8ea03af2aCf284F';
const OTHER = '0x3333333333333333333333333333333333333333';
const Y_BRIDGE = '0x33383265290421C704c6b09F4BF27ce574DC4203';
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
const ZERO = '0x0000000000000000000000000000000000000000';
const AMOUNT = 999_000_000n;

const intent: CallIntent = { sourceChainId: 42161, sourceToken: USDCE, amount: AMOUNT, recipient: RECEIVER, destinationChainId: 59144 };

type Fields = { receiver: Hex; dstChainId: number; srcToken: Hex; vaultToken: Hex; amount: bigint; adaptor: Hex; aggregatorData: Hex };
const good: Fields = { receiver: RECEIVER, dstChainId: 59144, srcToken: USDCE, vaultToken: USDCE, amount: AMOUNT, adaptor: ZERO, aggregatorData: '0x' };

/** The v3 interface (0x2aac3cac), without `dstAggregatorAdaptor`. */
function v3Call(overrides: Partial<Fields> = {}): Hex {
  const f = { ...good, ...overrides };
  return encodeFunctionData({
    abi: XY_BRIDGE_V3_ABI,
    functionName: 'swapWithReferrer',
    args: [f.adaptor, { srcToken: f.srcToken, dstToken: f.vaultToken, receiver: f.receiver, amount: f.amount, minReturnAmount: f.amount }, f.aggregatorData, { dstChainId: f.dstChainId, dstChainToken: NATIVE, expectedDstChainTokenAmount: 390_000_000_000_000_000n, slippage: 100 }, ZERO],
  });
}

/** The built answer's calldata with one 32-byte word replaced (the field's ABI slot). */
function mutate(data: Hex, from: string, to: string): Hex {
  const word = (v: string) => v.toLowerCase().replace(/^0x/, '').padStart(64, '0');
  const out = data.toLowerCase().replace(word(from), word(to)) as Hex;
  expect(out).not.toBe(data.toLowerCase());
  return out;
}

describe('xyfinance whyNotXyBridgeCall', () => {
  it("passes the built answer's swapWithReferrer (2024-07-17 interface) and the v3 interface", () => {
    expect(built.tx.data.slice(0, 10)).toBe('0xcdc65927');
    expect(whyNotXyBridgeCall(built.tx.data, 0n, intent)).toBeNull();
    expect(v3Call().slice(0, 10)).toBe('0x2aac3cac');
    expect(whyNotXyBridgeCall(v3Call(), 0n, intent)).toBeNull();
  });

  it.each([
    ['another recipient', RECEIVER, OTHER, /pays 0x3333.*not the recipient/],
    ['another destination chain', (59144).toString(16), (8453).toString(16), /bridges to chain 8453, not 59144/],
    ['another amount', AMOUNT.toString(16), (AMOUNT + 1n).toString(16), /pulls 999000001, not the 999000000/],
  ])("refuses the built answer's call with %s", (_name, from, to, reason) => {
    expect(whyNotXyBridgeCall(mutate(built.tx.data, from, to), 0n, intent)).toMatch(reason);
  });

  it('refuses another source token (both swap tokens changed, so no hidden swap either)', () => {
    const other = built.tx.data.toLowerCase().replaceAll(USDCE.slice(2).toLowerCase(), OTHER.slice(2)) as Hex;
    expect(whyNotXyBridgeCall(other, 0n, intent)).toMatch(/pulls 0x3333.*not the source token/);
  });

  it('refuses a swap without an adaptor, swap data without one, value on an ERC-20 bridge and a non-EVM destination', () => {
    expect(whyNotXyBridgeCall(v3Call({ vaultToken: OTHER }), 0n, intent)).toMatch(/names no source swap/);
    expect(whyNotXyBridgeCall(v3Call({ aggregatorData: '0x1234' }), 0n, intent)).toMatch(/swap data without a swap adaptor/);
    expect(whyNotXyBridgeCall(v3Call(), 1n, intent)).toMatch(/carries 1 native units, not 0/);
    expect(whyNotXyBridgeCall(v3Call(), 0n, { ...intent, destinationChainId: null })).toMatch(/non-EVM/);
  });

  it('accepts a source swap through an adaptor (its DEX payload is opaque) and needs the exact native value for a native source', () => {
    expect(whyNotXyBridgeCall(v3Call({ adaptor: OTHER, vaultToken: OTHER, aggregatorData: '0xabcdef' }), 0n, intent)).toBeNull();
    const native: CallIntent = { ...intent, sourceToken: null, amount: 10n ** 18n };
    const call = v3Call({ srcToken: NATIVE, vaultToken: NATIVE, amount: 10n ** 18n });
    expect(whyNotXyBridgeCall(call, 10n ** 18n, native)).toBeNull();
    expect(whyNotXyBridgeCall(call, 0n, native)).toMatch(/native units/);
  });

  it('refuses other functions and data that does not decode', () => {
    const single = parseAbi([
      'struct SwapDescription { address srcToken; address dstToken; address receiver; uint256 amount; uint256 minReturnAmount; }',
      'function singleChainSwapWithReferrer(address aggregator, SwapDescription swapDesc, bytes aggregatorData, address referrer)',
    ]);
    const other = encodeFunctionData({ abi: single, functionName: 'singleChainSwapWithReferrer', args: [ZERO, { srcToken: USDCE, dstToken: USDCE, receiver: RECEIVER, amount: AMOUNT, minReturnAmount: AMOUNT }, '0x', ZERO] });
    expect(whyNotXyBridgeCall(other, 0n, intent)).toMatch(/not the YBridge's swapWithReferrer/);
    expect(whyNotXyBridgeCall(built.tx.data.slice(0, 90) as Hex, 0n, intent)).toMatch(/does not decode/);
    expect(decodeXyBridgeCall('0x' as Hex)).toMatch(/not the YBridge/);
  });
});

describe("xyfinance allow-list through whyNotAllowed (what build and submit both run)", () => {
  const USDCE_TOKEN: TokenInfo = { chain: 'arbitrum', symbol: 'USDC', address: USDCE, decimals: 6 };
  const { rules, main, approve } = allowListRig({ venue: 'xyfinance', allowList: xyfinanceVenue.allowList!, chainId: 42161, sourceToken: USDCE_TOKEN, amountIn: AMOUNT, intent, mainTo: Y_BRIDGE });

  it('allows the YBridge call that matches the transfer and refuses one paying another recipient, chain or amount', () => {
    expect(whyNotAllowed(main(built.tx.data), rules())).toBeNull();
    expect(whyNotAllowed(main(mutate(built.tx.data, RECEIVER, OTHER)), rules())).toMatch(/not the recipient/);
    expect(whyNotAllowed(main(mutate(built.tx.data, (59144).toString(16), (10).toString(16))), rules())).toMatch(/bridges to chain 10/);
    expect(whyNotAllowed(main(mutate(built.tx.data, AMOUNT.toString(16), '1')), rules())).toMatch(/pulls 1, not/);
  });

  it('refuses the same call to an address XY does not list (its XY Router), and a checked call without the transfer to compare with', () => {
    expect(whyNotAllowed(main(built.tx.data, '0x062b1Db694F6A437e3c028FC60dd6feA7444308c'), rules())).toMatch(/not on xyfinance's allow-list/);
    expect(whyNotAllowed(main(built.tx.data), rules({ intent: undefined }))).toMatch(/without the transfer's details/);
  });

  it('approves only the YBridge', () => {
    expect(whyNotAllowed(approve(Y_BRIDGE), rules())).toBeNull();
    expect(whyNotAllowed(approve(OTHER), rules())).toMatch(/which xyfinance may not call/);
  });

  it('pins one checked YBridge per chain, never `any`', () => {
    expect(xyfinanceVenue.allowList!.calls.every((call) => call.check !== undefined && call.selectors !== 'any')).toBe(true);
  });
});
