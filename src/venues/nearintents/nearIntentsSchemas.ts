import { Type, type Static } from 'typebox';

/**
 * Shapes of the 1Click answers the adapter reads (one-click-sdk-typescript `src/models/*`). Only what
 * the mapping uses is required; everything else is optional and extra fields pass through.
 */

const Amount = Type.String({ pattern: '^[0-9]+$' });

export const NearIntentsQuoteSchema = Type.Object({
  amountIn: Amount,
  amountOut: Amount,
  minAmountOut: Amount,
  timeEstimate: Type.Number({ minimum: 0 }),
  minAmountIn: Type.Optional(Amount),
  amountInFormatted: Type.Optional(Type.String()),
  amountInUsd: Type.Optional(Type.String()),
  amountOutFormatted: Type.Optional(Type.String()),
  amountOutUsd: Type.Optional(Type.String()),
  /** Present on live (`dry: false`) quotes only. */
  depositAddress: Type.Optional(Type.String({ minLength: 1 })),
  depositMemo: Type.Optional(Type.String()),
  deadline: Type.Optional(Type.String()),
  timeWhenInactive: Type.Optional(Type.String()),
  withdrawFee: Type.Optional(Amount),
  refundFee: Type.Optional(Amount),
});

/** `POST /v0/quote` answer. */
export const NearIntentsQuoteResponseSchema = Type.Object({
  correlationId: Type.String(),
  timestamp: Type.Optional(Type.String()),
  signature: Type.Optional(Type.String()),
  quoteRequest: Type.Optional(Type.Object({})),
  quote: NearIntentsQuoteSchema,
});
export type NearIntentsQuoteResponse = Static<typeof NearIntentsQuoteResponseSchema>;

const TransactionDetails = Type.Object({ hash: Type.String(), explorerUrl: Type.Optional(Type.String()) });

export const NearIntentsSwapDetailsSchema = Type.Object({
  intentHashes: Type.Optional(Type.Array(Type.String())),
  nearTxHashes: Type.Optional(Type.Array(Type.String())),
  amountIn: Type.Optional(Amount),
  amountOut: Type.Optional(Amount),
  slippage: Type.Optional(Type.Number()),
  originChainTxHashes: Type.Optional(Type.Array(TransactionDetails)),
  destinationChainTxHashes: Type.Optional(Type.Array(TransactionDetails)),
  refundedAmount: Type.Optional(Amount),
  refundReason: Type.Optional(Type.String()),
  depositedAmount: Type.Optional(Amount),
});
export type NearIntentsSwapDetails = Static<typeof NearIntentsSwapDetailsSchema>;

/** `GET /v0/status` answer (also what `POST /v0/deposit/submit` returns). `status` stays a free string: unknown values map to pending. */
export const NearIntentsStatusResponseSchema = Type.Object({
  correlationId: Type.Optional(Type.String()),
  status: Type.String({ minLength: 1 }),
  updatedAt: Type.Optional(Type.String()),
  quoteResponse: Type.Optional(Type.Object({ quote: Type.Optional(Type.Object({ minAmountOut: Type.Optional(Amount), amountOut: Type.Optional(Amount) })) })),
  swapDetails: Type.Optional(NearIntentsSwapDetailsSchema),
});
export type NearIntentsStatusResponse = Static<typeof NearIntentsStatusResponseSchema>;

/** `POST /v0/deposit/submit`: the adapter ignores the answer beyond it being JSON. */
export const NearIntentsSubmitResponseSchema = Type.Object({});

/** `GET /v0/tokens` entries. */
export const NearIntentsTokensSchema = Type.Array(
  Type.Object({
    assetId: Type.String(),
    decimals: Type.Integer({ minimum: 0 }),
    blockchain: Type.String(),
    symbol: Type.String(),
    price: Type.Optional(Type.Number()),
    priceUpdatedAt: Type.Optional(Type.String()),
    contractAddress: Type.Optional(Type.String()),
  }),
);
export type NearIntentsTokens = Static<typeof NearIntentsTokensSchema>;

/** Error body of 400 / 401 / 404 (`BadRequestResponse`). */
export const NearIntentsErrorSchema = Type.Object({ message: Type.String() });
