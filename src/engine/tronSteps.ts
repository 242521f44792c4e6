import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { AppError } from '../domain/errors.ts';
import type { Step, StepKind, TronStep } from '../domain/steps.ts';
import type { TronRpc } from '../chains/tron/createTronRpc.ts';
import { tronBase58Address, tronHexAddress } from '../chains/tron/tronAddress.ts';
import { TronDecodeError, decodeTronRawData, encodeTronRawData, tronTxId, type TronRawData } from '../chains/tron/tronRawData.ts';
import type { BuiltTronTransaction } from '../chains/tron/verifySignedTronTransaction.ts';
import type { StoredStep } from '../store/transferRepository.ts';
import type { TronApproval } from '../venues/Venue.ts';
import type { StepRules } from './vetSteps.ts';

/**
 * The most sun a `tron` step may let the network burn for energy (its `fee_limit`): 300 TRX, twice
 * what TronWeb sets by default (150 TRX), so a venue cannot make the user's wallet pay for unbounded energy.
 */
export const MAX_TRON_FEE_LIMIT_SUN = 300_000_000n;
/** The fee limit of the TRC-20 `approve` Strait builds itself (an approve costs a few TRX of energy). */
const APPROVE_FEE_LIMIT_SUN = 100_000_000n;
/** Tron refuses a transaction whose expiration is more than 24 hours ahead. */
const MAX_EXPIRATION_MS = 24 * 3_600_000 - 60_000;

const TRANSFER = 'a9059cbb';
const APPROVE = '095ea7b3';

export type TronStepView = { vm: 'tron'; step: string; txID: string; rawDataHex: string; contractAddress: string | null; callValue: string };

export function tronStepView(step: TronStep): TronStepView {
  return { vm: 'tron', step: step.step, txID: step.txID, rawDataHex: step.rawDataHex, contractAddress: step.contractAddress, callValue: step.callValue.toString() };
}

/** The Tron step exactly as build stored it (its JSON view), back in domain terms. */
export function storedTronStep(stored: StoredStep): TronStep {
  const p = stored.payload as { txID: string; rawDataHex: string; contractAddress: string | null; callValue: string };
  return { vm: 'tron', step: stored.kind as StepKind, txID: p.txID, rawDataHex: p.rawDataHex, contractAddress: p.contractAddress, callValue: BigInt(p.callValue) };
}

/** What a submission of the step is compared with: its raw data, signed by the owner it names. */
export function builtTronOf(step: TronStep): BuiltTronTransaction {
  const raw = decodeTronRawData(step.rawDataHex);
  return { rawDataHex: step.rawDataHex, owner: raw.contract.owner };
}

/** A step for raw data: txID and the display fields derived from it, never taken from a venue. */
export function tronStepOf(step: StepKind, raw: TronRawData): TronStep {
  const rawDataHex = encodeTronRawData(raw);
  const c = raw.contract;
  return { vm: 'tron', step, txID: tronTxId(rawDataHex), rawDataHex, contractAddress: c.type === 'TriggerSmartContract' ? tronBase58Address(c.contract) : null, callValue: c.type === 'TriggerSmartContract' ? c.callValue : 0n };
}

/**
 * The exact-amount TRC-20 `approve` of the spender a venue's Tron call spends through, unless the
 * node shows an allowance that already covers it. A standing allowance short of the amount is first
 * approved to zero (as Ethereum's USDT demands; harmless elsewhere). Without a node, or when the read
 * fails, the approve is always included. Its reference block is the main step's; {@link stampTronSteps}
 * then gives every step the same fresh one.
 */
export async function tronApprovalSteps(approval: TronApproval, owner: string, main: TronStep, rpc: TronRpc | null = null): Promise<TronStep[]> {
  const token = tronHexAddress(approval.token);
  const spender = tronHexAddress(approval.spender);
  const ownerHex = tronHexAddress(owner);
  if (!token || !spender || !ownerHex) throw new AppError('unsafe_venue_answer', `the venue named a Tron approval of ${approval.token} to ${approval.spender} that is not addressable; nothing was built`);
  const allowance = rpc ? await rpc.trc20Allowance(token, ownerHex, spender).catch(() => null) : null;
  if (allowance !== null && allowance >= approval.amount) return [];
  const template = decodeTronRawData(main.rawDataHex);
  const approve = (amount: bigint): TronStep => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [`0x${spender.slice(2)}` as Hex, amount] }).slice(2);
    return tronStepOf('approve', { ...template, feeLimit: APPROVE_FEE_LIMIT_SUN, contract: { type: 'TriggerSmartContract', owner: ownerHex, contract: token, callValue: 0n, data } });
  };
  return allowance !== null && allowance > 0n ? [approve(0n), approve(approval.amount)] : [approve(approval.amount)];
}

/**
 * Gives every Tron step of a build the node's newest block as reference, the build time as timestamp,
 * and the build's own deadline as expiration (a node's or venue's default is 60 s, too short for a
 * wallet to review). Without a node the venue's reference block is kept. txIDs are recomputed.
 */
