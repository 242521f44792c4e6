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
    expect(whyNotAllowed({ ...step, to: '0xe8CDF27AcD73a434D661C84887215F7598e7d0d3' }, rules)).toMatch(/not on stargate's allow-list/);
    expect(whyNotAllowed({ ...step, value: 10n ** 17n + 1n }, rules)).toMatch(/native units for an input/);
  });
});
