import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { KeyedCounter, KeyedHistogram } from './keyedMetrics.ts';
import type { EngineObserver } from '../engine/EngineDeps.ts';
import type { VenueAttemptObserver } from '../venues/venueHttpClient.ts';

/** What a quote answered, as far as metrics care: who priced and why the others did not. */
export interface QuoteOutcome {
  readonly quotes: readonly { readonly venue: string }[];
  readonly rejected: readonly { readonly venue: string; readonly code: string }[];
  readonly emptyReason?: string;
}

/**
 * The event metrics of one Strait (its own Registry, never prom-client's global one, so several
 * apps in one process never collide). Metrics read from state at scrape time (worker lag, breaker
 * state) are added by registerStateGauges. Every name is listed in docs/operations.md.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One answered HTTP request; `route` is the route template (`unmatched` for a 404 of no route). */
  observeHttp(labels: { readonly method: string; readonly route: string; readonly status: number }, seconds: number): void;
  /** One quote answered 200: its latency, whether anything priced, and each venue's outcome. */
  observeQuote(outcome: QuoteOutcome, seconds: number): void;
  readonly observeVenueAttempt: VenueAttemptObserver;
  /** One request refused with 429, by the counters that refused it. */
  countRateLimited(counters: readonly string[]): void;
  /** One submit answered with an error, by its `error.code`. */
  countSubmitRefusal(code: string): void;
  /** Transfers finished and venues' parts in quotes, told by the engine. */
  readonly observer: EngineObserver;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Dense around the default 1.2 s quote deadline.
const QUOTE_BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.1, 1.25, 1.5, 2, 3, 5];
const VENUE_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10];
// From a same-block bridge to a desk that takes an hour or more.
const TRANSFER_BUCKETS = [5, 15, 30, 60, 120, 300, 600, 1_200, 1_800, 3_600, 7_200, 21_600, 86_400];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({ name: 'strait_http_requests_total', help: 'HTTP requests answered, by method, route template and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const httpDuration = new Histogram({ name: 'strait_http_request_duration_seconds', help: 'HTTP request latency, by method, route template and status', labelNames: ['method', 'route', 'status'], buckets: HTTP_BUCKETS, registers: [registry] });
  const quoteDuration = new Histogram({ name: 'strait_quote_duration_seconds', help: 'Latency of quotes answered 200 (fan-out under the quote deadline, ranking, storing the decision)', buckets: QUOTE_BUCKETS, registers: [registry] });
  const quotes = new Counter({ name: 'strait_quotes_total', help: 'Quotes answered 200, by result: priced, or the emptyReason when no venue priced', labelNames: ['result'], registers: [registry] });
  const venueOutcomes = new KeyedCounter({ name: 'strait_quote_venue_outcomes_total', help: 'Per venue per quote: priced, or the rejection code it landed in `rejected` with', labelNames: ['venue', 'outcome'], registers: [registry] });
  const venueDuration = new KeyedHistogram({ name: 'strait_venue_request_duration_seconds', help: 'Latency of each HTTP attempt at a venue (retries counted separately), by venue, method and outcome', labelNames: ['venue', 'method', 'outcome'], buckets: VENUE_BUCKETS, registers: [registry] });
  const rateLimited = new Counter({ name: 'strait_rate_limited_total', help: 'Requests refused with 429, by the counter that refused them (ip, wallet)', labelNames: ['counter'], registers: [registry] });
  const submitRefusals = new Counter({ name: 'strait_submit_refusals_total', help: 'Submits answered with an error, by its error.code (transaction_mismatch, build_expired, rate_limited, ...)', labelNames: ['reason'], registers: [registry] });
  const venueQuoteDuration = new KeyedHistogram({ name: 'strait_quote_venue_duration_seconds', help: "Per venue per quote: when its part ended since the fan-out began, by outcome (priced, refused, left_out at the quote's cut)", labelNames: ['venue', 'outcome'], buckets: QUOTE_BUCKETS, registers: [registry] });
  const transfersFinished = new Counter({ name: 'strait_transfers_finished_total', help: 'Transfers this process moved to a terminal status, by venue and outcome (COMPLETED, PARTIAL, REFUNDED, FAILED, ABANDONED)', labelNames: ['venue', 'outcome'], registers: [registry] });
  const transferDuration = new Histogram({ name: 'strait_transfer_duration_seconds', help: 'From the main step submitted to the terminal status, by venue and outcome (abandoned transfers are not observed)', labelNames: ['venue', 'outcome'], buckets: TRANSFER_BUCKETS, registers: [registry] });

  return {
    registry,
    observeHttp({ method, route, status }, seconds) {
      const labels = { method, route, status: String(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    observeQuote(outcome, seconds) {
      quoteDuration.observe(seconds);
      quotes.inc({ result: outcome.quotes.length > 0 ? 'priced' : (outcome.emptyReason ?? 'empty') });
      for (const row of outcome.quotes) venueOutcomes.inc([row.venue, 'priced']);
      for (const rejection of outcome.rejected) venueOutcomes.inc([rejection.venue, rejection.code]);
    },
    observeVenueAttempt({ venueId, method, outcome, seconds }) {
      venueDuration.observe([venueId, method, outcome], seconds);
    },
    countRateLimited(counters) {
      for (const counter of counters) rateLimited.inc({ counter });
    },
    countSubmitRefusal(code) {
      submitRefusals.inc({ reason: code });
    },
    observer: {
      transferFinished({ venue, status, seconds }) {
        transfersFinished.inc({ venue, outcome: status });
        if (status !== 'ABANDONED') transferDuration.observe({ venue, outcome: status }, seconds);
      },
      venueQuoted({ venue, outcome, seconds }) {
        venueQuoteDuration.observe([venue, outcome], seconds);
      },
    },
  };
}
