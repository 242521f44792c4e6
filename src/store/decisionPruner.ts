import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { pruneExpiredDecisions } from './decisionRepository.ts';
import type { Database } from './schema.ts';

export interface DecisionPrunerOptions {
  /** How long past its expiry an unbuilt decision is kept; 0 keeps every decision. */
  readonly retentionMs: number;
  /** Time between two passes. */
  readonly intervalMs: number;
  /** Decisions deleted per statement: a pass repeats until fewer come back, so one statement never holds many locks. */
  readonly batchSize?: number;
}

export interface DecisionPruner {
  /** One pass: deletes every unbuilt decision expired before now − retention, and answers how many. */
  pass(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Keeps the `decisions` table to its working set: every quote writes a decision (≈ 20–60 KB with its
 * rows), most are never built, and nothing reads an unbuilt one after it expires. Runs in the
 * processes that run the status worker; two replicas pruning at once skip each other's rows.
 */
export function createDecisionPruner(deps: { readonly db: Kysely<Database>; readonly now: () => number; readonly logger: Logger }, options: DecisionPrunerOptions): DecisionPruner {
  const batchSize = options.batchSize ?? 1_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;
  let closing = false;

  async function pass(): Promise<number> {
    if (options.retentionMs === 0) return 0;
    const cutoff = deps.now() - options.retentionMs;
    let pruned = 0;
    for (;;) {
      const deleted = await pruneExpiredDecisions(deps.db, cutoff, batchSize);
      pruned += deleted;
      if (deleted < batchSize || closing) return pruned;
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .then((pruned) => {
          if (pruned > 0) deps.logger.info({ pruned }, 'expired decisions pruned');
        })
        .catch((error: unknown) => deps.logger.error({ err: error }, 'decision pruning failed'))
        .finally(() => {
          running = null;
          schedule();
        });
    }, options.intervalMs);
    timer.unref();
  }

  return {
    pass,
    start() {
      if (options.retentionMs === 0 || !stopped) return;
      stopped = false;
      closing = false;
      schedule();
    },
    async stop() {
      stopped = true;
      closing = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
}
