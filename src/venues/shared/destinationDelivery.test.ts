import { encodeAbiParameters, pad, toEventSelector, type Hex, type PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import type { VenueStatus } from '../Venue.ts';
import { readDestinationDelivery, withDestinationDelivery } from './destinationDelivery.ts';

/**
 * The destination-log reading shared by the venues whose status names no received amount (Squid,
 * Rubic, XY Finance): a receipt's ERC-20 `Transfer` logs to the recipient, of the requested token on a
 * completion and of the named (or else the first) token on a partial delivery.
 */

const RECIPIENT: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER: Hex = '0x00000000000000000000000000000000000bad00';
const ROUTER: Hex = '0xce16F69375520ab01377ce7B88f5BA8C48F8D666';
const USDC: Hex = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDC_E: Hex = '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8';
const HASH = `0x${'d1'.repeat(32)}`;

const transfer = (token: Hex, to: Hex, value: bigint) => ({ address: token, topics: [toEventSelector('Transfer(address,address,uint256)'), pad(ROUTER), pad(to)], data: encodeAbiParameters([{ type: 'uint256' }], [value]) });
/** A swap's unrelated event in the same receipt, which must be skipped. */
const unrelated = { address: ROUTER, topics: [toEventSelector('Sync(uint112,uint112)')], data: encodeAbiParameters([{ type: 'uint112' }, { type: 'uint112' }], [1n, 2n]) };
const clientWith = (logs: unknown[]) => ({ getTransactionReceipt: () => Promise.resolve({ logs }) }) as unknown as PublicClient;
const failing = { getTransactionReceipt: () => Promise.reject(new Error('rpc down')) } as unknown as PublicClient;
const status = (over: Partial<VenueStatus>): VenueStatus => ({ state: 'completed', venueStatus: 'x', destinationTxHash: HASH, receivedAmount: null, receivedAsset: null, detail: null, ...over });

const LOGS = [transfer(USDC, OTHER, 5n), unrelated, transfer(USDC_E, RECIPIENT, 7n), transfer(USDC, RECIPIENT, 240n), transfer(USDC, RECIPIENT, 9n)];

describe('readDestinationDelivery', () => {
  it('sums the transfers of the given token to the recipient only', async () => {
    expect(await readDestinationDelivery(clientWith(LOGS), HASH, RECIPIENT, USDC)).toEqual({ amount: 249n, asset: USDC });
  });

  it('without a token, counts the first token the recipient was paid', async () => {
    expect(await readDestinationDelivery(clientWith(LOGS), HASH, RECIPIENT, null)).toEqual({ amount: 7n, asset: USDC_E });
  });

  it('is null for a hash that is not one, an RPC failure, or nothing paid to the recipient', async () => {
    expect(await readDestinationDelivery(clientWith(LOGS), '0x1234', RECIPIENT, USDC)).toBeNull();
    expect(await readDestinationDelivery(failing, HASH, RECIPIENT, USDC)).toBeNull();
    expect(await readDestinationDelivery(clientWith([transfer(USDC, OTHER, 5n)]), HASH, RECIPIENT, null)).toBeNull();
  });
});

describe('withDestinationDelivery', () => {
  it('fills a completion with the amount of the requested token', async () => {
    expect(await withDestinationDelivery(status({ receivedAsset: USDC }), clientWith(LOGS), RECIPIENT, USDC)).toMatchObject({ receivedAmount: 249n, receivedAsset: USDC });
  });

  it('fills a partial delivery in the asset the venue named, else in the first token paid', async () => {
    expect(await withDestinationDelivery(status({ state: 'partial', receivedAsset: USDC_E }), clientWith(LOGS), RECIPIENT, USDC)).toMatchObject({ receivedAmount: 7n, receivedAsset: USDC_E });
    expect(await withDestinationDelivery(status({ state: 'partial' }), clientWith(LOGS), RECIPIENT, USDC)).toMatchObject({ receivedAmount: 7n, receivedAsset: USDC_E });
  });

  it('leaves the status as answered: native completion, no RPC, no hash, an amount already given, undelivered states, RPC failure', async () => {
    const client = clientWith(LOGS);
    for (const [answer, requested, rpc] of [
      [status({}), null, client],
      [status({}), USDC, null],
      [status({ destinationTxHash: null }), USDC, client],
      [status({ receivedAmount: 1n }), USDC, client],
      [status({ state: 'refunded' }), USDC, client],
      [status({ state: 'pending' }), USDC, client],
      [status({}), USDC, failing],
    ] as const) {
      expect(await withDestinationDelivery(answer, rpc, RECIPIENT, requested)).toBe(answer);
    }
  });
});
