import { Type, type Static } from 'typebox';

/**
 * Schemas of the node answers a THORChain-family adapter reads: `GET /<prefix>/quote/swap`,
 * `GET /<prefix>/inbound_addresses`, `GET /<prefix>/tx/status/{hash}` and the error body. Fields
 * follow THORNode's OpenAPI (`QuoteSwapResponse`, `InboundAddress`, `TxStatusResponse`; MAYANode's
 * OpenAPI declares the same objects) as the real answers in thorchain/ and mayachain/ fixtures/real/
 * carry them: a quote asked without `destination` has no `memo`, a UTXO
 * source has no `router` (and on older nodes no `expiry`), and the status of a transfer not yet swapped has no `out_txs` and only the
 * stages reached so far. Only what the adapter uses is required.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,40}$' });

export const PoolQuoteSchema = Type.Object({
  inbound_address: Type.Optional(Type.String({ minLength: 1 })),
  router: Type.Optional(Type.String()),
  memo: Type.Optional(Type.String()),
  expected_amount_out: UINT_STRING,
  // Absent from older nodes' quotes for UTXO sources (Maya's recorded BTC quote has none).
  expiry: Type.Optional(Type.Integer({ minimum: 0 })),
  recommended_min_amount_in: Type.Optional(UINT_STRING),
  /** UTXO sources: the fee rate THORChain asks inbounds to pay, in `gas_rate_units` (`satsperbyte`). */
  recommended_gas_rate: Type.Optional(UINT_STRING),
  gas_rate_units: Type.Optional(Type.String()),
  total_swap_seconds: Type.Optional(Type.Integer({ minimum: 0 })),
  // Older nodes' quotes carry only the parts of the ETA (no total_swap_seconds).
  inbound_confirmation_seconds: Type.Optional(Type.Integer({ minimum: 0 })),
  outbound_delay_seconds: Type.Optional(Type.Integer({ minimum: 0 })),
  streaming_swap_seconds: Type.Optional(Type.Integer({ minimum: 0 })),
  fees: Type.Object({
    asset: Type.String(),
    total: Type.Optional(UINT_STRING),
    outbound: Type.Optional(UINT_STRING),
    liquidity: Type.Optional(UINT_STRING),
    affiliate: Type.Optional(UINT_STRING),
  }),
});
export type PoolQuote = Static<typeof PoolQuoteSchema>;

export const PoolInboundAddressesSchema = Type.Array(
  Type.Object({
    chain: Type.String(),
    address: Type.Optional(Type.String()),
    router: Type.Optional(Type.String()),
    halted: Type.Boolean(),
    global_trading_paused: Type.Optional(Type.Boolean()),
    chain_trading_paused: Type.Optional(Type.Boolean()),
    /** UTXO chains: the least THORChain observes, in 1e8 units (10 000 sats on BTC). */
    dust_threshold: Type.Optional(UINT_STRING),
  }),
);
export type PoolInboundAddresses = Static<typeof PoolInboundAddressesSchema>;

const CoinSchema = Type.Object({ asset: Type.String(), amount: UINT_STRING });
const Stage = Type.Object({ completed: Type.Boolean() });

export const PoolTxSchema = Type.Object({
  id: Type.Optional(Type.String()),
  chain: Type.Optional(Type.String()),
  to_address: Type.Optional(Type.String()),
  coins: Type.Array(CoinSchema),
  memo: Type.Optional(Type.String()),
});
export type PoolTx = Static<typeof PoolTxSchema>;

export const PoolTxStatusSchema = Type.Object({
  tx: Type.Optional(PoolTxSchema),
  planned_out_txs: Type.Optional(Type.Array(Type.Object({ chain: Type.String(), to_address: Type.String(), coin: CoinSchema, refund: Type.Boolean() }))),
  out_txs: Type.Optional(Type.Array(PoolTxSchema)),
  stages: Type.Object({
    inbound_observed: Type.Optional(Stage),
    inbound_confirmation_counted: Type.Optional(Stage),
    inbound_finalised: Type.Optional(Stage),
    swap_status: Type.Optional(Type.Object({ pending: Type.Boolean() })),
    swap_finalised: Type.Optional(Stage),
    outbound_delay: Type.Optional(Stage),
    outbound_signed: Type.Optional(Stage),
  }),
});
export type PoolTxStatus = Static<typeof PoolTxStatusSchema>;

/** Older nodes answer `{"error": …}`, newer ones the gRPC-gateway `{"code": 3, "message": …}`. */
export const PoolErrorSchema = Type.Union([Type.Object({ error: Type.String() }), Type.Object({ code: Type.Optional(Type.Integer()), message: Type.String() })]);
export type PoolError = Static<typeof PoolErrorSchema>;

/** What the adapter stores with a quote and its build, read back in build and status. */
export const PoolContextSchema = Type.Object({
  fromAsset: Type.String(),
  toAsset: Type.String(),
  /** The amount asked, in the network's 1e8 units (the `Thor` names predate Maya; stored contexts keep them). */
  amountThor: UINT_STRING,
  /** `expected_amount_out` in 1e8 units. */
  expectedOutThor: UINT_STRING,
  /** The memo's limit in 1e8 units (`0` when the memo sets none). */
  limitThor: UINT_STRING,
  toleranceBps: Type.Integer({ minimum: 0, maximum: 10_000 }),
  expiry: Type.Optional(Type.Integer({ minimum: 0 })),
  inboundAddress: Type.Optional(Type.String()),
  router: Type.Optional(Type.String()),
  memo: Type.Optional(Type.String()),
  /** The quote's `recommended_gas_rate` and its unit: what a UTXO memo step would pay per byte. */
  recommendedGasRate: Type.Optional(Type.String()),
  gasRateUnits: Type.Optional(Type.String()),
});
export type PoolContext = Static<typeof PoolContextSchema>;
