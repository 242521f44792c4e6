import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContractCase, ServedRoute } from '../contract/ContractCase.ts';
import { createTestVenue, testCall } from '../fake/testVenueDeps.ts';
import { VenueRejection } from '../Venue.ts';
import { contract } from './relay.contract.ts';
import { relayVenue } from './relayVenue.ts';

/**
 * Runs the contract cases locally until test/venueContract.test.ts runs them for every module: each
 * case's recorded files are served byte for byte over loopback and the adapter is built with the real
 * shared client, breaker and schemas.
 */

const fixtures = new URL('./fixtures/', import.meta.url);
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

function matches(route: ServedRoute, method: string, path: string): boolean {
  return route.method === method && (typeof route.path === 'string' ? route.path === path : route.path.test(path));
}

async function serve(routes: readonly ServedRoute[]): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const route = routes.find((r) => matches(r, req.method ?? 'GET', path));
      if (!route) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no recorded answer for this route"}');
        return;
      }
      res.writeHead(route.answer.status ?? 200, { 'content-type': 'application/json', ...route.answer.headers }).end(readFileSync(new URL(route.answer.file, fixtures)));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function run(testCase: ContractCase): Promise<void> {
  const url = await serve(testCase.routes);
  const now = testCase.now;
  const { venue } = createTestVenue(relayVenue, url, { credentials: testCase.credentials ?? {}, ...(now === undefined ? {} : { now: () => now }) });
  const call = testCase.call;
  const outcome = await (call.kind === 'quote' ? venue.quote(call.request, testCall()) : call.kind === 'build' ? venue.build(call.request, testCall()) : venue.status(call.request, testCall())).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const want = testCase.expect;
  if (want.kind === 'rejection') {
    expect('error' in outcome ? outcome.error : outcome.value).toBeInstanceOf(VenueRejection);
    const rejection = (outcome as { error: VenueRejection }).error;
    expect(rejection.code).toBe(want.code);
    if (want.details) expect(rejection.details).toMatchObject(want.details);
    return;
  }
  if ('error' in outcome) throw outcome.error;
  const value = outcome.value;
  if (want.kind === 'row') {
    if (!('estimatedSeconds' in value)) throw new Error('expected a quote');
    expect(value.amountOut).toBe(want.amountOut);
    if (want.minAmountOut !== undefined) expect(value.minAmountOut).toBe(want.minAmountOut);
    if (want.estimatedSeconds !== undefined) expect(value.estimatedSeconds).toBe(want.estimatedSeconds);
    if (want.expiresAt !== undefined) expect(value.expiresAt).toBe(want.expiresAt);
    want.check?.(value);
  } else if (want.kind === 'status') {
    if (!('state' in value)) throw new Error('expected a status');
    expect(value.state).toBe(want.state);
    if (want.destinationTxHash !== undefined) expect(value.destinationTxHash).toBe(want.destinationTxHash);
    if (want.receivedAmount !== undefined) expect(value.receivedAmount).toBe(want.receivedAmount);
    if (want.unrecognized !== undefined) expect(Boolean(value.unrecognized)).toBe(want.unrecognized);
    want.check?.(value);
  } else {
    if (!('shape' in value)) throw new Error('expected a build plan');
    want.check(value);
  }
}

describe('relay against real Relay API answers', () => {
  it('has a quote case and a status case', () => {
    expect(contract.cases.some((c) => c.call.kind === 'quote')).toBe(true);
    expect(contract.cases.some((c) => c.call.kind === 'status')).toBe(true);
  });
  for (const testCase of contract.cases) it(testCase.name, () => run(testCase));
});

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
