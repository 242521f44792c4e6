import { readFileSync } from 'node:fs';
import { decodeAbiParameters, decodeFunctionData, encodeAbiParameters, encodeFunctionData, parseAbi, parseAbiParameters, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { CallIntent } from '../allowList.ts';
import { SQUID_ROUTER_SELECTORS, gasRefundRecipientOf, whyNotSquidRouterCall } from './squidRouterCalls.ts';

/**
 * The check on the real Squid router call of fixtures/real/calldata-callbridgecall-usdt-ethereum-to-bnb.hex
 * (trustwallet/wallet-core's test data): Ethereum USDT → BNB on BNB Chain, seven destination calls
 * ending in a full native-balance send to 0xa140F413…, which is also the refund recipient.
 */
const REAL = readFileSync(new URL('./fixtures/real/calldata-callbridgecall-usdt-ethereum-to-bnb.hex', import.meta.url), 'utf8') as Hex;
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const RECIPIENT = '0xa140F413C63FBDA84E9008607E678258ffFbC76b';
const OTHER = '0x3333333333333333333333333333333333333333';
const intent: CallIntent = { sourceChainId: 1, sourceToken: USDT, amount: 20_000_000_000_000_000n, recipient: RECIPIENT, destinationChainId: 56 };

const abi = parseAbi([
  'struct Call { uint8 callType; address target; uint256 value; bytes callData; bytes payload; }',
  'function callBridgeCall(address token, uint256 amount, Call[] calls, string bridgedTokenSymbol, string destinationChain, string destinationAddress, bytes payload, address gasRefundRecipient, bool enableExpress) payable',
  'function callBridge(address token, uint256 amount, Call[] calls, string bridgedTokenSymbol, string destinationChain, string destinationAddress) payable',
]);
const PAYLOAD = parseAbiParameters('(uint8 callType, address target, uint256 value, bytes callData, bytes payload)[] calls, address refundRecipient');

type Args = readonly [Hex, bigint, readonly { callType: number; target: Hex; value: bigint; callData: Hex; payload: Hex }[], string, string, string, Hex, Hex, boolean];
const real = decodeFunctionData({ abi, data: REAL });
const args = real.args as unknown as Args;

function withArgs(change: (a: Args) => Args): Hex {
  return encodeFunctionData({ abi, functionName: 'callBridgeCall', args: change(args) as never });
}
function withPayload(change: (calls: ReturnType<typeof destination>['calls'], refund: Hex) => [ReturnType<typeof destination>['calls'], Hex]): Hex {
  const { calls, refund } = destination();
  const [nextCalls, nextRefund] = change(calls, refund);
  return withArgs((a) => [a[0], a[1], a[2], a[3], a[4], a[5], encodeAbiParameters(PAYLOAD, [nextCalls, nextRefund]), a[7], a[8]]);
}
function destination() {
  const [calls, refund] = decodeAbiParameters(PAYLOAD, args[6]);
  return { calls: [...calls], refund };
}

describe('whyNotSquidRouterCall', () => {
  it('accepts the real callBridgeCall: USDT amount, "binance", the BNB router, a final sweep to the recipient', () => {
    expect(SQUID_ROUTER_SELECTORS).toContain(REAL.slice(0, 10));
    expect(whyNotSquidRouterCall(REAL, 0n, intent)).toBeNull();
    expect(whyNotSquidRouterCall(REAL, 0n, intent, { destinationToken: null })).toBeNull();
    expect(gasRefundRecipientOf(REAL)).toBe(RECIPIENT);
  });

  it('refuses the real call for another recipient, destination chain, amount or source token', () => {
    expect(whyNotSquidRouterCall(REAL, 0n, { ...intent, recipient: OTHER })).toMatch(/refunds a failed destination swap to 0xa140/);
    expect(whyNotSquidRouterCall(REAL, 0n, { ...intent, destinationChainId: 42161 })).toMatch(/bridges to 'binance', not chain 42161/);
    expect(whyNotSquidRouterCall(REAL, 0n, { ...intent, amount: intent.amount + 1n })).toMatch(/takes 20000000000000000, not/);
    expect(whyNotSquidRouterCall(REAL, 0n, { ...intent, sourceToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' })).toMatch(/takes 0xdAC17F958D2ee523a2206206994597C13D831ec7, not the source token/);
    expect(whyNotSquidRouterCall(REAL, 0n, intent, { destinationToken: '0x55d398326f99059fF775485246999027B3197955' })).toMatch(/pays the recipient 0xEeee.*not the requested token/);
  });

  it('refuses the real call with its fields mutated: amount, token, chain, destination router', () => {
    expect(whyNotSquidRouterCall(withArgs((a) => [a[0], a[1] + 1n, a[2], a[3], a[4], a[5], a[6], a[7], a[8]]), 0n, intent)).toMatch(/takes 20000000000000001/);
    expect(whyNotSquidRouterCall(withArgs((a) => [OTHER, a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]]), 0n, intent)).toMatch(/not the source token/);
    expect(whyNotSquidRouterCall(withArgs((a) => [a[0], a[1], a[2], a[3], 'arbitrum', a[5], a[6], a[7], a[8]]), 0n, intent)).toMatch(/bridges to 'arbitrum'/);
    expect(whyNotSquidRouterCall(withArgs((a) => [a[0], a[1], a[2], a[3], a[4], OTHER, a[6], a[7], a[8]]), 0n, intent)).toMatch(/hands the bridged token to 0x3333/);
  });

  it('refuses a destination payload that sweeps to someone else, refunds elsewhere or transfers out midway', () => {
    const sweepElsewhere = withPayload((calls, refund) => [calls.map((c, i) => (i === calls.length - 1 ? { ...c, target: OTHER } : c)), refund]);
    expect(whyNotSquidRouterCall(sweepElsewhere, 0n, intent)).toMatch(/does not end with a sweep of the full balance to the recipient/);
    const refundElsewhere = withPayload((calls) => [calls, OTHER]);
    expect(whyNotSquidRouterCall(refundElsewhere, 0n, intent)).toMatch(/refunds a failed destination swap to 0x3333/);
    const steal = encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 amount)']), functionName: 'transfer', args: [OTHER, 1n] });
    const drain = withPayload((calls, refund) => [[{ callType: 0, target: '0x4268B8F0B87b6Eae5d897996E6b845ddbD99Adf3', value: 0n, callData: steal, payload: '0x' }, ...calls], refund]);
    expect(whyNotSquidRouterCall(drain, 0n, intent)).toMatch(/transfers tokens to 0x3333.* in destination call 0/);
    const emptied = withPayload((_calls, refund) => [[], refund]);
    expect(whyNotSquidRouterCall(emptied, 0n, intent)).toMatch(/no destination call/);
  });

  it('refuses a source call that transfers the input away, and any other router function', () => {
    const steal = encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 amount)']), functionName: 'transfer', args: [OTHER, 1n] });
    const drained = withArgs((a) => [a[0], a[1], [...a[2], { callType: 0, target: USDT, value: 0n, callData: steal, payload: '0x' }], a[3], a[4], a[5], a[6], a[7], a[8]]);
    expect(whyNotSquidRouterCall(drained, 0n, intent)).toMatch(/transfers tokens to 0x3333.* in source call 2/);
    expect(whyNotSquidRouterCall('0x58181a80', 0n, intent)).toMatch(/not a bridge call Strait can read/);
    expect(whyNotSquidRouterCall('0x846a1bc6', 0n, intent)).toMatch(/does not decode/);
  });

  it('checks callBridge: the bridged token goes straight to destinationAddress', () => {
    const direct = (to: string): Hex => encodeFunctionData({ abi, functionName: 'callBridge', args: [USDT, intent.amount, args[2] as never, 'USDC', 'binance', to] });
    expect(whyNotSquidRouterCall(direct(RECIPIENT), 0n, intent)).toBeNull();
    expect(whyNotSquidRouterCall(direct(OTHER), 0n, intent)).toMatch(/sends the bridged token to 0x3333/);
  });

  it('bounds a native input: value at most the amount moved, carrying what it bridges, gas at most half', () => {
    const native = (amount: bigint): Hex => encodeFunctionData({ abi, functionName: 'callBridge', args: ['0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', amount, [], 'USDC', 'binance', RECIPIENT] });
    const nativeIntent = { ...intent, sourceToken: null, amount: 1_000n };
    expect(whyNotSquidRouterCall(native(900n), 1_000n, nativeIntent)).toBeNull();
    expect(whyNotSquidRouterCall(native(900n), 1_001n, nativeIntent)).toMatch(/more than the 1000/);
    expect(whyNotSquidRouterCall(native(900n), 899n, nativeIntent)).toMatch(/less than the 900 it bridges/);
    expect(whyNotSquidRouterCall(native(400n), 1_000n, nativeIntent)).toMatch(/bridges only 400 of the 1000/);
  });
});
