import type { StoredDecision } from './decisionRepository.ts';

export interface DecisionWriter {
  /** Resolves once the decision is committed (with the others of its batch), rejects if it is not. */
  write(decision: StoredDecision): Promise<void>;
  /** Resolves when every decision handed in so far is settled (close waits for it). */
  idle(): Promise<void>;
}

export interface DecisionWriterOptions {
  /** Statements in flight at once: 1 on PGlite (one session), a few on PostgreSQL (its pool). */
  readonly maxInFlight: number;
  /** Decisions per statement at most, which bounds the statement's size (a decision is ~36 rows). */
  readonly maxBatch: number;
}

interface Pending {
  readonly decision: StoredDecision;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit for quote decisions. A quote answers only after its decision is committed (a build
 * on another replica must find it), so writes cannot be deferred; but while a statement is in
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

  return {
    write(decision) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ decision, resolve, reject });
        pump();
      });
    },
    idle() {
      if (inFlight === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
