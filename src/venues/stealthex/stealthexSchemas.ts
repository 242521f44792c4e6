import { Type, type Static } from 'typebox';

/**
 * Shapes of the StealthEX v4 answers the adapter reads (fields as read by Edge's and Cake Wallet's
 * integrations and stealthex.md). Only what the mapping uses is required; extra fields pass through.
 *
 * StealthEX writes amounts as JSON numbers in display units (`243.87`); a numeric string is accepted too
 * (Edge tolerates them on `/rates/range`).
 */

export const Amount = Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })]);
const NullableString = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const NullableAmount = Type.Optional(Type.Union([Amount, Type.Null()]));
/** `extra_id` is a string or a number (Edge), blank or null when there is none. */
const ExtraId = Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()]));

/** `POST /v4/rates/range`: `max_amount` null or absent when unbounded; in the pinned side's units. */
export const StealthexRangeSchema = Type.Object({
  min_amount: Amount,
  max_amount: NullableAmount,
});
export type StealthexRange = Static<typeof StealthexRangeSchema>;

/** `POST /v4/rates/estimated-amount`: a fixed estimate carries `rate` (its id locks it until `valid_until`). */
export const StealthexEstimateSchema = Type.Object({
  estimated_amount: Amount,
  rate: Type.Optional(Type.Union([Type.Object({ id: Type.String({ minLength: 1 }), valid_until: NullableString }), Type.Null()])),
});
export type StealthexEstimate = Static<typeof StealthexEstimateSchema>;

/** The error body StealthEX answers a non-2xx with. */
export const StealthexErrorSchema = Type.Object({ err: Type.Object({ kind: Type.String(), details: Type.Optional(Type.Unknown()) }) });
export type StealthexError = Static<typeof StealthexErrorSchema>;

const Side = Type.Object({
  symbol: Type.String(),
  network: Type.String(),
  address: Type.String(),
  extra_id: ExtraId,
  amount: NullableAmount,
  expected_amount: Amount,
  /** Payout (or payin) transaction hash: `tx_hash` on both sides of recorded v4 answers, null until sent. */
  tx_hash: NullableString,
});

/** `POST /v4/exchanges` (HTTP 201) and `GET /v4/exchanges/{id}`: the order and where to pay it. */
export const StealthexExchangeSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  /** A free string: unknown values map to pending. */
  status: Type.String({ minLength: 1 }),
  created_at: NullableString,
  expires_at: NullableString,
  /** The rate the exchange runs at: recorded v4 answers echo it as a string (`"floating"`); build refuses any but `fixed`. */
  rate: Type.Optional(Type.Unknown()),
  refund_address: NullableString,
  deposit: Side,
  withdrawal: Side,
});
export type StealthexExchange = Static<typeof StealthexExchangeSchema>;

/** `GET /v4/currencies?limit=&offset=` rows. */
export const StealthexCurrenciesSchema = Type.Array(
  Type.Object({
    symbol: Type.String(),
    network: Type.String(),
    name: Type.Optional(Type.String()),
    rates: Type.Optional(Type.Array(Type.String())),
    contract_address: Type.Union([Type.String(), Type.Null()]),
    extra_id: NullableString,
  }),
);
export type StealthexCurrencies = Static<typeof StealthexCurrenciesSchema>;

const Stored = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const StoredAtomic = Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Null()]));

/**
 * The context the adapter stores with a quote and with its build, merged as the engine hands it to
 * `status`. Every field is optional: a quote's context lacks the build's fields, and a context written
 * by an older adapter may lack newer ones.
 */
export const StealthexContextSchema = Type.Object({
  rate: Stored,
  /** The fixed-rate lock of the quote (and the rate the exchange was created at). */
  rateId: Stored,
  validUntil: Stored,
  fromSymbol: Stored,
  fromNetwork: Stored,
  toSymbol: Stored,
  toNetwork: Stored,
  estimatedAmount: Stored,
  integratorFeeNote: Stored,
  /** The guaranteed output, atomic units: a payout below it is `partial`. */
  minAmountOut: StoredAtomic,
  exchangeId: Stored,
  depositAddress: Stored,
  depositExtraId: Stored,
  expiresAt: Stored,
  depositAmount: Stored,
  withdrawalAmount: Stored,
});
export type StealthexContext = Static<typeof StealthexContextSchema>;
