import { readFileSync } from 'node:fs';
import { toFunctionSelector, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { whyNotAllowed } from '../../engine/vetSteps.ts';
import type { CallIntent } from '../allowList.ts';
import { stargateVenue } from './stargateVenue.ts';
import { STARGATE_SEND_SELECTOR } from './stargateChains.ts';
import { addressToBytes32, decodeStargateSend, encodeStargateSend, whyNotStargateSend, type StargateSend } from './stargateSendCalls.ts';

const WALLET = '0x2222222222222222222222222222222222222222';
const THIEF = '0x9999999999999999999999999999999999999999';
const ARBITRUM_POOL = '0xA45B5130f36CDcA45667738e2a258AB09f4A5f7F';
const ARBITRUM_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const ARBITRUM_USDC_POOL = '0xe8CDF27AcD73a434D661C84887215F7598e7d0d3';

/** The synthetic quote template's taxi call (encoded with Stargate's ABI), refund pinned to the recipient. */
const template = JSON.parse(readFileSync(new URL('./fixtures/synthetic/quotes-eth-arbitrum-base-taxi-bus.json', import.meta.url), 'utf8')) as {
  quotes: { steps: { transaction: { data: Hex; value: string } }[] }[];
};
const recorded = decodeStargateSend(template.quotes[0]!.steps[0]!.transaction.data)!;
const VALUE = BigInt(template.quotes[0]!.steps[0]!.transaction.value);
const intent: CallIntent = { sourceChainId: 42161, sourceToken: null, amount: 10n ** 17n, recipient: WALLET, destinationChainId: 8453 };
const call = (changes: Partial<StargateSend> = {}): Hex => encodeStargateSend({ ...recorded, ...changes });

describe('Stargate send check', () => {
  it('the selector is the IOFT send of the pinned pools', () => {
    expect(toFunctionSelector('send((uint32,bytes32,uint256,uint256,bytes,bytes,bytes),(uint256,uint256),address)')).toBe(STARGATE_SEND_SELECTOR);
    expect(template.quotes[0]!.steps[0]!.transaction.data.slice(0, 10)).toBe(STARGATE_SEND_SELECTOR);
  });

  it('accepts the template call: a plain taxi to the recipient on Base, value = amount + fee ≤ input', () => {
    expect(recorded.dstEid).toBe(30184);
    expect(VALUE).toBe(recorded.amountLD + recorded.nativeFee);
    expect(whyNotStargateSend(call(), VALUE, intent)).toBeNull();
  });

  it.each([
    ['another recipient', { to: addressToBytes32(THIEF) }, /pays/],
    ['another destination (Optimism)', { dstEid: 30111 }, /endpoint 30111 \(optimism\)/],
    ['an unknown endpoint', { dstEid: 40231 }, /endpoint 40231 \(unknown\)/],
    ['a refund to someone else', { refundAddress: THIEF }, /refunds to/],
    ['a smaller amount, the rest as fee', { amountLD: recorded.amountLD - 10n ** 15n }, /sends .* wei for/],
    ['a fee swollen to the amount', { amountLD: 10n ** 12n, nativeFee: VALUE - 10n ** 12n }, /LayerZero fee of .* above/],
    ['a compose message', { composeMsg: '0x1234' }, /compose message/],
    ['a native drop option', { extraOptions: '0x0003010011010000000000000000000000000000ea60' }, /executor options/],
    ['the bus', { oftCmd: '0x00' }, /bus/],
    ['a ZRO fee', { lzTokenFee: 1n }, /ZRO/],
    ['no minimum', { minAmountLD: 0n }, /minimum of 0/],
  ] as const)('refuses %s', (_, changes, reason) => {
    const changed: Partial<StargateSend> = changes;
    const value = changed.amountLD !== undefined && changed.nativeFee !== undefined ? changed.amountLD + changed.nativeFee : VALUE;
    expect(whyNotStargateSend(call(changed), value, intent)).toMatch(reason);
  });

  it('refuses a value above the input, an ERC-20 source, a non-EVM destination and other calldata', () => {
    expect(whyNotStargateSend(call(), VALUE, { ...intent, amount: VALUE - 1n })).toMatch(/for an input of/);
    expect(whyNotStargateSend(call(), VALUE, { ...intent, sourceToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' })).toMatch(/ERC-20/);
    expect(whyNotStargateSend(call(), VALUE, { ...intent, destinationChainId: null })).toMatch(/non-EVM/);
    expect(whyNotStargateSend(call(), VALUE, { ...intent, recipient: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' })).toMatch(/recipient/);
    expect(whyNotStargateSend('0x095ea7b3', 0n, intent)).toMatch(/not a Stargate send/);
  });

  it("the engine's vetting runs the check on the pinned pool and refuses any other contract", () => {
    const rules = { venue: 'stargate', allowList: stargateVenue.allowList!, chainId: 42161, sourceToken: { chain: 'arbitrum', symbol: 'ETH', address: null, decimals: 18 }, amountIn: 10n ** 17n, depositAddress: null, feeRecipients: [], intent };
    const step = { vm: 'evm' as const, step: 'main' as const, chainId: 42161, to: ARBITRUM_POOL as Hex, data: call(), value: VALUE };
    expect(whyNotAllowed(step, rules)).toBeNull();
    expect(whyNotAllowed({ ...step, data: call({ to: addressToBytes32(THIEF) }) }, rules)).toMatch(/pays/);
    expect(whyNotAllowed({ ...step, to: THIEF }, rules)).toMatch(/not on stargate's allow-list/);
    // Arbitrum's USDC pool is listed, but its check refuses a native transfer through it.
    expect(whyNotAllowed({ ...step, to: ARBITRUM_USDC_POOL }, rules)).toMatch(/through the pool of/);
    expect(whyNotAllowed({ ...step, value: 10n ** 17n + 1n }, rules)).toMatch(/native units for an input/);
  });
});

describe('Stargate send check on an ERC-20 pool', () => {
  const FEE = recorded.nativeFee;
  const usdcIntent: CallIntent = { ...intent, sourceToken: ARBITRUM_USDC, amount: 100_000_000n };
  const usdcCall = (changes: Partial<StargateSend> = {}): Hex => call({ amountLD: 100_000_000n, minAmountLD: 99_500_000n, ...changes });

  it('accepts exactly the amount bridged, the LayerZero fee as the whole value', () => {
    expect(whyNotStargateSend(usdcCall(), FEE, usdcIntent, ARBITRUM_USDC)).toBeNull();
  });

  it.each([
    ['a value above the fee it states', usdcCall(), FEE + 1n, /not the .* LayerZero fee/],
    ['no value beside the token', usdcCall(), 0n, /not the .* LayerZero fee/],
    ['another amount', usdcCall({ amountLD: 99_000_000n }), FEE, /bridges 99000000, not the 100000000/],
    ['a minimum above the amount', usdcCall({ minAmountLD: 100_000_001n }), FEE, /minimum of/],
    ['another recipient', usdcCall({ to: addressToBytes32(THIEF) }), FEE, /pays/],
  ] as const)('refuses %s', (_, data, value, reason) => {
    expect(whyNotStargateSend(data, value, usdcIntent, ARBITRUM_USDC)).toMatch(reason);
  });

  it("refuses another token than the pool's, and a native transfer through it", () => {
    expect(whyNotStargateSend(usdcCall(), FEE, { ...usdcIntent, sourceToken: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9' }, ARBITRUM_USDC)).toMatch(/through the pool of/);
    expect(whyNotStargateSend(usdcCall(), FEE, { ...usdcIntent, sourceToken: null }, ARBITRUM_USDC)).toMatch(/native ETH through the pool of/);
  });

  it("the engine lets the value be the declared native fee, no more, and runs the pool's check", () => {
    const rules = { venue: 'stargate', allowList: stargateVenue.allowList!, chainId: 42161, sourceToken: { chain: 'arbitrum', symbol: 'USDC', address: ARBITRUM_USDC, decimals: 6 }, amountIn: 100_000_000n, depositAddress: null, feeRecipients: [], intent: usdcIntent, nativeFee: FEE };
    const step = { vm: 'evm' as const, step: 'main' as const, chainId: 42161, to: ARBITRUM_USDC_POOL as Hex, data: usdcCall(), value: FEE };
    expect(whyNotAllowed(step, rules)).toBeNull();
    expect(whyNotAllowed({ ...step, value: FEE + 1n }, rules)).toMatch(/native fee of/);
    expect(whyNotAllowed(step, { ...rules, nativeFee: undefined })).toMatch(/native units/);
    expect(whyNotAllowed({ ...step, to: ARBITRUM_POOL }, rules)).toMatch(/ERC-20 through a native pool/);
  });
});
