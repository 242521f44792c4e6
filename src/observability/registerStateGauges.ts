import { CircuitState } from 'cockatiel';
import { Gauge, type Registry } from 'prom-client';
import type { Store } from '../store/openStore.ts';
import { readWorkerBacklog, type WorkerBacklog } from '../store/workerBacklog.ts';
import { countHyperCoreCredits, owedHyperCoreCreditsTotal } from '../store/hyperCoreCreditRepository.ts';
import { RELAYER_VENUE } from '../engine/hyperCore/relayedExecution.ts';
import type { VenueRegistry } from '../venues/createVenueRegistry.ts';
import { isHyperliquidVenue } from '../venues/hyperliquid/hyperliquidVenue.ts';

export interface StateSources {
  readonly store: Store;
  readonly venues: VenueRegistry;
  readonly now: () => number;
  /** Where the rate-limit counters live now (`memory`, `redis`, `memory-fallback`); `null` when limits are off. */
  readonly rateLimitBackend: (() => string) | null;
}

const BREAKER_STATES: Readonly<Record<CircuitState, string>> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.HalfOpen]: 'half_open',
  [CircuitState.Open]: 'open',
  [CircuitState.Isolated]: 'isolated',
};
const HEALTH_STATES = ['healthy', 'degraded', 'unhealthy', 'unknown'] as const;
const RATE_LIMIT_BACKENDS = ['memory', 'redis', 'memory-fallback'] as const;
// The relayer's balance is asked of HyperCore's API, not the store: at most this often, whatever the scrape rate.
const RELAYER_BALANCE_MAX_AGE_MS = 30_000;
const RELAYER_BALANCE_TIMEOUT_MS = 3_000;

/**
 * Gauges read from state when Prometheus scrapes, so no component has to push them: venue breaker
 * and health (this process's view), store readiness, and the status workers' backlog. The backlog
 * is read from the store, so every API replica reports the whole deployment's worker lag, whether
 * or not it runs a worker itself. A store fault leaves the backlog gauges empty, never fails the scrape.
 */
export function registerStateGauges(registry: Registry, sources: StateSources): void {
  const registers = [registry];
  // A scrape collects the three backlog gauges concurrently: they share the one query in flight.
  let inFlight: Promise<WorkerBacklog | null> | null = null;
  const readBacklog = () =>
    (inFlight ??= readWorkerBacklog(sources.store.db, sources.now())
      .catch(() => null)
      .finally(() => {
        inFlight = null;
      }));

  new Gauge({
    name: 'strait_venue_breaker_state',
    help: 'Circuit breaker state per registered venue: 1 for the current state (closed, half_open, open, isolated)',
    labelNames: ['venue', 'state'],
    registers,
    collect() {
      this.reset();
      for (const v of sources.venues.all) {
        if (!v.health) continue;
        const current = BREAKER_STATES[v.health.breaker.state];
        for (const state of Object.values(BREAKER_STATES)) this.set({ venue: v.id, state }, state === current ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'strait_venue_health',
    help: 'Health per registered venue as /v1/bridge/venues reports it: 1 for the current value',
    labelNames: ['venue', 'health'],
    registers,
    collect() {
      this.reset();
      for (const v of sources.venues.all) {
        if (!v.health) continue;
        const current = v.health.snapshot().health;
        for (const health of HEALTH_STATES) this.set({ venue: v.id, health }, health === current ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'strait_store_ready',
    help: '1 when the store answers and every migration is applied (what /ready reports)',
    registers,
    async collect() {
      this.set((await sources.store.ready()) ? 1 : 0);
    },
  });
  const backendOf = sources.rateLimitBackend;
  if (backendOf) {
    new Gauge({
      name: 'strait_rate_limit_backend',
      help: 'Where this process keeps its rate-limit counters: 1 for memory, redis, or memory-fallback (Redis unreachable)',
      labelNames: ['backend'],
      registers,
      collect() {
        for (const backend of RATE_LIMIT_BACKENDS) this.set({ backend }, backendOf() === backend ? 1 : 0);
      },
    });
  }
  new Gauge({
    name: 'strait_transfers_due',
    help: 'Transfers whose status poll is due now, across the deployment',
    registers,
    async collect() {
      this.reset();
      const b = await readBacklog();
      if (b) this.set(b.due);
    },
  });
  new Gauge({
    name: 'strait_worker_lag_seconds',
    help: 'How long the longest-waiting due transfer has waited past its poll time (0 when none is due)',
    registers,
    async collect() {
      this.reset();
      const b = await readBacklog();
      if (b) this.set(b.oldestDueAt === null ? 0 : Math.max(0, sources.now() - b.oldestDueAt) / 1000);
    },
  });
  new Gauge({
    name: 'strait_transfers_overdue',
    help: 'Transfers still being polled past their give-up deadline',
    registers,
    async collect() {
      this.reset();
      const b = await readBacklog();
      if (b) this.set(b.overdue);
    },
  });
  new Gauge({
    name: 'strait_hypercore_credits',
    help: 'HyperCore relayer credits across the deployment, by state (signed, sent, credited, failed): count',
    labelNames: ['state'],
    registers,
    async collect() {
      this.reset();
      const counts = await countHyperCoreCredits(sources.store.db).catch(() => null);
      for (const [state, count] of Object.entries(counts ?? {})) this.set({ state }, count);
    },
  });
  const venue = sources.venues.get(RELAYER_VENUE)?.venue;
  const relayer = isHyperliquidVenue(venue) ? venue.relayer : null;
  if (relayer) {
    let last: { at: number; balances: Promise<{ perps: bigint; spot: bigint } | null> } | null = null;
    const readBalances = () => {
      if (last === null || sources.now() - last.at > RELAYER_BALANCE_MAX_AGE_MS) {
        last = { at: sources.now(), balances: relayer.balances({ signal: AbortSignal.timeout(RELAYER_BALANCE_TIMEOUT_MS), purpose: 'status' }).catch(() => null) };
      }
      return last.balances;
    };
    new Gauge({
      name: 'strait_hypercore_relayer_balance_usdc',
      help: "The HyperCore relayer's own USDC, by balance (perps, spot), read from HyperCore at most every 30 s; absent when it could not be read",
      labelNames: ['balance'],
      registers,
      async collect() {
        this.reset();
        const held = await readBalances();
        if (!held) return;
        this.set({ balance: 'perps' }, Number(held.perps) / 1e6);
        this.set({ balance: 'spot' }, Number(held.spot) / 1e6);
      },
    });
  }
  new Gauge({
    name: 'strait_hypercore_credits_owed_usdc',
    help: 'USDC the HyperCore relayer has been paid for and not yet credited (signed or sent), in USDC',
    registers,
    async collect() {
      this.reset();
      const owed = await owedHyperCoreCreditsTotal(sources.store.db).catch(() => null);
      if (owed !== null) this.set(Number(owed) / 1e6);
    },
  });
}
