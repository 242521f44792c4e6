import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify, impossibleQuote } from '../../engine/fanOutQuotes.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import type { ServedRoute } from '../contract/ContractCase.ts';
import { createVenueInstance } from '../createVenueInstance.ts';
import type { VenueQuote, VenueStatus } from '../Venue.ts';
import { contract } from './eco.contract.ts';
import { ecoVenue } from './ecoVenue.ts';

/**
 * Eco's contract cases, run here while the venue is not registered (test/venueContract.test.ts runs
 * registered modules only, and needs real answers Eco has none of yet): each case's files served
 * byte for byte from a loopback server, the adapter built as the registry builds it, the outcome
 * checked as the shared runner checks it.
 */

const FIXTURES = new URL('./fixtures/', import.meta.url);
let routes: readonly ServedRoute[] = [];
const server = createServer((req, res) => {
  void (async () => {
    for await (const chunk of req) void chunk;
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const route = routes.find((r) => r.method === req.method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)));
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message":"not found"}');
      return;
    }
    res.writeHead(route.answer.status ?? 200, { 'content-type': 'application/json', ...route.answer.headers });
    res.end(await readFile(new URL(route.answer.file, FIXTURES)));
  })();
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('Eco contract cases (synthetic answers)', () => {
  for (const testCase of contract.cases) {
    it(`${testCase.call.kind}: ${testCase.name}`, async () => {
      routes = testCase.routes;
      const now = testCase.now ?? Date.now();
      const { venue } = createVenueInstance(ecoVenue, { baseUrl: url, credentials: testCase.credentials ?? {}, evm: () => null, now: () => now, attemptTimeoutMs: 5_000, breaker: { failuresToOpen: 1_000, halfOpenAfterMs: 1 } });
      const call = { signal: AbortSignal.timeout(10_000) };
      const what = testCase.call;
      const outcome = await (what.kind === 'quote' ? venue.quote(what.request, call) : what.kind === 'build' ? venue.build(what.request, call) : venue.status(what.request, call)).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      const expected = testCase.expect;
      if (expected.kind === 'rejection') {
        if (outcome.ok) throw new Error('expected a rejection, got an answer');
        const rejection = classify('eco', outcome.error);
        expect(rejection.code, String(outcome.error)).toBe(expected.code);
        if (expected.details) expect(rejection.details ?? {}).toMatchObject(expected.details);
        return;
      }
      if (!outcome.ok) throw outcome.error;
      if (expected.kind === 'row' && what.kind === 'quote') {
        const quote = outcome.value as VenueQuote;
        expect(quote.amountOut).toBe(expected.amountOut);
        if (expected.minAmountOut !== undefined) expect(quote.minAmountOut).toBe(expected.minAmountOut);
        if (expected.estimatedSeconds !== undefined) expect(quote.estimatedSeconds).toBe(expected.estimatedSeconds);
        if (expected.expiresAt !== undefined) expect(quote.expiresAt).toBe(expected.expiresAt);
        expect(impossibleQuote(quote, what.request)).toBeNull();
        expected.check?.(quote);
      } else if (expected.kind === 'status') {
        const status = outcome.value as VenueStatus;
        expect(status.state).toBe(expected.state);
        if (expected.destinationTxHash !== undefined) expect(status.destinationTxHash).toBe(expected.destinationTxHash);
        if (expected.receivedAmount !== undefined) expect(status.receivedAmount).toBe(expected.receivedAmount);
        if (expected.unrecognized !== undefined) expect(status.unrecognized ?? false).toBe(expected.unrecognized);
      } else if (expected.kind === 'plan' && what.kind === 'build') {
        const plan = outcome.value as Exclude<typeof outcome.value, VenueQuote | VenueStatus>;
        expect(validatorOf(ecoVenue.contextSchema).Check({ ...what.request.quote.context, ...plan.context })).toBe(true);
        expected.check(plan);
      } else {
        throw new Error(`expectation ${expected.kind} does not fit a ${what.kind} call`);
      }
    });
  }
});
