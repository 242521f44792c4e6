import { claimView } from './claims/claimObject.ts';
import { explorerTxUrl } from '../domain/explorers.ts';
import type { JsonObject } from '../domain/steps.ts';
import { elapsedSecondsOf, substatusOf } from '../domain/transferProgress.ts';
import type { StoredDecision, StoredQuoteRow } from '../store/decisionRepository.ts';
import type { FeeRowRecord, TransferRecord } from '../store/transferRepository.ts';

/** The JSON answers of spec §2, built from stored records; amounts become strings only here. */

export interface QuoteRowView {
  venue: string;
  quoteId: string;
  amountInAtomic: string;
  amountOutAtomic: string;
  minAmountOutAtomic: string;
  estimatedSeconds: number | null;
  feeBps: number;
  feeAmountAtomic: string;
  tierSavedBps: number;
  executable: boolean;
  eligibility: string;
  expiresAt: number;
  /** Present on a row whose transfer will need a claim on the destination (docs/transfer-fields.md#claim). */
  claim?: { chain: string; actions: string[]; signer: string };
}

export interface DecisionView {
  decisionId: string;
  best: QuoteRowView | null;
  bestByPrice: string | null;
  bestByTime: string | null;
  quotes: QuoteRowView[];
  rejected: { venue: string; code: string; message: string; details?: Record<string, unknown> }[];
  fees: { platform: JsonObject | null; referral: JsonObject | null };
  expiresAt: number;
  emptyReason?: string;
  notes: string[];
}

export function quoteRowView(row: StoredQuoteRow): QuoteRowView {
  return {
    venue: row.venue,
    quoteId: row.quoteId,
    amountInAtomic: row.amountIn.toString(),
    amountOutAtomic: row.amountOut.toString(),
    minAmountOutAtomic: row.minAmountOut.toString(),
    estimatedSeconds: row.estimatedSeconds,
    feeBps: row.feeBps,
    feeAmountAtomic: row.feeAmount.toString(),
    tierSavedBps: row.tierSavedBps,
    executable: row.executable,
    eligibility: row.eligibility,
    expiresAt: row.expiresAt,
    ...quoteClaimOf(row.venueQuote),
  };
}

/** The claim a stored row announced, as the row discloses it; nothing for a row without one. */
function quoteClaimOf(venueQuote: JsonObject): Pick<QuoteRowView, 'claim'> {
  const claim = venueQuote.claim;
  if (typeof claim !== 'object' || claim === null || Array.isArray(claim)) return {};
  const actions = Array.isArray(claim.actions) ? claim.actions.filter((a): a is string => typeof a === 'string') : [];
  return { claim: { chain: String(claim.chain), actions, signer: claim.signer === 'recipient' ? 'recipient' : 'anyone' } };
}

export function decisionView(decision: StoredDecision, bestByTime: string | null): DecisionView {
  const quotes = decision.quotes.map(quoteRowView);
  const best = quotes.find((q) => q.quoteId === decision.bestQuoteId) ?? null;
  return {
    decisionId: decision.id,
    best,
    bestByPrice: best?.quoteId ?? null,
    bestByTime,
    quotes,
    rejected: decision.rejections.map((r) => ({ venue: r.venue, code: r.code, message: r.message, ...(r.details ? { details: r.details } : {}) })),
    fees: { platform: (decision.fees.platform as JsonObject | null) ?? null, referral: (decision.fees.referral as JsonObject | null) ?? null },
    expiresAt: decision.expiresAt,
    ...(decision.emptyReason ? { emptyReason: decision.emptyReason } : {}),
    notes: Array.isArray(decision.pricing.notes) ? decision.pricing.notes.filter((n): n is string => typeof n === 'string') : [],
  };
}

export interface FeeRowView {
  kind: string;
  status: string;
  bps: number;
  amountAtomic: string;
  asset: string;
  chain: string;
  wallet: string | null;
  tierSavedBps: number;
  txHash: string | null;
}

export interface ExplorerLinkView {
  /** Which hash of the transfer: `sourceTxHash`, `feeTxHash`, `destinationTxHash`, `postStep.txHash`, `claim.txHash` or `fees[<kind>].txHash`. */
  field: string;
  chain: string;
  txHash: string;
  url: string;
}

export type TransferView = ReturnType<typeof transferView>;

/** `now` is the moment `elapsedSeconds` is measured at (the read, or the event's write). */
export function transferView(t: TransferRecord, fees: readonly FeeRowRecord[], now: number) {
  return {
    transferId: t.id,
    status: t.status,
    substatus: substatusOf(t),
    statusDetail: t.statusDetail,
    etaSeconds: t.etaSeconds,
    elapsedSeconds: elapsedSecondsOf(t.submittedAt, t.completedAt, now),
    explorerLinks: explorerLinksOf(t, fees),
    venue: t.venue,
    fromChain: t.fromChain,
    toChain: t.toChain,
    fromAsset: t.fromAsset,
    toAsset: t.toAsset,
    amountInAtomic: t.amountIn.toString(),
    expectedOutAtomic: t.expectedOut.toString(),
    minOutAtomic: t.minOut.toString(),
    receivedAmountAtomic: t.receivedAmount?.toString() ?? null,
    receivedAsset: t.receivedAsset,
    sourceTxHash: t.sourceTxHash,
    destinationTxHash: t.destinationTxHash,
    feeTxHash: t.feeTxHash,
    sourceTxVerification: t.sourceTxVerification,
    claim: claimView(t.claim, now),
    postStep: t.postStep,
    finalDestination: t.finalDestination,
    requesterWallet: t.requesterWallet,
    recipientWallet: t.recipientWallet,
    avgSavedBps: t.avgSavedBps,
    savedVsWorstBps: t.savedVsWorstBps,
    savingsQuoteCount: t.savingsQuoteCount,
    usdValueBridged: t.usdValueBridged,
    usdValueSaved: t.usdValueSaved,
    privacy: t.privacy,
    privacyModel: t.privacyModel,
    buildExpiresAtMs: t.buildExpiresAt,
    createdAt: t.createdAt,
    submittedAt: t.submittedAt,
    updatedAt: t.updatedAt,
    completedAt: t.completedAt,
    fees: fees.map(
      (f): FeeRowView => ({ kind: f.kind, status: f.status, bps: f.bps, amountAtomic: f.amount.toString(), asset: f.asset, chain: f.chain, wallet: f.wallet, tierSavedBps: f.tierSavedBps, txHash: f.txHash }),
    ),
  };
}

/** A link for every transaction hash the transfer names, on chains with a public explorer (domain/explorers.ts). */
function explorerLinksOf(t: TransferRecord, fees: readonly FeeRowRecord[]): ExplorerLinkView[] {
  const postStepHash = typeof t.postStep?.txHash === 'string' ? t.postStep.txHash : null;
  const claimHash = typeof t.claim?.txHash === 'string' ? t.claim.txHash : null;
  const named: [string, string, string | null][] = [
    ['sourceTxHash', t.fromChain, t.sourceTxHash],
    ['feeTxHash', t.fromChain, t.feeTxHash],
    ...fees.map((f): [string, string, string | null] => [`fees[${f.kind}].txHash`, f.chain, f.txHash]),
    ['destinationTxHash', t.toChain, t.destinationTxHash],
    ['postStep.txHash', t.toChain, postStepHash],
    ['claim.txHash', t.toChain, claimHash],
  ];
  const links: ExplorerLinkView[] = [];
  for (const [field, chain, txHash] of named) {
    const url = txHash ? explorerTxUrl(chain, txHash) : null;
    if (txHash && url) links.push({ field, chain, txHash, url });
  }
  return links;
}
