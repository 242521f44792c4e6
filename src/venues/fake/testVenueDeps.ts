import { readFileSync } from 'node:fs';
import type { TSchema } from 'typebox';
import type { PublicClient } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import { VenueRejection } from '../Venue.ts';
import type { FakeSettlement } from './FakeSettlement.ts';
import { createVenueInstance } from '../createVenueInstance.ts';
import type { VenueModule } from '../VenueModule.ts';

/**
 * Builds a venue adapter exactly as the registry does (real shared HTTP client, breaker, schema
 * checks), pointed at a fake's base URL. For adapter tests.
 */
export function createTestVenue(
  module: VenueModule,
  baseUrl: string,
  options: { credentials?: Record<string, string | undefined>; evm?: (chain: ChainKey) => PublicClient | null; now?: () => number; attemptTimeoutMs?: number } = {},
) {
  return createVenueInstance(module, {
    baseUrl,
    credentials: options.credentials ?? {},
    evm: options.evm ?? (() => null),
    now: options.now ?? Date.now,
    attemptTimeoutMs: options.attemptTimeoutMs ?? 2_000,
    breaker: { failuresToOpen: 5, halfOpenAfterMs: 30_000 },
    // Adapter tests check how one answer translates, 429s included; the client's memory of a
    // venue's Retry-After is tested with the client (venueHttpClient.test.ts).
    maxRetryAfterMs: 0,
  });
}

/** A call context with a generous deadline, for tests. */
export function testCall(ms = 5_000) {
  return { signal: AbortSignal.timeout(ms) };
}

/** A registry token for a test, failing loudly when the registry lacks it. */
export function knownToken(chain: string, symbolOrAddress: string | null): TokenInfo {
  const found = resolveToken(chain, symbolOrAddress);
  if (!found) throw new Error(`test token ${chain}:${symbolOrAddress} unknown`);
  return found;
}

/** What an adapter call threw, which must be a typed {@link VenueRejection}. */
export async function rejectionOf(promise: Promise<unknown>): Promise<VenueRejection> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof VenueRejection)) throw new Error(`expected a VenueRejection, got ${error === undefined ? 'an answer' : String(error)}`);
  return error;
}

/** Reads the JSON fixtures beside a test file: `fixturesOf(import.meta.url)('quote.json')`. */
export function fixturesOf(testFileUrl: string): (name: string) => unknown {
  return (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, testFileUrl), 'utf8')) as unknown;
}

/** Whether a value passes a TypeBox schema (fixtures against the adapter's schemas). */
export function passes(schema: TSchema, value: unknown): boolean {
  return validatorOf(schema).Check(value);
}

/** A payment a fake made from its solver account. */
export interface RecordedPayment {
  readonly chainId: number;
  readonly token: `0x${string}` | null;
  readonly recipient: `0x${string}`;
  readonly amount: bigint;
}

/**
 * Settlement for a deposit-address fake without a chain: balances the test sets by
 * `${chainId}:${token}:${owner}` (lower case), and every payout recorded.
 */
export function depositSettlement(): { settlement: FakeSettlement; balances: Map<string, bigint>; payments: RecordedPayment[] } {
  const balances = new Map<string, bigint>();
  const payments: RecordedPayment[] = [];
  const settlement: FakeSettlement = {
    findTransaction: () => Promise.resolve(null),
    balanceOf: (chainId, token, owner) => Promise.resolve(balances.get(`${chainId}:${token}:${owner}`.toLowerCase()) ?? 0n),
    pay: (chainId, token, recipient, amount) => {
      payments.push({ chainId, token, recipient, amount });
      return Promise.resolve(`0x${'cd'.repeat(32)}` as const);
    },
    send: () => Promise.resolve(`0x${'00'.repeat(32)}` as const),
  };
  return { settlement, balances, payments };
}
