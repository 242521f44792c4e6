import { toHex, type Hex } from 'viem';

/**
 * A Meson encoded swap, the 32 bytes both signatures cover (MesonFi/meson-contracts-solidity
 * contracts/utils/MesonHelpers.sol): version:8 | amount:40 | salt:80 | lpFee:40 | expireTs:40 |
 * outChain:16 | outToken:8 | inChain:16 | inToken:8, high bits first. Amounts are in 6-decimal units.
 */
export interface MesonEncodedSwap {
  readonly version: number;
  readonly amount: bigint;
  readonly salt: bigint;
  readonly lpFee: bigint;
  /** Epoch seconds after which the swap can no longer be posted or executed. */
  readonly expireTs: number;
  readonly outChain: number;
  readonly outToken: number;
  readonly inChain: number;
  readonly inToken: number;
  /** Salt flag: the request and release are `personal_sign`ed (`_signNonTyped`). */
  readonly nonTyped: boolean;
  /** Salt flag: the release calls a contract (`depositWithBeneficiary`) instead of paying the recipient (`_willTransferToContract`). */
  readonly toContract: boolean;
  /** Salt flag: no service fee (`_feeWaived`). */
  readonly feeWaived: boolean;
}

const FORTY = (1n << 40n) - 1n;
const NON_TYPED = 1n << 203n;
const NOT_TO_CONTRACT = 1n << 207n;
const FEE_WAIVED = 1n << 206n;

export function decodeMesonSwap(encoded: Hex): MesonEncodedSwap {
  const e = BigInt(encoded);
  return {
    version: Number(e >> 248n),
    amount: (e >> 208n) & FORTY,
    salt: (e >> 128n) & ((1n << 80n) - 1n),
    lpFee: (e >> 88n) & FORTY,
    expireTs: Number((e >> 48n) & FORTY),
    outChain: Number((e >> 32n) & 0xffffn),
    outToken: Number((e >> 24n) & 0xffn),
    inChain: Number((e >> 8n) & 0xffffn),
    inToken: Number(e & 0xffn),
    nonTyped: (e & NON_TYPED) !== 0n,
    toContract: (e & NOT_TO_CONTRACT) === 0n,
    feeWaived: (e & FEE_WAIVED) !== 0n,
  };
}

/** The encoding of `swap` (the fake relayer encodes swaps as Meson's does); flags go in the salt's top bits. */
export function encodeMesonSwap(swap: Omit<MesonEncodedSwap, 'nonTyped' | 'toContract' | 'feeWaived'>): Hex {
  const e = (BigInt(swap.version) << 248n) | (swap.amount << 208n) | (swap.salt << 128n) | (swap.lpFee << 88n) | (BigInt(swap.expireTs) << 48n) | (BigInt(swap.outChain) << 32n) | (BigInt(swap.outToken) << 24n) | (BigInt(swap.inChain) << 8n) | BigInt(swap.inToken);
  return toHex(e, { size: 32 });
}

/** Salt flags of a swap that pays the recipient itself, personal_signed, without a service fee. */
export const MESON_SALT_FLAGS = (NOT_TO_CONTRACT | NON_TYPED | FEE_WAIVED) >> 128n;
