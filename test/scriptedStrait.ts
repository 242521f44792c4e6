import type { Env } from '../src/config.ts';
import type { Strait } from '../src/createStrait.ts';
import { startScriptedVenues, type ScriptedBehaviour, type ScriptedVenues } from '../src/venues/fake/scriptedVenue.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { createTestStrait } from './testStrait.ts';

export const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const FEE_WALLET = '0x000000000000000000000000000000000000FEE1';

/** Every credential the listed venues require, so no venue is disabled for lack of one unless a test says so. */
export function allCredentials(except: readonly string[] = []): Env {
  const env: Record<string, string> = {};
  for (const { id, requiredCredentials } of VENUE_MODULES) {
    if (except.includes(id)) continue;
    for (const name of requiredCredentials) env[`STRAIT_VENUE_${id.toUpperCase()}_${name}`] = 'test-credential';
  }
  return env;
}

/** The 36 listed venues as scripted fakes, `noRoute` unless a behaviour is given. */
export function behavioursFor(overrides: Readonly<Record<string, ScriptedBehaviour>>): Record<string, ScriptedBehaviour> {
  return Object.fromEntries(VENUE_MODULES.map(({ id }) => [id, overrides[id] ?? { kind: 'noRoute' }]));
}

export interface ScriptedStrait {
  readonly strait: Strait;
  readonly venues: ScriptedVenues;
  quote(body: Record<string, unknown>): Promise<{ status: number; body: QuoteAnswer }>;
  close(): Promise<void>;
}

export type { QuoteRowView as QuoteRow } from '../src/engine/views.ts';
import type { QuoteRowView as QuoteRow } from '../src/engine/views.ts';

export interface QuoteAnswer {
  decisionId: string;
  best: QuoteRow | null;
  bestByPrice: string | null;
  bestByTime: string | null;
  quotes: QuoteRow[];
  rejected: { venue: string; code: string; message: string; details?: Record<string, unknown> }[];
  fees: { platform: Record<string, unknown> | null; referral: Record<string, unknown> | null };
  expiresAt: number;
  emptyReason?: string;
  notes: string[];
}

export const USDC_QUOTE = { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '1000000000', sender: SENDER, recipient: SENDER };

export async function startScriptedStrait(behaviours: Readonly<Record<string, ScriptedBehaviour>>, env: Env = {}): Promise<ScriptedStrait> {
  const venues = await startScriptedVenues(behavioursFor(behaviours));
  const strait = await createTestStrait({ ...allCredentials(), STRAIT_RATE_LIMIT_PER_MINUTE: '100000', ...env }, venues.modules);
  return {
    strait,
    venues,
    async quote(body) {
      const response = await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: body });
      return { status: response.statusCode, body: response.json() as QuoteAnswer };
    },
    async close() {
      await strait.close();
      await venues.close();
    },
  };
}
