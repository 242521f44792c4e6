import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { openStore, type Store } from '../../store/openStore.ts';

/** The store could not be opened from this process; the message says why and what to do. */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
}

/**
 * Opens the store the service uses, chosen from the same environment (`DATABASE_URL`, else the PGlite
 * data directory), without migrating it: operator commands look, `strait migrate up` changes.
 * `create` (strait migrate up) lets a new PGlite data directory be made. An in-memory PGlite lives inside the process that created it; another process cannot see it.
 */
export async function openOperatorStore(config: Config, options: { readonly create?: boolean } = {}): Promise<Store> {
  if (!config.databaseUrl) {
    if (config.dataDir === 'memory') {
      throw new StoreUnavailable('the store is an in-memory PGlite (STRAIT_DATA_DIR=memory): it exists only inside the process running Strait and cannot be inspected from another process. Run Strait with STRAIT_DATA_DIR=<directory> or DATABASE_URL to use these commands');
    }
    // PGlite would create an empty database in a directory without one; an operator asking about a store means an existing one.
    if (!options.create && !existsSync(resolve(config.dataDir, 'PG_VERSION'))) {
      throw new StoreUnavailable(`no PGlite database in ${resolve(config.dataDir)} (STRAIT_DATA_DIR${config.dataDir === './data' ? ' unset, default ./data' : ''}); set STRAIT_DATA_DIR to the service's data directory, or DATABASE_URL`);
    }
  }
  let store: Store;
  try {
    store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: false });
  } catch (error) {
    throw new StoreUnavailable(`the store cannot be opened: ${(error as Error).message}`, { cause: error });
  }
  try {
    // The PostgreSQL pool connects on first use: a wrong URL is reported here, not as a failed query.
    await store.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    return store;
  } catch (error) {
    await store.close().catch(() => undefined);
    throw new StoreUnavailable(`the store does not answer: ${(error as Error).message}`, { cause: error });
  }
}

/** Where the store is, for messages: never a password. */
export function storeLabel(config: Config): string {
  if (!config.databaseUrl) return `PGlite in ${resolve(config.dataDir)}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
