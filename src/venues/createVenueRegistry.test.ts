import { describe, expect, it } from 'vitest';
import { allbridgeVenue } from './allbridge/allbridgeVenue.ts';
import { createVenueRegistry } from './createVenueRegistry.ts';

/** A venue with no public API of its own is routable only once the operator names the server it runs. */
describe('venue registry: a venue that needs its base URL', () => {
  const registry = (baseUrl: string | undefined) =>
    createVenueRegistry({ modules: [allbridgeVenue], venues: { allbridge: { enabled: true, baseUrl, credentials: {} } }, evm: () => null });

  it('is enabled: false, saying which variable to set, until STRAIT_VENUE_<ID>_BASE_URL is given', () => {
    const listed = registry(undefined).get('allbridge');
    expect(listed).toMatchObject({ enabled: false, notRoutableReason: expect.stringContaining('STRAIT_VENUE_ALLBRIDGE_BASE_URL') });
    expect(registry(undefined).routable()).toEqual([]);
  });

  it('is routable once it is given', () => {
    expect(registry('http://127.0.0.1:9/allbridge').get('allbridge')).toMatchObject({ enabled: true, notRoutableReason: null });
  });
});
