import { Type, type Static, type TSchema } from 'typebox';

/**
 * Shapes of the Houdini Partner API v2 answers the adapter reads (recorded live answers in EdgeApp's
 * `test/houdiniFixtures`, HoudiniSwap/houdiniswap-agent `packages/shared/src/types.ts`). Only what the
 * mapping relies on is required; everything else is optional and extra fields pass through. Amounts
 * are JSON numbers in display units.
 */

const Id = Type.String({ minLength: 1 });
const Nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** One entry of `GET /v2/tokens`. `address` is `null` or `""` for a chain's coin. */
export const HoudiniTokenSchema = Type.Object({
  id: Id,
  chain: Type.String(),
  address: Nullable(Type.String()),
  symbol: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  decimals: Type.Optional(Type.Number()),
  mainnet: Type.Optional(Type.Boolean()),
  chainData: Type.Optional(Type.Object({ shortName: Type.Optional(Type.String()), kind: Type.Optional(Type.String()), chainId: Type.Optional(Type.Number()), memoNeeded: Type.Optional(Type.Boolean()) })),
});
export type HoudiniToken = Static<typeof HoudiniTokenSchema>;

/** `GET /v2/tokens` answer. */
export const HoudiniTokensResponseSchema = Type.Object({
  total: Type.Optional(Type.Number()),
  tokens: Type.Array(HoudiniTokenSchema),
});

/**
 * One route of `GET /v2/quotes`. `type` is `private` | `standard` | `dex`; `min` / `max` bound the send
 * amount in from-token display units (`max` 2^53 − 1 = unbounded); `duration` is minutes; `validUntil`
 * is Unix seconds inside a string, when given.
 */
export const HoudiniQuoteSchema = Type.Object({
  quoteId: Id,
  type: Type.String(),
  amountIn: Type.Optional(Type.Number()),
  amountOut: Type.Optional(Type.Number()),
  netAmountOut: Type.Optional(Type.Number()),
  amountOutUsd: Type.Optional(Type.Number()),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  duration: Type.Optional(Type.Number({ minimum: 0 })),
  validUntil: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  swap: Type.Optional(Type.String()),
  swapName: Type.Optional(Type.String()),
  fixed: Type.Optional(Type.Boolean()),
  rateId: Nullable(Type.String()),
  restrictedCountries: Type.Optional(Type.Array(Type.String())),
  error: Type.Optional(Type.String()),
  filtered: Type.Optional(Type.Boolean()),
});
export type HoudiniQuote = Static<typeof HoudiniQuoteSchema>;

/** `GET /v2/quotes` answer: one entry per route, all types unless `types` filtered them. */
export const HoudiniQuotesResponseSchema = Type.Object({
  total: Type.Optional(Type.Number()),
  quotes: Type.Array(HoudiniQuoteSchema),
});
export type HoudiniQuotesResponse = Static<typeof HoudiniQuotesResponseSchema>;

const OrderToken = Type.Object({
  id: Type.Optional(Type.String()),
  chain: Type.Optional(Type.String()),
  address: Nullable(Type.String()),
  symbol: Type.Optional(Type.String()),
  decimals: Type.Optional(Type.Number()),
});

const orderProperties = {
  houdiniId: Id,
  /** Order status code (-2 … 8); a string is tolerated, an unknown value maps to pending. */
  status: Type.Union([Type.Integer(), Type.String()]),
  statusLabel: Type.Optional(Type.String()),
  displayStatus: Type.Optional(Type.String()),
  created: Type.Optional(Type.String()),
  expires: Type.Optional(Type.String()),
  depositAddress: Type.Optional(Type.String()),
  depositTag: Nullable(Type.String()),
  receiverAddress: Type.Optional(Type.String()),
  receiverTag: Nullable(Type.String()),
  refundAddress: Nullable(Type.String()),
  anonymous: Type.Optional(Type.Boolean()),
  fixed: Type.Optional(Type.Boolean()),
  inAmount: Type.Optional(Type.Number()),
  outAmount: Type.Optional(Type.Number()),
  inSymbol: Type.Optional(Type.String()),
  outSymbol: Type.Optional(Type.String()),
  eta: Type.Optional(Type.Number()),
  inStatus: Type.Optional(Type.Number()),
  outStatus: Type.Optional(Type.Number()),
  inStatusLabel: Type.Optional(Type.String()),
  outStatusLabel: Type.Optional(Type.String()),
  transactionHash: Nullable(Type.String()),
  hashUrl: Nullable(Type.String()),
  inToken: Type.Optional(OrderToken),
  outToken: Type.Optional(OrderToken),
};

