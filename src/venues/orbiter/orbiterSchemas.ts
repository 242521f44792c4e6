import { Type, type Static } from 'typebox';

/**
 * Shapes of the answers of Orbiter's maker API (`https://api.orbiter.finance/sdk`, the one
 * @orbiter-finance/bridge-sdk 0.1.12 and Rubic's SDK call), as Orbiter's own API document shows them
 * (Orbiter-Finance/openapi-example, openapi.html; fixtures/real/). Every answer is the envelope
 * `{status, message, params, result}`; amounts of a route are decimal strings in whole coins.
 */

const Decimal = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' });
const Atomic = Type.String({ pattern: '^[0-9]+$' });

/** One route of `GET /sdk/routers` (the `router` of a simulation): a maker serving one line. */
export const OrbiterRouterSchema = Type.Object({
  /** `<srcChain>/<tgtChain>-<srcSymbol>/<tgtSymbol>`. */
  line: Type.String(),
  /** The maker: the address that is paid on the source and pays on the destination. */
  endpoint: Type.String(),
  endpointContract: Type.Union([Type.String(), Type.Null()]),
  srcChain: Type.String(),
  tgtChain: Type.String(),
  srcToken: Type.String(),
  tgtToken: Type.String(),
  maxAmt: Decimal,
  minAmt: Decimal,
  tradeFee: Type.String(),
  withholdingFee: Decimal,
  /** The identification code the amount sent must end with (Orbiter's docs call it the safe code). */
  vc: Type.String(),
  state: Type.String(),
  compRatio: Type.Optional(Type.Number()),
  /** Seconds the maker takes to pay. */
  spentTime: Type.Optional(Type.Number({ minimum: 0 })),
});
export type OrbiterRouter = Static<typeof OrbiterRouterSchema>;

/** `GET /sdk/routers/simulation/receiveAmount?line=&value=&nonce=`: what the maker would pay for `value` sent with `nonce`. */
export const OrbiterSimulationSchema = Type.Object({
  status: Type.String(),
  message: Type.Optional(Type.String()),
  params: Type.Optional(Type.Unknown()),
  result: Type.Object({ receiveAmount: Atomic, router: OrbiterRouterSchema }),
});
export type OrbiterSimulation = Static<typeof OrbiterSimulationSchema>;

const Token = Type.Object({ symbol: Type.String(), decimals: Type.Integer({ minimum: 0 }), address: Type.String() });

/** `GET /sdk/chains`: Orbiter's chains, their tokens and Orbiter's contracts there. */
export const OrbiterChainListSchema = Type.Object({
  status: Type.String(),
  message: Type.Optional(Type.String()),
  params: Type.Optional(Type.Unknown()),
  result: Type.Array(
    Type.Object({
      chainId: Type.String(),
      internalId: Type.Union([Type.String(), Type.Integer()]),
      name: Type.String(),
      /** Orbiter's contracts on the chain, address → name (OBSource, OrbiterRouterV1, OrbiterRouterV3, …). */
      contract: Type.Optional(Type.Record(Type.String(), Type.String())),
      nativeCurrency: Token,
      tokens: Type.Optional(Type.Array(Token)),
    }),
  ),
});
export type OrbiterChainList = Static<typeof OrbiterChainListSchema>;
