import { readFileSync } from 'node:fs';
import { decodeFunctionData, erc20Abi, slice, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeSettlement, MinedTransaction } from '../fake/FakeSettlement.ts';
import { startFakeServer } from '../fake/startFakeServer.ts';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { RELAY_HYPERCORE_PERPS_USDC } from './relayChains.ts';
import { RELAY_FAKE_SOLVER, startRelayFake, type RelayFake } from './relayFake.ts';
import { toStraitUnits } from './relayMapping.ts';
import { relayVenue } from './relayVenue.ts';

/**
 * Relay as a direct-credit venue to a Hyperliquid account: destination chain 1337, perps USDC under
 * Relay's custom zero id, spot USDC under its token id, amounts in 8 decimals that Strait reads in 6.
 */

const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x3333333333333333333333333333333333333333';
const USDC_BASE = knownToken('base', 'USDC');
const PERPS = knownToken('hypercore', 'USDC (perps)');
const SPOT = knownToken('hypercore', 'USDC (spot)');
const HYPERCORE_HASH = `0x${'5e'.repeat(32)}`;

function request(overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest {
  return { fromChain: 'base', toChain: 'hypercore', fromToken: USDC_BASE, toToken: PERPS, amountIn: 50_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides };
}

function statusRequest(requestId: string, overrides: Partial<VenueStatusRequest> = {}): VenueStatusRequest {
  return { fromChain: 'base', toChain: 'hypercore', toToken: PERPS, sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: RECIPIENT, amountIn: 50_000_000n, expectedOut: 49_976_000n, context: { requestId }, ...overrides };
}

/** A venue whose `/quote/v2` answers one fixture file as is. */
async function replayVenue(file: string) {
  const body = JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')) as unknown;
  const server = await startFakeServer({ 'POST /quote/v2': () => ({ body }) });
  return { server, venue: createTestVenue(relayVenue, server.url).venue };
}

let fake: RelayFake;
let venue: ReturnType<typeof createTestVenue>['venue'];

beforeAll(async () => {
  fake = await startRelayFake();
  venue = createTestVenue(relayVenue, fake.url).venue;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.requests.length = 0;
});

describe('relay to HyperCore: coverage', () => {
  it('serves both USDC balances as destinations, from USDC, and never HyperCore as an origin', () => {
    expect(venue.supports(request())).toEqual({ served: true });
    expect(venue.supports(request({ toToken: SPOT }))).toEqual({ served: true });
    expect(venue.coverage().tokenSymbols('base', 'hypercore')).toEqual(['USDC']);
    expect(venue.coverage().tokenSymbols('hypercore', 'base')).toEqual([]);
    expect(venue.coverage().origins).not.toContain('hypercore');
    expect(venue.supports({ fromChain: 'hypercore', toChain: 'base', fromToken: PERPS, toToken: USDC_BASE })).toMatchObject({ served: false, code: 'route_not_served' });
  });

  it('after a /chains refresh, keeps serving HyperCore only as Relay lists it', async () => {
    const { venue: listed } = createTestVenue(relayVenue, fake.url);
    await listed.snapshot?.refresh(testCall());
    expect(listed.supports(request())).toEqual({ served: true });
    expect(listed.supports(request({ toToken: SPOT }))).toEqual({ served: true });
    expect(listed.coverage().tokenSymbols('base', 'hypercore')).toEqual(['USDC']);
  });
});

describe('relay to HyperCore: quote and build', () => {
  it('asks for chain 1337 and the perps id, and reads the 8-decimal output in 6 decimals', async () => {
    const quote = await venue.quote(request(), testCall());
    expect(fake.server.requests[0]?.body).toMatchObject({ destinationChainId: 1337, destinationCurrency: RELAY_HYPERCORE_PERPS_USDC, recipient: RECIPIENT });
    const answered = fake.quotes.get(quote.context.requestId as string);
    // The fake states 49.976 USDC as 4_997_600_000 (8 decimals): Strait reads 49_976_000.
    expect(answered?.out).toBe(4_997_600_000n);
    expect(quote.amountOut).toBe(49_976_000n);
    expect(quote.minAmountOut).toBe(49_726_120n);
  });

  it('asks for the spot token id for USDC (spot)', async () => {
    await venue.quote(request({ toToken: SPOT }), testCall());
    expect(fake.server.requests[0]?.body).toMatchObject({ destinationChainId: 1337, destinationCurrency: '0x6d1e7cde53ba9467b783cb7c530ce054' });
  });

  it('builds the same origin deposit as any Relay transfer, with the amounts in 6 decimals', async () => {
    const plan = (await venue.build({ request: request(), quote: await venue.quote(request(), testCall()) }, testCall())) as StepsPlan;
    const main = plan.steps[0];
    if (main?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(main.chainId).toBe(8453);
    expect(main.to.toLowerCase()).toBe(USDC_BASE.address?.toLowerCase());
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: slice(main.data, 0, 68) });
    expect(functionName).toBe('transfer');
    expect(args).toEqual([RELAY_FAKE_SOLVER, 50_000_000n]);
    expect(plan.amountOut).toBe(49_976_000n);
    expect(plan.minAmountOut).toBe(49_726_120n);
  });

  it('refuses an answer that prices the other HyperCore balance (synthetic perps answer for a spot request)', async () => {
    const { venue: replay, server } = await replayVenue('synthetic/quote-eth-to-hypercore-perps.json');
    try {
      const eth = knownToken('ethereum', null);
      const rejection = await rejectionOf(replay.quote(request({ fromChain: 'ethereum', fromToken: eth, amountIn: 1_001_599_368_867_232n, toToken: SPOT }), testCall()));
      expect(rejection).toMatchObject({ code: 'venue_bad_response', details: { path: '/details/currencyOut/currency/address' } });
    } finally {
      await server.close();
    }
  });

  it('refuses a HyperCore token Relay does not credit (a native asset) as token_not_supported', async () => {
    const native = { chain: 'hypercore', symbol: 'HYPE', address: '0x0d01dc56dcaaca66ad901c959b4011ec', decimals: 8 };
    expect(venue.supports(request({ toToken: native }))).toMatchObject({ served: false, code: 'token_not_supported' });
    expect((await rejectionOf(venue.quote(request({ toToken: native }), testCall()))).code).toBe('token_not_supported');
  });
});

