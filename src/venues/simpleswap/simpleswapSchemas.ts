import { Type, type Static, type TSchema } from 'typebox';

/**
 * Shapes of the SimpleSwap v3 answers the adapter reads. Every success body wraps its payload as
 * `{ "result": … }`. No SimpleSwap answer was recorded anywhere we could read: the fields follow the
 * typed clients of the two integrations that call v3 (EdgeApp/edge-exchange-plugins'
 * `src/swap/central/simpleswap.ts` cleaners, Cryptorubic/rubic-app's `simple-swap-requests.ts`), so only
 * what the mapping uses is required and every other field may be missing or null.
 *
 * Amounts are decimal strings in both clients (Edge's `asNumberString`); a JSON number is tolerated.
 */

const DecimalString = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' });
export const Amount = Type.Union([DecimalString, Type.Number({ minimum: 0 })]);
const NullableString = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const NullableAmount = Type.Optional(Type.Union([Amount, Type.Null()]));

/** `{ result: <schema> }`, the wrapper of every v3 success body. */
export function resultOf<S extends TSchema>(schema: S) {
  return Type.Object({ result: schema });
}

/** `GET /v3/ranges`: the amounts accepted on the pinned side; `max` is null when unbounded. */
export const SimpleswapRangeSchema = resultOf(
  Type.Object({
    min: Amount,
    max: Type.Union([Amount, Type.Null()]),
  }),
);
export type SimpleswapRange = Static<typeof SimpleswapRangeSchema>['result'];

/** `GET /v3/estimates`: the output of `amount`; a fixed rate carries `rateId` and `validUntil` (ISO). */
export const SimpleswapEstimateSchema = resultOf(
  Type.Object({
    estimatedAmount: Amount,
    rateId: NullableString,
    validUntil: NullableString,
  }),
);
export type SimpleswapEstimate = Static<typeof SimpleswapEstimateSchema>['result'];

/**
 * `POST /v3/exchanges` and `GET /v3/exchanges/{id}`: one exchange. `status` stays a free string
 * (unknown values map to pending). The deadline is spelled `validUntil` by one client and
 * `valid_until` by another: both are read.
 */
export const SimpleswapExchangeSchema = resultOf(
  Type.Object({
    id: Type.String({ minLength: 1 }),
    type: Type.Optional(Type.String()),
    status: Type.String({ minLength: 1 }),
    tickerFrom: Type.String({ minLength: 1 }),
    networkFrom: Type.String({ minLength: 1 }),
    tickerTo: Type.String({ minLength: 1 }),
    networkTo: Type.String({ minLength: 1 }),
    amountFrom: Amount,
    amountTo: Amount,
    expected_amount: NullableAmount,
    addressFrom: Type.String({ minLength: 1 }),
    addressTo: Type.String({ minLength: 1 }),
    /** Memo / destination tag of the deposit; null or `""` when the network has none. */
    extraIdFrom: NullableString,
    extraIdTo: NullableString,
    userRefundAddress: NullableString,
    userRefundExtraId: NullableString,
    timestamp: NullableString,
    updated_at: NullableString,
    validUntil: NullableString,
    valid_until: NullableString,
    txFrom: NullableString,
    txTo: NullableString,
  }),
);
export type SimpleswapExchange = Static<typeof SimpleswapExchangeSchema>['result'];

/** `GET /v3/currencies`: the tradable `(ticker, network)` pairs; other row fields are unconfirmed. */
export const SimpleswapCurrenciesSchema = resultOf(
  Type.Array(
    Type.Object({
      ticker: Type.String({ minLength: 1 }),
      network: Type.String({ minLength: 1 }),
    }),
  ),
);
export type SimpleswapCurrencies = Static<typeof SimpleswapCurrenciesSchema>['result'];

const Stored = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const StoredAtomic = Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Null()]));

/**
 * The context the adapter stores with a quote and with its build, merged as the engine hands it to
 * `status`. Every field is optional: a quote's context lacks the build's fields.
 */
export const SimpleswapContextSchema = Type.Object({
  tickerFrom: Stored,
  networkFrom: Stored,
  tickerTo: Stored,
  networkTo: Stored,
  estimatedAmount: Stored,
  /** The fixed rate's id and deadline: `POST /exchanges` reuses it while it holds. */
  rateId: Stored,
  validUntil: Stored,
  integratorFeeNote: Stored,
  /** The guaranteed output, atomic units: a payout below it is `partial`. */
  minAmountOut: StoredAtomic,
  exchangeId: Stored,
  depositAddress: Stored,
  depositExtraId: Stored,
  amountFrom: Stored,
  amountTo: Stored,
});
export type SimpleswapContext = Static<typeof SimpleswapContextSchema>;
