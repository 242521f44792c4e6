import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeFunctionData, parseAbi, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { decodeDlnCall, whyNotDebridgeCall } from './debridgeOrderCalls.ts';

/** deBridge's own create-tx example: 1000 ARB (Arbitrum) pre-swapped to USDC, an order for MATIC on Polygon. */
const docs = JSON.parse(readFileSync(new URL('./fixtures/real/create-tx-arb-arbitrum-to-matic-polygon.json', import.meta.url), 'utf8')) as { tx: { data: Hex; value: string } };
/** A native order (synthetic, encoded with DlnSource's ABI): 0.999 ETH Arbitrum → ETH Base. */
const native = JSON.parse(readFileSync(new URL('./fixtures/synthetic/create-tx-eth-arbitrum-to-base.json', import.meta.url), 'utf8')) as { tx: { data: Hex; value: string } };

const WALLET = '0x55A8f5cce1d53D9Ff84EC0962882b447E5914dB8';
const docsIntent: CallIntent = { sourceChainId: 42161, sourceToken: '0x912ce59144191c1204e64559fe8253a0e49e6548', amount: 1_000_097_362_178_910_640_486n, recipient: WALLET, destinationChainId: 137 };
const nativeIntent: CallIntent = { sourceChainId: 42161, sourceToken: null, amount: 10n ** 18n, recipient: WALLET, destinationChainId: 8453 };

const abi = parseAbi([
  'struct OrderCreation { address giveTokenAddress; uint256 giveAmount; bytes takeTokenAddress; uint256 takeAmount; uint256 takeChainId; bytes receiverDst; address givePatchAuthoritySrc; bytes orderAuthorityAddressDst; bytes allowedTakerDst; bytes externalCall; bytes allowedCancelBeneficiarySrc; }',
  'function createSaltedOrder(OrderCreation _orderCreation, uint64 _salt, bytes _affiliateFee, uint32 _referralCode, bytes _permitEnvelope, bytes _metadata) payable returns (bytes32)',
  'function strictlySwapAndCall(address _srcTokenIn, uint256 _srcAmountIn, bytes _srcTokenInPermitEnvelope, address _srcSwapRouter, bytes _srcSwapCalldata, address _srcTokenOut, uint256 _srcTokenExpectedAmountOut, address _srcTokenRefundRecipient, address _target, bytes _targetData) payable',
]);

type Order = Parameters<typeof encodeFunctionData<typeof abi, 'createSaltedOrder'>>[0]['args'][0];

/** The native order with some of its fields replaced. */
function mutatedNative(change: Partial<Order>): Hex {
  const decoded = decodeFunctionData({ abi, data: native.tx.data });
  if (decoded.functionName !== 'createSaltedOrder') throw new Error('not an order');
  const [order, ...rest] = decoded.args;
  return encodeFunctionData({ abi, functionName: 'createSaltedOrder', args: [{ ...order, ...change }, ...rest] });
}

/** The docs' router call with some of its outer arguments replaced, or its inner order. */
function mutatedDocs(outer: Partial<Record<number, unknown>>, inner: Partial<Order> = {}): Hex {
  const decoded = decodeFunctionData({ abi, data: docs.tx.data });
  if (decoded.functionName !== 'strictlySwapAndCall') throw new Error('not a router call');
  const args = [...decoded.args] as unknown[];
  const target = decodeFunctionData({ abi, data: args[9] as Hex });
  if (target.functionName !== 'createSaltedOrder') throw new Error('not an order');
  const [order, ...rest] = target.args;
  args[9] = encodeFunctionData({ abi, functionName: 'createSaltedOrder', args: [{ ...order, ...inner }, ...rest] });
  for (const [index, value] of Object.entries(outer)) args[Number(index)] = value;
  return encodeFunctionData({ abi, functionName: 'strictlySwapAndCall', args: args as never });
}

