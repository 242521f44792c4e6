import { Type, type Static } from 'typebox';

/**
 * Schemas of the LI.FI answers the adapter reads (`GET /v1/quote`, `GET /v1/status`) and of its error
 * body. Only the fields the adapter uses are required; everything else passes through untouched.
 * LI.FI's own docs example of a quote carries no `estimate.executionDuration`, so it is optional.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const EVM_ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

const TokenRefSchema = Type.Object({ address: Type.String({ minLength: 1 }) });

export const LifiQuoteSchema = Type.Object({
  tool: Type.String(),
  action: Type.Object({
    fromChainId: Type.Integer(),
    toChainId: Type.Integer(),
    fromToken: TokenRefSchema,
    toToken: TokenRefSchema,
    fromAmount: UINT_STRING,
    toAddress: Type.Optional(Type.String()),
  }),
  estimate: Type.Object({
    toAmount: UINT_STRING,
    toAmountMin: UINT_STRING,
    approvalAddress: Type.Optional(Type.String()),
    executionDuration: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })])),
    /** `included: false` marks a fee paid on top of the amount (e.g. LayerZero's native fee, sent as value). */
    feeCosts: Type.Optional(Type.Array(Type.Object({ name: Type.Optional(Type.String()), amount: Type.Optional(Type.String()), included: Type.Optional(Type.Boolean()) }))),
  }),
  transactionId: Type.Optional(Type.String()),
  transactionRequest: Type.Optional(
    Type.Object({
      to: Type.String(),
      data: Type.String(),
      value: Type.Optional(Type.String()),
      chainId: Type.Optional(Type.Integer()),
    }),
  ),
});
export type LifiQuote = Static<typeof LifiQuoteSchema>;

const Nullable = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/**
 * `GET /v1/status`. Only `status` is required and it stays a free string: an undocumented value must
 * reach the status table (which keeps it pending), not fail validation. While a transfer is pending
 * `receiving` holds little more than its `chainId`; every field of it may be absent or null.
 */
export const LifiStatusSchema = Type.Object({
  status: Type.String({ minLength: 1 }),
  substatus: Nullable(Type.String()),
  substatusMessage: Nullable(Type.String()),
  tool: Nullable(Type.String()),
  receiving: Nullable(
    Type.Object({
      txHash: Nullable(Type.String()),
      amount: Nullable(UINT_STRING),
      token: Nullable(Type.Object({ address: Nullable(Type.String()) })),
    }),
  ),
});
export type LifiStatus = Static<typeof LifiStatusSchema>;

/** The error body of every LI.FI endpoint: `{ message, code, errors? }` (codes 1000–1013). */
export const LifiErrorSchema = Type.Object({
  message: Type.Optional(Type.String()),
  code: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  errors: Type.Optional(Type.Unknown()),
});
export type LifiError = Static<typeof LifiErrorSchema>;

/**
 * The context the adapter stores with a quote, and with its build (`diamond`, `transactionId`),
 * merged as the engine passes it to `status`. Strings for amounts so it survives the store unchanged.
 */
export const LifiContextSchema = Type.Object({
  fromChainId: Type.Integer(),
  toChainId: Type.Integer(),
  fromToken: EVM_ADDRESS,
  toToken: EVM_ADDRESS,
  tool: Type.String(),
  toAmount: UINT_STRING,
  toAmountMin: UINT_STRING,
  diamond: Type.Optional(EVM_ADDRESS),
  transactionId: Type.Optional(Type.String()),
});
export type LifiContext = Static<typeof LifiContextSchema>;

/** `GET /v1/chains?chainTypes=EVM`: the chains LI.FI serves now, some with the diamond address it uses there. */
export const LifiChainsSchema = Type.Object({
  chains: Type.Array(
    Type.Object({
      id: Type.Integer(),
      key: Type.Optional(Type.String()),
      chainType: Type.Optional(Type.String()),
      diamondAddress: Type.Optional(Type.String()),
    }),
  ),
});
export type LifiChains = Static<typeof LifiChainsSchema>;
