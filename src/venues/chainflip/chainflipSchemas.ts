import { Type, type Static, type TSchema } from 'typebox';

/**
 * Shapes of the Chainflip swap backend answers the adapter reads (`GET /v2/quote`,
 * `POST /api/openSwapDepositChannel`, `GET /v2/swaps/{id}`), after the backend's own types
 * (chainflip-sdk-monorepo `packages/shared/src/schemas.ts`, `packages/sdk/src/swap/v2/types.ts`) and
 * the recorded answers of fixtures/real/. Only what the mapping uses is required; extra keys pass.
 * Recorded quotes of an older release lack the live-price and retry recommendations, and integrators'
 * recorded status answers carry only a few keys, so everything else is optional.
 */

const Amount = Type.String({ pattern: '^[0-9]+$' });

function Nullable<T extends TSchema>(schema: T) {
  return Type.Optional(Type.Union([schema, Type.Null()]));
}

const AssetAndChain = Type.Object({ chain: Type.String(), asset: Type.String() });

const Fee = Type.Object({ type: Type.String(), chain: Type.String(), asset: Type.String(), amount: Amount });

export const ChainflipQuoteSchema = Type.Object({
  /** `REGULAR` or `DCA`; Strait opens regular channels only. */
  type: Type.String(),
  srcAsset: AssetAndChain,
  destAsset: AssetAndChain,
  depositAmount: Amount,
  intermediateAmount: Nullable(Amount),
  /** Destination atomic units, net of every included fee (ingress, network, egress, broker). */
  egressAmount: Amount,
  /** Destination per source, in whole units: what the fill-or-kill minimum price is measured against. */
  estimatedPrice: Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' }),
  estimatedDurationSeconds: Type.Number({ minimum: 0 }),
  recommendedSlippageTolerancePercent: Nullable(Type.Number({ minimum: 0 })),
  recommendedLivePriceSlippageTolerancePercent: Nullable(Type.Number({ minimum: 0 })),
  recommendedRetryDurationMinutes: Nullable(Type.Number({ minimum: 0 })),
  includedFees: Nullable(Type.Array(Fee)),
  lowLiquidityWarning: Nullable(Type.Boolean()),
  /**
   * Echoes of the query: `true` when the quote prices a vault swap (no channel ingress fee: the
   * backend's "excludes the ingress fee for vault swaps") or a State Chain internal swap. Absent or
   * false on the deposit-channel quotes Strait asks for; a `true` is refused ({@link regularQuoteOf}).
   */
  isVaultSwap: Nullable(Type.Boolean()),
  isOnChain: Nullable(Type.Boolean()),
});
export type ChainflipQuote = Static<typeof ChainflipQuoteSchema>;

/** `GET /v2/quote`: a JSON array, one REGULAR quote and often a DCA one. */
export const ChainflipQuoteResponseSchema = Type.Array(ChainflipQuoteSchema);

/** `POST /api/openSwapDepositChannel` 201 (shared `DepositChannelInfo`). */
export const ChainflipDepositChannelSchema = Type.Object({
  /** `<issuedBlock>-<Chain>-<channelId>`: the status key. */
  id: Type.String({ pattern: '^[0-9]+-[A-Za-z]+-[0-9]+$' }),
  depositAddress: Type.String({ minLength: 1 }),
  brokerCommissionBps: Type.Number(),
  maxBoostFeeBps: Type.Number(),
  issuedBlock: Type.Number(),
  srcChainExpiryBlock: Type.String(),
  estimatedExpiryTime: Nullable(Type.Number()),
  channelOpeningFee: Type.String(),
});
export type ChainflipDepositChannel = Static<typeof ChainflipDepositChannelSchema>;

const Failure = Type.Object({
  mode: Nullable(Type.String()),
  reason: Nullable(Type.Object({ name: Nullable(Type.String()), message: Nullable(Type.String()) })),
});

const Egress = Type.Object({
  amount: Amount,
  txRef: Nullable(Type.String()),
  failure: Nullable(Failure),
});
export type ChainflipEgress = Static<typeof Egress>;

export const ChainflipStatusSchema = Type.Object({
  state: Type.String(),
  srcChain: Type.String(),
  srcAsset: Type.String(),
  destChain: Nullable(Type.String()),
  destAsset: Nullable(Type.String()),
  destAddress: Nullable(Type.String()),
  swapId: Nullable(Type.String()),
  depositChannel: Nullable(Type.Object({ id: Nullable(Type.String()), depositAddress: Nullable(Type.String()), isExpired: Nullable(Type.Boolean()), estimatedExpiryTime: Nullable(Type.Number()) })),
  deposit: Nullable(Type.Object({ amount: Amount, txRef: Nullable(Type.String()), failure: Nullable(Failure) })),
  swap: Nullable(
    Type.Object({
      swappedOutputAmount: Nullable(Amount),
      remainingInputAmount: Nullable(Amount),
      /** Swaps credited to a State Chain account (not a deposit channel's concern, but the table reads it). */
      onChain: Nullable(Type.Object({ outputAmount: Nullable(Amount), refundAmount: Nullable(Amount) })),
    }),
  ),
  swapEgress: Nullable(Egress),
  refundEgress: Nullable(Egress),
});
export type ChainflipStatus = Static<typeof ChainflipStatusSchema>;

/** `GET /api/networkInfo`: which assets take deposits into channels and can be paid out now. */
export const ChainflipNetworkInfoSchema = Type.Object({
  assets: Type.Array(
    Type.Object({
      /** The State Chain asset id (`Eth`, `ArbUsdc`, `HubDot`, …). */
      asset: Type.String(),
      depositChannelCreationEnabled: Type.Boolean(),
      depositChannelDepositsEnabled: Type.Boolean(),
      egressEnabled: Type.Boolean(),
    }),
  ),
  cfBrokerCommissionBps: Nullable(Type.Number()),
});
export type ChainflipNetworkInfo = Static<typeof ChainflipNetworkInfoSchema>;

/** What quote and build store and status reads back (`VenueQuote.context` merged with the plan's). */
export const ChainflipContextSchema = Type.Object({
  srcChain: Type.String(),
  srcAsset: Type.String(),
  destChain: Type.String(),
  destAsset: Type.String(),
  egressAmount: Amount,
  estimatedPrice: Type.String(),
  intermediateAmount: Nullable(Amount),
  slippageBps: Type.Integer({ minimum: 0, maximum: 10_000 }),
  retryDurationBlocks: Type.Integer({ minimum: 0 }),
  maxOraclePriceSlippageBps: Nullable(Type.Integer({ minimum: 0, maximum: 255 })),
  minAmountOut: Amount,
  /** Written by build: the channel id is the status key. */
  channelId: Type.Optional(Type.String()),
  depositAddress: Type.Optional(Type.String()),
  srcChainExpiryBlock: Type.Optional(Type.String()),
  minPriceX128: Type.Optional(Amount),
  refundAddress: Type.Optional(Type.String()),
});
export type ChainflipContext = Static<typeof ChainflipContextSchema>;