describe('DLN calls', () => {
  it("reads deBridge's own example: a pre-swap through DeBridgeRouter, then DlnSource's order", () => {
    const decoded = decodeDlnCall(docs.tx.data);
    if (typeof decoded === 'string') throw new Error(decoded);
    expect(decoded.via).toBe('DeBridgeRouter');
    expect(decoded.inputAmount).toBe(1_000_097_362_178_910_640_486n);
    expect(decoded.order.takeAmount).toBe(1_414_379_129_275_580_318_365n);
    expect(decoded.order.takeChainId).toBe(137n);
    expect(whyNotDebridgeCall(docs.tx.data, BigInt(docs.tx.value), docsIntent)).toBeNull();
  });

  it('refuses the example sent for another recipient, destination, amount or token', () => {
    expect(whyNotDebridgeCall(docs.tx.data, 0n, { ...docsIntent, recipient: '0x2222222222222222222222222222222222222222' })).toMatch(/not the recipient/);
    expect(whyNotDebridgeCall(docs.tx.data, 0n, { ...docsIntent, destinationChainId: 8453 })).toMatch(/not 8453/);
    expect(whyNotDebridgeCall(docs.tx.data, 0n, { ...docsIntent, amount: 10n ** 21n })).toMatch(/takes 1000097362178910640486/);
    expect(whyNotDebridgeCall(docs.tx.data, 0n, { ...docsIntent, sourceToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' })).toMatch(/not the source token/);
  });

  it('refuses a router call whose order pays someone else, targets another contract or gives more than the swap guarantees', () => {
    expect(whyNotDebridgeCall(mutatedDocs({}, { receiverDst: '0x000000000000000000000000000000000000dead' }), 0n, docsIntent)).toMatch(/pays 0x000000000000000000000000000000000000dead/);
    expect(whyNotDebridgeCall(mutatedDocs({ 8: '0x000000000000000000000000000000000000dEaD' }), 0n, docsIntent)).toMatch(/not DlnSource/);
    expect(whyNotDebridgeCall(mutatedDocs({}, { giveAmount: 336_778_911n }), 0n, docsIntent)).toMatch(/more than the 336778910/);
    expect(whyNotDebridgeCall(mutatedDocs({}, { giveTokenAddress: '0x912ce59144191c1204e64559fe8253a0e49e6548' }), 0n, docsIntent)).toMatch(/pre-swaps into/);
  });

  it('accepts a native order carrying give plus fee, and refuses every field that lies', () => {
    expect(whyNotDebridgeCall(native.tx.data, 10n ** 18n, nativeIntent)).toBeNull();
    expect(whyNotDebridgeCall(native.tx.data, 10n ** 18n + 1n, nativeIntent)).toMatch(/more than the/);
    expect(whyNotDebridgeCall(native.tx.data, 1n, nativeIntent)).toMatch(/less than the/);
    expect(whyNotDebridgeCall(mutatedNative({ receiverDst: '0x000000000000000000000000000000000000dead' }), 10n ** 18n, nativeIntent)).toMatch(/not the recipient/);
    expect(whyNotDebridgeCall(mutatedNative({ takeChainId: 42161n }), 10n ** 18n, nativeIntent)).toMatch(/deBridge chain 42161, not 8453/);
    expect(whyNotDebridgeCall(mutatedNative({ giveTokenAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' }), 10n ** 18n, nativeIntent)).toMatch(/not the source token/);
    expect(whyNotDebridgeCall(mutatedNative({ orderAuthorityAddressDst: '0x000000000000000000000000000000000000dead' }), 10n ** 18n, nativeIntent)).toMatch(/destination authority/);
    expect(whyNotDebridgeCall(mutatedNative({ externalCall: '0x01' }), 10n ** 18n, nativeIntent)).toMatch(/hook/);
    expect(whyNotDebridgeCall(mutatedNative({ allowedCancelBeneficiarySrc: '0x000000000000000000000000000000000000dead' }), 10n ** 18n, nativeIntent)).toMatch(/beneficiary/);
  });

  it("maps deBridge's own chain ids: an order for Gnosis names 100000002, not 100", () => {
    const gnosis = { ...nativeIntent, destinationChainId: 100 };
    expect(whyNotDebridgeCall(mutatedNative({ takeChainId: 100000002n }), 10n ** 18n, gnosis)).toBeNull();
    expect(whyNotDebridgeCall(mutatedNative({ takeChainId: 100n }), 10n ** 18n, gnosis)).toMatch(/not 100000002/);
    expect(whyNotDebridgeCall(native.tx.data, 10n ** 18n, { ...nativeIntent, destinationChainId: null })).toMatch(/not an EVM chain/);
  });

  it('refuses calldata that is no order placement', () => {
    expect(whyNotDebridgeCall('0xdeadbeef', 0n, nativeIntent)).toMatch(/Strait can decode/);
  });
});
