import { Type, type Static, type TSchema } from 'typebox';

/**
 * Shapes of the 1Click answers the adapter reads (one-click-sdk-typescript `src/models/*`). Only what
 * the mapping uses is required; everything else is optional and extra fields pass through.
 *
 * Every optional field also takes `null`: the real service writes explicit nulls where its OpenAPI
 * types say "optional" (a pending or refunded swap's `swapDetails.amountOut`, `slippage`,
 * `refundReason`, …; fixtures/real/status-*.json), and refusing them kept transfers from progressing.
 */

const Amount = Type.String({ pattern: '^[0-9]+$' });

/** An optional field the venue may also send as `null`. */
function Nullable<T extends TSchema>(schema: T) {
  return Type.Optional(Type.Union([schema, Type.Null()]));
}

export const NearIntentsQuoteSchema = Type.Object({
  amountIn: Amount,
  amountOut: Amount,
  minAmountOut: Amount,
  timeEstimate: Type.Number({ minimum: 0 }),
  minAmountIn: Nullable(Amount),
  amountInFormatted: Nullable(Type.String()),
  amountInUsd: Nullable(Type.String()),
  amountOutFormatted: Nullable(Type.String()),
  amountOutUsd: Nullable(Type.String()),
  /** Present on live (`dry: false`) quotes only. */
  depositAddress: Nullable(Type.String({ minLength: 1 })),
  depositMemo: Nullable(Type.String()),
  deadline: Nullable(Type.String()),
  timeWhenInactive: Nullable(Type.String()),
  withdrawFee: Nullable(Amount),
  refundFee: Nullable(Amount),
});

/** `POST /v0/quote` answer. */
export const NearIntentsQuoteResponseSchema = Type.Object({
  correlationId: Type.String(),
  timestamp: Nullable(Type.String()),
  signature: Nullable(Type.String()),
  /** The request as 1Click read it; its `deadline` is when an unfinished swap is refunded. */
  quoteRequest: Nullable(Type.Object({ deadline: Nullable(Type.String()) })),
  quote: NearIntentsQuoteSchema,
});
export type NearIntentsQuoteResponse = Static<typeof NearIntentsQuoteResponseSchema>;

const TransactionDetails = Type.Object({ hash: Type.String(), explorerUrl: Nullable(Type.String()) });

export const NearIntentsSwapDetailsSchema = Type.Object({
  intentHashes: Nullable(Type.Array(Type.String())),
  nearTxHashes: Nullable(Type.Array(Type.String())),
  amountIn: Nullable(Amount),
  amountOut: Nullable(Amount),
  slippage: Nullable(Type.Number()),
  originChainTxHashes: Nullable(Type.Array(TransactionDetails)),
  destinationChainTxHashes: Nullable(Type.Array(TransactionDetails)),
  refundedAmount: Nullable(Amount),
  refundReason: Nullable(Type.String()),
  depositedAmount: Nullable(Amount),
});
export type NearIntentsSwapDetails = Static<typeof NearIntentsSwapDetailsSchema>;

/** `GET /v0/status` answer (also what `POST /v0/deposit/submit` returns). `status` stays a free string: unknown values map to pending. */
export const NearIntentsStatusResponseSchema = Type.Object({
  correlationId: Nullable(Type.String()),
  status: Type.String({ minLength: 1 }),
  updatedAt: Nullable(Type.String()),
  quoteResponse: Nullable(Type.Object({ quote: Nullable(Type.Object({ minAmountOut: Nullable(Amount), amountOut: Nullable(Amount) })) })),
  swapDetails: Nullable(NearIntentsSwapDetailsSchema),
});
export type NearIntentsStatusResponse = Static<typeof NearIntentsStatusResponseSchema>;

/** `POST /v0/deposit/submit`: the adapter ignores the answer beyond it being JSON. */
export const NearIntentsSubmitResponseSchema = Type.Object({});

/**
 * `GET /v0/tokens` entries. Only `assetId` is read (the coverage snapshot); `price` is a number in the
 * OpenAPI types but a string in the docs' example, and the real list holds placeholders such as
 * BTC's `contractAddress: "coin"`, so nothing else is constrained.
 */
export const NearIntentsTokensSchema = Type.Array(
  Type.Object({
    assetId: Type.String({ minLength: 1 }),
    decimals: Nullable(Type.Integer({ minimum: 0 })),
    blockchain: Nullable(Type.String()),
    symbol: Nullable(Type.String()),
    price: Nullable(Type.Union([Type.Number(), Type.String()])),
    priceUpdatedAt: Nullable(Type.String()),
    contractAddress: Nullable(Type.String()),
  }),
);
export type NearIntentsTokens = Static<typeof NearIntentsTokensSchema>;

/** Error body of 400 / 401 / 404 (`BadRequestResponse`). */
export const NearIntentsErrorSchema = Type.Object({ message: Type.String() });

/**
 * The context the adapter stores with a quote (`toVenueQuote`) and with a build (`toDepositPlan`),
 * merged as the engine hands it to `status`. `depositAddress` only exists once a live quote was
 * built; status refuses a context without it.
 */
export const NearIntentsContextSchema = Type.Object({
  correlationId: Type.String(),
  /** The guaranteed minimum: a SUCCESS that delivered less is `partial`. */
  minAmountOut: Amount,
  signature: Nullable(Type.String()),
  originAsset: Type.Optional(Type.String()),
  destinationAsset: Type.Optional(Type.String()),
  integratorFeeNote: Nullable(Type.String()),
  depositAddress: Type.Optional(Type.String({ minLength: 1 })),
  depositMemo: Nullable(Type.String()),
  /** ISO time after which the deposit is no longer swapped (refunded instead). */
  deadline: Nullable(Type.String()),
  amountIn: Type.Optional(Amount),
});
export type NearIntentsContext = Static<typeof NearIntentsContextSchema>;
