import { Type, type Static } from 'typebox';

/**
 * Shapes of the Exolix v2 answers the adapter reads (fields as read by Edge's and Cake Wallet's
 * integrations and exolix.md). Only what the mapping uses is required; the rest is optional and
 * extra fields pass through.
 *
 * Exolix writes amounts as JSON numbers in display units (`244.9`); a decimal string is accepted too,
 * so a venue switching to strings does not break the adapter.
 */

export const Amount = Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })]);
const NullableString = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const NullableAmount = Type.Optional(Type.Union([Amount, Type.Null()]));

/**
 * `GET /v2/rate`: `message` is `null` on success, a reason otherwise (the same shape comes back with
 * HTTP 422 for an amount under the minimum).
 */
export const ExolixRateSchema = Type.Object({
  fromAmount: Amount,
  toAmount: Amount,
  rate: NullableAmount,
  message: NullableString,
  minAmount: NullableAmount,
  withdrawMin: NullableAmount,
  maxAmount: NullableAmount,
});
export type ExolixRate = Static<typeof ExolixRateSchema>;

const Coin = Type.Object({
  coinCode: Type.String(),
  coinName: Type.Optional(Type.String()),
  network: Type.String(),
  networkName: Type.Optional(Type.String()),
  /** The token contract on `network` (recorded answers carry `0xeee…` for native ETH). */
  contract: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

const Hash = Type.Optional(Type.Union([Type.Object({ hash: NullableString, link: NullableString }), Type.Null()]));

/** `POST /v2/transactions` and `GET /v2/transactions/{id}`: one transaction object. `status` stays free. */
export const ExolixTransactionSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  amount: Amount,
  amountTo: Amount,
  coinFrom: Coin,
  coinTo: Coin,
  depositAddress: Type.String({ minLength: 1 }),
  depositExtraId: NullableString,
  withdrawalAddress: Type.String(),
  withdrawalExtraId: NullableString,
  refundAddress: NullableString,
  refundExtraId: NullableString,
  rate: NullableAmount,
  rateType: Type.Optional(Type.String()),
  status: Type.String({ minLength: 1 }),
  createdAt: NullableString,
  hashIn: Hash,
  hashOut: Hash,
});
export type ExolixTransaction = Static<typeof ExolixTransactionSchema>;

/** A refusal body: `message`, and on HTTP 400 an `errors` map of field → message. */
export const ExolixErrorSchema = Type.Object({
  message: NullableString,
  errors: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type ExolixError = Static<typeof ExolixErrorSchema>;

const Stored = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const StoredAtomic = Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Null()]));

/**
 * The context the adapter stores with a quote and with its build, merged as the engine hands it to
 * `status`. Every field is optional: a quote's context lacks the build's fields, and a context written
 * by an older adapter may lack newer ones.
 */
export const ExolixContextSchema = Type.Object({
  rateType: Stored,
  coinFrom: Stored,
  networkFrom: Stored,
  coinTo: Stored,
  networkTo: Stored,
  toAmount: Stored,
  integratorFeeNote: Stored,
  /** The guaranteed output, atomic units: a payout below it is `partial`. */
  minAmountOut: StoredAtomic,
  transactionId: Stored,
  depositAddress: Stored,
  depositExtraId: Stored,
  amount: Stored,
  amountTo: Stored,
});
export type ExolixContext = Static<typeof ExolixContextSchema>;

/**
 * `GET /v2/currencies?withNetworks=true&page=&size=`: a page of coins, each with the networks it is
 * traded on. Only `code` and `network` are read (other network fields are unconfirmed).
 */
export const ExolixCurrenciesSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      code: Type.String({ minLength: 1 }),
      name: Type.Optional(Type.String()),
      networks: Type.Optional(Type.Array(Type.Object({ network: Type.String({ minLength: 1 }) }))),
    }),
  ),
  count: Type.Optional(Type.Number({ minimum: 0 })),
});
export type ExolixCurrencies = Static<typeof ExolixCurrenciesSchema>;
