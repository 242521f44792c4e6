import { Type, type Static } from 'typebox';

const DIGITS = Type.String({ pattern: '^[0-9]{1,78}$' });

/** What a Standard Bridge quote and build store, and status reads back. */
export const OpStackContextSchema = Type.Object({
  direction: Type.Union([Type.Literal('deposit'), Type.Literal('withdrawal')]),
  /** The OP Stack chain's key (the destination of a deposit, the source of a withdrawal). */
  l2Chain: Type.String({ pattern: '^[a-z0-9]+$' }),
  /** The L2 token moved; absent for ETH. */
  l2Token: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' })),
  /** The amount bridged, 1:1 (the Standard Bridge takes no fee). */
  amount: DIGITS,
  /** Estimated gas of the source transaction, and of a withdrawal's two claim transactions on Ethereum. */
  sourceGas: DIGITS,
  proveGas: Type.Optional(DIGITS),
  finalizeGas: Type.Optional(DIGITS),
  /** Wei those Ethereum transactions cost at the quote's base fee: a deposit's own transaction, a withdrawal's prove and finalize. */
  sourceFeeEstimate: Type.Optional(DIGITS),
  claimFeeEstimate: Type.Optional(DIGITS),
});

export type OpStackContext = Static<typeof OpStackContextSchema>;
