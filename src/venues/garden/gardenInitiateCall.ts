import { decodeFunctionData, parseAbi, toFunctionSelector, type Hex } from 'viem';
import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import type { CallIntent } from '../allowList.ts';
import type { GardenAsset } from './gardenChains.ts';

/**
 * The ERC-20 HTLC's `initiate` (docs.garden.finance contracts/evm): locks `amount` of the HTLC's one
 * token from the caller for `redeemer` (the solver) under `secretHash`, refundable to the caller after
 * `timelock` blocks. It names no recipient: the destination is fixed by the order, which Garden's
 * solver fills against the same secret hash.
 */
export const HTLC_INITIATE_ABI = parseAbi(['function initiate(address redeemer, uint256 timelock, uint256 amount, bytes32 secretHash)']);
export const INITIATE_SELECTOR: Hex = toFunctionSelector('initiate(address,uint256,uint256,bytes32)');

/**
 * The longest lock Strait lets a user's funds take, in blocks. Garden's own user swaps lock for about
 * a day (7200 Ethereum blocks in the docs' answer; its SDK speaks of 48 h); a lock of weeks would park
 * the user's funds out of reach if no solver fills.
 */
export const MAX_TIMELOCK_BLOCKS = 50_400n;

export interface InitiateArgs {
  readonly redeemer: `0x${string}`;
  readonly timelock: bigint;
  readonly amount: bigint;
  readonly secretHash: Hex;
}

export function decodeInitiate(data: Hex): InitiateArgs | null {
  if (!data.toLowerCase().startsWith(INITIATE_SELECTOR)) return null;
  try {
    const { args } = decodeFunctionData({ abi: HTLC_INITIATE_ABI, data });
    const [redeemer, timelock, amount, secretHash] = args;
    return { redeemer, timelock, amount, secretHash };
  } catch {
    return null;
  }
}

const ZERO_ADDRESS = /^0x0{40}$/i;
const ZERO_HASH = /^0x0{64}$/i;

/** Why an `initiate` call does not lock `amount` of `asset` sanely (value, lock, secret), or `null`. */
export function whyNotInitiate(data: Hex, value: bigint, expected: { readonly amount: bigint }): string | null {
  const args = decodeInitiate(data);
  if (!args) return 'is not an HTLC initiate call';
  if (value !== 0n) return `carries ${value} native units, an ERC-20 initiate carries none`;
  if (args.amount !== expected.amount) return `locks ${args.amount}, not the transfer's ${expected.amount}`;
  if (ZERO_ADDRESS.test(args.redeemer)) return 'names no redeemer';
  if (ZERO_HASH.test(args.secretHash)) return 'locks under an empty secret hash';
  if (args.timelock === 0n || args.timelock > MAX_TIMELOCK_BLOCKS) return `locks for ${args.timelock} blocks, outside 1..${MAX_TIMELOCK_BLOCKS}`;
  return null;
}

/**
 * The allow-list check of one HTLC: the call is an `initiate` of exactly the transfer's amount of
 * the token this HTLC holds (each Garden HTLC serves one token).
 */
export function initiateCheckOf(asset: GardenAsset): (data: Hex, value: bigint, intent: CallIntent) => string | null {
  return (data, value, intent) => {
    if (asset.address === null || intent.sourceToken === null || !sameAddress(asset.chain, asset.address, intent.sourceToken)) {
      return `the ${asset.id} HTLC locks ${asset.address ?? 'no token'}, not the transfer's ${intent.sourceToken ?? 'native asset'}`;
    }
    return whyNotInitiate(data, value, { amount: intent.amount });
  };
}
