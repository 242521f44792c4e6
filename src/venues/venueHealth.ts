import { CircuitState, circuitBreaker, handleWhen, type CircuitBreakerPolicy, type IBreaker } from 'cockatiel';
import { VenueRejection, type CallPurpose } from './Venue.ts';

/** How long an unsafe answer (a target off the allow-list) keeps a venue `degraded`. */
const REFUSAL_MEMORY_MS = 15 * 60_000;

export type HealthState = 'healthy' | 'degraded' | 'unhealthy' | 'unknown';

export interface VenueHealthOptions {
  /** Consecutive venue faults that open the breaker. */
  readonly failuresToOpen: number;
  /** How long an open breaker rests the venue before one half-open probe. */
  readonly halfOpenAfterMs: number;
}

/**
 * Which breaker a call counts against. Quotes and builds share one: they are the venue's pricing
 * API, and an open one takes the venue out of quotes. Status polls and coverage snapshots often hit
 * other endpoints (an indexer, a list) and have their own, so their failures show in `reason` but
 * never take the venue's quoting offline.
 */
export type BreakerBucket = 'quote' | 'status' | 'snapshot';

export function bucketOf(purpose: CallPurpose | undefined): BreakerBucket {
  return purpose === 'status' ? 'status' : purpose === 'snapshot' ? 'snapshot' : 'quote';
}

/**
 * A consecutive-fault counter that can take back the last reset: the HTTP call of an answer the
 * adapter then refuses at mapping level (an impossible amount, an unsafe target) succeeded and reset
 * the count, but the answer was the venue's fault, so it counts as if that success never happened.
 */
class ConsecutiveFaults implements IBreaker {
  state = { count: 0, beforeLastReset: 0 };
  /** Mapping-level faults on their way to {@link failure} (the policy counts them a microtask later). */
  pendingMapping = 0;

  constructor(private readonly threshold: number) {}

  success(): void {
    this.state = { count: 0, beforeLastReset: this.state.count };
  }

  failure(): boolean {
    const mapping = this.pendingMapping > 0;
    if (mapping) this.pendingMapping--;
    const base = mapping ? Math.max(this.state.count, this.state.beforeLastReset) : this.state.count;
    this.state = { count: base + 1, beforeLastReset: mapping ? 0 : this.state.beforeLastReset };
    return this.state.count >= this.threshold;
  }
}

interface Bucket {
  readonly policy: CircuitBreakerPolicy;
  readonly counter: ConsecutiveFaults;
  lastOutcome: 'success' | 'fault' | null;
  lastFaultMessage: string | null;
}

/**
 * One venue's circuit breakers and health. A fault is the venue's doing (transport error, timeout,
 * 5xx, a response of the wrong shape, an answer refused at mapping level); a typed refusal such as
 * "amount too low" is an answer, not a fault, and never counts against the venue; neither does the
 * venue's rate limit.
 *
 * Health: quote breaker open → `unhealthy`; half-open, a fault on the last quote or build call, a
 * recent unsafe answer, a rate-limit window, or trouble polling status or fetching the snapshot →
 * `degraded`; answers without faults → `healthy`; no calls yet → `unknown`.
 */
export class VenueHealth {
  private readonly buckets: Record<BreakerBucket, Bucket>;
  /** An unsafe answer keeps the venue `degraded` for a while, whatever it answers next. */
  private refused: { readonly reason: string; readonly until: number } | null = null;
  private rateLimitedUntil = 0;
  private refusalCount = 0;

  constructor(
    readonly venueId: string,
    options: VenueHealthOptions,
    isFault: (error: unknown) => boolean,
  ) {
    const make = (): Bucket => {
      const counter = new ConsecutiveFaults(options.failuresToOpen);
      return { policy: circuitBreaker(handleWhen(isFault), { halfOpenAfter: options.halfOpenAfterMs, breaker: counter }), counter, lastOutcome: null, lastFaultMessage: null };
    };
    this.buckets = { quote: make(), status: make(), snapshot: make() };
  }

  /** The breaker of quotes and builds (the one that takes the venue out of quotes). */
  get breaker(): CircuitBreakerPolicy {
    return this.buckets.quote.policy;
  }

