import pino from 'pino';
import { loadConfig, type Env } from '../src/config.ts';
import { createStrait, type Strait } from '../src/createStrait.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import type { VenueStandIn } from '../src/venues/VenueModule.ts';
import { withStandIns } from '../src/venues/withStandIns.ts';

/** Tests never reach the internet: with the real adapters, a venue no test points at a fake answers from a closed loopback port. */
function offline(): Env {
  return Object.fromEntries(VENUE_MODULES.map((v) => [`STRAIT_VENUE_${v.id.toUpperCase()}_BASE_URL`, 'http://127.0.0.1:9']));
}

/**
 * A Strait on an in-memory PGlite with no worker, for route tests with `inject()`. Rate limits are off
 * (every injected call comes from one address); rate-limit tests switch them on through `env`.
 * Coverage snapshots are off (venues point at fakes or closed ports); a test switches them on through `env`.
 * With `standIns`, those doubles are the only built venues (the rest of the list is planned).
 */
export async function createTestStrait(env: Env = {}, standIns?: readonly VenueStandIn[]): Promise<Strait> {
  const config = loadConfig({ STRAIT_DATA_DIR: 'memory', STRAIT_PORT: '0', STRAIT_PRICE_SOURCE: 'fixed', STRAIT_RATE_LIMIT_PER_MINUTE: '0', STRAIT_VENUE_SNAPSHOTS: 'false', ...(standIns ? {} : offline()), ...env });
  return createStrait(config, { logger: pino({ level: 'silent' }), worker: false, ...(standIns ? { modules: withStandIns(VENUE_MODULES, standIns) } : {}) });
}
