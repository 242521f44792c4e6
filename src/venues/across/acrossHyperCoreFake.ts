import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { concat, encodeFunctionData, erc20Abi, isAddress, pad, type Address, type Hex } from 'viem';
import type { FakeReply, FakeRequest } from '../fake/startFakeServer.ts';
import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import { acrossChainById } from './acrossChains.ts';
import { ACROSS_HYPERCORE_CHAIN_ID, ACROSS_HYPERCORE_USDC_SPOT, HYPEREVM_CCTP_DOMAIN, hyperCoreOrigin, sponsoredCctpSrcPeripheryAbi } from './acrossHyperCore.ts';

/**
 * The fake's `GET /swap/approval`, served for HyperCore credits only (USDC → USDC-SPOT on 1337), in
 * the shape of fixtures/synthetic/swap-approval-usdc-base-to-hypercore-spot.json: no real Swap API
 * answer to HyperCore was ever recorded, so the template is that synthetic file (itself built from
 * Across's own response builder). A sponsored credit: output = input, stated in 8 decimals; the
 * swap transaction is the origin periphery's `depositForBurn` of a quote the fake "signs" with a
 * placeholder signature, tagged with the Swap API marker as Across tags it.
 */

type Json = Record<string, unknown>;

const TEMPLATE = JSON.parse(readFileSync(new URL('./fixtures/synthetic/swap-approval-usdc-base-to-hypercore-spot.json', import.meta.url), 'utf8')) as Json;
const SWAP_API_MARKER: Hex = '0x73c0de';
/** HyperEVM's SponsoredCCTPDstPeriphery (USDC) and USDC, where the burn mints before HyperCore is credited. */
const DST_PERIPHERY: Address = '0x1CFE31eD57c2d2b4CB69c0298A1b586965b882d5';
const HYPEREVM_USDC: Address = '0xb88339CB7199b77E23DB6E890353E22632Ba630f';
/** CCTP source domains of the origins the fake serves. */
const CCTP_DOMAIN: Readonly<Record<number, number>> = { 1: 0, 10: 2, 42161: 3, 8453: 6, 137: 7 };
const QUOTE_LIFETIME_SECONDS = 600;

const b32 = (address: string): Hex => pad(address.toLowerCase() as Hex, { size: 32 });

/** An `AcrossApiError` reply, as the fake builds them elsewhere. */
export type AcrossErrorReply = (status: number, code: string, message: string, param?: string) => FakeReply;

export function hyperCoreSwapApproval(request: FakeRequest, nowMs: number, error: AcrossErrorReply): FakeReply {
  const q = request.query;
  for (const name of ['tradeType', 'amount', 'inputToken', 'outputToken', 'originChainId', 'destinationChainId', 'depositor']) {
    if (!q.get(name)) return error(400, 'MISSING_PARAM', `Missing parameter ${name}`, name);
  }
  if (q.get('tradeType') !== 'exactInput') return error(400, 'INVALID_PARAM', 'the fake prices exactInput only', 'tradeType');
  const rawAmount = q.get('amount') ?? '';
  if (!/^[0-9]{1,78}$/.test(rawAmount)) return error(400, 'INVALID_PARAM', 'amount must be an integer string', 'amount');
  const depositor = q.get('depositor') ?? '';
  const recipient = q.get('recipient') ?? depositor;
  if (!isAddress(depositor, { strict: false }) || !isAddress(recipient, { strict: false })) return error(400, 'INVALID_PARAM', 'depositor and recipient must be addresses', 'recipient');
  const chain = acrossChainById(Number(q.get('originChainId')));
  const origin = chain && hyperCoreOrigin(chain.key);
  const inputToken = q.get('inputToken') ?? '';
  if (!origin || Number(q.get('destinationChainId')) !== ACROSS_HYPERCORE_CHAIN_ID || !sameEvmAddress(inputToken, origin.usdc) || !sameEvmAddress(q.get('outputToken') ?? '', ACROSS_HYPERCORE_USDC_SPOT)) {
    return error(400, 'ROUTE_NOT_ENABLED', 'Route is not enabled.');
  }
  const amount = BigInt(rawAmount);
  if (amount === 0n) return error(400, 'AMOUNT_TOO_LOW', 'Sent amount is too low relative to fees', 'amount');
  const output = amount * 100n;
  const quote = {
    sourceDomain: CCTP_DOMAIN[origin.chain.chainId] ?? 0,
    destinationDomain: HYPEREVM_CCTP_DOMAIN,
    mintRecipient: b32(DST_PERIPHERY),
    amount,
    burnToken: b32(origin.usdc),
    destinationCaller: b32(DST_PERIPHERY),
    maxFee: amount / 10_000n,
    minFinalityThreshold: 1000,
    nonce: `0x${randomBytes(32).toString('hex')}` as Hex,
    deadline: BigInt(Math.floor(nowMs / 1000) + QUOTE_LIFETIME_SECONDS),
    maxBpsToSponsor: 1n,
    maxUserSlippageBps: 50n,
    finalRecipient: b32(recipient),
    finalToken: b32(HYPEREVM_USDC),
    executionMode: 0,
    actionData: '0x' as Hex,
  };
  const signature = `0x${'ab'.repeat(64)}1b` as Hex;
  const data = concat([encodeFunctionData({ abi: sponsoredCctpSrcPeripheryAbi, functionName: 'depositForBurn', args: [quote, signature] }), SWAP_API_MARKER]);
  const tokenIn = { ...(TEMPLATE.inputToken as Json), address: origin.usdc, chainId: origin.chain.chainId };
  const tokenOut = TEMPLATE.outputToken as Json;
  const steps = TEMPLATE.steps as { bridge: Json };
  const swapTx = TEMPLATE.swapTx as Json;
  const approval = (TEMPLATE.approvalTxns as Json[])[0] as Json;
  const checks = TEMPLATE.checks as { allowance: Json; balance: Json };
  return {
    body: {
      ...TEMPLATE,
      checks: { allowance: { ...checks.allowance, token: origin.usdc, spender: origin.periphery, expected: amount.toString() }, balance: { ...checks.balance, token: origin.usdc, expected: amount.toString() } },
      approvalTxns: [{ ...approval, chainId: origin.chain.chainId, to: origin.usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [origin.periphery, amount] }) }],
      steps: { ...steps, bridge: { ...steps.bridge, inputAmount: amount.toString(), outputAmount: output.toString(), tokenIn, tokenOut, fees: { ...(steps.bridge.fees as Json), token: tokenIn } } },
      inputToken: tokenIn,
      refundToken: tokenIn,
      inputAmount: amount.toString(),
      maxInputAmount: amount.toString(),
      expectedOutputAmount: output.toString(),
      minOutputAmount: output.toString(),
      swapTx: { ...swapTx, chainId: origin.chain.chainId, to: origin.periphery, data },
      id: `sw_fake_${nowMs}`,
    },
  };
}
