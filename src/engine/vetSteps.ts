import { decodeFunctionData, erc20Abi, slice, size, toFunctionSelector, type Hex } from 'viem';
import { decodeSvmTransaction } from '../chains/svm/decodeSvmTransaction.ts';
import type { EvmStep, SvmStep } from '../domain/steps.ts';
import type { TokenInfo } from '../domain/tokens.ts';
import type { CallIntent, VenueAllowList } from '../venues/allowList.ts';

/** What a transfer's steps may do besides calling the venue's allow-listed contracts. */
export interface StepRules {
  readonly venue: string;
  readonly allowList: VenueAllowList;
  readonly chainId: number;
  readonly sourceToken: TokenInfo;
  readonly amountIn: bigint;
  /** The deposit address a deposit-address venue gave; its funding step may pay only that. */
  readonly depositAddress: string | null;
  /** Strait's fee wallet and the referral wallet of this transfer: the only payees of `fee` steps. */
  readonly feeRecipients: readonly string[];
  /** What the transfer asked, for allow-listed calls that check their decoded fields (allowList `check`). */
  readonly intent?: CallIntent;
  /** Native units the venue's main call may carry beyond the amount: its declared, bounded fee (StepsPlan.nativeFee). */
  readonly nativeFee?: bigint;
  /** The transfer's sender: where a Bitcoin-family step's change may go. */
  readonly sender?: string;
}

const TRANSFER = toFunctionSelector('transfer(address,uint256)');
const APPROVE = toFunctionSelector('approve(address,uint256)');
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * Why a built EVM step is not allowed, or `null` when it is. Strait checks its own builder as well
 * as the venue's answer, at build and again at submit, and fails closed: an approval only to a
 * contract the venue may call, a fee only to Strait's or the referrer's wallet, a deposit only to the
 * address the venue gave, and anything else only as a call the venue's allow-list names.
 */
export function whyNotAllowed(step: EvmStep, rules: StepRules): string | null {
  if (step.step === 'redeem') return whyNotAllowedRedeem(step, rules);
  if (step.chainId !== rules.chainId) return `targets chain ${step.chainId}, not the source chain ${rules.chainId}`;
  const token = rules.sourceToken.address;
  const transfer = erc20Call(step.data, 'transfer');
  const isTokenTransfer = token !== null && same(step.to, token) && step.value === 0n && transfer !== null;
  const isNativeSend = token === null && step.data === '0x';
  const payee = isTokenTransfer ? transfer.args[0] : isNativeSend ? step.to : null;
  if (token !== null && step.value !== 0n && step.step !== 'main') return `sends ${step.value} native units alongside a token transfer`;

  switch (step.step) {
    case 'approve': {
      const approve = erc20Call(step.data, 'approve');
      if (token === null || !same(step.to, token) || approve === null || step.value !== 0n) return 'is not an ERC-20 approval of the source token';
      const spender = approve.args[0];
      return rules.allowList.calls.some((c) => c.chainId === rules.chainId && same(c.to, spender)) ? null : `approves ${spender}, which ${rules.venue} may not call`;
    }
    case 'fee':
      if (payee === null) return 'is not a plain transfer of the source asset';
      return rules.feeRecipients.some((r) => same(r, payee)) ? null : `pays ${payee}, neither Strait's fee wallet nor the referrer`;
    case 'main':
      if (rules.depositAddress !== null) {
        if (payee === null) return 'is not a plain transfer of the source asset to the deposit address';
        return same(payee, rules.depositAddress) ? null : `pays ${payee}, not the deposit address ${rules.depositAddress}`;
      }
      if (isTokenTransfer) {
        return rules.allowList.transferRecipients.some((r) => r.chainId === rules.chainId && same(r.recipient, transfer.args[0])) ? null : `pays ${transfer.args[0]}, not a payee ${rules.venue} may name`;
      }
      if (step.value > (token === null ? rules.amountIn : 0n) + (rules.nativeFee ?? 0n)) {
        return `sends ${step.value} native units for an input of ${token === null ? rules.amountIn : `${rules.amountIn} of a token`}${rules.nativeFee ? ` and a native fee of ${rules.nativeFee}` : ''}`;
      }
      return allowedCall(step, rules);
  }
}

