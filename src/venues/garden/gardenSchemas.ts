import { Type, type Static, type TSchema } from 'typebox';

/**
 * Shapes of the Garden v2 answers the adapter reads (docs.garden.finance OpenAPI, and the answers of
 * fixtures/real/). Every answer is the envelope `{ status: "Ok" | "Error", result?, error? }`; only
 * what the mapping uses is required and extra fields pass through. Amounts are atomic decimal
 * strings, except the BTC order's `amount`, which the SDK types as a number and the docs show as a
 * string: both are read.
 */

const Atomic = Type.String({ pattern: '^[0-9]+$' });
const Hex = Type.String({ pattern: '^0x[0-9a-fA-F]*$' });

function Nullable<T extends TSchema>(schema: T) {
  return Type.Optional(Type.Union([schema, Type.Null()]));
}

function envelope<T extends TSchema>(result: T) {
  return Type.Object({
    status: Type.String(),
    result: Type.Optional(result),
    error: Nullable(Type.String()),
  });
}

const QuoteSide = Type.Object({
  asset: Type.String({ minLength: 1 }),
  amount: Atomic,
  display: Type.Optional(Type.String()),
  value: Type.Optional(Type.String()),
});

export const GardenQuoteSchema = Type.Object({
  source: QuoteSide,
  destination: QuoteSide,
  solver_id: Type.Optional(Type.String()),
  /** Seconds; newer answers carry it (an integrator's recorded quote), the docs' recorded ones do not. */
  estimated_time: Type.Optional(Type.Number({ minimum: 0 })),
});
export type GardenQuote = Static<typeof GardenQuoteSchema>;

/** `GET /v2/quote`: one row per solver. */
export const GardenQuoteResponseSchema = envelope(Type.Array(GardenQuoteSchema));

/** An EVM transaction of a create-order answer (`approval_transaction`, `initiate_transaction`). */
export const GardenEvmTransactionSchema = Type.Object({
  to: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }),
  data: Hex,
  value: Type.Optional(Type.String({ pattern: '^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$' })),
  chain_id: Type.Integer({ minimum: 1 }),
  gas_limit: Type.Optional(Type.String()),
});
export type GardenEvmTransaction = Static<typeof GardenEvmTransactionSchema>;

const TypedDataSchema = Type.Object({
  domain: Type.Record(Type.String(), Type.Unknown()),
  message: Type.Record(Type.String(), Type.Unknown()),
  primaryType: Type.Optional(Type.String()),
  types: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/**
 * `POST /v2/orders`. A Bitcoin source answers the HTLC deposit address (`to`, `amount`); an EVM source
 * the calls (`initiate_transaction`, `approval_transaction`; older answers named the initiate call
 * `transaction`) and the typed data of the gasless initiate.
 */
export const GardenCreatedOrderSchema = Type.Object({
  order_id: Type.String({ pattern: '^[0-9a-zA-Z]{1,128}$' }),
  to: Type.Optional(Type.String({ minLength: 1 })),
  amount: Type.Optional(Type.Union([Atomic, Type.Integer({ minimum: 0 })])),
  initiate_transaction: Type.Optional(GardenEvmTransactionSchema),
  transaction: Type.Optional(GardenEvmTransactionSchema),
  approval_transaction: Nullable(GardenEvmTransactionSchema),
  typed_data: Nullable(TypedDataSchema),
});
export type GardenCreatedOrder = Static<typeof GardenCreatedOrderSchema>;
export const GardenCreateOrderResponseSchema = envelope(GardenCreatedOrderSchema);

/** Block numbers are decimal strings, `"0"` (or null) until the transaction is confirmed. */
const BlockNumber = Nullable(Type.Union([Type.String(), Type.Integer()]));

const SwapSchema = Type.Object({
  swap_id: Type.Optional(Type.String()),
  chain: Type.String(),
  asset: Type.String(),
  initiator: Type.Optional(Type.String()),
  redeemer: Type.Optional(Type.String()),
  amount: Atomic,
  filled_amount: Type.Optional(Atomic),
  timelock: Type.Optional(Type.Number()),
  secret_hash: Type.Optional(Type.String()),
  initiate_tx_hash: Nullable(Type.String()),
  redeem_tx_hash: Nullable(Type.String()),
  refund_tx_hash: Nullable(Type.String()),
  initiate_block_number: BlockNumber,
  redeem_block_number: BlockNumber,
  refund_block_number: BlockNumber,
  required_confirmations: Type.Optional(Type.Number()),
  current_confirmations: Type.Optional(Type.Number()),
});
export type GardenSwap = Static<typeof SwapSchema>;

export const GardenOrderSchema = Type.Object({
  order_id: Type.String(),
  created_at: Type.String(),
  source_swap: SwapSchema,
  destination_swap: SwapSchema,
});
export type GardenOrder = Static<typeof GardenOrderSchema>;

/** `GET /v2/orders/{order_id}`. */
export const GardenOrderResponseSchema = envelope(GardenOrderSchema);

/** What the adapter stores with a quote and its build, read back in build and status. */
export const GardenContextSchema = Type.Object({
  fromAsset: Type.String(),
  toAsset: Type.String(),
  /** The solver whose quote the row is; the order is created for it. */
  solverId: Nullable(Type.String()),
  /** Set by build: Garden's order, where status looks. */
  orderId: Type.Optional(Type.String()),
  /** Bitcoin source: the order's HTLC address the user pays. */
  depositAddress: Type.Optional(Type.String()),
  /** The least the order delivers after its slippage, atomic. */
  minAmountOut: Type.Optional(Atomic),
});
export type GardenContext = Static<typeof GardenContextSchema>;
