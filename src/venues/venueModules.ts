import { acrossVenue } from './across/acrossVenue.ts';
import { cctpVenue } from './cctp/cctpVenue.ts';
import { exolixVenue } from './exolix/exolixVenue.ts';
import { houdiniVenue } from './houdini/houdiniVenue.ts';
import { changenowVenue } from './changenow/changenowVenue.ts';
import { nearIntentsVenue } from './nearintents/nearIntentsVenue.ts';
import { relayVenue } from './relay/relayVenue.ts';
import { sideShiftVenue } from './sideshift/sideShiftVenue.ts';
import { stealthexVenue } from './stealthex/stealthexVenue.ts';
import type { VenueModule } from './VenueModule.ts';

/** Every implemented venue: adding one is its folder plus one line here. */
export const VENUE_MODULES: readonly VenueModule[] = [acrossVenue, relayVenue, cctpVenue, nearIntentsVenue, changenowVenue, sideShiftVenue, houdiniVenue, stealthexVenue, exolixVenue];
