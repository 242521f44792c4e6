import { encodeFunctionData, erc20Abi, getAddress, type Address } from 'viem';
import type { EvmStep } from '../domain/steps.ts';
import type { TokenInfo } from '../domain/tokens.ts';
import type { StoredDecision, StoredQuoteRow } from '../store/decisionRepository.ts';
import { tagCalldata } from './tagCalldata.ts';

/** One of Strait's cuts of a transfer, as build collects it. */
export interface Cut {
  readonly kind: 'platform' | 'referral';
  readonly bps: number;
  readonly amount: bigint;
  readonly wallet: string;
  readonly tierSavedBps: number;
}

/**
 * The cuts a build of `row` collects: the row's platform fee (paid to the source chain's fee wallet)
 * and the decision's referral share. Zero amounts are not collected.
 */
export function cutsOf(decision: StoredDecision, row: StoredQuoteRow, feeWallet: string | null, collectible: boolean): Cut[] {
  const cuts: Cut[] = [];
  if (!collectible) return cuts;
  if (feeWallet !== null && row.feeAmount > 0n) cuts.push({ kind: 'platform', bps: row.feeBps, amount: row.feeAmount, wallet: feeWallet, tierSavedBps: row.tierSavedBps });
  const referral = decision.fees.referral as { bps?: number; amountAtomic?: string; wallet?: string } | null | undefined;
  // Exact output adds the cuts to each row's own input, so the share is the row's: what it asks beyond the venue and the platform fee.
  const share = typeof decision.request.exactOut === 'string' ? row.amountIn - row.feeAmount - BigInt(String(row.venueQuote.amountIn)) : BigInt(referral?.amountAtomic ?? '0');
  if (referral?.wallet && share > 0n) {
    cuts.push({ kind: 'referral', bps: referral.bps ?? 0, amount: share, wallet: referral.wallet, tierSavedBps: 0 });
  }
  return cuts;
}

/**
 * The `fee` step paying one cut in the source asset: an ERC-20 `transfer` tagged with the transfer id
 * (tagCalldata.ts: the same cut of a look-alike transfer is otherwise the same bytes), or a plain
 * native send, left untagged since the fee wallet may be a contract whose fallback refuses data.
 */
export function feeStep(cut: Cut, token: TokenInfo, chainId: number, transferId: string): EvmStep {
  const to = getAddress(cut.wallet) as Address;
  if (token.address === null) return { vm: 'evm', step: 'fee', chainId, to, data: '0x', value: cut.amount };
  return { vm: 'evm', step: 'fee', chainId, to: getAddress(token.address), data: tagCalldata(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, cut.amount] }), transferId), value: 0n };
}
