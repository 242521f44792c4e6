import { Type, type Static } from 'typebox';

/**
 * Schemas of what the Stargate adapter reads: the Stargate API's `GET /quotes` (shared/venues/
 * stargate.md), its error body, and LayerZero Scan's `GET /v1/messages/tx/{hash}`. Only the fields the
 * adapter uses are required; everything else passes through untouched.
 *
 * A quote entry may be a failed route: Stargate answers `route: null` with `error: { message }` (a
 * real answer quoted in stargate-protocol/tutorial-api-transfer issue #3), and integrators also read a
 * plain string there, so `error` is either. Amounts and steps are absent on such an entry.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const Nullable = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

export const StargateErrorSchema = Type.Union([Type.String(), Type.Object({ message: Type.Optional(Type.String()) })]);

const StepSchema = Type.Object({
  type: Type.String(),
  chainKey: Type.Optional(Type.String()),
  transaction: Type.Object({
    to: Type.String(),
    data: Type.String(),
    value: Type.Optional(Type.String()),
    from: Type.Optional(Type.String()),
  }),
});

const QuoteSchema = Type.Object({
  route: Nullable(Type.String()),
  error: Nullable(StargateErrorSchema),
  srcAmount: Type.Optional(UINT_STRING),
  dstAmount: Type.Optional(UINT_STRING),
  srcAmountMax: Type.Optional(UINT_STRING),
  dstAmountMin: Type.Optional(UINT_STRING),
  srcChainKey: Type.Optional(Type.String()),
  dstChainKey: Type.Optional(Type.String()),
  duration: Nullable(Type.Object({ estimated: Nullable(Type.Number({ minimum: 0 })) })),
  fees: Type.Optional(Type.Array(Type.Object({ token: Type.Optional(Type.String()), chainKey: Type.Optional(Type.String()), amount: Type.Optional(Type.String()), type: Type.Optional(Type.String()) }))),
  steps: Type.Optional(Type.Array(StepSchema)),
});
export type StargateQuote = Static<typeof QuoteSchema>;

export const StargateQuotesSchema = Type.Object({ quotes: Type.Array(QuoteSchema) });
export type StargateQuotes = Static<typeof StargateQuotesSchema>;

/**
 * What `GET /quotes` may answer instead of quotes: a bare notice. The real one (fixtures/real/
 * quotes-deprecated-vt-api.json) says the API is deprecated in favour of LayerZero's Value Transfer API.
 */
// `quotes` must be absent: a malformed quotes list with a message is a bad response, never a notice.
const StargateNoticeSchema = Type.Object({ message: Type.String(), quotes: Type.Optional(Type.Never()) });
export const StargateQuotesAnswerSchema = Type.Union([StargateQuotesSchema, StargateNoticeSchema]);

/** A 4xx body: `{ error: { message } }` as integrations read it, or a bare `{ message }`. */
export const StargateErrorBodySchema = Type.Object({ error: Type.Optional(StargateErrorSchema), message: Type.Optional(Type.String()) });
export type StargateErrorBody = Static<typeof StargateErrorBodySchema>;

/** LayerZero Scan's answer, shared with the other LayerZero venues. */
export { ScanMessagesSchema, type ScanMessage, type ScanMessages } from '../layerzero/layerZeroScan.ts';

/** What quote and build store, read back by build and status (all strings: stored JSON outlives deploys). */
export const StargateContextSchema = Type.Object({
  srcChainKey: Type.String(),
  dstChainKey: Type.String(),
  /** The native pool the step calls. */
  pool: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }),
  /** What the pool bridges (`SendParam.amountLD`): the input less the LayerZero fee, in 10¹²-wei steps. */
  amountLD: UINT_STRING,
  nativeFee: UINT_STRING,
  dstAmount: UINT_STRING,
  minAmountLD: UINT_STRING,
  route: Type.String(),
});
export type StargateContext = Static<typeof StargateContextSchema>;
