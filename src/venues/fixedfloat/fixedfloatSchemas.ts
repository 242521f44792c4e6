import { Type, type Static } from 'typebox';

/**
 * Shapes of the FixedFloat v2 answers the adapter reads. Every answer is the envelope
 * `{code, msg, data}` (HTTP 200 even for errors: `code` 0 is success). The order shape follows the
 * recorded orders of fixtures/real/ (amounts as decimal strings, `tx` fields null until a transaction
 * exists, `confirmations` and `emergency.repeat` as strings); the price shape follows a recorded live `/price`
 * answer (real/price-…: amounts, limits and rates as bare JSON numbers) and fedibtc/swap's typed client
 * (decimal strings). Only what the mapping
 * uses is required; extra fields pass through.
 */

const DecimalString = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' });
/** Amounts are strings in every recorded answer; a JSON number is tolerated. */
const Amount = Type.Union([DecimalString, Type.Number({ minimum: 0 })]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
const Loose = Type.Optional(Type.Unknown());

/**
 * The envelope of every answer; `data` is read by the schema of the method once `code` is 0. A success
 * carries the number 0 (real/price-…); a refusal recorded live carried its code as a string ("501",
 * real/error-501-…), so both spellings of an integer are accepted and read by `codeOf`.
 */
export const FixedfloatEnvelopeSchema = Type.Object({
  code: Type.Union([Type.Integer(), Type.String({ pattern: '^-?[0-9]{1,9}$' })]),
  msg: Type.Optional(Type.String()),
  data: Loose,
});
export type FixedfloatEnvelope = Static<typeof FixedfloatEnvelopeSchema>;

const PriceSide = Type.Object({
  code: Type.String({ minLength: 1 }),
  network: Type.Optional(Type.String()),
  coin: Type.Optional(Type.String()),
  amount: Amount,
  rate: Loose,
  /** Decimal places FixedFloat keeps of this currency's amounts. */
  precision: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })),
  min: Amount,
  max: Amount,
  usd: Loose,
});

/** `POST /price` data: a non-empty `errors` makes the price unusable (limits, reserve, maintenance). */
export const FixedfloatPriceSchema = Type.Object({
  from: PriceSide,
  to: PriceSide,
  errors: Type.Array(Type.String()),
  ccies: Loose,
});
export type FixedfloatPrice = Static<typeof FixedfloatPriceSchema>;

const Tx = Type.Object({
  id: NullableString,
  amount: Type.Union([Amount, Type.Null()]),
  fee: Loose,
  ccyfee: Loose,
  timeReg: Loose,
  timeBlock: Loose,
  confirmations: Loose,
});

const OrderSide = Type.Object({
  code: Type.String(),
  coin: Loose,
  network: Loose,
  amount: Type.Union([Amount, Type.Null()]),
  address: Type.String(),
  /** Memo / destination tag of this side: `""` or null when the network has none. */
  tag: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])),
  tx: Tx,
});

/** The refund side: `code` is `""` and the rest null until a refund is arranged. */
const BackSide = Type.Object({
  code: Loose,
  amount: Loose,
  address: Type.Optional(NullableString),
  tag: Loose,
  tx: Tx,
});

/** `POST /create` and `POST /order` data: the order, its deposit and its progress. */
export const FixedfloatOrderSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  /** Required to read or act on the order later; `/create` answers it (a recorded `/order` answer too). */
  token: Type.Optional(Type.String({ minLength: 1 })),
  type: Type.String(),
  /** A free string: unknown values map to pending. */
  status: Type.String({ minLength: 1 }),
  time: Type.Object({
    reg: Loose,
    start: Loose,
    finish: Loose,
    update: Loose,
    /** Unix seconds after which an unpaid order expires. */
    expiration: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    left: Loose,
  }),
  from: OrderSide,
  to: OrderSide,
  back: Type.Optional(BackSide),
  emergency: Type.Optional(
    Type.Object({
      /** Why the order needs a choice: `EXPIRED` (paid late), `LESS`, `MORE`, `LIMIT`. */
      status: Type.Array(Type.String()),
      /** `NONE` until the user chose `EXCHANGE` or `REFUND`. */
      choice: Type.String(),
      repeat: Loose,
    }),
  ),
});
export type FixedfloatOrder = Static<typeof FixedfloatOrderSchema>;

/** `POST /ccies` data rows. */
export const FixedfloatCurrenciesSchema = Type.Array(
  Type.Object({
    code: Type.String(),
    coin: Type.Optional(Type.String()),
    network: Type.Optional(Type.String()),
    recv: Type.Union([Type.Boolean(), Type.Integer()]),
    send: Type.Union([Type.Boolean(), Type.Integer()]),
    tag: Loose,
  }),
);
export type FixedfloatCurrencies = Static<typeof FixedfloatCurrenciesSchema>;

const Stored = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const StoredAtomic = Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Null()]));

/**
 * The context the adapter stores with a quote and with its build, merged as the engine hands it to
 * `status`. Every field is optional: a quote's context lacks the build's fields.
 */
export const FixedfloatContextSchema = Type.Object({
  rateType: Stored,
  fromCcy: Stored,
  toCcy: Stored,
  priceToAmount: Stored,
  integratorFeeNote: Stored,
  /** The guaranteed output, atomic units: a payout below it is `partial`. */
  minAmountOut: StoredAtomic,
  orderId: Stored,
  /** The order's access token: `/order` (and `/emergency`) need it with the id. Kept server-side only. */
  orderToken: Stored,
  depositAddress: Stored,
  depositTag: Stored,
  expiresAt: Stored,
  fromAmount: Stored,
  toAmount: Stored,
});
export type FixedfloatContext = Static<typeof FixedfloatContextSchema>;
