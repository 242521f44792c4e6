import { Type, type Static } from 'typebox';

/**
 * Schemas of the Rubic API v2 answers the adapter reads (`POST /routes/quoteBest`, `POST /routes/swap`,
 * `GET /info/statusExtended`) and of its error bodies. Only the fields the adapter uses are required;
 * everything else passes through untouched. Amounts the adapter prices with are the atomic
 * `…WeiAmount` strings, never the display ones.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const EVM_ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });
const Nullable = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

const RouteTokenSchema = Type.Object({
  address: Type.String({ minLength: 1 }),
  blockchain: Type.String(),
  decimals: Type.Integer({ minimum: 0, maximum: 36 }),
  /** The display amount sent, on `tokens.from` only. */
  amount: Type.Optional(Type.String()),
});

const FixedFeeSchema = Type.Object({ fixedWeiAmount: Type.Optional(UINT_STRING) });

/**
 * The execution data of `/routes/swap` (a quote carries at most `approvalAddress`): `to`/`data`/`value`
 * for an EVM transaction, `depositAddress`/`amountToSend`/`exchangeId`/`extraFields` for a deposit.
 */
const TransactionSchema = Type.Object({
  approvalAddress: Nullable(Type.String()),
  to: Nullable(Type.String()),
  data: Nullable(Type.String()),
  value: Nullable(Type.String()),
  depositAddress: Nullable(Type.String()),
  amountToSend: Nullable(Type.String()),
  exchangeId: Nullable(Type.String()),
  extraFields: Nullable(Type.Object({ name: Nullable(Type.String()), value: Nullable(Type.String()) })),
});

const TokensSchema = Type.Object({ from: RouteTokenSchema, to: RouteTokenSchema });

const ErrorEntrySchema = Type.Object({
  code: Type.Union([Type.Integer(), Type.String()]),
  reason: Type.Optional(Type.String()),
  data: Type.Optional(Type.Unknown()),
});

const ROUTE_FIELDS = {
  providerType: Type.String(),
  swapType: Type.Optional(Type.String()),
  estimate: Type.Object({
    destinationWeiAmount: UINT_STRING,
    destinationWeiMinAmount: UINT_STRING,
    durationInMinutes: Nullable(Type.Number({ minimum: 0 })),
  }),
  fees: Type.Optional(
    Type.Object({
      gasTokenFees: Type.Optional(Type.Object({ protocol: Type.Optional(FixedFeeSchema), provider: Type.Optional(FixedFeeSchema) })),
      percentFees: Type.Optional(Type.Object({ percent: Nullable(Type.Number()) })),
    }),
  ),
  transaction: Nullable(TransactionSchema),
  useRubicContract: Type.Optional(Type.Boolean()),
  /** Error entries Rubic attaches to a route it still answers (recorded answers: `[]`). */
  warnings: Type.Optional(Type.Array(ErrorEntrySchema)),
};

/** A `quoteBest` route. Its `tokens.from.amount` is the input net of Rubic's percent fee (recorded: 0.01 ETH asked, 0.4 %, "0.00996"). */
export const RubicRouteSchema = Type.Object({ id: Type.String({ minLength: 1 }), tokens: TokensSchema, ...ROUTE_FIELDS });

/**
 * A `/routes/swap` answer: the route with its transaction. A recorded one carries no top-level `id`
 * (only its echo of the request, `quote.id`) and states `tokens.from.amount` gross; Rubic's
 * `SwapResponseInterface` does not require `tokens` at all.
 */
export const RubicSwapSchema = Type.Object({ id: Type.Optional(Type.String({ minLength: 1 })), tokens: Type.Optional(TokensSchema), ...ROUTE_FIELDS });
export type RubicRoute = Static<typeof RubicRouteSchema> | Static<typeof RubicSwapSchema>;

/**
 * `GET /info/statusExtended`. `status` stays a free string: an undocumented value must reach the
 * status table (which keeps it pending), not fail validation. A recorded answer (NOT_FOUND) carries
 * `destinationTxHash: ""`, echoes `rubicId` and `sourceTxHash`, adds `toAmount`, `toAmountWei` and
 * `subStatus` (all null there) and omits the docs' `destinationNetwork…` fields.
 */
export const RubicStatusSchema = Type.Object({
  status: Type.String({ minLength: 1 }),
  destinationTxHash: Nullable(Type.String()),
  destinationNetworkTitle: Nullable(Type.String()),
  destinationNetworkChainId: Nullable(Type.Integer()),
});
export type RubicStatus = Static<typeof RubicStatusSchema>;

/**
 * Rubic's error bodies: `{ error: { code, reason, data? }, id }`, or for request validation
 * (domain 001) `{ errors: [{ code, reason }] }` (docs "Errors").
 */
export const RubicErrorSchema = Type.Object({
  error: Type.Optional(ErrorEntrySchema),
  errors: Type.Optional(Type.Array(ErrorEntrySchema)),
  id: Type.Optional(Type.String()),
});
export type RubicError = Static<typeof RubicErrorSchema>;

/** `data` of a MIN_AMOUNT / MAX_AMOUNT error (2005 / 2004): display amounts of the source token. */
export const RubicLimitDataSchema = Type.Object({
  tokenSymbol: Type.Optional(Type.String()),
  minAmount: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  maxAmount: Type.Optional(Type.Union([Type.String(), Type.Number()])),
});

/**
 * The context stored with a quote (`id` is the route Rubic builds at `/routes/swap`) and with its
 * build (`shape`, the deposit's `exchangeId`), merged as the engine passes it to `status`.
 */
export const RubicContextSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  fromBlockchain: Type.String(),
  toBlockchain: Type.String(),
  fromToken: EVM_ADDRESS,
  toToken: EVM_ADDRESS,
  providerType: Type.String(),
  destinationWeiAmount: UINT_STRING,
  destinationWeiMinAmount: UINT_STRING,
  shape: Type.Optional(Type.Union([Type.Literal('calldata'), Type.Literal('deposit')])),
  exchangeId: Type.Optional(Type.String()),
});
export type RubicContext = Static<typeof RubicContextSchema>;
