import { Type, type Static } from 'typebox';

/**
 * Schemas of the Rango Basic API answers the adapter reads (`GET /basic/quote`, `GET /basic/swap`,
 * `GET /basic/status`), after rango-exchange/rango-sdk `packages/rango-types/src/api/basic/*` and the
 * answers Rango's docs print. Only what the adapter reads is required; everything else passes
 * through. Rango answers most refusals as HTTP 200 with `resultType` ≠ OK and `route: null`, so
 * `route` and `tx` are nullable and the mapping decides.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const Nullable = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

const TokenSchema = Type.Object({
  blockchain: Type.String(),
  symbol: Type.Optional(Type.String()),
  address: Nullable(Type.String()),
  decimals: Type.Optional(Type.Integer()),
});

const FeeSchema = Type.Object({
  name: Type.Optional(Type.String()),
  token: TokenSchema,
  /** FROM_SOURCE_WALLET (gas the user pays beside the amount), DECREASE_FROM_OUTPUT (already out of outputAmount), FROM_DESTINATION_WALLET. */
  expenseType: Type.String(),
  amount: Type.String(),
  /** `{ type: 'EvmNetworkFeeMeta', gasLimit, gasPrice }` on the gas fee of an EVM route. */
  meta: Nullable(Type.Object({ type: Type.Optional(Type.String()) })),
});

const AmountRestrictionSchema = Type.Object({
  min: Nullable(Type.String()),
  max: Nullable(Type.String()),
  type: Type.Optional(Type.String()),
});

export const RangoRouteSchema = Type.Object({
  from: TokenSchema,
  to: TokenSchema,
  outputAmount: UINT_STRING,
  outputAmountMin: UINT_STRING,
  swapper: Type.Object({ id: Type.String(), swapperGroup: Nullable(Type.String()) }),
  fee: Type.Array(FeeSchema),
  amountRestriction: Nullable(AmountRestrictionSchema),
  estimatedTimeInSeconds: Nullable(Type.Number({ minimum: 0 })),
});
export type RangoRoute = Static<typeof RangoRouteSchema>;

/** `resultType`: OK | HIGH_IMPACT | NO_ROUTE | INPUT_LIMIT_ISSUE | HIGH_IMPACT_FOR_CREATE_TX (a free string: a new value must reach the mapping). */
export const RangoQuoteSchema = Type.Object({
  requestId: Type.String(),
  resultType: Type.String(),
  route: Nullable(RangoRouteSchema),
  error: Nullable(Type.String()),
  errorCode: Nullable(Type.Integer()),
});
export type RangoQuote = Static<typeof RangoQuoteSchema>;

/** The EVM transaction of a swap answer (rango-types `basic/txs/evm.ts`). */
export const RangoEvmTxSchema = Type.Object({
  type: Type.Literal('EVM'),
  blockChain: Type.Object({ name: Type.String(), chainId: Nullable(Type.Union([Type.String(), Type.Integer()])) }),
  from: Nullable(Type.String()),
  approveTo: Nullable(Type.String()),
  approveData: Nullable(Type.String()),
  txTo: Type.String(),
  txData: Nullable(Type.String()),
  value: Nullable(Type.String()),
});
export type RangoEvmTx = Static<typeof RangoEvmTxSchema>;

/** Any other transaction type (SOLANA, TRANSFER, TRON, COSMOS, …): only its type is read. */
const RangoOtherTxSchema = Type.Object({ type: Type.String() });

export const RangoSwapSchema = Type.Object({
  requestId: Type.String(),
  resultType: Type.String(),
  route: Nullable(RangoRouteSchema),
  error: Nullable(Type.String()),
  errorCode: Nullable(Type.Integer()),
  tx: Nullable(Type.Union([RangoEvmTxSchema, RangoOtherTxSchema])),
});
export type RangoSwap = Static<typeof RangoSwapSchema>;

/**
 * `GET /basic/status`. `status` is `running` | `success` | `failed` | null, kept a free string so an
 * undocumented value reaches the status table (pending, unrecognized) instead of failing validation.
 */
export const RangoStatusSchema = Type.Object({
  status: Nullable(Type.String()),
  error: Nullable(Type.String()),
  output: Nullable(
    Type.Object({
      amount: Nullable(Type.String()),
      receivedToken: Nullable(TokenSchema),
      type: Nullable(Type.String()),
    }),
  ),
  bridgeData: Nullable(
    Type.Object({
      destTxHash: Nullable(Type.String()),
      destToken: Nullable(Type.String()),
      destTokenAmt: Nullable(Type.String()),
    }),
  ),
});
export type RangoStatus = Static<typeof RangoStatusSchema>;

/** A non-200 error body: Rango's `{ error, errorCode, traceId }` (its troubleshooting page), or a bare `{ message }`. */
export const RangoErrorSchema = Type.Object({
  message: Type.Optional(Type.String()),
  error: Nullable(Type.String()),
  errorCode: Nullable(Type.Integer()),
});
export type RangoError = Static<typeof RangoErrorSchema>;

/**
 * What the adapter stores with a quote (`requestId`, the swapper, the amounts) and with its build
 * (`swapRequestId`, the diamond, the transaction type), merged as the engine hands it to `status`.
 * Status needs the request id of the swap answer; a quote's own request id never tracks a transfer.
 */
export const RangoContextSchema = Type.Object({
  requestId: Type.String({ minLength: 1 }),
  from: Type.String(),
  to: Type.String(),
  swapper: Type.String(),
  outputAmount: UINT_STRING,
  outputAmountMin: UINT_STRING,
  swapRequestId: Type.Optional(Type.String({ minLength: 1 })),
  diamond: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' })),
  txType: Type.Optional(Type.String()),
});
export type RangoContext = Static<typeof RangoContextSchema>;
