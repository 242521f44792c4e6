import { Type, type Static } from 'typebox';

/**
 * Schemas of the XY Finance answers the adapter reads (`GET /v1/quote`, `GET /v1/buildTx`,
 * `GET /v1/crossChainStatus`). XY answers errors with HTTP 200 and `success: false` (`errorCode`,
 * `errorMsg`), so every body is read as one object whose route fields are optional, and the adapter
 * decides by `success`. Only the fields the adapter uses are required; everything else passes through.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const EVM_ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });
const Nullable = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** XY's error fields, beside `success: false` on any endpoint. */
const ErrorFields = {
  errorCode: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  errorMsg: Type.Optional(Type.String()),
};

/** A swap leg (`srcSwapDescription` / `dstSwapDescription`); its `chainId` is a string in XY's own example. */
const SwapDescriptionSchema = Type.Object({ provider: Type.String({ minLength: 1 }) });

export const XyBridgeDescriptionSchema = Type.Object({
  provider: Type.String({ minLength: 1 }),
  srcChainId: Type.Integer(),
  dstChainId: Type.Integer(),
  srcBridgeTokenAddress: EVM_ADDRESS,
  dstBridgeTokenAddress: EVM_ADDRESS,
  bridgeContractAddress: Type.Optional(Type.String()),
  dstBridgeToken: Type.Optional(Type.Object({ symbol: Type.Optional(Type.String()) })),
});

export const XyRouteSchema = Type.Object({
  srcChainId: Type.Integer(),
  srcQuoteTokenAddress: EVM_ADDRESS,
  srcQuoteTokenAmount: UINT_STRING,
  dstChainId: Type.Integer(),
  dstQuoteTokenAddress: EVM_ADDRESS,
  srcSwapDescription: Nullable(SwapDescriptionSchema),
  bridgeDescription: Nullable(XyBridgeDescriptionSchema),
  dstSwapDescription: Nullable(SwapDescriptionSchema),
  /** What the receiver gets, already net of the bridge fee and the affiliate fee XY took. */
  dstQuoteTokenAmount: UINT_STRING,
  minReceiveAmount: UINT_STRING,
  /** The contract the transaction calls and the spender of its approval. */
  contractAddress: EVM_ADDRESS,
  estimatedTransferTime: Type.Optional(Type.Number({ minimum: 0 })),
});
export type XyRoute = Static<typeof XyRouteSchema>;

/** `GET /v1/quote`: `{ success: true, routes }` or `{ success: false, errorCode, errorMsg }`. */
export const XyQuoteAnswerSchema = Type.Object({
  success: Type.Boolean(),
  routes: Type.Optional(Type.Array(XyRouteSchema)),
  ...ErrorFields,
});
export type XyQuoteAnswer = Static<typeof XyQuoteAnswerSchema>;

/** `GET /v1/buildTx`: the route it built and the transaction, `value` a decimal or hex quantity. */
export const XyBuildAnswerSchema = Type.Object({
  success: Type.Boolean(),
  route: Type.Optional(XyRouteSchema),
  tx: Nullable(Type.Object({ to: Type.String(), data: Type.String(), value: Type.Optional(Type.Union([Type.String(), Type.Integer({ minimum: 0 })])) })),
  ...ErrorFields,
});
export type XyBuildAnswer = Static<typeof XyBuildAnswerSchema>;

/**
 * `GET /v1/crossChainStatus`. `status` stays a free string (an undocumented value must reach the
 * status table, not fail validation); `tx` is the destination (or, refunded, the source refund) hash,
 * and XY's own examples put a placeholder text there, so it is any string or null.
 */
export const XyStatusAnswerSchema = Type.Object({
  success: Type.Boolean(),
  status: Type.Optional(Type.String()),
  msg: Nullable(Type.String()),
  tx: Nullable(Type.String()),
  ...ErrorFields,
});
export type XyStatusAnswer = Static<typeof XyStatusAnswerSchema>;

/**
 * The context the adapter stores with a quote (the chosen route's providers, which `buildTx` must be
 * given again) and with its build (the YBridge called). Amounts as strings so they survive the store.
 */
export const XyContextSchema = Type.Object({
  srcChainId: Type.Integer(),
  dstChainId: Type.Integer(),
  srcToken: EVM_ADDRESS,
  dstToken: EVM_ADDRESS,
  bridgeProvider: Type.String({ minLength: 1 }),
  srcBridgeTokenAddress: EVM_ADDRESS,
  dstBridgeTokenAddress: EVM_ADDRESS,
  srcSwapProvider: Type.Optional(Type.String({ minLength: 1 })),
  dstSwapProvider: Type.Optional(Type.String({ minLength: 1 })),
  dstQuoteTokenAmount: UINT_STRING,
  minReceiveAmount: UINT_STRING,
  yBridge: Type.Optional(EVM_ADDRESS),
});
export type XyContext = Static<typeof XyContextSchema>;
