import { Type } from 'typebox';
import type { VenueEntry, VenueModule, VenueStandIn } from './VenueModule.ts';

const ANY_CONTEXT = Type.Object({}, { additionalProperties: true });

/**
 * The venue list with doubles standing in for listed venues (tests, bench): each stand-in replaces
 * the entry of its id and keeps that entry's capabilities and credentials unless it states its own;
 * every other built venue becomes planned (listed, `registered: false`), so only the stand-ins route.
 * A stand-in for an id the list does not name is a mistake in the test and throws.
 */
export function withStandIns(entries: readonly VenueEntry[], standIns: readonly VenueStandIn[]): VenueEntry[] {
  const byId = new Map(standIns.map((s) => [s.id, s]));
  for (const id of byId.keys()) {
    if (!entries.some((e) => e.id === id)) throw new Error(`stand-in for '${id}', which the venue list does not name`);
  }
  return entries.map((entry): VenueEntry => {
    const standIn = byId.get(entry.id);
    const listing = { id: entry.id, capabilities: entry.capabilities, requiredCredentials: entry.requiredCredentials };
    if (!standIn) return { ...listing, planned: true };
    const module: VenueModule = {
      ...standIn,
      capabilities: { ...entry.capabilities, ...standIn.capabilities },
      requiredCredentials: standIn.requiredCredentials ?? entry.requiredCredentials,
      contextSchema: standIn.contextSchema ?? ANY_CONTEXT,
    };
    return module;
  });
}
