import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { startAcrossFake, type AcrossFake } from '../src/venues/across/acrossFake.ts';
import { createTestStrait } from './testStrait.ts';

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const quoteBody = { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: USER, recipient: USER };

let fake: AcrossFake;
let strait: Strait;
beforeAll(async () => {
  fake = await startAcrossFake();
  // Only Across, on its loopback fake: nothing reaches the internet.
  strait = await createTestStrait({ STRAIT_VENUE_ACROSS_BASE_URL: fake.url, STRAIT_VENUE_RELAY_ENABLED: 'false', STRAIT_VENUE_CCTP_ENABLED: 'false', STRAIT_VENUE_NEARINTENTS_ENABLED: 'false' });
});
afterAll(async () => {
  await strait.close();
  await fake.close();
});

const scrape = async () => {
  const response = await strait.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  return response.body;
};

/** The value of one sample, by metric name and the exact label set prom-client prints. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('observability', () => {
  it('carries the request id into venue calls and answers with it', async () => {
    const response = await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', headers: { 'x-request-id': 'trace-quote-1' }, payload: quoteBody });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('trace-quote-1');
    expect(fake.server.requests.filter((r) => r.headers['x-request-id'] === 'trace-quote-1').length).toBeGreaterThan(0);
  });

  it('counts requests per route template and status, and times quotes and venue calls', async () => {
    await strait.app.inject({ method: 'GET', url: '/v1/bridge/venues' });
    await strait.app.inject({ method: 'GET', url: '/v1/bridge/transfers/9b2f4c1e-0000-4000-8000-00000000abcd' });
    await strait.app.inject({ method: 'GET', url: '/no/such/thing' });
    const text = await scrape();
    expect(sample(text, 'strait_http_requests_total{method="GET",route="/v1/bridge/venues",status="200"}')).toBe(1);
    expect(sample(text, 'strait_http_requests_total{method="GET",route="/v1/bridge/transfers/:id",status="404"}')).toBe(1);
    expect(sample(text, 'strait_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'strait_http_request_duration_seconds_count{method="POST",route="/v1/bridge/quote",status="200"}')).toBe(1);
    expect(sample(text, 'strait_quote_duration_seconds_count')).toBe(1);
    expect(sample(text, 'strait_quotes_total{result="priced"}')).toBe(1);
    expect(sample(text, 'strait_quote_venue_outcomes_total{venue="across",outcome="priced"}')).toBe(1);
    expect(sample(text, 'strait_quote_venue_outcomes_total{venue="relay",outcome="venue_disabled"}')).toBe(1);
    expect(sample(text, 'strait_venue_request_duration_seconds_count{venue="across",method="GET",outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(text, 'strait_venue_breaker_state{venue="across",state="closed"}')).toBe(1);
    expect(sample(text, 'strait_venue_health{venue="across",health="healthy"}')).toBe(1);
    expect(sample(text, 'strait_store_ready')).toBe(1);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
  });

  it('reports the workers\' backlog from the store: due transfers, lag and overdue ones', async () => {
    expect(sample(await scrape(), 'strait_worker_lag_seconds')).toBe(0);
    const quote = (await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: quoteBody })).json() as { decisionId: string };
    const build = await strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: quote.decisionId } });
    expect(build.statusCode, build.body).toBe(200);
    const transferId = (build.json() as { transferId: string }).transferId;
    const now = Date.now();
    // As if every worker had been down for two minutes, with the give-up deadline passed.
    await strait.deps.store.db.updateTable('transfers').set({ next_poll_at: now - 120_000, give_up_at: now - 1_000 }).where('id', '=', transferId).execute();
    const text = await scrape();
    expect(sample(text, 'strait_transfers_due')).toBe(1);
    expect(sample(text, 'strait_transfers_overdue')).toBe(1);
    expect(sample(text, 'strait_worker_lag_seconds')).toBeGreaterThanOrEqual(120);
  });
});
