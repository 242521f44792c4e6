import { Type, type Static } from 'typebox';

/**
 * Shapes of the ChangeNOW v2 answers the adapter reads (fields as read by Edge's and Cake Wallet's
 * integrations and changenow.md). Only what the mapping uses is required; the rest is optional and
 * extra fields pass through.
 *
 * ChangeNOW writes amounts as JSON numbers in display units (`244.61`); a decimal string is accepted
 * too, so a venue switching to strings does not break the adapter.
 */

export const Amount = Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })]);
const NullableString = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const NullableAmount = Type.Optional(Type.Union([Amount, Type.Null()]));

/** `GET /v2/exchange/range`: `maxAmount` is `null` when the pair has no upper bound. */
export const ChangenowRangeSchema = Type.Object({
  fromCurrency: Type.Optional(Type.String()),
  fromNetwork: Type.Optional(Type.String()),
  toCurrency: Type.Optional(Type.String()),
  toNetwork: Type.Optional(Type.String()),
  flow: Type.Optional(Type.String()),
  minAmount: Amount,
  maxAmount: Type.Union([Amount, Type.Null()]),
});
export type ChangenowRange = Static<typeof ChangenowRangeSchema>;

/** `GET /v2/exchange/estimated-amount` (`type=direct`). `rateId` and `validUntil` come with `flow=fixed-rate&useRateId=true`. */
export const ChangenowEstimateSchema = Type.Object({
  fromCurrency: Type.String(),
  fromNetwork: Type.String(),
  toCurrency: Type.String(),
  toNetwork: Type.String(),
  flow: Type.String(),
  type: Type.Optional(Type.String()),
  rateId: NullableString,
  validUntil: NullableString,
  /** Minutes, as a range (`"10-60"`) or a single number. */
  transactionSpeedForecast: NullableString,
  warningMessage: NullableString,
  fromAmount: Amount,
  toAmount: Amount,
  depositFee: NullableAmount,
  withdrawalFee: NullableAmount,
  userId: NullableString,
});
export type ChangenowEstimate = Static<typeof ChangenowEstimateSchema>;

/** The error body ChangeNOW answers with (HTTP 4xx, and some estimate answers). */
export const ChangenowErrorSchema = Type.Object({ error: Type.String(), message: Type.Optional(Type.String()) });
export type ChangenowError = Static<typeof ChangenowErrorSchema>;

/** An estimate answer is either a price or an error body carrying `error`. */
export const ChangenowEstimateAnswerSchema = Type.Union([ChangenowEstimateSchema, ChangenowErrorSchema]);

/** `POST /v2/exchange` answer: the order and where to pay it. */
export const ChangenowExchangeSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  fromAmount: Amount,
  toAmount: Amount,
  flow: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  payinAddress: Type.String({ minLength: 1 }),
  payoutAddress: Type.Optional(Type.String()),
  payinExtraId: NullableString,
  payoutExtraId: NullableString,
  fromCurrency: Type.String(),
  fromNetwork: Type.String(),
  toCurrency: Type.String(),
  toNetwork: Type.String(),
  refundAddress: NullableString,
  refundExtraId: NullableString,
  rateId: NullableString,
  validUntil: NullableString,
});
export type ChangenowExchange = Static<typeof ChangenowExchangeSchema>;

/** `GET /v2/exchange/by-id`. `status` stays a free string: unknown values map to pending. */
export const ChangenowStatusSchema = Type.Object({
  id: Type.String(),
  status: Type.String({ minLength: 1 }),
  actionsAvailable: Type.Optional(Type.Boolean()),
  fromCurrency: Type.Optional(Type.String()),
  fromNetwork: Type.Optional(Type.String()),
  toCurrency: Type.Optional(Type.String()),
  toNetwork: Type.Optional(Type.String()),
  expectedAmountFrom: NullableAmount,
  expectedAmountTo: NullableAmount,
  amountFrom: NullableAmount,
  amountTo: NullableAmount,
  payinAddress: NullableString,
  payoutAddress: NullableString,
  payinExtraId: NullableString,
  payoutExtraId: NullableString,
  refundAddress: NullableString,
  refundExtraId: NullableString,
  createdAt: NullableString,
  updatedAt: NullableString,
  depositReceivedAt: NullableString,
  payinHash: NullableString,
  payoutHash: NullableString,
  refundHash: NullableString,
  refundAmount: NullableAmount,
  validUntil: NullableString,
});
export type ChangenowStatus = Static<typeof ChangenowStatusSchema>;

/** `GET /v2/exchange/currencies?active=true&isFiat=false` rows. */
export const ChangenowCurrenciesSchema = Type.Array(
  Type.Object({
    ticker: Type.String(),
    name: Type.Optional(Type.String()),
    network: Type.String(),
    tokenContract: Type.Union([Type.String(), Type.Null()]),
    legacyTicker: Type.Optional(Type.String()),
    isExtraIdSupported: Type.Optional(Type.Boolean()),
    supportsFixedRate: Type.Optional(Type.Boolean()),
    isFiat: Type.Optional(Type.Boolean()),
    buy: Type.Optional(Type.Boolean()),
    sell: Type.Optional(Type.Boolean()),
  }),
);
export type ChangenowCurrencies = Static<typeof ChangenowCurrenciesSchema>;

const Stored = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const StoredAtomic = Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Null()]));

/**
 * The context the adapter stores with a quote and with its build, merged as the engine hands it to
 * `status`. Every field is optional: a quote's context lacks the build's fields, and a context written
 * by an older adapter may lack newer ones.
 */
export const ChangenowContextSchema = Type.Object({
  flow: Stored,
  /** The fixed-rate lock of the quote (and the rate the exchange was created at). */
  rateId: Stored,
  validUntil: Stored,
  fromCurrency: Stored,
  fromNetwork: Stored,
  toCurrency: Stored,
  toNetwork: Stored,
  toAmount: Stored,
  warningMessage: Stored,
  integratorFeeNote: Stored,
  /** The guaranteed output, atomic units: a payout below it is `partial`. */
  minAmountOut: StoredAtomic,
  exchangeId: Stored,
  payinAddress: Stored,
  payinExtraId: Stored,
  fromAmount: Stored,
});
export type ChangenowContext = Static<typeof ChangenowContextSchema>;