/** `GET /v2/orders/{houdiniId}` answer. */
export const HoudiniOrderSchema = Type.Object(orderProperties);
export type HoudiniOrder = Static<typeof HoudiniOrderSchema>;

/** `POST /v2/exchanges` answer: the same order object, which must name the deposit and its amounts. */
export const HoudiniExchangeSchema = Type.Object({
  ...orderProperties,
  depositAddress: Type.String({ minLength: 1 }),
  inAmount: Type.Number({ exclusiveMinimum: 0 }),
  outAmount: Type.Number({ minimum: 0 }),
});
export type HoudiniExchange = Static<typeof HoudiniExchangeSchema>;

const Bounds = Type.Object({ min: Type.Number(), max: Type.Number(), minOut: Type.Optional(Type.Number()), maxOut: Type.Optional(Type.Number()) });

/** `GET /v2/minMax?tokenIdFrom&tokenIdTo`: send-side bounds per route type (from-token display units); a bucket is `null` when no route of that type exists. */
export const HoudiniMinMaxSchema = Type.Object({
  cex: Nullable(Bounds),
  dex: Nullable(Bounds),
  private: Nullable(Bounds),
});
export type HoudiniMinMax = Static<typeof HoudiniMinMaxSchema>;

/**
 * Error envelope of every 4xx. On `VALIDATION_ERROR` the top-level `message` is the generic
 * "Validation Failed" and the useful text sits in `fields.<name>.message`.
 */
export const HoudiniErrorSchema = Type.Object({
  code: Type.Optional(Type.String()),
  requestId: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  fields: Type.Optional(Type.Record(Type.String(), Type.Object({ message: Type.Optional(Type.String()), value: Type.Optional(Type.Unknown()) }))),
});
export type HoudiniError = Static<typeof HoudiniErrorSchema>;

/** 429 body; `retryAfter` is seconds. */
export const HoudiniRateLimitSchema = Type.Object({
  type: Type.Literal('RATE_LIMIT_EXCEEDED'),
  retryAfter: Type.Optional(Type.Number()),
  limit: Type.Optional(Type.Number()),
  windowMs: Type.Optional(Type.Number()),
});

const Text = Type.String({ minLength: 1 });
const Atomic = Type.String({ pattern: '^[0-9]+$' });

/**
 * The JSON context the adapter stores and reads back: the quote's, merged under the build's as the
 * engine passes it to `status`. All optional (a quote has no order yet); each call demands its own.
 */
export const HoudiniContextSchema = Type.Object({
  // quote
  /** Reused by build while the quote is fresh (Houdini refuses quotes older than 60 s). */
  quoteId: Type.Optional(Text),
  fromTokenId: Type.Optional(Text),
  toTokenId: Type.Optional(Text),
  /** The display-unit amount priced. */
  amount: Type.Optional(Text),
  amountOut: Type.Optional(Atomic),
  minAmountOut: Type.Optional(Atomic),
  // build
  houdiniId: Type.Optional(Text),
  depositAddress: Type.Optional(Text),
  depositTag: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  expires: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  inAmount: Type.Optional(Type.Number()),
  outAmount: Type.Optional(Type.Number()),
  anonymous: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
});
export type HoudiniContext = Static<typeof HoudiniContextSchema>;
