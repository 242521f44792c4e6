import { Type, type Static } from 'typebox';

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });

/**
 * What quote and build store, read back by build and status (strings for amounts: stored JSON
 * outlives deploys). USDT0 has no API of its own: the figures come from the source chain's
 * messenger (`quoteOFT`, `quoteSend`), and status from LayerZero Scan (src/venues/layerzero/).
 */
export const Usdt0ContextSchema = Type.Object({
  srcEid: Type.Integer({ minimum: 1 }),
  dstEid: Type.Integer({ minimum: 1 }),
  /** The messenger the step calls. */
  messenger: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }),
  amountLD: UINT_STRING,
  minAmountLD: UINT_STRING,
  /** The LayerZero fee `quoteSend` asked, paid as the step's value. */
  nativeFee: UINT_STRING,
});
export type Usdt0Context = Static<typeof Usdt0ContextSchema>;
