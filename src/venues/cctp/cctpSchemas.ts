import { Type, type Static } from 'typebox';

/**
 * Shapes of the Iris API answers the adapter reads. Only the fields it uses are required; Iris adds
 * fields freely, so additional properties are allowed everywhere.
 */

/** A non-negative decimal Iris may send as a JSON number or a string (fees in bps are fractional). */
const Decimal = Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })]);
/** An integer in minor units, as a JSON number or a digit string. */
const Atomic = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]+$' })]);
/** Domains and thresholds: Iris writes them as strings inside decoded messages, the older reference page as numbers. */
const SmallInt = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]+$' })]);
/**
 * A hex value Iris may also send empty (`""`, the docs' `hookData` and `messageBody`) or as a
 * decimal (v1-style nonces, `"9682"`), or null before attestation: read as text, interpreted by the
 * mapping, never a reason to refuse the whole answer.
 */
const Loose = Type.Union([Type.String(), Type.Null()]);

/** `GET /v2/burn/USDC/fees/{src}/{dst}[?forward=true]`: one entry per finality threshold. */
export const IrisFeeEntry = Type.Object({
  finalityThreshold: Type.Integer(),
  minimumFee: Decimal,
  /** Present only with `forward=true`, and only where the Forwarding Service serves the destination. */
  forwardFee: Type.Optional(Type.Union([Type.Object({ low: Type.Optional(Atomic), med: Atomic, high: Type.Optional(Atomic) }), Type.Null()])),
});
export const IrisFees = Type.Array(IrisFeeEntry);
export type IrisFees = Static<typeof IrisFees>;
export type IrisFeeEntry = Static<typeof IrisFeeEntry>;

/** `GET /v2/fastBurn/USDC/allowance`: the remaining fast allowance in whole USDC (human units). */
export const IrisAllowance = Type.Object({ allowance: Decimal, lastUpdated: Type.Optional(Type.String()) });
export type IrisAllowance = Static<typeof IrisAllowance>;

export const IrisDecodedMessageBody = Type.Object({
  burnToken: Type.Optional(Loose),
  mintRecipient: Type.String(),
  amount: Atomic,
  messageSender: Type.Optional(Loose),
  maxFee: Type.Optional(Type.Union([Atomic, Type.Null()])),
  feeExecuted: Type.Optional(Type.Union([Atomic, Type.Null()])),
  expirationBlock: Type.Optional(Type.Union([Atomic, Type.Null()])),
  hookData: Type.Optional(Loose),
});

export const IrisDecodedMessage = Type.Object({
  sourceDomain: SmallInt,
  destinationDomain: SmallInt,
  nonce: Type.Optional(Loose),
  minFinalityThreshold: Type.Optional(Type.Union([SmallInt, Type.Null()])),
  finalityThresholdExecuted: Type.Optional(Type.Union([SmallInt, Type.Null()])),
  decodedMessageBody: Type.Optional(Type.Union([IrisDecodedMessageBody, Type.Null()])),
});

export const IrisMessage = Type.Object({
  /** Hex once attested; `null` (live pending answers) or `"0x"` before. */
  message: Type.Optional(Loose),
  eventNonce: Type.Optional(Loose),
  /** The signature once attested, `"PENDING"` before. */
  attestation: Type.Optional(Loose),
  /** `2` live, `"2"` in Circle's own reference example. */
  cctpVersion: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  status: Type.String(),
  delayReason: Type.Optional(Loose),
  decodedMessage: Type.Optional(Type.Union([IrisDecodedMessage, Type.Null()])),
  /** Forwarding Service progress and its mint transaction, when the burn asked for forwarding. */
  forwardState: Type.Optional(Loose),
  forwardTxHash: Type.Optional(Loose),
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

const DIGITS = Type.String({ pattern: '^[0-9]{1,78}$' });
const FINALITY = Type.Union([Type.Literal(1000), Type.Literal(2000)]);

/**
 * The context the adapter stores with a quote (burn terms) and with its build (domains, mint
 * recipient), merged as the engine passes it to `status`; build reads it back typed.
 */
export const CctpContextSchema = Type.Object({
  srcDomain: Type.Integer({ minimum: 0 }),
  dstDomain: Type.Integer({ minimum: 0 }),
  minFinalityThreshold: FINALITY,
  /** The most the burn lets Circle take: protocol fee with headroom plus the forward fee's high estimate. */
  maxFee: DIGITS,
  protocolFee: DIGITS,
  forwardFee: DIGITS,
  mintRecipient: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' })),
  /** `manual`: a plain burn without forwarding, minted by a claim on the destination; absent: forwarded. */
  route: Type.Optional(Type.Literal('manual')),
  /** What the burn moves (the build's amount), which an attested message must carry before its mint is handed out. */
  burnAmount: Type.Optional(DIGITS),
});
export type CctpContext = Static<typeof CctpContextSchema>;
