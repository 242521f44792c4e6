import type { StoredDecision } from './decisionRepository.ts';

export interface DecisionWriter {
  /**
   * Resolves once the decision is committed (with the others of its batch), rejects if it is not;
   * with {@link DecisionWriterOptions.inProcessReaders}, once it is queued while few others wait.
   */
  write(decision: StoredDecision): Promise<void>;
  /** Resolves once a write of decision `id` handed in so far has settled (committed or lost); at once when none is pending. */
  written(id: string): Promise<void>;
  /** Resolves when every decision handed in so far is settled (close waits for it). */
  idle(): Promise<void>;
}

export interface DecisionWriterOptions {
  /** Statements in flight at once: 1 on PGlite (one session), a few on PostgreSQL (its pool). */
  readonly maxInFlight: number;
  /** Decisions per statement at most, which bounds the statement's size (a decision is ~36 rows). */
  readonly maxBatch: number;
  /**
   * Every reader of decisions is in this process and waits for {@link DecisionWriter.written}
   * before it reads (PGlite: its data directory is one process's, dataDirLock.ts). Then a quote
   * need not wait for its decision's commit: `write` resolves once the decision is queued, while at
   * most `queuedAtMost` decisions are uncommitted (beyond that it waits for the commit, so a store
   * slower than the quotes holds them back instead of a queue growing without bound).
   */
  readonly inProcessReaders?: {
    readonly queuedAtMost: number;
    readonly onLost: (decision: StoredDecision, error: unknown) => void;
    /**
     * The statement waits for a lull: this long without a decision handed in, with the event loop
     * idle for most of it (a quote whose venues are answering keeps it busy though it hands in
     * nothing), so that its Postgres work, on this thread, does not sit in front of the quotes still
     * coming; 0: at once. A reader waiting ({@link DecisionWriter.written}),
     * {@link DecisionWriter.idle}, a full batch or {@link lullAtMostMs} end the wait.
     */
    readonly lullMs?: number;
    /** The longest a decision waits for a lull (bounds what a crash loses of answered quotes). */
    readonly lullAtMostMs?: number;
  };
}

/** Past this share of the wait spent running, the loop was not idle: the statement waits on. */
const LULL_BUSY_SHARE = 0.5;

interface Pending {
  readonly decision: StoredDecision;
  /** performance.now() when handed in. */
  readonly at: number;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit for quote decisions. On PostgreSQL a quote answers only after its decision is
 * committed (a build on another replica must find it), so writes cannot be deferred there (on
 * PGlite they can: {@link DecisionWriterOptions.inProcessReaders}); but while a statement is in
 * flight, the decisions of quotes finishing meanwhile queue and go together in the next one. At low
 * load every decision is written at once, alone, as before; under load the store parses, plans and
 * commits once per batch, which on PGlite (whose Postgres runs on the event loop's thread) was the
 * largest item of the quote path's profile.
 *
 * A batch that fails is retried one decision at a time, so a decision the store refuses fails only
 * its own quote.
 */
export function createDecisionWriter(insert: (decisions: readonly StoredDecision[]) => Promise<void>, options: DecisionWriterOptions): DecisionWriter {
  const queue: Pending[] = [];
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];

  const writeBatch = async (batch: readonly Pending[]): Promise<void> => {
    try {
      await insert(batch.map((p) => p.decision));
      for (const p of batch) p.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const p of batch) {
        await insert([p.decision]).then(p.resolve, p.reject);
      }
    }
  };

  const pump = (): void => {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight += 1;
      void writeBatch(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
    if (inFlight === 0 && queue.length === 0 && idleWaiters.length > 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const wake of waiters) wake();
    }
  };

  const uncommitted = new Map<string, Promise<void>>();
  const early = options.inProcessReaders;
  const lullMs = early?.lullMs ?? 0;
  const lullAtMostMs = early?.lullAtMostMs ?? lullMs;
  let pumpScheduled = false;
  let lull: NodeJS.Timeout | undefined;

  // Answering first, the statement (its rows serialised, then Postgres on this thread) is built
  // after the quote's answer is written: setImmediate runs once this turn's I/O is done.
  const pumpSoon = (): void => {
    clearTimeout(lull);
    lull = undefined;
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  };
  // The event loop's activity since the lull's wait began (performance.eventLoopUtilization).
  let loopAtWait = performance.eventLoopUtilization();
  const pumpAfterLull = (): void => {
    const oldest = queue[0];
    if (lullMs <= 0 || queue.length >= options.maxBatch || oldest === undefined) return pumpSoon();
    const waitMs = Math.min(lullMs, oldest.at + lullAtMostMs - performance.now());
    if (waitMs <= 0) return pumpSoon();
    clearTimeout(lull);
    loopAtWait = performance.eventLoopUtilization();
    lull = setTimeout(endOfWait, waitMs);
  };
  const endOfWait = (): void => {
    const busy = performance.eventLoopUtilization(loopAtWait).utilization > LULL_BUSY_SHARE;
    if (busy) pumpAfterLull();
    else pumpSoon();
  };

  return {
    write(decision) {
      const committed = new Promise<void>((resolve, reject) => {
        queue.push({ decision, at: performance.now(), resolve, reject });
        if (!early) pump();
        else pumpAfterLull();
      });
      if (!early) return committed;
      const settled = committed.then(
        () => undefined,
        (error: unknown) => early.onLost(decision, error),
      );
      uncommitted.set(decision.id, settled);
      void settled.finally(() => {
        if (uncommitted.get(decision.id) === settled) uncommitted.delete(decision.id);
      });
      return uncommitted.size > early.queuedAtMost ? committed : Promise.resolve();
    },
    written(id) {
      const pending = uncommitted.get(id.toLowerCase());
      if (!pending) return Promise.resolve();
      if (lull !== undefined) pumpSoon();
      return pending;
    },
    idle() {
      if (inFlight === 0 && queue.length === 0) return Promise.resolve();
      if (lull !== undefined) pumpSoon();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
