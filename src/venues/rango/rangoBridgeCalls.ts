import { decodeAbiParameters, parseAbiParameters, size, slice, toFunctionSelector, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { CCTP_DOMAIN_BY_CHAIN_ID } from './rangoChains.ts';

/**
 * The bridge entry points of Rango's V2 diamond Strait can read, from
 * rango-exchange/rango-contracts-v2@246816c590f23fbb1fa80db16b48dda0a598a2dd (`contracts/interfaces/IRangoAcross.sol`,
 * `IRangoCCTP.sol`, `IRango.sol`, `IRango2.sol`, `libraries/LibSwapper.sol`, `LibSwapperV2.sol`),
 * structs expanded to tuples. Across and CCTP name the receiver and the destination chain in their
 * own request struct; every other facet (Stargate, Symbiosis, Thorchain, the generic bridge, …)
 * is refused: Strait has not read who it pays.
 */
const SWAP_REQUEST_V1 = '(address requestId, address fromToken, address toToken, uint256 amountIn, uint256 platformFee, uint256 destinationExecutorFee, uint256 affiliateFee, address affiliatorAddress, uint256 minimumAmountExpected, bool feeFromInputToken, uint16 dAppTag, string dAppName)';
const SWAP_REQUEST_V2 = '(address requestId, address fromToken, address toToken, uint256 amountIn, (address affiliatorAddress, uint256 amount, uint8 feeType)[] affiliateFees, uint256 totalAffiliateFee, uint256 minimumAmountExpected, bool feeFromInputToken, uint16 dAppTag, string dAppName)';
const CALLS = '(address spender, address target, address swapFromToken, address swapToToken, bool needsTransferFromUser, uint256 amount, bytes callData)[]';
const BRIDGE_REQUEST_V1 = '(address requestId, address token, uint256 amount, uint256 platformFee, uint256 affiliateFee, address affiliatorAddress, uint256 destinationExecutorFee, uint16 dAppTag, string dAppName)';
const BRIDGE_REQUEST_V2 = '(address requestId, address token, uint256 amount, (address affiliatorAddress, uint256 amount, uint8 feeType)[] affiliateFees, uint256 totalAffiliateFee, uint16 dAppTag, string dAppName)';
const ACROSS = '(address spokePoolAddress, address depositor, address exclusiveRelayer, address outputToken, uint32 fillDeadline, uint32 exclusivityDeadline, address recipient, uint256 destinationChainId, uint256 decimalsAdjustedTotalRelayFeePct, uint32 quoteTimestamp, bytes message)';
const CCTP = '(uint32 destinationDomainId, bytes32 recipient, uint256 destinationChainId)';

const strip = (tuple: string): string => tuple.replace(/ [A-Za-z]+(?=[,)])/g, '');

/** Canonical signatures (what the selector hashes) and the parameter lists to decode. */
export const RANGO_BRIDGE_FUNCTIONS = {
  acrossBridge: { params: `${ACROSS}, ${BRIDGE_REQUEST_V2}` },
  acrossSwapAndBridge: { params: `${SWAP_REQUEST_V2}, ${CALLS}, ${ACROSS}` },
  cctpBridge: { params: `${CCTP}, ${BRIDGE_REQUEST_V1}` },
  cctpSwapAndBridge: { params: `${SWAP_REQUEST_V1}, ${CALLS}, ${CCTP}` },
} as const;

type FunctionName = keyof typeof RANGO_BRIDGE_FUNCTIONS;

const BY_SELECTOR: ReadonlyMap<string, FunctionName> = new Map(
  (Object.keys(RANGO_BRIDGE_FUNCTIONS) as FunctionName[]).map((name) => [toFunctionSelector(`${name}(${strip(RANGO_BRIDGE_FUNCTIONS[name].params)})`).toLowerCase(), name]),
);

export const RANGO_BRIDGE_SELECTORS: readonly Hex[] = [...BY_SELECTOR.keys()] as Hex[];

const ZERO = '0x0000000000000000000000000000000000000000';
/** The most Rango's platform and affiliate fees may take on top of the amount bridged (they run 0.1–0.3 %). */
const MAX_FEE_BPS = 100n;

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** What a decoded call moves, in the terms every entry point shares. */
interface Leg {
  readonly token: string;
  /** What the diamond takes from the user: the amount plus the fees it collects on top. */
  readonly pulled: bigint;
  readonly fees: bigint;
  readonly recipient: string;
  readonly destinationChainId: bigint;
  readonly message: Hex;
  /** CCTP only: the Circle domain the burn is minted on, which decides the chain (the chain id is only logged). */
  readonly cctpDomain?: number;
  /** Who the diamond pays affiliate fees to, and how much (LibSwapperV2 `_sendToken` to each affiliator). */
  readonly affiliates: readonly { readonly recipient: string; readonly amount: bigint }[];
  /** Whether the fees are taken from the source token (a swap request may take them from its output instead). */
  readonly feesInSourceToken: boolean;
}

