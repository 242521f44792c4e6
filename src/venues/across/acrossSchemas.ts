import { Type, type Static } from 'typebox';

/**
 * Schemas of the Across API answers the adapter reads (bridge-only path: `/suggested-fees`,
 * `/limits`, `/deposit/status`) and of its error body. Only the fields the adapter uses are
 * required; the rest of each payload passes through untouched.
 *
 * Across writes integers sometimes as decimal strings and sometimes as JSON numbers depending on
 * the field and the API release (`exclusivityDeadline`, `limits.*`, `depositId`), so every integer
 * accepts both.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
/** A non-negative integer, as a decimal string or a JSON number. */
export const AcrossUint = Type.Union([UINT_STRING, Type.Integer({ minimum: 0 })]);
const EVM_ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

const FeeSchema = Type.Object({ pct: Type.Optional(Type.String()), total: UINT_STRING });

const TokenRefSchema = Type.Object({
  address: EVM_ADDRESS,
  symbol: Type.Optional(Type.String()),
  decimals: Type.Optional(Type.Integer()),
  chainId: Type.Optional(Type.Integer()),
});

export const AcrossLimitsSchema = Type.Object({
  minDeposit: AcrossUint,
  maxDeposit: AcrossUint,
  maxDepositInstant: Type.Optional(AcrossUint),
  maxDepositShortDelay: Type.Optional(AcrossUint),
  recommendedDepositInstant: Type.Optional(AcrossUint),
});
export type AcrossLimits = Static<typeof AcrossLimitsSchema>;

/**
 * `GET /suggested-fees`. Fields were added over the API's releases: an answer of October 2024
 * (Across's own SDK test data) has neither `outputAmount` nor `fillDeadline` nor the token echoes,
 * so those stay optional and the mapping derives them the way the API itself does.
 */
export const AcrossSuggestedFeesSchema = Type.Object({
  outputAmount: Type.Optional(UINT_STRING),
  totalRelayFee: FeeSchema,
  isAmountTooLow: Type.Optional(Type.Boolean()),
  limits: AcrossLimitsSchema,
  estimatedFillTimeSec: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^[0-9]+$' })])),
  timestamp: AcrossUint,
  fillDeadline: Type.Optional(AcrossUint),
  exclusiveRelayer: Type.Optional(EVM_ADDRESS),
  /** An offset in seconds in older answers ("10"), an absolute timestamp in newer ones; depositV3 takes both. */
  exclusivityDeadline: Type.Optional(AcrossUint),
  spokePoolAddress: EVM_ADDRESS,
  destinationSpokePoolAddress: Type.Optional(EVM_ADDRESS),
  quoteBlock: Type.Optional(AcrossUint),
  inputToken: Type.Optional(TokenRefSchema),
  outputToken: Type.Optional(TokenRefSchema),
});
export type AcrossSuggestedFees = Static<typeof AcrossSuggestedFeesSchema>;

/** One route of `GET /available-routes` (the venue's published coverage). */
export const AcrossRouteSchema = Type.Object({
  originChainId: AcrossUint,
  originToken: EVM_ADDRESS,
  destinationChainId: AcrossUint,
  destinationToken: EVM_ADDRESS,
  originTokenSymbol: Type.Optional(Type.String()),
  destinationTokenSymbol: Type.Optional(Type.String()),
  isNative: Type.Optional(Type.Boolean()),
});
export const AcrossRoutesSchema = Type.Array(AcrossRouteSchema);
export type AcrossRoute = Static<typeof AcrossRouteSchema>;

/**
 * Every `status` value `/deposit/status` answers: the five it documents, `slowFilled` (the indexer's
 * RelayStatus for a deposit Across filled from its own pool, passed through as is) and the gasless
 * `deposit-pending` / `deposit-failed` (across-protocol/indexer `services/deposits.ts`).
 */
export const ACROSS_DEPOSIT_STATUSES = ['pending', 'slowFillRequested', 'slowFilled', 'filled', 'expired', 'refunded', 'deposit-pending', 'deposit-failed'] as const;
export type AcrossDepositStatus = (typeof ACROSS_DEPOSIT_STATUSES)[number];

/** A hash or id the venue may leave null (or omit) while a deposit is in flight. */
const NullableRef = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const NullableUint = Type.Optional(Type.Union([AcrossUint, Type.Null()]));

/**
 * `GET /deposit/status`. Only `status` is required, and it stays a free string: an undocumented value
 * must reach the status table (which keeps it pending), not fail validation. Every other field may be
 * null or absent: the indexer answers `destinationChainId: null` for a CCTP leg not minted yet (it
 * serialises NaN), the docs example spells `actionsSucceeded` as the string "null,", and hashes are
 * not always EVM hashes (Solana fills). Old and new names of the hashes are both read.
 */
