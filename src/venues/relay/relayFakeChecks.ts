import { decodeFunctionData, erc20Abi, size, slice } from 'viem';
import type { MinedTransaction } from '../fake/FakeSettlement.ts';
import { RELAY_NATIVE_EVM, RELAY_RECEIVER, RELAY_SOLVER } from './relayChains.ts';

/**
 * What the Relay fake checks in what it receives: the `/quote/v2` body (enough of Relay's validation
 * to catch a dialect mistake) and, in the sandbox, the mined origin deposit before it fills.
 */

export interface RelayFakeDeposit {
  readonly requestId: string;
  readonly originCurrency: string;
  readonly amount: bigint;
}

export interface ParsedQuoteBody {
  readonly user: string;
  readonly recipient: string;
  readonly originChainId: number;
  readonly destinationChainId: number;
  readonly originCurrency: string;
  readonly destinationCurrency: string;
  /** EXACT_INPUT: what the user sends; EXACT_OUTPUT: what the recipient receives, in the output currency. */
  readonly amount: bigint;
  readonly tradeType: 'EXACT_INPUT' | 'EXACT_OUTPUT';
  readonly slippageBps: bigint;
  readonly appFeeBps: bigint;
}

/** Relay's body checks, enough to catch a dialect mistake: the parsed body, or what is wrong. */
export function parseQuoteBody(raw: unknown): ParsedQuoteBody | string {
  if (!raw || typeof raw !== 'object') return 'body must be a JSON object';
  const b = raw as Record<string, unknown>;
  if (typeof b.user !== 'string') return 'user is required';
  if (typeof b.originChainId !== 'number' || typeof b.destinationChainId !== 'number') return 'originChainId and destinationChainId must be numbers';
  if (typeof b.originCurrency !== 'string' || typeof b.destinationCurrency !== 'string') return 'originCurrency and destinationCurrency are required';
  if (typeof b.amount !== 'string' || !/^[0-9]+$/.test(b.amount)) return 'amount must be an integer string';
  if (b.tradeType !== 'EXACT_INPUT' && b.tradeType !== 'EXACT_OUTPUT') return 'the fake prices EXACT_INPUT and EXACT_OUTPUT only';
  if (b.tradeType === 'EXACT_OUTPUT' && b.appFees !== undefined) return 'the fake prices app fees on EXACT_INPUT only';
  if (b.slippageTolerance !== undefined && (typeof b.slippageTolerance !== 'string' || !/^[0-9]+$/.test(b.slippageTolerance))) return 'slippageTolerance must be a bps string';
  let appFeeBps = 0n;
  if (b.appFees !== undefined) {
    if (!Array.isArray(b.appFees)) return 'appFees must be an array';
    for (const fee of b.appFees as unknown[]) {
      const f = fee as Record<string, unknown> | null;
      if (typeof f?.recipient !== 'string' || typeof f.fee !== 'string' || !/^[0-9]+$/.test(f.fee)) return 'appFees entries are { recipient, fee: bps string }';
      appFeeBps += BigInt(f.fee);
    }
  }
  const evmish = (v: string) => (v.startsWith('0x') ? v.toLowerCase() : v);
  return {
    user: b.user,
    recipient: typeof b.recipient === 'string' ? b.recipient : b.user,
    originChainId: b.originChainId,
    destinationChainId: b.destinationChainId,
    originCurrency: evmish(b.originCurrency),
    destinationCurrency: evmish(b.destinationCurrency),
    amount: BigInt(b.amount),
    tradeType: b.tradeType,
    slippageBps: BigInt((b.slippageTolerance as string | undefined) ?? '50'),
    appFeeBps,
  };
}

/** Why a mined origin transaction is not the deposit the quote asked for, or `null` when it is. */
export function depositProblem(q: RelayFakeDeposit, tx: MinedTransaction): string | null {
  if (!tx.success) return 'deposit transaction reverted';
  if (q.originCurrency === RELAY_NATIVE_EVM) {
    if (tx.to?.toLowerCase() !== RELAY_RECEIVER || tx.value < q.amount || tx.input.toLowerCase() !== q.requestId.toLowerCase()) return 'not a native deposit of the amount to the receiver';
    return null;
  }
  if (tx.to?.toLowerCase() !== q.originCurrency || size(tx.input) !== 100) return 'not a token transfer carrying the request id';
  try {
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: slice(tx.input, 0, 68) });
    if (functionName !== 'transfer') return `calls ${functionName}, not transfer`;
    const [to, amount] = args;
    if (to.toLowerCase() !== RELAY_SOLVER) return 'transfer does not pay the solver';
    if (amount < q.amount) return `transfer of ${amount} is below the quoted ${q.amount}`;
  } catch {
    return 'calldata does not decode as an ERC-20 transfer';
  }
  return slice(tx.input, 68).toLowerCase() === q.requestId.toLowerCase() ? null : 'transfer does not carry the request id';
}
