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

  it('answers /requests/v2 in the layout of the live request Relay recorded (inTxs, outTxs, failReason, app fees)', async () => {
    const { startRelayFake } = await import('./relayFake.ts');
    const fake = await startRelayFake();
    try {
      const body = { user: '0x1111111111111111111111111111111111111111', recipient: '0x1111111111111111111111111111111111111111', originChainId: 1, destinationChainId: 8453, originCurrency: '0x0000000000000000000000000000000000000000', destinationCurrency: '0x0000000000000000000000000000000000000000', amount: '1000000000000000', tradeType: 'EXACT_INPUT', slippageTolerance: '50' };
      const quote = (await (await fetch(`${fake.url}/quote/v2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { steps: { items: { check: { endpoint: string } }[] }[] };
      const requestId = new URL(quote.steps[0]!.items[0]!.check.endpoint, fake.url).searchParams.get('requestId') ?? '';
      const answer = (await (await fetch(`${fake.url}/requests/v2?id=${requestId}`)).json()) as { requests: Record<string, unknown>[] };
      const [item] = answer.requests;
      const { _recorded: _note, ...real } = recorded('real/requests-v2-item-success-robinhood-to-solana-usdc.json');
      for (const key of keysOf(real)) expect(keysOf(item)).toContain(key);
      const data = item!.data as Record<string, unknown>;
      expect(keysOf(data).sort()).toEqual(keysOf(real.data).sort());
      expect(item!.id).toBe(requestId);
      expect(data.outTxs).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
