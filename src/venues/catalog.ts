/**
 * The 36 venues Strait knows (shared/venues/CATALOG.md), with the capabilities `GET /bridge/venues`
 * publishes. A venue listed here without an adapter in the registry shows `registered: false`.
 *
 * Implemented venues list what their adapter does today (EXACT_IN, EVM calldata or deposit
 * address); the others list what the venue's API offers.
 *
 * Counts the spec fixes and a test checks: 2 `unlinkable`, 6 `custodial-hop`, 28 `none`; exactly
 * two venues with `requiresUserIp`.
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
  readonly feeCapture: 'venue-param' | 'none';
  readonly requiresUserIp: boolean;
  readonly privacyModel: PrivacyModel;
}

export interface CatalogEntry {
  readonly id: string;
  readonly capabilities: VenueCapabilities;
  /** Names of the credentials the venue cannot work without (read as STRAIT_VENUE_<ID>_<NAME>). */
  readonly requiredCredentials: readonly string[];
}

const entry = (
  id: string,
  archetype: Archetype,
  executionShapes: readonly ExecutionShape[],
  options: {
    tradeTypes?: readonly TradeType[];
    feeCapture?: 'venue-param' | 'none';
    requiresUserIp?: boolean;
    privacyModel?: PrivacyModel;
    requiredCredentials?: readonly string[];
  } = {},
): CatalogEntry => ({
  id,
  capabilities: {
    archetype,
    tradeTypes: options.tradeTypes ?? ['EXACT_IN'],
    executionShapes,
    feeCapture: options.feeCapture ?? 'none',
    requiresUserIp: options.requiresUserIp ?? false,
    privacyModel: options.privacyModel ?? 'none',
  },
  requiredCredentials: options.requiredCredentials ?? [],
});

export const VENUE_CATALOG: readonly CatalogEntry[] = [
  entry('across', 'intent', ['evm_calldata'], { feeCapture: 'venue-param' }),
  entry('relay', 'intent', ['evm_calldata'], { feeCapture: 'venue-param' }),
  entry('debridge', 'intent', ['evm_calldata', 'svm_serialized'], { tradeTypes: ['EXACT_IN', 'EXACT_OUT'], feeCapture: 'venue-param' }),
  entry('mayan', 'intent', ['evm_calldata', 'svm_serialized'], { feeCapture: 'venue-param' }),
  entry('nearintents', 'intent', ['deposit_address'], { feeCapture: 'venue-param' }),
  entry('eco', 'intent', ['evm_calldata']),
  entry('garden', 'intent', ['deposit_address', 'evm_calldata', 'svm_serialized'], { requiredCredentials: ['APP_ID'] }),
  entry('meson', 'intent', ['intent_signature', 'evm_calldata']),
  entry('silentswap', 'intent', ['intent_signature'], { privacyModel: 'unlinkable' }),
  entry('lifi', 'aggregator', ['evm_calldata', 'svm_serialized', 'tron_tx', 'utxo_memo'], { tradeTypes: ['EXACT_IN', 'EXACT_OUT'], feeCapture: 'venue-param' }),
  entry('bungee', 'aggregator', ['intent_signature', 'evm_calldata'], { feeCapture: 'venue-param', requiredCredentials: ['API_KEY'] }),
  entry('rango', 'aggregator', ['evm_calldata', 'svm_serialized', 'tron_tx', 'utxo_memo'], { feeCapture: 'venue-param', requiredCredentials: ['API_KEY'] }),
  entry('squid', 'aggregator', ['evm_calldata', 'svm_serialized'], { feeCapture: 'venue-param', requiredCredentials: ['INTEGRATOR_ID'] }),
  entry('rubic', 'aggregator', ['evm_calldata', 'deposit_address'], { feeCapture: 'venue-param' }),
  entry('xyfinance', 'aggregator', ['evm_calldata'], { feeCapture: 'venue-param' }),
  entry('stargate', 'pool', ['evm_calldata']),
  entry('allbridge', 'pool', ['evm_calldata', 'svm_serialized', 'tron_tx']),
  entry('thorchain', 'pool', ['utxo_memo', 'evm_calldata', 'deposit_address'], { feeCapture: 'venue-param' }),
  entry('mayachain', 'pool', ['utxo_memo', 'evm_calldata'], { feeCapture: 'venue-param' }),
  entry('chainflip', 'pool', ['deposit_address', 'evm_calldata'], { feeCapture: 'venue-param' }),
  entry('cbridge', 'pool', ['evm_calldata']),
  entry('cctp', 'canonical', ['evm_calldata']),
  entry('hyperliquid', 'canonical', ['evm_calldata']),
  entry('opstack', 'canonical', ['evm_calldata']),
  entry('arbitrum', 'canonical', ['evm_calldata']),
  entry('usdt0', 'canonical', ['evm_calldata']),
  entry('wormhole', 'canonical', ['evm_calldata']),
  entry('houdini', 'offchain', ['deposit_address'], { requiresUserIp: true, privacyModel: 'unlinkable', requiredCredentials: ['API_KEY', 'API_SECRET'] }),
  entry('changenow', 'offchain', ['deposit_address'], { privacyModel: 'custodial-hop', requiredCredentials: ['API_KEY'] }),
  entry('sideshift', 'offchain', ['deposit_address'], { requiresUserIp: true, privacyModel: 'custodial-hop', requiredCredentials: ['SECRET', 'AFFILIATE_ID'] }),
  entry('fixedfloat', 'offchain', ['deposit_address'], { privacyModel: 'custodial-hop', requiredCredentials: ['API_KEY', 'API_SECRET'] }),
  entry('exolix', 'offchain', ['deposit_address'], { privacyModel: 'custodial-hop' }),
  entry('stealthex', 'offchain', ['deposit_address'], { privacyModel: 'custodial-hop', requiredCredentials: ['API_KEY'] }),
  entry('simpleswap', 'offchain', ['deposit_address'], { privacyModel: 'custodial-hop', requiredCredentials: ['API_KEY'] }),
  entry('gaszip', 'offchain', ['evm_calldata']),
  entry('orbiter', 'offchain', ['evm_calldata']),
];
