/**
 * What `GET /bridge/venues` publishes of a venue (spec: Venue `capabilities`), declared by the venue's
 * own module. Built venues state what their adapter does today (e.g. EXACT_IN, EVM calldata or a
 * deposit address); planned venues state what the venue's API offers.
 */

export type Archetype = 'aggregator' | 'intent' | 'pool' | 'canonical' | 'offchain';
export type PrivacyModel = 'unlinkable' | 'custodial-hop' | 'none';
export type TradeType = 'EXACT_IN' | 'MIN_OUT' | 'EXACT_OUT';
export type ExecutionShape =
  | 'evm_calldata'
  | 'svm_serialized'
  | 'tron_tx'
  | 'deposit_address'
  | 'intent_signature'
  | 'intent'
  | 'utxo_memo'
  | 'unsupported';

export interface VenueCapabilities {
  readonly archetype: Archetype;
  readonly tradeTypes: readonly TradeType[];
  readonly executionShapes: readonly ExecutionShape[];
  /**
   * `venue-param`: the adapter passes `integratorFee` to the venue, which takes Strait's platform fee
   * itself and pays it to the fee wallet; the engine then leaves that cut out of its own fee steps.
   * A built venue says so only when its adapter really sends the fee.
   */
  readonly feeCapture: 'venue-param' | 'none';
  /** The venue refuses or geo-gates calls without the end user's IP (sent per call). */
  readonly requiresUserIp: boolean;
  readonly privacyModel: PrivacyModel;
}

/** Whether the venue collects Strait's platform fee through its own integrator-fee parameter. */
export function takesIntegratorFee(capabilities: VenueCapabilities): boolean {
  return capabilities.feeCapture === 'venue-param';
}
