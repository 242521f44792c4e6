import { Type, type Static } from 'typebox';

/**
 * Schemas of the Allbridge Core REST API answers the adapter reads (the self-hosted
 * allbridge-core-rest-api: `GET /bridge/quote`, `GET /raw/bridge`, `GET /transfer/status`, and its
 * 400 body). Only the fields the adapter uses are required; the rest passes through.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
/** Amounts that may be negative (`lpFeeTotal` is the pools' adjustment, signed). */
const INT_STRING = Type.String({ pattern: '^-?[0-9]{1,78}$' });

const PaymentMethodSchema = Type.Object({
  /** `WITH_NATIVE_CURRENCY` | `WITH_STABLECOIN` | `WITH_ABR`; a string so a new method is skipped, not fatal. */
  feePaymentMethod: Type.String(),
  /** The relayer fee in the method's unit: wei for native, source-token units for stablecoin. */
  fee: UINT_STRING,
  estimatedAmount: Type.Object({ min: UINT_STRING, max: UINT_STRING }),
  pendingTxs: Type.Optional(Type.Integer({ minimum: 0 })),
  pendingAmount: Type.Optional(UINT_STRING),
  lpFeeTotal: Type.Optional(INT_STRING),
  transferFee: Type.Optional(UINT_STRING),
});
export type AllbridgePaymentMethod = Static<typeof PaymentMethodSchema>;

export const AllbridgeQuoteSchema = Type.Object({
  amountInt: UINT_STRING,
  sourceTokenAddress: Type.String(),
  destinationTokenAddress: Type.String(),
  options: Type.Array(
    Type.Object({
      /** `ALLBRIDGE` | `WORMHOLE` | `CCTP` | `CCTP_V2` | `OFT` | `X_RESERVE`. */
      messenger: Type.String(),
      messengerIndex: Type.Optional(Type.Integer()),
      estimatedTimeMs: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
      paymentMethods: Type.Array(PaymentMethodSchema),
    }),
  ),
});
export type AllbridgeQuote = Static<typeof AllbridgeQuoteSchema>;

/** `GET /raw/bridge` for an EVM source: the SDK's `EssentialWeb3Transaction`. */
export const AllbridgeRawEvmTxSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  value: Type.String(),
  data: Type.String(),
});
export type AllbridgeRawEvmTx = Static<typeof AllbridgeRawEvmTxSchema>;

/**
 * One leg of a transfer as the core API reports it. `messenger` is the SDK's number in recorded
 * traffic (1 = ALLBRIDGE) and the name in the REST swagger example: both are accepted.
 */
const BridgeTransactionSchema = Type.Object({
  txId: Type.String(),
  amount: Type.Optional(UINT_STRING),
  sourceChainId: Type.Optional(Type.Integer()),
  destinationChainId: Type.Optional(Type.Integer()),
  recipient: Type.Optional(Type.String()),
  destinationTokenAddress: Type.Optional(Type.String()),
  messenger: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  blockTime: Type.Optional(Type.Number()),
});

/** `GET /transfer/status?chain=&txId=` (the body of the hosted `core.api.allbridgecoreapi.net/chain/{chain}/{txId}`). */
export const AllbridgeTransferStatusSchema = Type.Object({
  txId: Type.String(),
  sourceChainSymbol: Type.String(),
  destinationChainSymbol: Type.String(),
  sendAmount: Type.Optional(UINT_STRING),
  destinationTokenAddress: Type.Optional(Type.String()),
  recipientAddress: Type.Optional(Type.String()),
  signaturesCount: Type.Optional(Type.Integer({ minimum: 0 })),
  signaturesNeeded: Type.Optional(Type.Integer({ minimum: 0 })),
  send: BridgeTransactionSchema,
  /** Absent until the destination chain paid out. */
  receive: Type.Optional(Type.Union([BridgeTransactionSchema, Type.Null()])),
});
export type AllbridgeTransferStatus = Static<typeof AllbridgeTransferStatusSchema>;

/**
 * The REST API's 400: `{ statusCode, errorCode, message: "Bad request" }` for an SDK error, or
 * NestJS's `{ statusCode, message }` for its own checks ("Source token not found").
 */
export const AllbridgeErrorSchema = Type.Object({
  statusCode: Type.Optional(Type.Integer()),
  errorCode: Type.Optional(Type.String()),
  message: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
});
export type AllbridgeError = Static<typeof AllbridgeErrorSchema>;

/** What the adapter stores with a quote and its build; fields added later stay optional. */
export const AllbridgeContextSchema = Type.Object({
  sourceChainId: Type.Integer(),
  destinationChainId: Type.Integer(),
  sourceToken: Type.String(),
  destinationToken: Type.String(),
  messenger: Type.Literal('ALLBRIDGE'),
  feePaymentMethod: Type.Literal('WITH_NATIVE_CURRENCY'),
  /** The relayer fee in the source chain's native units, carried beside the call. */
  nativeFee: UINT_STRING,
  amountOut: UINT_STRING,
  minAmountOut: UINT_STRING,
  /** The source chain's Allbridge symbol, for the status lookup. */
  sourceSymbol: Type.String(),
});
export type AllbridgeContext = Static<typeof AllbridgeContextSchema>;

/**
 * `GET /raw/bridge` from Tron: the transaction TronWeb's `triggerSmartContract` built on the REST
 * server's own node (RawTronTransactionResponse of the REST API; the SDK returns `.transaction` of the
 * node's answer, fixtures/real/trigger-smart-contract-send.json). Only `raw_data_hex` is trusted, once decoded.
 */
export const AllbridgeRawTronTxSchema = Type.Object({
  visible: Type.Optional(Type.Boolean()),
  txID: Type.String({ maxLength: 128 }),
  raw_data: Type.Optional(Type.Unknown()),
  raw_data_hex: Type.String({ maxLength: 16_384 }),
});
export type AllbridgeRawTronTx = Static<typeof AllbridgeRawTronTxSchema>;
