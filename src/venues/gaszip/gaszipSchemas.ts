import { Type, type Static } from 'typebox';

/**
 * Shapes of the Gas.zip v2 answers the adapter reads (gasdotzip/documentation types.ts and the
 * example answers of fixtures/real/). Wei amounts are decimal strings in the examples and `number` in
 * the published types: both are accepted, a number only while it is an exact integer.
 */

const Wei = Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Integer({ minimum: 0 })]);
const Loose = Type.Optional(Type.Unknown());

const Priced = Type.Object({ chain: Type.Integer(), expected: Wei, gas: Loose, speed: Type.Optional(Type.Number({ minimum: 0 })), usd: Loose });
const Refused = Type.Object({ chain: Type.Integer(), error: Type.String() });

/** `GET /v2/quotes/{depositChain}/{depositWei}/{outboundChains}?from=&to=`. */
export const GaszipQuoteSchema = Type.Object({
  quotes: Type.Array(Type.Union([Priced, Refused])),
  /** The Direct Deposit data for `to` on the outbound chains (present when `to` is given). */
  calldata: Type.Optional(Type.String()),
  /** Unix seconds after which the output is no longer guaranteed. */
  expires: Type.Optional(Type.Integer({ minimum: 0 })),
  error: Type.Optional(Type.String()),
});
export type GaszipQuote = Static<typeof GaszipQuoteSchema>;
export type GaszipPriced = Static<typeof Priced>;

const Outbound = Type.Object({
  chain: Type.Integer(),
  hash: Type.String(),
  refund: Type.Optional(Type.Boolean()),
  cancelled: Type.Optional(Type.Boolean()),
  status: Type.String(),
  to: Type.Optional(Type.String()),
  value: Wei,
});
export type GaszipOutbound = Static<typeof Outbound>;

/** `GET /v2/deposit/{hash}`: the deposit and one outbound transaction per destination. */
export const GaszipDepositSchema = Type.Object({
  deposit: Type.Object({ chain: Type.Integer(), hash: Type.String(), status: Type.String(), shorts: Type.Optional(Type.Array(Type.Integer())), value: Loose, to: Loose }),
  txs: Type.Array(Outbound),
});
export type GaszipDeposit = Static<typeof GaszipDepositSchema>;

const Stored = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const StoredInt = Type.Optional(Type.Union([Type.Integer(), Type.Null()]));

/** What the adapter stores with a quote and its build. */
export const GaszipContextSchema = Type.Object({
  depositChainId: StoredInt,
  outboundChainId: StoredInt,
  short: StoredInt,
  recipient: Stored,
  /** The Direct Deposit data the step carries. */
  calldata: Stored,
  expected: Stored,
});
export type GaszipContext = Static<typeof GaszipContextSchema>;
