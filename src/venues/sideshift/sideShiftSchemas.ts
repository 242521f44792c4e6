import { Type, type Static, type TSchema } from 'typebox';

/**
 * Shapes of the SideShift v2 answers the adapter reads (docs.sideshift.ai `endpoints/v2/*`). Amounts
 * are decimal strings in display units. Only what the mapping uses is required; extra fields pass.
 */

const Decimal = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' });
/**
 * A field a status answer may leave out or send as `null`: SideShift nulls what it no longer keeps
 * (deposit addresses after 60 days, amounts of privacy-coin shifts), and a status answer with a null
 * must still be read, never refused as a bad response.
 */
const Maybe = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** `GET /v2/pair/{from}/{to}`: indicative rate (net of network fees for `amount`) and deposit limits. */
export const SideShiftPairSchema = Type.Object({
  rate: Decimal,
  min: Decimal,
  max: Decimal,
  depositCoin: Type.String(),
  depositNetwork: Type.String(),
  settleCoin: Type.String(),
  settleNetwork: Type.String(),
});
export type SideShiftPair = Static<typeof SideShiftPairSchema>;

/** `POST /v2/quotes`: a fixed-rate quote, valid until `expiresAt` (15 min). */
export const SideShiftQuoteSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  createdAt: Type.Optional(Type.String()),
  depositCoin: Type.String(),
  depositNetwork: Type.String(),
  settleCoin: Type.String(),
  settleNetwork: Type.String(),
  expiresAt: Type.String(),
  depositAmount: Decimal,
  settleAmount: Decimal,
  rate: Decimal,
  affiliateId: Type.Optional(Type.String()),
});
export type SideShiftQuote = Static<typeof SideShiftQuoteSchema>;

/** One deposit of a shift whose status is `multiple`. */
export const SideShiftDepositSchema = Type.Object({
  status: Type.String({ minLength: 1 }),
  depositHash: Maybe(Type.String()),
  settleHash: Maybe(Type.String()),
  refundHash: Maybe(Type.String()),
  depositAmount: Maybe(Decimal),
  settleAmount: Maybe(Decimal),
  depositReceivedAt: Maybe(Type.String()),
  updatedAt: Maybe(Type.String()),
  rate: Maybe(Decimal),
  issue: Maybe(Type.String()),
});
export type SideShiftDeposit = Static<typeof SideShiftDepositSchema>;

/**
 * A shift: the answer of `POST /v2/shifts/fixed` (201) and of `GET /v2/shifts/{id}`. `status` stays a
 * free string (unknown values map to pending); `depositAddress` is nulled 60 days after the shift.
 */
const shiftProperties = {
  id: Type.String({ minLength: 1 }),
  createdAt: Maybe(Type.String()),
  type: Maybe(Type.String()),
  status: Type.String({ minLength: 1 }),
  depositCoin: Maybe(Type.String()),
  depositNetwork: Maybe(Type.String()),
  settleCoin: Maybe(Type.String()),
  settleNetwork: Maybe(Type.String()),
  depositAddress: Maybe(Type.String()),
  depositMemo: Maybe(Type.String()),
  settleAddress: Maybe(Type.String()),
  settleMemo: Maybe(Type.String()),
  refundAddress: Maybe(Type.String()),
  refundMemo: Maybe(Type.String()),
  quoteId: Maybe(Type.String()),
  depositMin: Maybe(Decimal),
  depositMax: Maybe(Decimal),
  depositAmount: Maybe(Decimal),
  settleAmount: Maybe(Decimal),
  rate: Maybe(Decimal),
  expiresAt: Maybe(Type.String()),
  averageShiftSeconds: Maybe(Decimal),
  updatedAt: Maybe(Type.String()),
  depositHash: Maybe(Type.String()),
  /** On a `refunded` shift this is the refund transaction on the deposit chain (docs bulk-shifts example): SideShift sends no `refundHash`. */
  settleHash: Maybe(Type.String()),
  refundHash: Maybe(Type.String()),
  depositReceivedAt: Maybe(Type.String()),
  issue: Maybe(Type.String()),
  deposits: Maybe(Type.Array(SideShiftDepositSchema)),
};
export const SideShiftShiftSchema = Type.Object(shiftProperties);
export type SideShiftShift = Static<typeof SideShiftShiftSchema>;

/** The answer of `POST /v2/shifts/fixed`: a shift that names where and how much to deposit. */
export const SideShiftFixedShiftSchema = Type.Object({
  ...shiftProperties,
  quoteId: Type.String({ minLength: 1 }),
  depositAddress: Type.String({ minLength: 1 }),
  depositAmount: Decimal,
  settleAmount: Decimal,
  expiresAt: Type.String(),
});
export type SideShiftFixedShift = Static<typeof SideShiftFixedShiftSchema>;

/** `GET /v2/coins` entries. */
export const SideShiftCoinsSchema = Type.Array(
  Type.Object({
    coin: Type.String(),
    name: Type.String(),
    networks: Type.Array(Type.String()),
    mainnet: Type.Optional(Type.String()),
    tokenDetails: Type.Optional(Type.Record(Type.String(), Type.Object({ contractAddress: Type.String(), decimals: Type.Integer({ minimum: 0 }) }))),
    hasMemo: Type.Boolean(),
    networksWithMemo: Type.Array(Type.String()),
    fixedOnly: Type.Union([Type.Boolean(), Type.Array(Type.String())]),
    variableOnly: Type.Union([Type.Boolean(), Type.Array(Type.String())]),
    depositOffline: Type.Union([Type.Boolean(), Type.Array(Type.String())]),
    settleOffline: Type.Union([Type.Boolean(), Type.Array(Type.String())]),
  }),
);
export type SideShiftCoins = Static<typeof SideShiftCoinsSchema>;

/** Error body of every endpoint: `{ error: { code?, message } }`. */
export const SideShiftErrorSchema = Type.Object({ error: Type.Object({ message: Type.String(), code: Type.Optional(Type.String()) }) });

const Text = Type.String({ minLength: 1 });
const Atomic = Type.String({ pattern: '^[0-9]+$' });

/**
 * The JSON context the adapter stores and reads back: the quote's (`quote`), merged under the build's
 * (`build`) as the engine passes it to `status`. Every field is optional here because a quote's
 * context has no shift yet; the reader demands what each call needs.
 */
export const SideShiftContextSchema = Type.Object({
  // quote
  depositCoin: Type.Optional(Text),
  depositNetwork: Type.Optional(Text),
  settleCoin: Type.Optional(Text),
  settleNetwork: Type.Optional(Text),
  /** The commission priced at quote time, a fraction ("0.005" = 0.5 %), sent again at build. */
  commissionRate: Type.Optional(Decimal),
  integratorFeeNote: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  rate: Type.Optional(Decimal),
  indicativeAmountOut: Type.Optional(Atomic),
  /** Quote: the indicative output less the price margin; build: the fixed shift's guaranteed output. */
  minAmountOut: Type.Optional(Atomic),
  // build
  /** The end user's IP: status polls must name the same user in `x-user-ip` (none when `null`). */
  userIp: Type.Optional(Type.Union([Text, Type.Null()])),
  shiftId: Type.Optional(Text),
  quoteId: Type.Optional(Text),
  depositAddress: Type.Optional(Text),
  depositMemo: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  depositAmount: Type.Optional(Decimal),
  settleAmount: Type.Optional(Decimal),
  expiresAt: Type.Optional(Type.String()),
  averageShiftSeconds: Type.Optional(Type.Union([Decimal, Type.Null()])),
});
export type SideShiftContext = Static<typeof SideShiftContextSchema>;
