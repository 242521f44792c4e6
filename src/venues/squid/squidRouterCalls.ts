import { decodeAbiParameters, decodeFunctionData, parseAbi, parseAbiParameters, size, slice, toFunctionSelector, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { SQUID_NATIVE, squidChainByAxelarName, squidChainById } from './squidChains.ts';

/**
 * The two Squid router entry points Strait builds, with the ABI of the verified SquidRouter source
 * (cassc/etherscan-contract-crawler@7d04005816870570f48fc16b21fd546fa4e8b4bc:
 * contracts/0xdaf30bf29b9903bed9fbaaecc286a2a989581ef1_SquidRouter/01_16_SquidRouter.sol and
 * 13_16_ISquidMulticall.sol), proven on a real call (fixtures/real/calldata-callbridgecall-*.hex):
 *
 * - `callBridge`: runs `calls` in Squid's multicall on the user's `amount` of `token`, then sends the
 *   whole bridged-token balance over Axelar to `destinationAddress` (the recipient itself).
 * - `callBridgeCall`: the same, but sends to Squid's router on the destination chain with `payload` =
 *   `abi.encode(Call[] calls, address refundRecipient[, bytes32 salt])`, which that router runs in its
 *   multicall; if those calls revert, the bridged token goes to `refundRecipient`.
 *
 * Everything else (`bridgeCall`, which names its token only by symbol; `fundAndRunMulticall`;
 * Coral/RFQ and CCTP contracts) is refused: Strait cannot read from it whom it pays.
 */
const ABI = parseAbi([
  'struct Call { uint8 callType; address target; uint256 value; bytes callData; bytes payload; }',
  'function callBridge(address token, uint256 amount, Call[] calls, string bridgedTokenSymbol, string destinationChain, string destinationAddress) payable',
  'function callBridgeCall(address token, uint256 amount, Call[] calls, string bridgedTokenSymbol, string destinationChain, string destinationAddress, bytes payload, address gasRefundRecipient, bool enableExpress) payable',
]);

export const SQUID_ROUTER_SELECTORS: readonly Hex[] = [toFunctionSelector(ABI[0]), toFunctionSelector(ABI[1])];

const DESTINATION_PAYLOAD = parseAbiParameters('(uint8 callType, address target, uint256 value, bytes callData, bytes payload)[] calls, address refundRecipient');
const SWEEP_PAYLOAD = parseAbiParameters('address token, uint256 inputPosition');
const ERC20 = parseAbi(['function transfer(address to, uint256 amount)', 'function transferFrom(address from, address to, uint256 amount)']);

/** ISquidMulticall.CallType. */
const CALL_TYPE = { default: 0, fullTokenBalance: 1, fullNativeBalance: 2, collectTokenBalance: 3 } as const;
const TRANSFER = toFunctionSelector(ERC20[0]);
const TRANSFER_FROM = toFunctionSelector(ERC20[1]);

export interface SquidMulticallCall {
  readonly callType: number;
  readonly target: string;
  readonly value: bigint;
  readonly callData: Hex;
  readonly payload: Hex;
}

/** What the transfer asked beyond the allow-list's intent, known at build only. */
export interface SquidBuildExpectations {
  /** The destination token (`null` for the native asset) the final sweep must pay out. */
  readonly destinationToken: string | null;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * Why a call to Squid's router does not do what the transfer asked, or `null` when it does: it must
 * take exactly the transfer's amount of its source token, bridge to the requested chain, and either
 * send the bridged token straight to the recipient (`callBridge`) or hand it to Squid's own router
 * there with a destination payload whose refund recipient is the recipient and whose last call
 * sweeps the full balance to the recipient (`callBridgeCall`). No call on either chain may be a
 * token `transfer`/`transferFrom` or a plain native send to anyone else. Run at build and again at
 * submit (allowList `check`); `expected` adds the destination token at build.
 */
export function whyNotSquidRouterCall(data: Hex, value: bigint, intent: CallIntent, expected?: SquidBuildExpectations): string | null {
  if (size(data) < 4) return 'carries no Squid router function';
  const selector = slice(data, 0, 4).toLowerCase();
  if (!SQUID_ROUTER_SELECTORS.includes(selector as Hex)) return `calls Squid router function ${selector}, which is not a bridge call Strait can read`;
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: ABI, data });
  } catch {
    return `calls Squid router function ${selector} with data that does not decode as its ABI`;
  }
  const [token, amount, sourceCalls, , destinationChain, destinationAddress] = decoded.args;
  const name = decoded.functionName;
  const sourceToken = intent.sourceToken ?? SQUID_NATIVE;
  if (!same(token, sourceToken)) return `${name} takes ${token}, not the source token ${sourceToken}`;
  const amountProblem = intent.sourceToken === null ? whyNotNativeAmount(amount, value, intent.amount) : amount === intent.amount ? null : `takes ${amount}, not the ${intent.amount} the transfer moves`;
  if (amountProblem) return `${name} ${amountProblem}`;
  const target = squidChainByAxelarName(destinationChain);
  if (!target || intent.destinationChainId === null || target.chainId !== intent.destinationChainId) {
    return `${name} bridges to '${destinationChain}', not chain ${intent.destinationChainId ?? 'of the request'}`;
  }
  const sourceProblem = whyNotHarmless(sourceCalls, 'source', null);
  if (sourceProblem) return `${name} ${sourceProblem}`;
  if (decoded.functionName === 'callBridge') {
    return same(destinationAddress, intent.recipient) ? null : `${name} sends the bridged token to ${destinationAddress}, not the recipient ${intent.recipient}`;
  }
  const router = squidChainById(intent.destinationChainId)?.router;
  if (!router || !same(destinationAddress, router)) return `${name} hands the bridged token to ${destinationAddress}, not Squid's router on chain ${intent.destinationChainId}`;
  const why = whyNotDestinationPayload(decoded.args[6], intent.recipient, expected);
  return why === null ? null : `${name} ${why}`;
}

