import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The fake serves recorded answers as templates: it must keep their layout (test/venueContract.test.ts
// replays the recorded answers themselves through the adapter).
const fixtures = new URL('./fixtures/', import.meta.url);

describe('the nearintents fake', () => {
  const recorded = (name: string) => JSON.parse(readFileSync(new URL(name, fixtures), 'utf8')) as Record<string, Record<string, unknown>>;

  it('answers in the recorded layout: the same keys in the same order, explicit nulls while pending', async () => {
    const { startNearIntentsFake } = await import('./nearIntentsFake.ts');
    const fake = await startNearIntentsFake();
    try {
      const body = { dry: false, swapType: 'EXACT_INPUT', slippageTolerance: 100, originAsset: 'nep141:base-0x833589fcd6edb6e08f4c7c32d4f71b54bda02913.omft.near', depositType: 'ORIGIN_CHAIN', destinationAsset: 'nep141:sol-5ce3bf3a31af18be40ba30f721101b4341690186.omft.near', amount: '25000000', refundTo: '0x1111111111111111111111111111111111111111', refundType: 'ORIGIN_CHAIN', recipient: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', recipientType: 'DESTINATION_CHAIN', deadline: '2030-01-01T00:00:00.000Z' };
      const quote = (await (await fetch(`${fake.url}/v0/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as Record<string, Record<string, unknown>>;
      const live = recorded('real/quote-live-btc-to-eth-usdt.json');
      expect(Object.keys(quote)).toEqual(Object.keys(live));
      expect(Object.keys(quote.quote ?? {})).toEqual(Object.keys(live.quote ?? {}));
      const address = String(quote.quote?.depositAddress);
      const status = (await (await fetch(`${fake.url}/v0/status?depositAddress=${address}`)).json()) as Record<string, Record<string, unknown>>;
      const pending = recorded('real/status-pending-deposit.json');
      expect(Object.keys(status)).toEqual(Object.keys(pending));
      expect(Object.keys(status.swapDetails ?? {})).toEqual(Object.keys(pending.swapDetails ?? {}));
      expect(status.swapDetails?.amountOut).toBeNull();
      expect(status.swapDetails?.slippage).toBeNull();
    } finally {
      await fake.close();
    }
  });
});