/**
 * Why a call to Rango's diamond does not do what the transfer asked, or `null` when it does: it must
 * be an Across or CCTP entry point, pay the requested recipient on the requested destination chain
 * (for CCTP, the Circle domain the burn goes to),
 * carry no destination message, take the source token, and take from the user exactly the amount
 * the transfer moves (the amount bridged or swapped plus Rango's fees, at most 1 %). The DEX calls of
 * a swap-and-bridge are opaque here: the diamond runs only contracts and methods on its own
 * whitelist, and the bridge leg that follows them is what names the receiver. Run at build and again
 * at submit (allowList `check`).
 */
export function whyNotRangoBridgeCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  if (size(data) < 4) return 'carries no Rango function';
  const selector = slice(data, 0, 4).toLowerCase();
  const name = BY_SELECTOR.get(selector);
  if (!name) return `calls Rango function ${selector}, which is not a bridge call Strait can read`;
  let leg: Leg;
  try {
    leg = decodeLeg(name, slice(data, 4));
  } catch {
    return `calls ${name} with data that does not decode as Rango's ${name} arguments`;
  }
  if (!same(leg.recipient, intent.recipient)) return `${name} pays ${leg.recipient}, not the recipient ${intent.recipient}`;
  if (intent.destinationChainId === null || leg.destinationChainId !== BigInt(intent.destinationChainId)) {
    return `${name} bridges to chain ${leg.destinationChainId}, not ${intent.destinationChainId ?? 'the requested chain'}`;
  }
  if (leg.cctpDomain !== undefined && leg.cctpDomain !== CCTP_DOMAIN_BY_CHAIN_ID.get(intent.destinationChainId)) {
    return `${name} burns towards CCTP domain ${leg.cctpDomain}, not the domain of chain ${intent.destinationChainId}`;
  }
  const token = intent.sourceToken ?? ZERO;
  if (!same(leg.token, token)) return `${name} takes ${leg.token}, not the source token ${token}`;
  if (leg.message !== '0x') return `${name} carries a destination message`;
  if (leg.pulled !== intent.amount) return `${name} takes ${leg.pulled}, not the ${intent.amount} the transfer moves`;
  if (leg.fees * 10_000n > intent.amount * MAX_FEE_BPS) return `${name} takes ${leg.fees} in fees of the ${intent.amount} sent, more than Rango's fees explain`;
  const venueFee = whyNotVenueFee(name, leg, intent.venueFee ?? null);
  if (venueFee !== null) return venueFee;
  if (intent.sourceToken === null && value !== intent.amount) return `${name} sends ${value} native units, not the ${intent.amount} the transfer moves`;
  if (intent.sourceToken !== null && value !== 0n) return `${name} sends ${value} native units beside a token transfer`;
  return null;
}

/**
 * Strait's platform cut, when Rango takes it as the affiliate fee (`referrerAddress` + `referrerFee`,
 * feeCapture `venue-param`): the diamond must pay the fee wallet once, exactly the cut, in the source
 * token. Any other affiliate entries are Rango's own, bounded with it by MAX_FEE_BPS.
 */
function whyNotVenueFee(name: string, leg: Leg, fee: { readonly recipient: string; readonly amount: bigint } | null): string | null {
  if (fee === null) return null;
  const ours = leg.affiliates.filter((affiliate) => same(affiliate.recipient, fee.recipient));
  if (ours.length !== 1) return `${name} pays Strait's fee wallet ${fee.recipient} ${ours.length} times, not once with the platform fee`;
  if (!leg.feesInSourceToken) return `${name} takes its fees from the swapped token, not the source token Strait's platform fee is counted in`;
  if (ours[0]!.amount !== fee.amount) return `${name} pays Strait's fee wallet ${ours[0]!.amount}, not the platform fee of ${fee.amount}`;
  return null;
}

/** What a call says beyond the submit-time intent, checked at build against the request. */
export interface RangoBuildFacts {
  /** Who gets an Across deposit back when no relayer fills it (`depositor`; zero means `msg.sender`). */
  readonly refundTo: string | null;
  /** The token Across delivers on the destination (`outputToken`); with no message it is what the recipient gets. */
  readonly outputToken: string | null;
  /** CCTP mints USDC and nothing else. */
  readonly mintsUsdc: boolean;
}

