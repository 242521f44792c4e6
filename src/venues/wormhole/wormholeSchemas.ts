import { Type, type Static } from 'typebox';

/**
 * Shapes of the Wormholescan answers the adapter reads (api.wormholescan.io, wormhole-explorer
 * `api/routes/wormscan/operations/response.go`, `api/handlers/vaa`). Only what the adapter uses is
 * required; Wormholescan adds fields freely (`executorRequest`, `balanceChanges`, `isSolanaShim`…).
 * The real answers decide: `payload` is absent for messages Wormholescan does not decode, `vaa` is
 * absent until guardians sign, `targetChain` until someone redeems, `standarizedProperties` (sic)
 * sends empty strings and nulls for what it does not know, and a payload's addresses carry `0x`.
 */

const Text = Type.Union([Type.String(), Type.Null()]);
const IntLike = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]+$' })]);

export const WormholescanPayload = Type.Object({
  payloadType: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  amount: Type.Optional(Text),
  tokenAddress: Type.Optional(Text),
  tokenChain: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  toAddress: Type.Optional(Text),
  toChain: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  fee: Type.Optional(Text),
});

export const WormholescanOperation = Type.Object({
  id: Type.String(),
  emitterChain: Type.Integer({ minimum: 0 }),
  emitterAddress: Type.Object({ hex: Type.String(), native: Type.Optional(Text) }),
  sequence: IntLike,
  vaa: Type.Optional(Type.Union([Type.Object({ raw: Type.Optional(Text), guardianSetIndex: Type.Optional(Type.Integer()), isDuplicated: Type.Optional(Type.Boolean()) }), Type.Null()])),
  content: Type.Optional(Type.Union([Type.Object({ payload: Type.Optional(Type.Union([WormholescanPayload, Type.Null()])) }), Type.Null()])),
  sourceChain: Type.Optional(Type.Union([Type.Object({ chainId: Type.Optional(Type.Integer()), status: Type.Optional(Text), transaction: Type.Optional(Type.Object({ txHash: Type.Optional(Text) })) }), Type.Null()])),
  targetChain: Type.Optional(Type.Union([Type.Object({ chainId: Type.Optional(Type.Integer()), status: Type.Optional(Text), transaction: Type.Optional(Type.Union([Type.Object({ txHash: Type.Optional(Text) }), Type.Null()])) }), Type.Null()])),
});
export type WormholescanOperation = Static<typeof WormholescanOperation>;

/** `GET /api/v1/operations?txHash=`: the operations (messages) of a transaction. */
export const WormholescanOperations = Type.Object({ operations: Type.Union([Type.Array(WormholescanOperation), Type.Null()]) });
export type WormholescanOperations = Static<typeof WormholescanOperations>;

/** `GET /api/v1/vaas/{chain}/{emitter}/{seq}`: one signed VAA, base64, with its digest when indexed. */
export const WormholescanVaa = Type.Object({
  data: Type.Object({
    sequence: IntLike,
    emitterChain: Type.Integer({ minimum: 0 }),
    emitterAddr: Type.String(),
    vaa: Type.String(),
    digest: Type.Optional(Text),
    txHash: Type.Optional(Text),
  }),
});
export type WormholescanVaa = Static<typeof WormholescanVaa>;

const DIGITS = Type.String({ pattern: '^[0-9]+$' });
const BYTES32 = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' });
const ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

/**
 * What quote stores and build and status read back: the transfer's terms as the VAA must carry them.
 */
export const WormholeContextSchema = Type.Object({
  fromWhChain: Type.Integer({ minimum: 1, maximum: 65535 }),
  toWhChain: Type.Integer({ minimum: 1, maximum: 65535 }),
  token: ADDRESS,
  tokenDecimals: Type.Integer({ minimum: 0, maximum: 36 }),
  /** The amount the bridge pulls: the input truncated to 8 decimals. */
  bridgedAmount: DIGITS,
  /** The payload's amount (normalised to at most 8 decimals). */
  normalizedAmount: DIGITS,
  /** The core bridge's message fee, paid as the call's value. */
  messageFee: DIGITS,
  /** The wrapped asset the destination Token Bridge mints. */
  wrappedToken: ADDRESS,
  /** The payload's recipient (32 bytes), set by build. */
  recipient: Type.Optional(BYTES32),
});
export type WormholeContext = Static<typeof WormholeContextSchema>;

/** `GET /v1/governor/available_notional_by_chain`: the Governor's remaining daily notional per chain (USD, decimal strings). */
export const GovernorNotional = Type.Object({
  entries: Type.Array(Type.Object({ chainId: Type.Integer({ minimum: 0 }), remainingAvailableNotional: IntLike, notionalLimit: Type.Optional(IntLike), bigTransactionSize: IntLike })),
});
export type GovernorNotional = Static<typeof GovernorNotional>;
