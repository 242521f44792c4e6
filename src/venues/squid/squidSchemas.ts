import { Type, type Static } from 'typebox';

/**
 * Schemas of the Squid v2 answers the adapter reads (`POST /v2/route`, `GET /v2/status`) and of its
 * error bodies. Only what the adapter uses is required; the rest passes through. The real answers
 * decide: Brave's recorded route answer sends numbers as strings (`estimatedRouteDuration: "20"`,
 * `decimals: "18"`), carries no `params` or `quoteId`, and its `transactionRequest` has no `type`.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const NUMBERISH = Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })]);
const Nullable = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

const TokenSchema = Type.Object({ address: Type.String({ minLength: 1 }), chainId: Type.Optional(Type.Union([Type.String(), Type.Number()])) });

const FeeCostSchema = Type.Object({
  name: Type.Optional(Type.String()),
  amount: UINT_STRING,
  token: TokenSchema,
});

export const SquidRouteSchema = Type.Object({
  route: Type.Object({
    estimate: Type.Object({
      fromAmount: UINT_STRING,
      toAmount: UINT_STRING,
      toAmountMin: UINT_STRING,
      fromToken: TokenSchema,
      toToken: TokenSchema,
      estimatedRouteDuration: Type.Optional(NUMBERISH),
      feeCosts: Type.Optional(Type.Array(FeeCostSchema)),
    }),
    /**
     * Absent when the route was asked `quoteOnly`. `type` is `ON_CHAIN_EXECUTION` for EVM calldata in
     * the SDK's types (squid-types `SquidDataType`); recorded EVM answers omit it.
     */
    transactionRequest: Type.Optional(
      Type.Object({
        type: Type.Optional(Type.String()),
        routeType: Type.Optional(Type.String()),
        target: Type.Optional(Type.String()),
        data: Type.Optional(Type.String()),
        value: Type.Optional(Type.String()),
        requestId: Type.Optional(Type.String()),
      }),
    ),
    params: Type.Optional(Type.Object({ fromChain: Type.Optional(Type.String()), toChain: Type.Optional(Type.String()), toAddress: Type.Optional(Type.String()) })),
    quoteId: Type.Optional(Type.String()),
  }),
});
export type SquidRoute = Static<typeof SquidRouteSchema>;

/**
 * `GET /v2/status`. `squidTransactionStatus` stays a free string (an undocumented value must reach
 * the status table, which keeps it pending), and may be absent on an older answer; `toChain` holds
 * the destination transaction once there is one.
 */
export const SquidStatusSchema = Type.Object({
  id: Nullable(Type.String()),
  status: Nullable(Type.String()),
  squidTransactionStatus: Nullable(Type.String()),
  toChain: Nullable(Type.Object({ transactionId: Nullable(Type.String()) })),
  routeStatus: Nullable(Type.Array(Type.Object({ chainId: Nullable(Type.Union([Type.String(), Type.Number()])), txHash: Nullable(Type.String()), status: Nullable(Type.String()) }))),
});
export type SquidStatus = Static<typeof SquidStatusSchema>;

/**
 * Squid's error bodies: the v2 API answers `{ message, statusCode, type }` (Brave's recordings); the
 * SDK types name `errorType`, and the older API answered `{ errors: [{ path, message, errorType }] }`
 * (dYdX's recording). All three are read.
 */
export const SquidErrorSchema = Type.Object({
  message: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  errorType: Type.Optional(Type.String()),
  statusCode: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  errors: Type.Optional(Type.Array(Type.Object({ message: Type.Optional(Type.String()), errorType: Type.Optional(Type.String()), path: Type.Optional(Type.String()) }))),
});
export type SquidError = Static<typeof SquidErrorSchema>;

/** What quote and build store and status reads back (fields added later stay optional). */
export const SquidContextSchema = Type.Object({
  fromChainId: Type.Integer(),
  toChainId: Type.Integer(),
  fromToken: Type.String(),
  toToken: Type.String(),
  toAmount: UINT_STRING,
  toAmountMin: UINT_STRING,
  /** For a native input, what was asked to be bridged: `amountIn` less Axelar's gas, which rides beside it. */
  sendAmount: Type.Optional(UINT_STRING),
  /** `route.quoteId`, passed to `/v2/status` so Squid attributes the volume. */
  quoteId: Type.Optional(Type.String()),
  /** The request id Squid put in the answer (`transactionRequest.requestId`), passed to `/v2/status`. */
  requestId: Type.Optional(Type.String()),
  routeType: Type.Optional(Type.String()),
  router: Type.Optional(Type.String()),
});
export type SquidContext = Static<typeof SquidContextSchema>;
