import { encodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { knownToken } from '../fake/testVenueDeps.ts';
import type { CallIntent } from '../allowList.ts';
import { signSandboxVaa } from '../../sandbox/wormholeStandIns.ts';
import { tokenBridgeAbi, wormholeChain } from './wormholeChains.ts';
import { checkRedeemCall, whyNotOurTransfer, type ExpectedTransfer } from './wormholeRedeem.ts';
import { encodeTransferPayload, encodeVaaBody, universalAddress } from './wormholeVaa.ts';
import { checkTransferCall } from './wormholeVenue.ts';

const base = wormholeChain('base')!;
const arbitrum = wormholeChain('arbitrum')!;
const USDC = knownToken('base', 'USDC').address as Hex;
const RECIPIENT = '0x9999999999999999999999999999999999999999';
const intent: CallIntent = { sourceChainId: 8453, sourceToken: USDC, amount: 100_000_000n, recipient: RECIPIENT, destinationChainId: 42161 };

interface Terms { amount?: bigint; to?: Hex; toChain?: number; fee?: bigint; emitter?: Hex; emitterChain?: number; sequence?: bigint; token?: Hex }

async function vaaOf(terms: Terms = {}): Promise<Hex> {
  const payload = encodeTransferPayload({ amount: terms.amount ?? 100_000_000n, tokenAddress: universalAddress(terms.token ?? USDC), tokenChain: 30, to: universalAddress(terms.to ?? RECIPIENT), toChain: terms.toChain ?? 23, fee: terms.fee ?? 0n });
  return signSandboxVaa(encodeVaaBody({ timestamp: 1_767_225_600, nonce: 0, emitterChain: terms.emitterChain ?? 30, emitterAddress: universalAddress(terms.emitter ?? base.tokenBridge), sequence: terms.sequence ?? 7n, consistencyLevel: 1, payload }));
}

const redeem = (vaa: Hex) => encodeFunctionData({ abi: tokenBridgeAbi, functionName: 'completeTransfer', args: [vaa] });

describe('checkRedeemCall: a completeTransfer redeem against the transfer', () => {
  it("accepts this transfer's VAA", async () => {
    expect(checkRedeemCall(redeem(await vaaOf()), 0n, intent)).toBeNull();
  });

  it.each<[string, Terms, RegExp]>([
    ['another recipient', { to: '0x1111111111111111111111111111111111111111' }, /not the transfer's recipient/],
    ['another amount', { amount: 100_000_001n }, /moves 100000001/],
    ['another destination chain', { toChain: 24 }, /goes to Wormhole chain 24/],
    ['another emitter (not the source Token Bridge)', { emitter: '0x2222222222222222222222222222222222222222' }, /not the source Token Bridge/],
    ['another source chain', { emitterChain: 2 }, /emitted on Wormhole chain 2/],
    ['another token', { token: '0x3333333333333333333333333333333333333333' }, /not the transfer's token/],
    ['a relayer fee for whoever redeems', { fee: 1n }, /relayer fee/],
  ])('refuses a VAA with %s', async (_name, terms, why) => {
    expect(checkRedeemCall(redeem(await vaaOf(terms)), 0n, intent)).toMatch(why);
  });

  it('refuses value, another function, unreadable VAA bytes and a corridor Portal does not serve', async () => {
    const vaa = await vaaOf();
    expect(checkRedeemCall(redeem(vaa), 1n, intent)).toMatch(/native units/);
    expect(checkRedeemCall(encodeFunctionData({ abi: tokenBridgeAbi, functionName: 'wrappedAsset', args: [30, universalAddress(USDC)] }), 0n, intent)).toMatch(/not a completeTransfer|calls wrappedAsset/);
    expect(checkRedeemCall(redeem(vaa.slice(0, 120) as Hex), 0n, intent)).toMatch(/not a VAA Strait can read/);
    expect(checkRedeemCall(redeem(vaa), 0n, { ...intent, destinationChainId: 999 })).toMatch(/not on a Portal corridor/);
  });

  it("binds the VAA to the source receipt's sequence and payload when known", async () => {
    const expected: ExpectedTransfer = { fromWhChain: 30, emitter: universalAddress(base.tokenBridge), toWhChain: 23, tokenChain: 30, tokenAddress: universalAddress(USDC), recipient: universalAddress(RECIPIENT), normalizedAmount: 100_000_000n, sequence: 8n };
    expect(whyNotOurTransfer(await vaaOf(), expected)).toMatch(/sequence 7, not 8/);
    expect(whyNotOurTransfer(await vaaOf({ sequence: 8n }), { ...expected, payload: '0x01' })).toMatch(/another payload/);
  });
});

describe('checkTransferCall: the source transferTokens against the transfer', () => {
  const call = (args: { token?: Hex; amount?: bigint; chain?: number; to?: Hex; fee?: bigint }) => encodeFunctionData({ abi: tokenBridgeAbi, functionName: 'transferTokens', args: [args.token ?? USDC, args.amount ?? 100_000_000n, args.chain ?? arbitrum.whChainId, universalAddress(args.to ?? RECIPIENT), args.fee ?? 0n, 0] });

  it('accepts the built call with the message fee as value, refuses changed terms', () => {
    expect(checkTransferCall(call({}), 5n, { ...intent, nativeFee: 5n })).toBeNull();
    expect(checkTransferCall(call({}), 6n, { ...intent, nativeFee: 5n })).toMatch(/message fee/);
    expect(checkTransferCall(call({ to: '0x1111111111111111111111111111111111111111' }), 0n, intent)).toMatch(/recipient/);
    expect(checkTransferCall(call({ chain: 24 }), 0n, intent)).toMatch(/Wormhole chain 24/);
    expect(checkTransferCall(call({ amount: 100_000_001n }), 0n, intent)).toMatch(/more than/);
    expect(checkTransferCall(call({ fee: 1n }), 0n, intent)).toMatch(/arbiter fee/);
    expect(checkTransferCall(call({ token: '0x3333333333333333333333333333333333333333' }), 0n, intent)).toMatch(/not the transfer's token/);
  });
});
