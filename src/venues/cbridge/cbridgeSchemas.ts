import { Type, type Static } from 'typebox';

/**
 * Schemas of the cBridge gateway answers the adapter reads (`/v2/estimateAmt`,
 * `/v2/getTransferStatus`, `/v2/getLatest7DayTransferLatencyForQuery`) and of the context it stores.
 *
 * The gateway is gRPC behind a JSON gateway that emits every field: a refusal is HTTP 200 with
 * `err: {code, msg}` and every other field at its zero value (`""`, `0`), so the amount fields accept
 * the empty string and the mapping reads them only once `err` is null. Enums come as numbers in the
 * recorded answers (`"status": 5`); their names are accepted too.
 */

/** A decimal integer as the gateway writes big numbers: may be empty (unset) or negative (fees above the amount). */
const INT_STRING = Type.String({ pattern: '^(-?[0-9]{1,78})?$' });
const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const EVM_ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });
const ENUM = Type.Union([Type.Integer(), Type.String()]);

/** `ErrMsg`: `code` is an `ErrCode` (500, 1001, …), as a number or its name. */
export const CbridgeErrSchema = Type.Object({
  code: ENUM,
  msg: Type.Optional(Type.String()),
});
export type CbridgeErr = Static<typeof CbridgeErrSchema>;

const ErrField = Type.Optional(Type.Union([Type.Null(), CbridgeErrSchema]));

/** `GET /v2/estimateAmt`: amounts in the destination token's atomic units, slippages in pips (1e6 = 100 %). */
export const CbridgeEstimateSchema = Type.Object({
  err: ErrField,
  eq_value_token_amt: Type.Optional(INT_STRING),
  bridge_rate: Type.Optional(Type.Number()),
  perc_fee: Type.Optional(INT_STRING),
  base_fee: Type.Optional(INT_STRING),
  slippage_tolerance: Type.Optional(Type.Integer()),
  max_slippage: Type.Optional(Type.Integer()),
  estimated_receive_amt: Type.Optional(INT_STRING),
  drop_gas_amt: Type.Optional(INT_STRING),
});
export type CbridgeEstimate = Static<typeof CbridgeEstimateSchema>;

/** `GET /v2/getLatest7DayTransferLatencyForQuery`. */
export const CbridgeLatencySchema = Type.Object({
  err: ErrField,
  median_transfer_latency_in_second: Type.Optional(Type.Number({ minimum: 0 })),
});

/**
 * `POST /v2/getTransferStatus`. `status` stays free (number or name): an undocumented value must
 * reach the status table, which keeps it pending, not fail validation. The refund fields
 * (`wd_onchain`, `sorted_sigs`, …) are base64 and read by nobody here: the refund is the user's to claim.
 */
export const CbridgeTransferStatusSchema = Type.Object({
  err: ErrField,
  status: Type.Optional(ENUM),
  wd_onchain: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  sorted_sigs: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()])),
  signers: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()])),
  powers: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()])),
  refund_reason: Type.Optional(ENUM),
  block_delay: Type.Optional(Type.Integer()),
  src_block_tx_link: Type.Optional(Type.String()),
  dst_block_tx_link: Type.Optional(Type.String()),
});
export type CbridgeTransferStatus = Static<typeof CbridgeTransferStatusSchema>;

/**
 * What the adapter stores with a quote, and what build adds: the `send` it encoded (nonce, sender,
 * receiver, amount) and the transfer id those make, which status asks the gateway about. Kept as
 * strings so it survives the store's JSON round trip; build fields are optional (a quote has none).
 */
export const CbridgeContextSchema = Type.Object({
  srcChainId: Type.Integer(),
  dstChainId: Type.Integer(),
  tokenSymbol: Type.String(),
  /** The source token the Bridge receives (WETH for a native send). */
  token: EVM_ADDRESS,
  isNative: Type.Boolean(),
  /** The gateway's `max_slippage` (pips) this quote would sign. */
  maxSlippage: Type.Integer({ minimum: 1, maximum: 999_999 }),
  estimatedReceive: UINT_STRING,
  bridge: EVM_ADDRESS,
  nonce: Type.Optional(UINT_STRING),
  sender: Type.Optional(EVM_ADDRESS),
  receiver: Type.Optional(EVM_ADDRESS),
  amount: Type.Optional(UINT_STRING),
  transferId: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' })),
});
export type CbridgeContext = Static<typeof CbridgeContextSchema>;
