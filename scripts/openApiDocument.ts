import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createStrait } from '../src/createStrait.ts';

/**
 * The document /v1/openapi.json serves, from an app on an in-memory store with no worker and no
 * network: the document depends on the routes and schemas only, not on configuration.
 */
export async function openApiDocument(): Promise<unknown> {
  const strait = await createStrait(loadConfig({ STRAIT_DATA_DIR: 'memory', STRAIT_PORT: '0', STRAIT_PRICE_SOURCE: 'fixed', STRAIT_RATE_LIMIT_PER_MINUTE: '0', STRAIT_VENUE_SNAPSHOTS: 'false' }), { logger: pino({ level: 'silent' }), worker: false });
  try {
    const response = await strait.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`/v1/openapi.json answered ${response.statusCode}: ${response.body}`);
    return response.json();
  } finally {
    await strait.close();
  }
}
