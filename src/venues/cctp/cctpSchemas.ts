import { Type, type Static } from 'typebox';

/**
 * Shapes of the Iris API answers the adapter reads. Only the fields it uses are required; Iris adds
 * fields freely, so additional properties are allowed everywhere.
 */

/** A non-negative decimal Iris may send as a JSON number or a string (fees in bps are fractional). */
const Decimal = Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })]);
/** An integer in minor units, as a JSON number or a digit string. */
const Atomic = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]+$' })]);
/** Domains and thresholds: Iris writes them as strings inside decoded messages. */
const SmallInt = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]+$' })]);
const Hex = Type.String({ pattern: '^0x[0-9a-fA-F]*$' });

/** `GET /v2/burn/USDC/fees/{src}/{dst}[?forward=true]`: one entry per finality threshold. */
export const IrisFeeEntry = Type.Object({
  finalityThreshold: Type.Integer(),
  minimumFee: Decimal,
  forwardFee: Type.Optional(Type.Object({ low: Type.Optional(Atomic), med: Atomic, high: Type.Optional(Atomic) })),
});
export const IrisFees = Type.Array(IrisFeeEntry);
export type IrisFees = Static<typeof IrisFees>;
export type IrisFeeEntry = Static<typeof IrisFeeEntry>;

/** `GET /v2/fastBurn/USDC/allowance`: the remaining fast allowance in whole USDC (human units). */
export const IrisAllowance = Type.Object({ allowance: Decimal, lastUpdated: Type.Optional(Type.String()) });
export type IrisAllowance = Static<typeof IrisAllowance>;

export const IrisDecodedMessageBody = Type.Object({
  burnToken: Type.Optional(Hex),
  mintRecipient: Hex,
  amount: Atomic,
  messageSender: Type.Optional(Hex),
  maxFee: Type.Optional(Atomic),
  feeExecuted: Type.Optional(Atomic),
  expirationBlock: Type.Optional(Atomic),
  hookData: Type.Optional(Type.Union([Hex, Type.Null()])),
});

export const IrisDecodedMessage = Type.Object({
  sourceDomain: SmallInt,
  destinationDomain: SmallInt,
  nonce: Type.Optional(Hex),
  minFinalityThreshold: Type.Optional(SmallInt),
  finalityThresholdExecuted: Type.Optional(Type.Union([SmallInt, Type.Null()])),
  decodedMessageBody: Type.Optional(Type.Union([IrisDecodedMessageBody, Type.Null()])),
});

export const IrisMessage = Type.Object({
  /** Hex once attested; strings here are not checked as hex because placeholders may stand in before that. */
  message: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  eventNonce: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  attestation: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  cctpVersion: Type.Optional(Type.Integer()),
  status: Type.String(),
  delayReason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  decodedMessage: Type.Optional(Type.Union([IrisDecodedMessage, Type.Null()])),
});
export type IrisMessage = Static<typeof IrisMessage>;

/** `GET /v2/messages/{srcDomain}?transactionHash=…` */
export const IrisMessages = Type.Object({ messages: Type.Array(IrisMessage) });
export type IrisMessages = Static<typeof IrisMessages>;

/** Error bodies: Iris answers `{ message }` or `{ error }` (sometimes with a numeric `code`). */
export const IrisError = Type.Object({
  message: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
  code: Type.Optional(Type.Integer()),
});
export type IrisError = Static<typeof IrisError>;