describe('relay to HyperCore: status', () => {
  it('reports the HyperCore hash and the delivered amount in 6 decimals', async () => {
    const requestId = (await venue.quote(request(), testCall())).context.requestId as string;
    fake.setStatus(requestId, { status: 'success', txHashes: [HYPERCORE_HASH], receivedAmount: 4_997_612_345n });
    const status = await venue.status(statusRequest(requestId), testCall());
    expect(status).toMatchObject({ state: 'completed', destinationTxHash: HYPERCORE_HASH, receivedAmount: 49_976_123n });
  });

  it('reports no destination hash when Relay writes one that is not HyperCore-shaped', async () => {
    const requestId = (await venue.quote(request(), testCall())).context.requestId as string;
    fake.setStatus(requestId, { status: 'success', txHashes: ['not-a-hash'] });
    expect((await venue.status(statusRequest(requestId), testCall())).destinationTxHash).toBeNull();
  });

  it('in the sandbox, a HyperCore request stays pending once its deposit is seen: there is no HyperCore to credit', async () => {
    const mined = new Map<string, MinedTransaction>();
    const settlement: FakeSettlement = {
      findTransaction: (_chainId, hash) => Promise.resolve(mined.get(hash) ?? null),
      balanceOf: () => Promise.resolve(0n),
      pay: () => Promise.reject(new Error('no HyperCore payout expected')),
      send: () => Promise.reject(new Error('unused')),
    };
    const sandbox = await startRelayFake({ settlement });
    try {
      const { venue: v } = createTestVenue(relayVenue, sandbox.url);
      const plan = (await v.build({ request: request(), quote: await v.quote(request(), testCall()) }, testCall())) as StepsPlan;
      const main = plan.steps[0];
      if (main?.vm !== 'evm') throw new Error('expected an EVM step');
      const txHash = `0x${'01'.repeat(32)}`;
      mined.set(txHash, { from: SENDER, to: main.to, input: main.data as Hex, value: 0n, success: true, logs: [] });
      const status = await v.status(statusRequest(plan.context.requestId as string, { sourceTxHash: txHash }), testCall());
      expect(status).toMatchObject({ state: 'pending', venueStatus: 'pending', destinationTxHash: null });
    } finally {
      await sandbox.close();
    }
  });
});

describe('toStraitUnits', () => {
  it('rounds an 8-decimal amount down to 6 and leaves unscaled chains alone', () => {
    expect(toStraitUnits(326_117_389n, { venueDecimals: 8, straitDecimals: 6 })).toBe(3_261_173n);
    expect(toStraitUnits(99n, { venueDecimals: 8, straitDecimals: 6 })).toBe(0n);
    expect(toStraitUnits(5n, { venueDecimals: 6, straitDecimals: 8 })).toBe(500n);
    expect(toStraitUnits(326_117_389n, null)).toBe(326_117_389n);
  });
});
