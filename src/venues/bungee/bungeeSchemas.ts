import { Type, type Static } from 'typebox';

/**
 * Schemas of the Bungee answers the adapter reads (`GET /api/v1/bungee/quote`, `/build-tx`,
 * `/status`) and of its error envelope `{ success: false, statusCode, message }`. Only the fields the
 * adapter uses are checked; everything else passes through. Recorded answers decide what may be
 * absent or null: an Auto-only quote carries no `manualRoutes` at all, a pending status has
 * `txHash: null` on both legs.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const EVM_ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });
const Nullable = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

const TokenSchema = Type.Object({ chainId: Type.Optional(Type.Integer()), address: Type.String({ minLength: 1 }), decimals: Type.Optional(Type.Integer()) });

const OutputSchema = Type.Object({ token: TokenSchema, amount: UINT_STRING, minAmountOut: UINT_STRING });

const ApprovalDataSchema = Type.Object({ spenderAddress: EVM_ADDRESS, amount: UINT_STRING, tokenAddress: Type.String(), userAddress: Type.Optional(Type.String()) });

/** One Manual route: a classic bridge call through SocketGateway, built later by `/build-tx`. */
export const BungeeManualRouteSchema = Type.Object({
  quoteId: Type.String({ minLength: 1 }),
  quoteExpiry: Nullable(Type.Integer()),
  output: OutputSchema,
  approvalData: Nullable(ApprovalDataSchema),
  estimatedTime: Nullable(Type.Number({ minimum: 0 })),
  routeDetails: Nullable(Type.Object({ name: Type.Optional(Type.String()) })),
});
export type BungeeManualRoute = Static<typeof BungeeManualRouteSchema>;

/** Bungee's error envelope (HTTP 4xx, and `success: false` on an HTTP 200 too). */
export const BungeeErrorSchema = Type.Object({
  success: Type.Optional(Type.Boolean()),
  statusCode: Type.Optional(Type.Integer()),
  message: Nullable(Type.String()),
});
export type BungeeError = Static<typeof BungeeErrorSchema>;

/** An answer is either `success: true` with its result, or the error envelope with `success: false`. */
const FailedSchema = Type.Object({ success: Type.Literal(false), statusCode: Type.Optional(Type.Integer()), message: Nullable(Type.String()) });
export type BungeeFailed = Static<typeof FailedSchema>;

const BungeeQuoteOkSchema = Type.Object({
  success: Type.Literal(true),
  result: Type.Object({
    originChainId: Type.Integer(),
    destinationChainId: Type.Integer(),
    receiverAddress: Type.String(),
    input: Type.Object({ token: TokenSchema, amount: UINT_STRING }),
    autoRoute: Nullable(Type.Object({ userOp: Type.Optional(Type.String()), output: Type.Optional(Type.Object({ amount: Type.Optional(Type.String()) })) })),
    manualRoutes: Nullable(Type.Array(BungeeManualRouteSchema)),
  }),
});
export type BungeeQuote = Static<typeof BungeeQuoteOkSchema>;
export const BungeeQuoteSchema = Type.Union([BungeeQuoteOkSchema, FailedSchema]);

const BungeeBuildTxOkSchema = Type.Object({
  success: Type.Literal(true),
  result: Type.Object({
    txData: Type.Object({ to: Type.String(), data: Type.String(), value: Type.Optional(Type.String()), chainId: Type.Optional(Type.Integer()) }),
    approvalData: Nullable(ApprovalDataSchema),
  }),
});
export type BungeeBuildTx = Static<typeof BungeeBuildTxOkSchema>;
export const BungeeBuildTxSchema = Type.Union([BungeeBuildTxOkSchema, FailedSchema]);

const LegSchema = Type.Object({ txHash: Nullable(Type.String()), status: Nullable(Type.String()) });

/**
 * `GET /api/v1/bungee/status`: an array, one entry per request the hash covers. `bungeeStatusCode`
 * stays a free integer so that an undocumented code reaches the status table (pending,
 * unrecognized) rather than failing validation.
 */
const BungeeStatusOkSchema = Type.Object({
  success: Type.Literal(true),
  result: Type.Array(
    Type.Object({
      hash: Nullable(Type.String()),
      originData: Nullable(Type.Intersect([LegSchema, Type.Object({ originChainId: Type.Optional(Type.Integer()) })])),
      destinationData: Nullable(
        Type.Intersect([LegSchema, Type.Object({ destinationChainId: Type.Optional(Type.Integer()), output: Nullable(Type.Array(Type.Object({ token: Nullable(TokenSchema), amount: Nullable(UINT_STRING) }))) })]),
      ),
      bungeeStatusCode: Type.Integer(),
      refund: Nullable(Type.Object({ chainId: Type.Optional(Type.Integer()), txHash: Nullable(Type.String()) })),
    }),
  ),
});
export type BungeeStatus = Static<typeof BungeeStatusOkSchema>;
export const BungeeStatusSchema = Type.Union([BungeeStatusOkSchema, FailedSchema]);
export type BungeeStatusEntry = BungeeStatus['result'][number];

/**
 * What the adapter stores with a quote (the Manual route priced) and its build (the route id and
 * gateway called), merged as the engine passes it to `status`. Amounts as strings.
 */
export const BungeeContextSchema = Type.Object({
  fromChainId: Type.Integer(),
  toChainId: Type.Integer(),
  fromToken: EVM_ADDRESS,
  toToken: EVM_ADDRESS,
  quoteId: Type.String({ minLength: 1 }),
  quoteExpiry: Type.Optional(Type.Integer()),
  routeName: Type.Optional(Type.String()),
  amountOut: UINT_STRING,
  minAmountOut: UINT_STRING,
  gateway: Type.Optional(EVM_ADDRESS),
  routeId: Type.Optional(Type.Integer()),
  /** The implementation `getRoute(routeId)` answered at build, when an RPC was configured. */
  routeImplementation: Type.Optional(EVM_ADDRESS),
});
export type BungeeContext = Static<typeof BungeeContextSchema>;
