import { Type, type Static } from 'typebox';

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

/**
 * What quote and build store, read back by build and status. Arbitrum's bridge has no API: the
 * figures come from the chains (Inbox submission fee, L1 base fee, L2 gas price), and status from the
 * receipts and the Outbox. Amounts as strings (stored JSON outlives deploys); later fields optional.
 */
export const ArbitrumContextSchema = Type.Object({
  direction: Type.Union([Type.Literal('deposit'), Type.Literal('withdrawal')]),
  /** The L1 token of a gateway transfer; absent for ETH. */
  l1Token: Type.Optional(ADDRESS),
  /** The L2 token of a gateway transfer; absent for ETH. */
  l2Token: Type.Optional(ADDRESS),
  /** A deposit's retryable: what the ticket may spend, paid beside the amount (the plan's native fee). */
  maxSubmissionCost: Type.Optional(UINT_STRING),
  gasLimit: Type.Optional(UINT_STRING),
  maxFeePerGas: Type.Optional(UINT_STRING),
  retryableFee: Type.Optional(UINT_STRING),
  /** A withdrawal's claim: L1 gas of `executeTransaction` and its cost at the quote's L1 gas price. */
  claimGas: Type.Optional(UINT_STRING),
  claimFeeEstimate: Type.Optional(UINT_STRING),
});
export type ArbitrumContext = Static<typeof ArbitrumContextSchema>;
