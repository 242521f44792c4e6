import { Type, type Static, type TSchema } from 'typebox';

/**
 * Mayan's answers as the real API sends them (fixtures/real): amounts are human numbers beside some
 * base-unit strings, fee fields are null when a route has none, and both APIs add fields freely, so
 * only what the adapter reads is required.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MayanTokenSchema = Type.Object({
  contract: Type.String(),
  decimals: Type.Integer({ minimum: 0, maximum: 36 }),
  symbol: Type.Optional(Type.String()),
  wChainId: Type.Optional(Type.Integer()),
});

export const MayanQuoteSchema = Type.Object({
  type: Type.String(),
  fromChain: Type.String(),
  toChain: Type.String(),
  fromToken: MayanTokenSchema,
  toToken: MayanTokenSchema,
  effectiveAmountIn64: Type.String({ pattern: '^[0-9]+$' }),
  expectedAmountOut: Type.Number({ minimum: 0 }),
  expectedAmountOutBaseUnits: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]+$' }))),
  minAmountOut: Type.Number({ minimum: 0 }),
  minReceived: Type.Optional(Type.Number({ minimum: 0 })),
  minAmountOutBaseUnits: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]+$' }))),
  etaSeconds: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
  deadline64: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]+$' }))),
  gasDrop: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
  gasless: Type.Optional(Type.Boolean()),
  quoteId: Type.Optional(Nullable(Type.String())),
  swiftVersion: Type.Optional(Nullable(Type.String())),
  swiftMayanContract: Type.Optional(Nullable(Type.String())),
  swiftInputContract: Type.Optional(Nullable(Type.String())),
  swiftAuctionMode: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 255 }))),
  cancelRelayerFee64: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]+$' }))),
  refundRelayerFee64: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]+$' }))),
  referrerBps: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
});
export type MayanQuote = Static<typeof MayanQuoteSchema>;

export const MayanQuoteResponseSchema = Type.Object({
  quotes: Type.Array(MayanQuoteSchema),
});

/** `{code, msg | message, data}` (swap-sdk `src/api.ts`; swap-sdk issues #18, #19 for real bodies). */
export const MayanErrorSchema = Type.Object({
  code: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  msg: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  data: Type.Optional(
    Type.Union([
      Type.Object({
        minAmountIn: Type.Optional(Type.Number()),
        maxAmountIn: Type.Optional(Type.Number()),
      }),
      Type.Null(),
    ]),
  ),
});
export type MayanError = Static<typeof MayanErrorSchema>;

/** `GET /v3/swap/trx/{hash}` of the explorer API. */
export const MayanSwapStatusSchema = Type.Object({
  sourceTxHash: Type.String(),
  status: Type.String(),
  clientStatus: Type.String(),
  destChain: Type.Optional(Type.String()),
  toTokenAddress: Type.Optional(Type.String()),
  toAmount: Type.Optional(Nullable(Type.String())),
  toAmount64: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]+$' }))),
  fulfillTxHash: Type.Optional(Nullable(Type.String())),
  redeemTxHash: Type.Optional(Nullable(Type.String())),
  refundTxHash: Type.Optional(Nullable(Type.String())),
});
export type MayanSwapStatus = Static<typeof MayanSwapStatusSchema>;

/**
 * What quote stores and build reads back: the Swift order's terms exactly as Mayan priced them
 * (the human `minAmountOut` is kept as Mayan wrote it, since the order's on-chain floor is cut from
 * it the way the SDK cuts it). Fields are added as optional only: stored context outlives deploys.
 */
export const MayanContextSchema = Type.Object({
  route: Type.Union([Type.Literal('SWIFT_V1'), Type.Literal('SWIFT_V2')]),
  fromChain: Type.String(),
  toChain: Type.String(),
  swiftContract: Type.String(),
  tokenIn: Type.String(),
  amountIn: Type.String({ pattern: '^[0-9]+$' }),
  toTokenContract: Type.String(),
  toTokenDecimals: Type.Integer({ minimum: 0 }),
  minAmountOut: Type.String(),
  gasDrop: Type.String(),
  cancelFee: Type.String({ pattern: '^[0-9]+$' }),
  refundFee: Type.String({ pattern: '^[0-9]+$' }),
  deadline: Type.String({ pattern: '^[0-9]+$' }),
  auctionMode: Type.Integer({ minimum: 0, maximum: 255 }),
  quoteId: Type.Optional(Type.String()),
});
export type MayanContext = Static<typeof MayanContextSchema>;
