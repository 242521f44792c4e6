import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../fake/startFakeServer.ts';
import { createTestVenue, testCall } from '../fake/testVenueDeps.ts';
import { relayVenue } from './relayVenue.ts';

const answerOf = (file: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')) as unknown;

describe('relay token list (GET /chains → Venue.tokens)', () => {
  let server: FakeServer;
  let answer: unknown = null;
  beforeAll(async () => {
    server = await startFakeServer({ 'GET /chains': () => ({ body: answer }) });
  });
  afterAll(() => server.close());

  it('is empty before a refresh, then names the ERC-20s the docs answer lets through with their symbol and decimals', async () => {
    const { venue } = createTestVenue(relayVenue, server.url, { now: () => 1_000 });
    expect(venue.tokens?.('optimism')).toEqual([]);
    // Relay's quickstart sample: Optimism, tokenSupport All, SIPHER among its erc20Currencies.
    answer = answerOf('real/chains-docs-quickstart-optimism.json');
    await venue.snapshot?.refresh(testCall());
    const tokens = venue.tokens?.('optimism') ?? [];
    expect(tokens).toContainEqual({ chain: 'optimism', symbol: 'SIPHER', address: '0xb94944669f7967E16588E55Ac41Be0d5ef399DcD', decimals: 18 });
    expect(tokens.every((t) => t.chain === 'optimism' && t.address !== null && t.address !== '0x0000000000000000000000000000000000000000')).toBe(true);
    expect(venue.tokens?.('arbitrum')).toEqual([]);
  });

  it('keeps only bridgeable tokens on a chain without tokenSupport All', async () => {
    const { venue } = createTestVenue(relayVenue, server.url, { now: () => 1_000 });
    const limited = answerOf('real/chains-docs-tokensupport-all-optimism.json') as { chains: { tokenSupport?: string; erc20Currencies?: { symbol: string; supportsBridging: boolean }[] }[] };
    answer = { chains: limited.chains.map((c) => ({ ...c, tokenSupport: 'Limited' })) };
    await venue.snapshot?.refresh(testCall());
    const bridgeable = (limited.chains[0]?.erc20Currencies ?? []).filter((c) => c.supportsBridging).map((c) => c.symbol);
    expect(venue.tokens?.('optimism').map((t) => t.symbol).sort()).toEqual(bridgeable.sort());
  });
});