export async function stampTronSteps(rpc: TronRpc | null, steps: readonly Step[], now: number, expiresAt: number): Promise<Step[]> {
  if (!steps.some((s) => s.vm === 'tron')) return [...steps];
  let ref: { refBlockBytes: string; refBlockHash: string } | null = null;
  if (rpc) {
    const block = await rpc.nowBlock();
    ref = { refBlockBytes: block.number.toString(16).padStart(16, '0').slice(12), refBlockHash: block.blockID.slice(16, 32) };
  }
  const expiration = Math.min(expiresAt, now + MAX_EXPIRATION_MS);
  return steps.map((step) => (step.vm === 'tron' ? tronStepOf(step.step, { ...decodeTronRawData(step.rawDataHex), ...(ref ?? {}), timestamp: now, expiration }) : step));
}

/**
 * Why a built `tron` step is not allowed, or `null`: the Tron counterpart of vetSteps' `whyNotAllowed`,
 * run on Strait's own steps and the venue's at build and again at submit. The owner must be the
 * sender, the fee limit bounded, the display fields true to the raw data, and the call one of: an
 * exact approve of the source token to a contract the venue may call, a fee transfer to Strait's or
 * the referrer's wallet, a deposit funding to the deposit address, or a call the venue's `tronCalls`
 * name (and whose check passes).
 */
export function whyNotAllowedTron(step: TronStep, rules: StepRules, sender: string): string | null {
  let raw: TronRawData;
  try {
    raw = decodeTronRawData(step.rawDataHex);
  } catch (error) {
    if (error instanceof TronDecodeError) return `is not a Tron transaction Strait can check (${error.message})`;
    throw error;
  }
  if (tronTxId(step.rawDataHex.toLowerCase()) !== step.txID.toLowerCase()) return 'names a txID that is not the hash of its raw data';
  const c = raw.contract;
  const ownerHex = tronHexAddress(sender);
  if (ownerHex === null || c.owner !== ownerHex) return `is signed for ${tronBase58Address(c.owner)}, not the sender ${sender}`;
  if (raw.feeLimit > MAX_TRON_FEE_LIMIT_SUN) return `allows a fee limit of ${raw.feeLimit} sun, above Strait's ${MAX_TRON_FEE_LIMIT_SUN}`;
  const shownContract = c.type === 'TriggerSmartContract' ? tronBase58Address(c.contract) : null;
  const shownValue = c.type === 'TriggerSmartContract' ? c.callValue : 0n;
  if (step.contractAddress !== shownContract || step.callValue !== shownValue) return 'shows a contract or call value that is not its raw data';

  const token = rules.sourceToken.address === null ? null : tronHexAddress(rules.sourceToken.address);
  const selector = c.type === 'TriggerSmartContract' ? c.data.slice(0, 8) : null;
  const tokenCall = c.type === 'TriggerSmartContract' && token !== null && c.contract === token && c.callValue === 0n && c.data.length === 8 + 128 ? { selector, to: `41${c.data.slice(32, 72)}`, amount: BigInt(`0x${c.data.slice(72, 136)}`) } : null;
  const payee = tokenCall?.selector === TRANSFER ? tokenCall.to : token === null && c.type === 'TransferContract' ? c.to : null;
  const tronAddressOf = (address: string): string | null => tronHexAddress(address);

  switch (step.step) {
    case 'approve': {
      if (tokenCall?.selector !== APPROVE) return 'is not a TRC-20 approval of the source token';
      if (tokenCall.amount > rules.amountIn) return `approves ${tokenCall.amount}, more than the ${rules.amountIn} the transfer spends`;
      return (rules.allowList.tronCalls ?? []).some((call) => tronAddressOf(call.contract) === tokenCall.to) ? null : `approves ${tronBase58Address(tokenCall.to)}, which ${rules.venue} may not call`;
    }
    case 'fee':
      if (payee === null) return 'is not a plain transfer of the source asset';
      return rules.feeRecipients.some((r) => tronAddressOf(r) === payee) ? null : `pays ${tronBase58Address(payee)}, neither Strait's fee wallet nor the referrer`;
    case 'main':
      if (rules.depositAddress !== null) {
        if (payee === null) return 'is not a plain transfer of the source asset to the deposit address';
        return tronAddressOf(rules.depositAddress) === payee ? null : `pays ${tronBase58Address(payee)}, not the deposit address ${rules.depositAddress}`;
      }
      return allowedTronCall(raw, rules);
    case 'redeem':
      return allowedTronCall(raw, rules);
  }
}

function allowedTronCall(raw: TronRawData, rules: StepRules): string | null {
  const c = raw.contract;
  if (c.type !== 'TriggerSmartContract') return `is a TRX transfer to ${tronBase58Address(c.to)}, not a call ${rules.venue} may make`;
  const selector = c.data.slice(0, 8);
  const allowed = (rules.allowList.tronCalls ?? []).find((call) => tronHexAddress(call.contract) === c.contract && call.selectors.includes(selector));
  if (!allowed) return `calls ${tronBase58Address(c.contract)} (${selector}), which is not on ${rules.venue}'s Tron allow-list`;
  const native = rules.sourceToken.address === null ? rules.amountIn : 0n;
  if (c.callValue > native + (rules.nativeFee ?? 0n)) return `sends ${c.callValue} sun beside the call, more than ${native + (rules.nativeFee ?? 0n)}`;
  if (!allowed.check) return null;
  return rules.intent ? allowed.check(c.data, c.callValue, rules.intent) : `calls ${tronBase58Address(c.contract)}, whose call Strait must check against the transfer, without the transfer's details`;
}
