import { readFileSync } from 'node:fs';
import { concat, encodeAbiParameters, parseAbiParameters, toFunctionSelector, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { CallIntent } from '../allowList.ts';
import { stargateChain } from './stargateChains.ts';
import { addressToBytes32, encodeStargateSend, whyNotStargateSend } from './stargateSendCalls.ts';
import { decodeVtWrapperCall, directStargateSend, stargateSendInVtBridge, VT_WRAPPER_SELECTOR, type VtWrappedCall } from './vtBridgeCalls.ts';

/** The one recorded VT quote with a Stargate step: 100 USDC Optimism → Arbitrum, taxi. */
const quote = JSON.parse(readFileSync(new URL('./fixtures/real/vt-quote-usdc-optimism-arbitrum-taxi.json', import.meta.url), 'utf8')) as {
  id: Hex;
  routeSteps: { type: string }[];
  fees: { type: string; amount: string }[];
  srcAmount: string;
  dstAmountMin: string;
  userSteps: { description: string; transaction: { encoded: { data: Hex; to: Address; value?: string; from: Address } } }[];
};
const bridge = quote.userSteps.find((step) => step.description === 'bridge')!.transaction.encoded;
const tx = { data: bridge.data, value: BigInt(bridge.value ?? '0') };
const WALLET = '0x05F8cC8753D90d67DBB8c02118440b8283F941c9';
const OPTIMISM_USDC = stargateChain('optimism')!.tokenPools.find((pool) => pool.symbol === 'USDC')!;
const ARBITRUM_USDC_POOL = stargateChain('arbitrum')!.tokenPools.find((pool) => pool.symbol === 'USDC')!.pool;
const intent: CallIntent = { sourceChainId: 10, sourceToken: OPTIMISM_USDC.token, amount: 100_000_000n, recipient: WALLET, destinationChainId: 42161 };

const rewrap = (calls: readonly VtWrappedCall[]): Hex =>
  concat([VT_WRAPPER_SELECTOR, encodeAbiParameters(parseAbiParameters('(address target, uint256 value, bytes data)[], bytes32'), [calls, quote.id])]);

describe('Stargate send inside a LayerZero VT bridge transaction (real answer)', () => {
  it('decodes the wrapper batch: pull, approve the pool, send, sweep', () => {
    const wrapper = decodeVtWrapperCall(tx.data)!;
    expect(quote.routeSteps[0]!.type).toBe('STARGATE_V2_TAXI');
    expect(wrapper.quoteId).toBe(quote.id);
    expect(toFunctionSelector('execute((address,uint256,bytes)[],bytes32)')).toBe(VT_WRAPPER_SELECTOR);
    expect(wrapper.calls.map((call) => call.data.slice(0, 10))).toEqual([
      toFunctionSelector('delegateTransferFrom(address,address,address,uint256)'),
      toFunctionSelector('approve(address,uint256)'),
      toFunctionSelector('send((uint32,bytes32,uint256,uint256,bytes,bytes,bytes),(uint256,uint256),address)'),
      toFunctionSelector('sweep(address[],address)'),
    ]);
    expect(wrapper.calls[2]!.target).toBe(OPTIMISM_USDC.pool);
  });

  it('the inner send is the quoted taxi: Arbitrum, the recipient, the amount, dstAmountMin, the MESSAGE fee as value', () => {
    const send = stargateSendInVtBridge(tx, OPTIMISM_USDC.pool);
    if (typeof send === 'string') throw new Error(send);
    expect(send.dstEid).toBe(30110);
    expect(send.to).toBe(addressToBytes32(WALLET));
    expect(send.amountLD).toBe(BigInt(quote.srcAmount));
    expect(send.minAmountLD).toBe(BigInt(quote.dstAmountMin));
    expect(send.nativeFee).toBe(BigInt(quote.fees.find((fee) => fee.type === 'MESSAGE')!.amount));
    expect(send.nativeFee).toBe(tx.value);
    // As the VT sends it, the endpoint refunds to the wrapper: Strait's check refuses that...
    expect(send.refundAddress).toBe(bridge.to);
    expect(whyNotStargateSend(encodeStargateSend(send), tx.value, intent, OPTIMISM_USDC.token)).toMatch(/refunds to/);
    // ...and accepts the same send made directly to the pool with the recipient as refund address.
    expect(whyNotStargateSend(directStargateSend(send, WALLET), tx.value, intent, OPTIMISM_USDC.token)).toBeNull();
  });

  it('refuses a batch that sends to another pool, calls the pool twice, or spends value elsewhere', () => {
    const calls = decodeVtWrapperCall(tx.data)!.calls;
    expect(stargateSendInVtBridge(tx, ARBITRUM_USDC_POOL)).toMatch(/0 calls to the pool/);
    expect(stargateSendInVtBridge({ data: rewrap([...calls, calls[2]!]), value: tx.value }, OPTIMISM_USDC.pool)).toMatch(/2 calls to the pool/);
    const leak = calls.map((call, index) => (index === 3 ? { ...call, value: 1n } : call));
    expect(stargateSendInVtBridge({ data: rewrap(leak), value: tx.value + 1n }, OPTIMISM_USDC.pool)).toMatch(/spends/);
    expect(stargateSendInVtBridge({ data: calls[2]!.data, value: tx.value }, OPTIMISM_USDC.pool)).toMatch(/not a LayerZero VT wrapper call/);
  });
});
