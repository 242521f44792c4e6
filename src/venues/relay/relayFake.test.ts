import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The fake serves recorded answers as templates: it must keep their layout (test/venueContract.test.ts
// replays the recorded answers themselves through the adapter).
const fixtures = new URL('./fixtures/', import.meta.url);

describe('the relay fake', () => {
  const recorded = (name: string) => JSON.parse(readFileSync(new URL(name, fixtures), 'utf8')) as Record<string, unknown>;
  const keysOf = (value: unknown) => Object.keys(value as Record<string, unknown>);

  it('answers in the recorded layout: no steps[].requestId, no minimumAmount, the time in breakdown', async () => {
    const { startRelayFake } = await import('./relayFake.ts');
    const fake = await startRelayFake();
    try {
      const body = { user: '0x1111111111111111111111111111111111111111', recipient: '0x1111111111111111111111111111111111111111', originChainId: 1, destinationChainId: 8453, originCurrency: '0x0000000000000000000000000000000000000000', destinationCurrency: '0x0000000000000000000000000000000000000000', amount: '1000000000000000', tradeType: 'EXACT_INPUT', slippageTolerance: '50' };
      const quote = (await (await fetch(`${fake.url}/quote/v2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as Record<string, unknown>;
      const real = recorded('real/quote-eth-to-base-native.json');
      expect(keysOf(quote)).toEqual(keysOf(real));
      const [step] = quote.steps as Record<string, unknown>[];
      const [realStep] = real.steps as Record<string, unknown>[];
      expect(keysOf(step)).toEqual(keysOf(realStep));
      const details = quote.details as Record<string, unknown>;
      const realDetails = real.details as Record<string, unknown>;
      expect(keysOf(details)).toEqual(keysOf(realDetails));
      expect(keysOf(details.currencyOut)).toEqual(keysOf(realDetails.currencyOut));
      expect(keysOf(quote.fees)).toEqual(keysOf(real.fees));
    } finally {
      await fake.close();
    }
  });
});
