import { chainInfo, isChainKey } from '../domain/chains.ts';
import { AppError } from '../domain/errors.ts';
import { txHashFormat } from '../domain/txHashFormat.ts';
import type { StoredStep } from '../store/transferRepository.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { depositFundingOf, verifyDepositFunding } from './verifyDepositFunding.ts';

export interface DepositSubmission {
  readonly deps: EngineDeps;
  /** The build's funding record(s) not yet submitted: `main` steps of vm `deposit`. */
  readonly open: readonly StoredStep[];
  readonly body: { readonly signedTransaction?: string | undefined; readonly txHash?: string | undefined };
}

/**
 * The `main` submission of a deposit-address transfer whose source chain Strait builds no transaction
 * for (Solana-family, Bitcoin-family, Tron and the rest): the wallet funds the address itself and
 * submits the funding transaction's id. The id must have its chain's format; where Strait has a
 * client for the chain it checks the transaction pays the address exactly the amount (a mismatch is
 * refused, nothing recorded), elsewhere it is recorded `unverified_no_rpc` and the venue's own status
 * tells whether the funds arrived. `claim` records it as the submissions of other steps are.
 */
export async function acceptDepositFunding<A>(submission: DepositSubmission, claim: (built: StoredStep, txHash: string, verification: string) => Promise<A>): Promise<A> {
  const { deps, open, body } = submission;
  const built = open[0]!;
  const funding = depositFundingOf(built);
  if (!isChainKey(funding.chain)) throw new AppError('invalid_submission', `the deposit's chain ${funding.chain} is not one Strait knows`);
  const name = chainInfo(funding.chain).name;
  if (body.txHash === undefined) {
    throw new AppError('invalid_submission', `Strait does not broadcast ${name} transactions: send the funding of the deposit address from the wallet and submit its txHash`, { details: { chain: funding.chain } });
  }
  const format = txHashFormat(funding.chain);
  if (!format.matches(body.txHash)) throw new AppError('invalid_submission', `\`txHash\` of a ${name} transaction must be ${format.description}`, { details: { chain: funding.chain } });
  const result = await verifyDepositFunding(deps, funding, body.txHash);
  if (result.verification === 'refuted') {
    throw new AppError('transaction_mismatch', `transaction ${body.txHash} does not fund the deposit address ${funding.address} with ${funding.amount}`, { details: { mismatches: result.mismatches, verification: 'refuted' } });
  }
  return claim(built, body.txHash, result.verification);
}
