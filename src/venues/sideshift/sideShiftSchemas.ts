import { Type, type Static } from 'typebox';

/**
 * Shapes of the SideShift v2 answers the adapter reads (docs.sideshift.ai `endpoints/v2/*`). Amounts
 * are decimal strings in display units. Only what the mapping uses is required; extra fields pass.
 */

const Decimal = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' });

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
  depositHash: Type.Optional(Type.String()),
  settleHash: Type.Optional(Type.String()),
  refundHash: Type.Optional(Type.String()),
  depositAmount: Type.Optional(Decimal),
  settleAmount: Type.Optional(Decimal),
  depositReceivedAt: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Type.String()),
  rate: Type.Optional(Decimal),
  issue: Type.Optional(Type.String()),
});
export type SideShiftDeposit = Static<typeof SideShiftDepositSchema>;

/**
 * A shift: the answer of `POST /v2/shifts/fixed` (201) and of `GET /v2/shifts/{id}`. `status` stays a
 * free string (unknown values map to pending); `depositAddress` is nulled 60 days after the shift.
 */
const shiftProperties = {
  id: Type.String({ minLength: 1 }),
  createdAt: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  status: Type.String({ minLength: 1 }),
  depositCoin: Type.Optional(Type.String()),
  depositNetwork: Type.Optional(Type.String()),
  settleCoin: Type.Optional(Type.String()),
  settleNetwork: Type.Optional(Type.String()),
  depositAddress: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  depositMemo: Type.Optional(Type.String()),
  settleAddress: Type.Optional(Type.String()),
  settleMemo: Type.Optional(Type.String()),
  refundAddress: Type.Optional(Type.String()),
  refundMemo: Type.Optional(Type.String()),
  quoteId: Type.Optional(Type.String()),
  depositMin: Type.Optional(Decimal),
  depositMax: Type.Optional(Decimal),
  depositAmount: Type.Optional(Decimal),
  settleAmount: Type.Optional(Decimal),
  rate: Type.Optional(Decimal),
  expiresAt: Type.Optional(Type.String()),
  averageShiftSeconds: Type.Optional(Decimal),
  updatedAt: Type.Optional(Type.String()),
  depositHash: Type.Optional(Type.String()),
  settleHash: Type.Optional(Type.String()),
  refundHash: Type.Optional(Type.String()),
  depositReceivedAt: Type.Optional(Type.String()),
  issue: Type.Optional(Type.String()),
  deposits: Type.Optional(Type.Array(SideShiftDepositSchema)),
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