/**
 * A native input pays Axelar's gas out of the amount: the call bridges `amount` and the rest of
 * `value` goes to Axelar's gas service. At build the adapter checks value and gas against Squid's quote
 * exactly; here (build and submit) the call may spend no more than the transfer's amount, must carry
 * what it bridges, and may give at most half of it to gas.
 */
function whyNotNativeAmount(amount: bigint, value: bigint, moved: bigint): string | null {
  if (value > moved) return `sends ${value} native units, more than the ${moved} the transfer moves`;
  if (value < amount) return `sends ${value} native units, less than the ${amount} it bridges`;
  if ((moved - amount) * 2n > moved) return `bridges only ${amount} of the ${moved} the transfer moves`;
  return null;
}

/** The address Axelar refunds unused gas to (`callBridgeCall` only), or null. */
export function gasRefundRecipientOf(data: Hex): string | null {
  try {
    const decoded = decodeFunctionData({ abi: ABI, data });
    return decoded.functionName === 'callBridgeCall' ? decoded.args[7] : null;
  } catch {
    return null;
  }
}

function whyNotDestinationPayload(payload: Hex, recipient: string, expected: SquidBuildExpectations | undefined): string | null {
  let calls: readonly SquidMulticallCall[];
  let refundRecipient: string;
  try {
    [calls, refundRecipient] = decodeAbiParameters(DESTINATION_PAYLOAD, payload);
  } catch {
    return 'carries a destination payload that does not decode as Squid multicall calls';
  }
  if (!same(refundRecipient, recipient)) return `refunds a failed destination swap to ${refundRecipient}, not the recipient ${recipient}`;
  const last = calls.at(-1);
  if (!last) return 'carries no destination call to pay the recipient';
  const paid = sweepOf(last, recipient);
  if (paid === undefined) return 'does not end with a sweep of the full balance to the recipient';
  if (expected && !same(paid, expected.destinationToken ?? SQUID_NATIVE)) return `pays the recipient ${paid}, not the requested token ${expected.destinationToken ?? 'native'}`;
  const problem = whyNotHarmless(calls.slice(0, -1), 'destination', recipient);
  return problem;
}

/** The token (or SQUID_NATIVE) a call sweeps in full to `recipient`, or undefined when it is no such sweep. */
function sweepOf(call: SquidMulticallCall, recipient: string): string | undefined {
  if (call.callType === CALL_TYPE.fullNativeBalance) {
    return call.callData === '0x' && same(call.target, recipient) ? SQUID_NATIVE : undefined;
  }
  if (call.callType !== CALL_TYPE.fullTokenBalance || size(call.callData) < 4 || slice(call.callData, 0, 4).toLowerCase() !== TRANSFER) return undefined;
  try {
    const { args } = decodeFunctionData({ abi: ERC20, data: call.callData });
    const [token, position] = decodeAbiParameters(SWEEP_PAYLOAD, call.payload);
    // The multicall writes the balance into argument `position` of the calldata: it must be the amount.
    if (!same(args[0], recipient) || position !== 1n || !same(token, call.target)) return undefined;
    return call.target;
  } catch {
    return undefined;
  }
}

/**
 * Why a list of multicall calls could pay someone other than the recipient in a way Strait can see:
 * a token `transfer`/`transferFrom` to anyone else, or a plain native send (empty calldata) to anyone
 * else. DEX swaps and approvals are opaque bytes and are not judged (docs/venues/squid.md).
 */
function whyNotHarmless(calls: readonly SquidMulticallCall[], where: 'source' | 'destination', recipient: string | null): string | null {
  for (const [index, call] of calls.entries()) {
    if (call.callData === '0x') {
      if (call.value > 0n || call.callType === CALL_TYPE.fullNativeBalance) {
        if (recipient === null || !same(call.target, recipient)) return `sends native value to ${call.target} in ${where} call ${index}`;
      }
      continue;
    }
    if (size(call.callData) < 4) continue;
    const selector = slice(call.callData, 0, 4).toLowerCase();
    if (selector !== TRANSFER && selector !== TRANSFER_FROM) continue;
    let to: string;
    try {
      const { functionName, args } = decodeFunctionData({ abi: ERC20, data: call.callData });
      to = functionName === 'transfer' ? args[0] : args[1];
    } catch {
      return `makes a token transfer Strait cannot read in ${where} call ${index}`;
    }
    if (recipient === null || !same(to, recipient)) return `transfers tokens to ${to} in ${where} call ${index}`;
  }
  return null;
}