export const AcrossDepositStatusSchema = Type.Object({
  status: Type.String({ minLength: 1 }),
  originChainId: NullableUint,
  destinationChainId: NullableUint,
  depositId: Type.Optional(Type.Union([Type.String(), Type.Integer(), Type.Null()])),
  depositTxnRef: NullableRef,
  depositTxHash: NullableRef,
  fillTxnRef: NullableRef,
  fillTx: NullableRef,
  depositRefundTxnRef: NullableRef,
  depositRefundTxHash: NullableRef,
  /** Only a literal `false` means the destination actions failed; anything else says nothing. */
  actionsSucceeded: Type.Optional(Type.Unknown()),
  swapOutputToken: Type.Optional(Type.Union([EVM_ADDRESS, Type.Null()])),
  swapOutputAmount: Type.Optional(Type.Union([UINT_STRING, Type.Null()])),
});
export type AcrossDepositStatusResponse = Static<typeof AcrossDepositStatusSchema>;

/** The error body of every Across endpoint (`api/_errors.ts` in across-protocol/frontend). */
export const AcrossApiErrorSchema = Type.Object({
  type: Type.Literal('AcrossApiError'),
  code: Type.String(),
  status: Type.Optional(Type.Integer()),
  message: Type.Optional(Type.String()),
  param: Type.Optional(Type.String()),
});
export type AcrossApiError = Static<typeof AcrossApiErrorSchema>;

const HEX = Type.String({ pattern: '^0x([0-9a-fA-F]{2})*$' });

/** An EVM transaction of the Swap API (`swapTx`, `approvalTxns[]`). */
const SwapTxSchema = Type.Object({
  chainId: Type.Integer({ minimum: 1 }),
  to: EVM_ADDRESS,
  data: HEX,
  value: Type.Optional(Type.Union([AcrossUint, Type.Null()])),
});

/**
 * `GET /swap/approval` (the Swap API), read only for a HyperCore destination. Its shape is the one
 * across-protocol/frontend `api/swap/_utils.ts` `buildBaseSwapResponseJson` writes: amounts as decimal
 * strings in the output token's decimals (USDC-SPOT: 8), `quoteExpiryTimestamp` 0 when the bridge is
 * not Across's own (the CCTP routes to HyperCore), `swapTx` the origin call. Nothing here is recorded
 * from the live API (fixtures/synthetic/SOURCES.json).
 */
export const AcrossSwapApprovalSchema = Type.Object({
  inputAmount: AcrossUint,
  expectedOutputAmount: AcrossUint,
  minOutputAmount: AcrossUint,
  expectedFillTime: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
  quoteExpiryTimestamp: Type.Optional(Type.Union([AcrossUint, Type.Null()])),
  outputToken: Type.Optional(Type.Object({ address: Type.String(), decimals: Type.Optional(Type.Integer({ minimum: 0 })), chainId: Type.Optional(Type.Integer()) })),
  approvalTxns: Type.Optional(Type.Union([Type.Array(SwapTxSchema), Type.Null()])),
  swapTx: SwapTxSchema,
  steps: Type.Optional(Type.Unknown()),
  id: Type.Optional(Type.String()),
});
export type AcrossSwapApproval = Static<typeof AcrossSwapApprovalSchema>;

/**
 * What a HyperCore credit stores: the route marker, the output in Strait's units (status reports it
 * as received), and, from build, the origin chain. Build re-quotes the Swap API, so no calldata is kept.
 */
export const AcrossHyperCoreContextSchema = Type.Object({
  route: Type.Literal('hypercore'),
  originChainId: Type.Integer(),
  destinationChainId: Type.Literal(1337),
  outputAmount: UINT_STRING,
});
export type AcrossHyperCoreContext = Static<typeof AcrossHyperCoreContextSchema>;

/**
 * The context the adapter stores with a SpokePool quote (and its build, which repeats `originChainId`
 * and `spokePoolAddress`) and reads back in build and status, merged as the engine passes it to `status`.
 * Kept as strings so it survives the JSON round trip through the store unchanged.
 */
export const AcrossBridgeContextSchema = Type.Object({
  originChainId: Type.Integer(),
  destinationChainId: Type.Integer(),
  inputToken: EVM_ADDRESS,
  outputToken: EVM_ADDRESS,
  isNative: Type.Boolean(),
  outputAmount: UINT_STRING,
  timestamp: UINT_STRING,
  fillDeadline: UINT_STRING,
  exclusiveRelayer: EVM_ADDRESS,
  exclusivityDeadline: UINT_STRING,
  spokePoolAddress: EVM_ADDRESS,
});
export type AcrossContext = Static<typeof AcrossBridgeContextSchema>;

/** Every context the adapter writes: a SpokePool deposit's or a HyperCore credit's. */
export const AcrossContextSchema = Type.Union([AcrossBridgeContextSchema, AcrossHyperCoreContextSchema]);
