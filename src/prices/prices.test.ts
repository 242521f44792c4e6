import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveToken, type TokenInfo } from '../domain/tokens.ts';
import { startDefiLlamaFake, type DefiLlamaFake } from './defiLlamaFake.ts';
import { createDefiLlamaPriceSource } from './defiLlamaPriceSource.ts';
import { createFixedPriceSource } from './fixedPriceSource.ts';
import { atomicForUsd, usdValueOf } from './PriceSource.ts';
import { withPinnedStablecoins } from './withPinnedStablecoins.ts';

const ETH = resolveToken('base', null) as TokenInfo;
const WETH = resolveToken('arbitrum', 'WETH') as TokenInfo;
const USDC = resolveToken('base', 'USDC') as TokenInfo;
const SOL = resolveToken('solana', null) as TokenInfo;

let fake: DefiLlamaFake;
let clock = 1_700_000_000_000;
const now = () => clock;
beforeAll(async () => {
  fake = await startDefiLlamaFake();
});
afterAll(async () => {
  await fake.close();
});

const source = () => createDefiLlamaPriceSource({ baseUrl: fake.url, now, refreshMs: 60_000, maxAgeMs: 900_000, timeoutMs: 500 });

describe('DefiLlama price source', () => {
  it('prices an asset by its CoinGecko id, one entry for every chain and wrapper of it', async () => {
    fake.setPrice('ethereum', 3_123.45, clock / 1_000);
    const prices = source();
    expect(await prices.usdPrice(ETH)).toEqual({ usd: 3_123.45, source: 'defillama', asOf: clock });
    expect(await prices.usdPrice(WETH)).toMatchObject({ usd: 3_123.45 });
    expect(fake.requests.at(-1)?.path).toBe('/prices/current/coingecko%3Aethereum');
  });

  it('serves from its cache until the refresh interval, and shares one request among concurrent callers', async () => {
    fake.setPrice('solana', 150, clock / 1_000);
    const prices = source();
    const before = fake.requests.length;
    await Promise.all([prices.usdPrice(SOL), prices.usdPrice(SOL), prices.usdPrice(SOL)]);
    await prices.usdPrice(SOL);
    expect(fake.requests.length - before).toBe(1);
    clock += 61_000;
    await prices.usdPrice(SOL);
    expect(fake.requests.length - before).toBe(2);
  });

  it('keeps serving a cached price through an outage until it is older than the stale bound, then none', async () => {
    fake.setPrice('solana', 151, clock / 1_000);
    const prices = source();
    expect(await prices.usdPrice(SOL)).toMatchObject({ usd: 151 });
    fake.setFault({ kind: 'status', status: 502 });
    try {
      clock += 120_000;
      expect(await prices.usdPrice(SOL)).toMatchObject({ usd: 151 });
      clock += 900_000;
      expect(await prices.usdPrice(SOL)).toBeNull();
    } finally {
      fake.setFault(null);
    }
  });

  it('refuses a price the API itself reports as old, and answers null for an unknown asset or a hanging API', async () => {
    fake.setPrice('ethereum', 3_000, clock / 1_000 - 3_600);
    expect(await source().usdPrice(ETH)).toBeNull();
    expect(await source().usdPrice({ chain: 'base', symbol: 'NOPE', address: '0x1', decimals: 18 })).toBeNull();
    fake.setFault({ kind: 'hang' });
    try {
      expect(await source().usdPrice(SOL)).toBeNull();
    } finally {
      fake.setFault(null);
    }
  });
});

describe('pinned stablecoins and the fixed table', () => {
  it('pins dollar stablecoins at 1 without asking the source', async () => {
    const prices = withPinnedStablecoins(null, now);
    expect(await prices.usdPrice(USDC)).toEqual({ usd: 1, source: 'pinned', asOf: clock });
    expect(await prices.usdPrice(ETH)).toBeNull();
  });

  it('prices every symbol of an asset from one table entry', async () => {
    const prices = createFixedPriceSource({ ETH: 3_000 }, now);
    expect(await prices.usdPrice(WETH)).toMatchObject({ usd: 3_000, source: 'fixed' });
    expect(await prices.usdPrice(SOL)).toBeNull();
  });

  it('converts USD to atomic units rounding down, and atomic units to USD', () => {
    expect(atomicForUsd(10, ETH, { usd: 3_000, source: 'fixed', asOf: 0 })).toBe(3_333_333_333_333_333n);
    expect(atomicForUsd(10, USDC, { usd: 1, source: 'pinned', asOf: 0 })).toBe(10_000_000n);
    expect(usdValueOf(2_500_000n, USDC, { usd: 1, source: 'pinned', asOf: 0 })).toBe(2.5);
    expect(usdValueOf(1n, USDC, null)).toBeNull();
  });
});
