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
const TX_HASH = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' });

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

/** `GET /suggested-fees`. `outputAmount` is absent from older API releases (derive it from the fee). */
export const AcrossSuggestedFeesSchema = Type.Object({
  outputAmount: Type.Optional(UINT_STRING),
  totalRelayFee: FeeSchema,
  isAmountTooLow: Type.Optional(Type.Boolean()),
  limits: AcrossLimitsSchema,
  estimatedFillTimeSec: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^[0-9]+$' })])),
  timestamp: AcrossUint,
  fillDeadline: AcrossUint,
  exclusiveRelayer: EVM_ADDRESS,
  exclusivityDeadline: AcrossUint,
  spokePoolAddress: EVM_ADDRESS,
  destinationSpokePoolAddress: Type.Optional(EVM_ADDRESS),
  quoteBlock: Type.Optional(AcrossUint),
  inputToken: Type.Optional(TokenRefSchema),
  outputToken: Type.Optional(TokenRefSchema),
});
export type AcrossSuggestedFees = Static<typeof AcrossSuggestedFeesSchema>;

/** Every `status` value Across documents for `/deposit/status`. */
export const ACROSS_DEPOSIT_STATUSES = ['pending', 'slowFillRequested', 'filled', 'expired', 'refunded'] as const;
export type AcrossDepositStatus = (typeof ACROSS_DEPOSIT_STATUSES)[number];

/**
 * `GET /deposit/status`. `status` stays a free string: an undocumented value must reach the status
 * table (which keeps it pending), not fail validation. Old and new names of the hashes are both read.
 */
export const AcrossDepositStatusSchema = Type.Object({
  status: Type.String({ minLength: 1 }),
  originChainId: Type.Optional(AcrossUint),
  destinationChainId: Type.Optional(AcrossUint),
  depositId: Type.Optional(AcrossUint),
  depositTxnRef: Type.Optional(Type.Union([TX_HASH, Type.Null()])),
  depositTxHash: Type.Optional(Type.Union([TX_HASH, Type.Null()])),
  fillTxnRef: Type.Optional(Type.Union([TX_HASH, Type.Null()])),
  fillTx: Type.Optional(Type.Union([TX_HASH, Type.Null()])),
  depositRefundTxnRef: Type.Optional(Type.Union([TX_HASH, Type.Null()])),
  depositRefundTxHash: Type.Optional(Type.Union([TX_HASH, Type.Null()])),
  actionsSucceeded: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
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

/**
 * What quote stores in `VenueQuote.context` and build/status read back. Kept as strings so the
 * context survives the JSON round trip through the store unchanged.
 */
export const AcrossQuoteContextSchema = Type.Object({
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
export type AcrossQuoteContext = Static<typeof AcrossQuoteContextSchema>;
