import { randomUUID } from 'node:crypto';
import { findTransferEvent, leaseDueWebhookDeliveries, markWebhookDelivered, markWebhookFailed, releaseWebhookLeases, type WebhookDeliveryRecord } from '../../store/transferEventRepository.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { webhookBodyOf, webhookIdOf } from '../transferEventView.ts';
import { postSignedWebhook } from './postSignedWebhook.ts';
import type { WebhookTargetPolicy } from './webhookTargets.ts';

/** Attempts of one delivery before it is given up: the waits below add up to about six and a half hours. */
export const WEBHOOK_MAX_ATTEMPTS = 16;

/** The wait after the n-th failed attempt: 5 s doubling, at most one hour. */
export function webhookRetryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface WebhookSenderOptions {
  readonly secret: string;
  readonly policy: WebhookTargetPolicy;
  readonly owner?: string;
  readonly intervalMs: number;
  readonly leaseMs?: number;
  readonly batchSize?: number;
  readonly timeoutMs?: number;
}

export interface WebhookSender {
  /** Sends the due deliveries once; returns how many it attempted. */
  tick(): Promise<number>;
  start(): void;
  /** Stops, waits for the sends in flight, and releases this sender's leases. */
  stop(): Promise<void>;
}

/**
 * Drains the webhook outbox (migration 007): leases due deliveries (one per transfer at a time, in
 * order), POSTs each signed, and records the receiver's acknowledgement or schedules a retry. Runs
 * beside the status worker; woken by new events and by its interval.
 */
export function createWebhookSender(deps: EngineDeps, options: WebhookSenderOptions): WebhookSender {
  const owner = options.owner ?? `webhooks-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  let closing = false;
  let unsubscribe: (() => void) | null = null;

  async function send(delivery: WebhookDeliveryRecord): Promise<void> {
    const event = await findTransferEvent(deps.store.db, delivery.transferId, delivery.seq);
    if (!event) return;
    const result = await postSignedWebhook({ url: delivery.url, id: webhookIdOf(event), body: webhookBodyOf(event) }, { secret: options.secret, policy: options.policy, timeoutMs, now: new Date(deps.now()) });
    const now = deps.now();
    if (result.ok) return markWebhookDelivered(deps.store.db, delivery, owner, now);
    const attempts = delivery.attempts + 1;
    deps.logger.warn({ transferId: delivery.transferId, seq: delivery.seq, attempts, outcome: result.outcome }, 'webhook delivery failed');
    await markWebhookFailed(deps.store.db, delivery, owner, now, result.outcome, attempts >= WEBHOOK_MAX_ATTEMPTS ? 'abandoned' : { nextAttemptAt: now + webhookRetryDelayMs(attempts) });
  }

  async function tick(): Promise<number> {
    let sent = 0;
    // A delivered event may make the next one of its transfer due at once.
    for (;;) {
      const due = await leaseDueWebhookDeliveries(deps.store.db, owner, deps.now(), leaseMs, options.batchSize ?? 20);
      if (due.length === 0) return sent;
      await Promise.all(due.map((d) => send(d).catch((error: unknown) => deps.logger.error({ err: error, transferId: d.transferId, seq: d.seq }, 'webhook delivery errored'))));
      sent += due.length;
      if (closing) return sent;
    }
  }

  function run(): void {
    if (running) {
      again = true;
      return;
    }
    running = tick().catch((error: unknown) => {
      deps.logger.error({ err: error }, 'webhook sender tick failed');
      return 0;
    });
    void running.finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        run();
      }
    });
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      run();
      schedule();
    }, options.intervalMs);
  }

  return {
    tick,
    start() {
      stopped = false;
      closing = false;
      unsubscribe = deps.store.onTransferEvent(() => {
        if (!stopped) run();
      });
      schedule();
      run();
    },
    async stop() {
      stopped = true;
      closing = true;
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
      await releaseWebhookLeases(deps.store.db, owner).catch(() => undefined);
    },
  };
}
