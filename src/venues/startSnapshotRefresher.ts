import { VenueRejection, type Venue } from './Venue.ts';
import { countedAsFault } from './venueHttpClient.ts';
import type { VenueHealth } from './venueHealth.ts';

/** The lists a venue publishes can be large (every chain and token): they get a larger answer cap. */
export const SNAPSHOT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** What the refresher needs of a registry entry. */
export interface SnapshotVenue {
  readonly id: string;
  readonly venue: Venue | null;
  readonly health: VenueHealth | null;
  readonly enabled: boolean;
}

export interface SnapshotFreshness {
  /** A successful refresh within twice the venue's interval, or no list to fetch (the static table is the source). */
  readonly fresh: boolean;
  /** Milliseconds since the last successful refresh; `null` when none succeeded or the venue publishes none. */
  readonly ageMs: number | null;
}

export interface SnapshotRefresher {
  /** How current one venue's coverage is, as `GET /bridge/venues` reports it. */
  freshness(venueId: string): SnapshotFreshness;
  /** Cancels the schedule and any refresh under way; resolves once none is running. */
  stop(): Promise<void>;
}

export interface SnapshotRefresherOptions {
  readonly logger: { warn(details: object, message: string): void; info?(details: object, message: string): void };
  readonly now?: () => number;
  /** Deadline of one refresh (all of its calls). */
  readonly timeoutMs?: number;
  /** Largest answer a refresh reads per call. */
  readonly maxAnswerBytes?: number;
  /** Each wait is the venue's interval ± this share of it, so venues (and replicas) do not refresh in step. */
  readonly jitter?: number;
  readonly random?: () => number;
  /** Delay of the first refresh (jittered too): start-up and the first quote never wait for one. */
  readonly firstDelayMs?: number;
}

/**
 * Keeps the published coverage of every enabled venue that has one ({@link Venue.snapshot}) in
 * memory: a first refresh shortly after start (never blocking start-up or a quote), then one every
 * `intervalMs`, jittered. A refresh runs under a deadline with the larger answer cap, on the venue's
 * snapshot breaker, so a failing list never takes the venue's quoting offline; a failure is logged
 * and the adapter keeps its previous lists (or its static tables). Nothing here ever throws.
 */
export function startSnapshotRefresher(venues: readonly SnapshotVenue[], options: SnapshotRefresherOptions): SnapshotRefresher {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxAnswerBytes = options.maxAnswerBytes ?? SNAPSHOT_MAX_ANSWER_BYTES;
  const jitter = options.jitter ?? 0.1;
  const random = options.random ?? Math.random;
  const stopping = new AbortController();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  const byId = new Map(venues.map((v) => [v.id, v]));
  const jittered = (ms: number): number => Math.max(0, Math.round(ms * (1 + jitter * (2 * random() - 1))));

  const schedule = (entry: SnapshotVenue & { venue: Venue }, delayMs: number): void => {
    if (stopping.signal.aborted) return;
    const timer = setTimeout(() => {
      timers.delete(entry.id);
      const run = refresh(entry).finally(() => {
        running.delete(entry.id);
        schedule(entry, jittered(entry.venue.snapshot?.intervalMs ?? 0));
      });
      running.set(entry.id, run);
    }, delayMs);
    // The schedule alone never keeps the process alive.
    timer.unref();
    timers.set(entry.id, timer);
  };

  async function refresh(entry: SnapshotVenue & { venue: Venue }): Promise<void> {
    const snapshot = entry.venue.snapshot;
    if (!snapshot) return;
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)]);
    const started = now();
    try {
      await snapshot.refresh({ signal, purpose: 'snapshot', maxAnswerBytes, requestId: `snapshot-${entry.id}` });
      options.logger.info?.({ venue: entry.id, ms: now() - started }, 'venue coverage snapshot refreshed');
    } catch (error) {
      if (stopping.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      // Lists the client accepted but the adapter could not use are the venue's fault too.
      if (error instanceof VenueRejection && error.code === 'venue_bad_response' && !countedAsFault(error)) void entry.health?.recordMappingFault(`coverage snapshot refused: ${message}`, 'snapshot');
      options.logger.warn({ venue: entry.id, err: error, fetchedAt: snapshot.fetchedAt() }, 'venue coverage snapshot refresh failed; keeping the previous coverage');
    }
  }

  for (const entry of venues) {
    if (!entry.enabled || entry.venue === null || !entry.venue.snapshot) continue;
    schedule({ ...entry, venue: entry.venue }, jittered(options.firstDelayMs ?? 0));
  }

  return {
    freshness(venueId) {
      const snapshot = byId.get(venueId)?.venue?.snapshot;
      if (!snapshot) return { fresh: true, ageMs: null };
      const fetchedAt = snapshot.fetchedAt();
      if (fetchedAt === null) return { fresh: false, ageMs: null };
      const ageMs = Math.max(0, now() - fetchedAt);
      return { fresh: ageMs <= 2 * snapshot.intervalMs, ageMs };
    },
    async stop() {
      stopping.abort(new Error('shutting down'));
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running.values()]);
    },
  };
}

