import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { takesIntegratorFee } from './venueCapabilities.ts';
import { VENUE_MODULES } from './venueModules.ts';
import { isBuilt } from './VenueModule.ts';

describe('VENUE_MODULES, the one venue list', () => {
  it('names the 36 catalogue venues once each, in ids usable in STRAIT_VENUE_<ID>_* names', () => {
    const ids = VENUE_MODULES.map((v) => v.id);
    expect(ids).toHaveLength(36);
    expect(new Set(ids).size).toBe(36);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+$/);
  });

  it('holds the counts the spec fixes: 2 unlinkable, 6 custodial-hop, 28 none; exactly two need the user IP', () => {
    const count = (model: string) => VENUE_MODULES.filter((v) => v.capabilities.privacyModel === model).length;
    expect([count('unlinkable'), count('custodial-hop'), count('none')]).toEqual([2, 6, 28]);
    expect(VENUE_MODULES.filter((v) => v.capabilities.requiresUserIp).map((v) => v.id).sort()).toEqual(['houdini', 'sideshift']);
  });

  it('keeps each built module in its own folder, src/venues/<id>/', () => {
    for (const module of VENUE_MODULES.filter(isBuilt)) expect(existsSync(new URL(`./${module.id}/`, import.meta.url)), module.id).toBe(true);
  });

  it('says venue-param only for adapters that send the integrator fee (Relay appFees, Rango referrerFee)', () => {
    expect(VENUE_MODULES.filter(isBuilt).filter((m) => takesIntegratorFee(m.capabilities)).map((m) => m.id).sort()).toEqual(['rango', 'relay']);
  });

  it('gives every built venue a base URL and the planned ones no adapter', () => {
    for (const entry of VENUE_MODULES) {
      if (isBuilt(entry)) expect(() => new URL(entry.defaultBaseUrl), entry.id).not.toThrow();
      else expect(entry).not.toHaveProperty('create');
    }
  });
});
