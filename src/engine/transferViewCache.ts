import { onTransferWritten } from '../store/transferRepository.ts';
import type { TransferView } from './views.ts';

/**
 * Answers repeated reads of one transfer (wallets poll it every few seconds, dashboards more) from
 * memory for a short while. This process's own writes drop the entry at once; another process's
 * writes show within `ttlMs`. `ttlMs` 0 turns it off.
 */
export interface TransferViewCache {
  get(id: string): TransferView | undefined;
  set(id: string, view: TransferView): void;
  /** Stops listening for writes (the composition root calls it on close). */
  close(): void;
}

export function createTransferViewCache(options: { ttlMs: number; maxEntries: number }): TransferViewCache {
  const entries = new Map<string, { view: TransferView; until: number }>();
  const stop = onTransferWritten((id) => entries.delete(id));
  return {
    get(id) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (performance.now() < entry.until) return entry.view;
      entries.delete(id);
      return undefined;
    },
    set(id, view) {
      if (options.ttlMs <= 0) return;
      entries.delete(id);
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(id, { view, until: performance.now() + options.ttlMs });
    },
    close: stop,
  };
}
