import type { PlannedVenue } from './VenueModule.ts';
import type { Archetype, ExecutionShape, PrivacyModel, TradeType } from './venueCapabilities.ts';

/**
 * A `VENUE_MODULES` line for a venue that has no adapter yet: what its API offers, published by
 * `GET /bridge/venues` with `registered: false`. Defaults: EXACT_IN, no fee capture, no user IP, no
 * privacy, no credentials.
 */
export function planned(
  id: string,
  archetype: Archetype,
  executionShapes: readonly ExecutionShape[],
  options: {
    readonly tradeTypes?: readonly TradeType[];
    readonly feeCapture?: 'venue-param' | 'none';
    readonly requiresUserIp?: boolean;
    readonly privacyModel?: PrivacyModel;
    readonly requiredCredentials?: readonly string[];
  } = {},
): PlannedVenue {
  return {
    id,
    planned: true,
    capabilities: {
      archetype,
      tradeTypes: options.tradeTypes ?? ['EXACT_IN'],
      executionShapes,
      feeCapture: options.feeCapture ?? 'none',
      requiresUserIp: options.requiresUserIp ?? false,
      privacyModel: options.privacyModel ?? 'none',
    },
    requiredCredentials: options.requiredCredentials ?? [],
  };
}