  breakerOf(bucket: BreakerBucket): CircuitBreakerPolicy {
    return this.buckets[bucket].policy;
  }

  recordSuccess(bucket: BreakerBucket = 'quote'): void {
    this.buckets[bucket].lastOutcome = 'success';
  }

  recordFault(error: unknown, bucket: BreakerBucket = 'quote'): void {
    const b = this.buckets[bucket];
    b.lastOutcome = 'fault';
    b.lastFaultMessage = error instanceof Error ? error.message : String(error);
  }

  /**
   * An answer the HTTP client accepted but the adapter or the engine refused as impossible or
   * unsafe: counts toward the bucket's breaker exactly like a wrong shape does.
   */
  recordMappingFault(reason: string, bucket: BreakerBucket = 'quote'): Promise<void> {
    const b = this.buckets[bucket];
    const error = new VenueRejection('venue_bad_response', reason, { path: '' });
    this.recordFault(error, bucket);
    // An open breaker does not run the call (nothing to count); otherwise the failing call below is
    // counted by the policy, which opens the breaker when it is the last straw.
    if (isOpen(b.policy.state)) return Promise.resolve();
    b.counter.pendingMapping++;
    return b.policy.execute(() => Promise.reject(error)).then(
      () => undefined,
      (thrown: unknown) => {
        // Refused without running (a half-open probe already out): nothing was counted.
        if (thrown !== error) b.counter.pendingMapping = Math.max(0, b.counter.pendingMapping - 1);
      },
    );
  }

  /** How many unsafe answers were refused so far (lets a caller tell whether a refusal was already recorded). */
  get refusals(): number {
    return this.refusalCount;
  }

  /** A venue answer Strait refused as unsafe: a fault, and the venue stays `degraded` for a while. */
  recordRefusal(reason: string, now: number = Date.now()): void {
    this.refusalCount++;
    const message = `refused an unsafe answer: ${reason}`;
    void this.recordMappingFault(message, 'quote');
    this.refused = { reason: message, until: now + REFUSAL_MEMORY_MS };
  }

  /** The venue asked Strait to wait (429): not a fault, but said in `reason` while it lasts. */
  recordRateLimited(until: number): void {
    this.rateLimitedUntil = Math.max(this.rateLimitedUntil, until);
  }

  get breakerOpen(): boolean {
    return isOpen(this.breaker.state);
  }

  snapshot(now: number = Date.now()): { health: HealthState; reason: string | null } {
    const quote = this.buckets.quote;
    const state = quote.policy.state;
    if (isOpen(state)) {
      return { health: 'unhealthy', reason: `circuit breaker open after repeated faults: ${quote.lastFaultMessage ?? 'unknown fault'}` };
    }
    if (state === CircuitState.HalfOpen) return { health: 'degraded', reason: 'circuit breaker half-open: probing the venue' };
    if (this.refused && now < this.refused.until) return { health: 'degraded', reason: this.refused.reason };
    if (quote.lastOutcome === 'fault') return { health: 'degraded', reason: `last call failed: ${quote.lastFaultMessage ?? 'unknown fault'}` };
    if (now < this.rateLimitedUntil) return { health: 'degraded', reason: `rate-limited by the venue until ${new Date(this.rateLimitedUntil).toISOString()}` };
    for (const bucket of ['status', 'snapshot'] as const) {
      const b = this.buckets[bucket];
      const what = bucket === 'status' ? 'status polling' : 'coverage snapshot';
      if (isOpen(b.policy.state)) return { health: 'degraded', reason: `${what} rested after repeated faults (quotes unaffected): ${b.lastFaultMessage ?? 'unknown fault'}` };
      if (b.lastOutcome === 'fault') return { health: 'degraded', reason: `${what} failed (quotes unaffected): ${b.lastFaultMessage ?? 'unknown fault'}` };
    }
    if (quote.lastOutcome === 'success' || this.buckets.status.lastOutcome === 'success') return { health: 'healthy', reason: null };
    return { health: 'unknown', reason: 'no call made yet' };
  }
}

function isOpen(state: CircuitState): boolean {
  return state === CircuitState.Open || state === CircuitState.Isolated;
}