/**
 * A claim on the destination chain: only a call the venue's `redeemCalls` name for that chain, with
 * no value, and (where the entry has a check) one whose decoded fields match the transfer.
 */
function whyNotAllowedRedeem(step: EvmStep, rules: StepRules): string | null {
  const destination = rules.intent?.destinationChainId ?? null;
  if (destination === null) return 'is a claim, and the transfer has no EVM destination to send it on';
  if (step.chainId !== destination) return `targets chain ${step.chainId}, not the destination chain ${destination}`;
  if (step.value !== 0n) return `sends ${step.value} native units with a claim`;
  return allowedCall(step, { ...rules, chainId: destination, allowList: { ...rules.allowList, calls: rules.allowList.redeemCalls ?? [] } });
}

function allowedCall(step: EvmStep, rules: StepRules): string | null {
  const selector = size(step.data) >= 4 ? slice(step.data, 0, 4).toLowerCase() : null;
  const allowed = rules.allowList.calls.find(
    (c) => c.chainId === rules.chainId && same(c.to, step.to) && (c.selectors === 'any' || (selector !== null && c.selectors.some((s) => s.toLowerCase() === selector))),
  );
  if (!allowed) return `calls ${step.to}${selector ? ` (${selector})` : ''}, which is not on ${rules.venue}'s allow-list for chain ${rules.chainId}`;
  if (!allowed.check) return null;
  return rules.intent ? allowed.check(step.data, step.value, rules.intent) : `calls ${step.to}, whose call Strait must check against the transfer, without the transfer's details`;
}

/** Decodes an ERC-20 call of one function from its first 68 bytes (Relay appends a request id). */
function erc20Call<F extends 'transfer' | 'approve'>(data: Hex, functionName: F): { args: readonly [`0x${string}`, bigint] } | null {
  if (size(data) < 68) return null;
  const head = slice(data, 0, 68);
  if (slice(head, 0, 4).toLowerCase() !== (functionName === 'transfer' ? TRANSFER : APPROVE)) return null;
  try {
    const decoded = decodeFunctionData({ abi: erc20Abi, data: head });
    return decoded.functionName === functionName ? { args: decoded.args as readonly [`0x${string}`, bigint] } : null;
  } catch {
    return null;
  }
}

const SPL_TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const STANDARD_PROGRAMS: ReadonlySet<string> = new Set([
  '11111111111111111111111111111111',
  SPL_TOKEN,
  TOKEN_2022,
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  'ComputeBudget111111111111111111111111111111',
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);
/** Token instructions that hand the user's tokens to someone else's control: Approve, SetAuthority, ApproveChecked. */
const DELEGATING_TOKEN_INSTRUCTIONS: ReadonlySet<number> = new Set([4, 6, 13]);

/**
 * The Solana counterpart of {@link whyNotAllowed}: every instruction must invoke one of the venue's
 * own programs or a standard one, and never delegate or reassign the user's tokens (the standing
 * approval an exploit needs); a venue with a `solanaCheck` also has its decoded instructions compared
 * with `intent`. `null` when the transaction passes.
 */
export function whyNotAllowedSvm(step: SvmStep, allowList: VenueAllowList, venue: string, intent?: CallIntent): string | null {
  let decoded;
  try {
    decoded = decodeSvmTransaction(step.serializedTx, step.encoding);
  } catch {
    return 'is not a Solana transaction Strait can read';
  }
  const own = new Set(allowList.solanaPrograms ?? []);
  for (const instruction of decoded.instructions) {
    const program = decoded.staticAccounts[instruction.programIdIndex] ?? '';
    if (own.has(program)) continue;
    if (!STANDARD_PROGRAMS.has(program)) return `invokes program ${program}, which is not on ${venue}'s allow-list`;
    if ((program === SPL_TOKEN || program === TOKEN_2022) && DELEGATING_TOKEN_INSTRUCTIONS.has(instruction.data[0] ?? -1)) return 'delegates or reassigns authority over the user\'s tokens';
  }
  if (!allowList.solanaCheck) return null;
  return intent ? allowList.solanaCheck(decoded, intent, step.lookupTables ?? null) : `is a ${venue} transaction Strait must check against the transfer, without the transfer's details`;
}
