import { Type, type Static } from 'typebox';

/**
 * Schemas of the DLN API answers the adapter reads: `GET /v1.0/dln/order/create-tx` (the quote and
 * the build at once), `GET /v1.0/dln/order/{id}/status`, `GET /v1.0/dln/tx/{hash}/order-ids` and the
 * error body. Only the fields the adapter uses are required; the rest (USD values, points, cost
 * details) passes through. deBridge's own response example carries `srcChainTokenOut` only when the
 * input is pre-swapped, and no `allowanceTarget`, so both are optional.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const EVM_ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });
/** A Solana mint (base58, 32 bytes: 32 to 44 characters). */
const SOLANA_ADDRESS = Type.String({ pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' });
const Nullable = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

const TokenAmountSchema = Type.Object({
  address: Type.String({ minLength: 1 }),
  chainId: Type.Integer(),
  amount: UINT_STRING,
});

export const DebridgeCreateTxSchema = Type.Object({
  estimation: Type.Object({
    srcChainTokenIn: Type.Object({
      address: Type.String({ minLength: 1 }),
      chainId: Type.Integer(),
      amount: UINT_STRING,
      mutatedWithOperatingExpense: Type.Optional(Type.Boolean()),
    }),
    srcChainTokenOut: Type.Optional(TokenAmountSchema),
    dstChainTokenOut: Type.Object({
      address: Type.String({ minLength: 1 }),
      chainId: Type.Integer(),
      amount: UINT_STRING,
      recommendedAmount: Type.Optional(UINT_STRING),
    }),
  }),
  /**
   * Absent on an estimation-only answer (no authority addresses given); Strait always gives them.
   * From Solana `tx` is `{ data }` alone: a 0x-hex serialized VersionedTransaction.
   */
  tx: Type.Optional(
    Type.Object({
      to: Type.Optional(Type.String()),
      data: Type.String(),
      value: Type.Optional(Type.String()),
      allowanceTarget: Type.Optional(Type.String()),
      allowanceValue: Type.Optional(Type.String()),
    }),
  ),
  order: Type.Optional(Type.Object({ approximateFulfillmentDelay: Type.Optional(Type.Number({ minimum: 0 })) })),
  orderId: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' })),
  /** The flat protocol fee in the source chain's native asset, equal to `tx.value` for an ERC-20 input. */
  fixFee: Type.Optional(UINT_STRING),
});
export type DebridgeCreateTx = Static<typeof DebridgeCreateTxSchema>;

/**
 * `GET /v1.0/dln/order/{id}/status`. `status` stays a free string: a value the table does not know
 * must reach it (and stay pending), not fail validation. deBridge's docs example is `{ status }` alone.
 */
export const DebridgeOrderStatusSchema = Type.Object({
  status: Type.String({ minLength: 1 }),
  orderId: Nullable(Type.String()),
});
export type DebridgeOrderStatus = Static<typeof DebridgeOrderStatusSchema>;

/** `GET /v1.0/dln/tx/{hash}/order-ids`: the orders one source transaction created. */
export const DebridgeOrderIdsSchema = Type.Object({
  orderIds: Type.Array(Type.Union([Type.String(), Type.Object({ stringValue: Type.String() })])),
});
export type DebridgeOrderIds = Static<typeof DebridgeOrderIdsSchema>;

/** The DLN API's error body: `{ errorCode, errorId, errorMessage }`. */
export const DebridgeErrorSchema = Type.Object({
  errorCode: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  errorId: Type.Optional(Type.String()),
  errorMessage: Type.Optional(Type.String()),
});
export type DebridgeError = Static<typeof DebridgeErrorSchema>;

/**
 * What the adapter stores with a quote (the corridor in deBridge's ids, the amount it asked to give,
 * the flat fee beside it, the order's take amount) and with its build (`orderId`, `dlnTarget`).
 * Amounts as strings, so the context survives the store unchanged.
 */
export const DebridgeContextSchema = Type.Object({
  srcChainId: Type.Integer(),
  dstChainId: Type.Integer(),
  /** The EVM token, or on Solana the mint (`11111111111111111111111111111111` for SOL). */
  srcToken: Type.Union([EVM_ADDRESS, SOLANA_ADDRESS]),
  dstToken: EVM_ADDRESS,
  /** `srcChainTokenInAmount` asked: `amountIn` less the flat fee for a native input. */
  giveAmount: UINT_STRING,
  fixFee: UINT_STRING,
  /** The order's take amount: DLN fills exactly this or not at all. */
  takeAmount: UINT_STRING,
  orderId: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' })),
  /** The contract the built step calls (DlnSource, or DeBridgeRouter for a pre-swapped input). */
  dlnTarget: Type.Optional(EVM_ADDRESS),
});
export type DebridgeContext = Static<typeof DebridgeContextSchema>;