/**
 * The refund address and delivered token of a Rango call, which the submit-time check cannot compare
 * (CallIntent carries neither the sender nor the destination token); `null` for data that does not
 * decode as one of the four entry points.
 */
export function rangoBuildFacts(data: Hex): RangoBuildFacts | null {
  const name = size(data) >= 4 ? BY_SELECTOR.get(slice(data, 0, 4).toLowerCase()) : undefined;
  try {
    const params = slice(data, 4);
    if (name === 'acrossBridge') {
      const [across] = decodeAbiParameters(parseAbiParameters(RANGO_BRIDGE_FUNCTIONS.acrossBridge.params), params);
      return { refundTo: across.depositor, outputToken: across.outputToken, mintsUsdc: false };
    }
    if (name === 'acrossSwapAndBridge') {
      const [, , across] = decodeAbiParameters(parseAbiParameters(RANGO_BRIDGE_FUNCTIONS.acrossSwapAndBridge.params), params);
      return { refundTo: across.depositor, outputToken: across.outputToken, mintsUsdc: false };
    }
    if (name === 'cctpBridge' || name === 'cctpSwapAndBridge') return { refundTo: null, outputToken: null, mintsUsdc: true };
  } catch {
    return null;
  }
  return null;
}

function decodeLeg(name: FunctionName, params: Hex): Leg {
  switch (name) {
    case 'acrossBridge': {
      const [across, bridge] = decodeAbiParameters(parseAbiParameters(RANGO_BRIDGE_FUNCTIONS.acrossBridge.params), params);
      return { token: bridge.token, pulled: bridge.amount + bridge.totalAffiliateFee, fees: bridge.totalAffiliateFee, recipient: across.recipient, destinationChainId: across.destinationChainId, message: across.message, affiliates: affiliatesOf(bridge.affiliateFees), feesInSourceToken: true };
    }
    case 'acrossSwapAndBridge': {
      const [swap, , across] = decodeAbiParameters(parseAbiParameters(RANGO_BRIDGE_FUNCTIONS.acrossSwapAndBridge.params), params);
      const fees = swap.feeFromInputToken ? swap.totalAffiliateFee : 0n;
      return { token: swap.fromToken, pulled: swap.amountIn + fees, fees, recipient: across.recipient, destinationChainId: across.destinationChainId, message: across.message, affiliates: affiliatesOf(swap.affiliateFees), feesInSourceToken: swap.feeFromInputToken };
    }
    case 'cctpBridge': {
      const [cctp, bridge] = decodeAbiParameters(parseAbiParameters(RANGO_BRIDGE_FUNCTIONS.cctpBridge.params), params);
      const fees = bridge.platformFee + bridge.affiliateFee + bridge.destinationExecutorFee;
      return { token: bridge.token, pulled: bridge.amount + fees, fees, recipient: evmOf(cctp.recipient), destinationChainId: cctp.destinationChainId, message: '0x', cctpDomain: cctp.destinationDomainId, affiliates: [{ recipient: bridge.affiliatorAddress, amount: bridge.affiliateFee }], feesInSourceToken: true };
    }
    case 'cctpSwapAndBridge': {
      const [swap, , cctp] = decodeAbiParameters(parseAbiParameters(RANGO_BRIDGE_FUNCTIONS.cctpSwapAndBridge.params), params);
      const fees = swap.feeFromInputToken ? swap.platformFee + swap.affiliateFee + swap.destinationExecutorFee : 0n;
      return { token: swap.fromToken, pulled: swap.amountIn + fees, fees, recipient: evmOf(cctp.recipient), destinationChainId: cctp.destinationChainId, message: '0x', cctpDomain: cctp.destinationDomainId, affiliates: [{ recipient: swap.affiliatorAddress, amount: swap.affiliateFee }], feesInSourceToken: swap.feeFromInputToken };
    }
  }
}

function affiliatesOf(fees: readonly { readonly affiliatorAddress: string; readonly amount: bigint }[]): Leg['affiliates'] {
  return fees.map((fee) => ({ recipient: fee.affiliatorAddress, amount: fee.amount }));
}

/** A bytes32 receiver as an EVM address; one with bits above the low 20 bytes names something else. */
function evmOf(word: Hex): string {
  return /^0x0{24}/i.test(word) ? `0x${word.slice(26)}` : word;
}
