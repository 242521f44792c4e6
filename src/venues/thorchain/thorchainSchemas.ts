import { Type, type Static } from 'typebox';

/**
 * Schemas of the THORNode answers the adapter reads: `GET /thorchain/quote/swap`,
 * `GET /thorchain/inbound_addresses`, `GET /thorchain/tx/status/{hash}` and the error body. Fields
 * follow THORNode's OpenAPI (`QuoteSwapResponse`, `InboundAddress`, `TxStatusResponse`) as the real
 * answers in fixtures/real/ carry them: a quote asked without `destination` has no `memo`, a UTXO
 * source has no `router`, and the status of a transfer not yet swapped has no `out_txs` and only the
 * stages reached so far. Only what the adapter uses is required.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,40}$' });

export const ThorchainQuoteSchema = Type.Object({
  inbound_address: Type.Optional(Type.String({ minLength: 1 })),
  router: Type.Optional(Type.String()),
  memo: Type.Optional(Type.String()),
  expected_amount_out: UINT_STRING,
  expiry: Type.Integer({ minimum: 0 }),
  recommended_min_amount_in: Type.Optional(UINT_STRING),
  /** UTXO sources: the fee rate THORChain asks inbounds to pay, in `gas_rate_units` (`satsperbyte`). */
  recommended_gas_rate: Type.Optional(UINT_STRING),
  gas_rate_units: Type.Optional(Type.String()),
  total_swap_seconds: Type.Optional(Type.Integer({ minimum: 0 })),
  fees: Type.Object({
    asset: Type.String(),
    total: Type.Optional(UINT_STRING),
    outbound: Type.Optional(UINT_STRING),
    liquidity: Type.Optional(UINT_STRING),
    affiliate: Type.Optional(UINT_STRING),
  }),
});
export type ThorchainQuote = Static<typeof ThorchainQuoteSchema>;

export const ThorchainInboundAddressesSchema = Type.Array(
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
export type ThorchainInboundAddresses = Static<typeof ThorchainInboundAddressesSchema>;

const CoinSchema = Type.Object({ asset: Type.String(), amount: UINT_STRING });
const Stage = Type.Object({ completed: Type.Boolean() });

export const ThorchainTxSchema = Type.Object({
  id: Type.Optional(Type.String()),
  chain: Type.Optional(Type.String()),
  to_address: Type.Optional(Type.String()),
  coins: Type.Array(CoinSchema),
  memo: Type.Optional(Type.String()),
});

export const ThorchainTxStatusSchema = Type.Object({
  tx: Type.Optional(ThorchainTxSchema),
  planned_out_txs: Type.Optional(Type.Array(Type.Object({ chain: Type.String(), to_address: Type.String(), coin: CoinSchema, refund: Type.Boolean() }))),
  out_txs: Type.Optional(Type.Array(ThorchainTxSchema)),
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
export type ThorchainTxStatus = Static<typeof ThorchainTxStatusSchema>;

/** Older nodes answer `{"error": …}`, newer ones the gRPC-gateway `{"code": 3, "message": …}`. */
export const ThorchainErrorSchema = Type.Union([Type.Object({ error: Type.String() }), Type.Object({ code: Type.Optional(Type.Integer()), message: Type.String() })]);
export type ThorchainError = Static<typeof ThorchainErrorSchema>;

/** What the adapter stores with a quote and its build, read back in build and status. */
export const ThorchainContextSchema = Type.Object({
  fromAsset: Type.String(),
  toAsset: Type.String(),
  /** The amount asked, in THORChain's 1e8 units. */
  amountThor: UINT_STRING,
  /** `expected_amount_out` in 1e8 units. */
  expectedOutThor: UINT_STRING,
  /** The memo's limit in 1e8 units (`0` when the memo sets none). */
  limitThor: UINT_STRING,
  toleranceBps: Type.Integer({ minimum: 0, maximum: 10_000 }),
  expiry: Type.Integer({ minimum: 0 }),
  inboundAddress: Type.Optional(Type.String()),
  router: Type.Optional(Type.String()),
  memo: Type.Optional(Type.String()),
});
export type ThorchainContext = Static<typeof ThorchainContextSchema>;
