import { CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';

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
 * One venue's circuit breaker and health. A fault is the venue's doing (transport error, timeout,
 * 5xx, a response of the wrong shape); a typed refusal such as "amount too low" is an answer, not a
 * fault, and never counts against the venue.
 *
 * Health: open breaker → `unhealthy`; half-open or a fault on the last call → `degraded`; answers
 * without faults → `healthy`; no calls yet → `unknown`.
 */
export class VenueHealth {
  readonly breaker: CircuitBreakerPolicy;
  private lastOutcome: 'success' | 'fault' | null = null;
  private lastFaultMessage: string | null = null;
  /** An unsafe answer keeps the venue `degraded` for a while, whatever it answers next. */
  private refused: { readonly reason: string; readonly until: number } | null = null;

  constructor(
    readonly venueId: string,
    options: VenueHealthOptions,
    isFault: (error: unknown) => boolean,
  ) {
    this.breaker = circuitBreaker(handleWhen(isFault), {
      halfOpenAfter: options.halfOpenAfterMs,
      breaker: new ConsecutiveBreaker(options.failuresToOpen),
    });
  }

  recordSuccess(): void {
    this.lastOutcome = 'success';
  }

  recordFault(error: unknown): void {
    this.lastOutcome = 'fault';
    this.lastFaultMessage = error instanceof Error ? error.message : String(error);
  }

  /** A venue answer Strait refused as unsafe: not a transport fault, but the venue is not healthy. */
  recordRefusal(reason: string, now: number = Date.now()): void {
    this.lastOutcome = 'fault';
    this.lastFaultMessage = `refused an unsafe answer: ${reason}`;
    this.refused = { reason: this.lastFaultMessage, until: now + REFUSAL_MEMORY_MS };
  }

  get breakerOpen(): boolean {
    return this.breaker.state === CircuitState.Open || this.breaker.state === CircuitState.Isolated;
  }

  snapshot(): { health: HealthState; reason: string | null } {
    const state = this.breaker.state;
    if (state === CircuitState.Open || state === CircuitState.Isolated) {
      return { health: 'unhealthy', reason: `circuit breaker open after repeated faults: ${this.lastFaultMessage ?? 'unknown fault'}` };
    }
    if (state === CircuitState.HalfOpen) return { health: 'degraded', reason: 'circuit breaker half-open: probing the venue' };
    if (this.refused && Date.now() < this.refused.until) return { health: 'degraded', reason: this.refused.reason };
    if (this.lastOutcome === 'fault') return { health: 'degraded', reason: `last call failed: ${this.lastFaultMessage ?? 'unknown fault'}` };
    if (this.lastOutcome === 'success') return { health: 'healthy', reason: null };
    return { health: 'unknown', reason: 'no call made yet' };
  }
}
