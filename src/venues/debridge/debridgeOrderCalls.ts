import { decodeFunctionData, parseAbi, toFunctionSelector, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { debridgeChainByEvmId, DLN_SOURCE } from './debridgeChains.ts';

/**
 * The calls a deBridge EVM transaction may make, decoded and compared with the transfer. DlnSource
 * places an order whose every field is the user's promise (debridge-finance/dln-contracts
 * `DlnOrderLib.OrderCreation`, `DlnSource.createOrder` / `createSaltedOrder`); DeBridgeRouter
 * pre-swaps the input with a swap router and then calls its `_target` with `_targetData`, which must
 * be DlnSource placing such an order. The selectors are those of these exact signatures (checked
 * against the calldata of deBridge's own create-tx response example).
 */
const abi = parseAbi([
  'struct OrderCreation { address giveTokenAddress; uint256 giveAmount; bytes takeTokenAddress; uint256 takeAmount; uint256 takeChainId; bytes receiverDst; address givePatchAuthoritySrc; bytes orderAuthorityAddressDst; bytes allowedTakerDst; bytes externalCall; bytes allowedCancelBeneficiarySrc; }',
  'function createOrder(OrderCreation _orderCreation, bytes _affiliateFee, uint32 _referralCode, bytes _permitEnvelope) payable returns (bytes32)',
  'function createSaltedOrder(OrderCreation _orderCreation, uint64 _salt, bytes _affiliateFee, uint32 _referralCode, bytes _permitEnvelope, bytes _metadata) payable returns (bytes32)',
  'function strictlySwapAndCall(address _srcTokenIn, uint256 _srcAmountIn, bytes _srcTokenInPermitEnvelope, address _srcSwapRouter, bytes _srcSwapCalldata, address _srcTokenOut, uint256 _srcTokenExpectedAmountOut, address _srcTokenRefundRecipient, address _target, bytes _targetData) payable',
]);

const functionOf = (name: string) => {
  const item = abi.find((entry) => entry.type === 'function' && entry.name === name);
  if (!item) throw new Error(`no ${name} in the DLN ABI`);
  return item;
};

export const DLN_SOURCE_SELECTORS: readonly Hex[] = [toFunctionSelector(functionOf('createOrder')), toFunctionSelector(functionOf('createSaltedOrder'))];
export const DEBRIDGE_ROUTER_SELECTORS: readonly Hex[] = [toFunctionSelector(functionOf('strictlySwapAndCall'))];

const ZERO = '0x0000000000000000000000000000000000000000';
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** What the order placed by a call promises, as read from its calldata. */
export interface DecodedOrder {
  readonly giveToken: string;
  readonly giveAmount: bigint;
  readonly takeToken: Hex;
  readonly takeAmount: bigint;
  readonly takeChainId: bigint;
  readonly receiverDst: Hex;
  readonly orderAuthorityDst: Hex;
  readonly externalCall: Hex;
  readonly allowedCancelBeneficiarySrc: Hex;
}

/** What the whole call does: the order, and what the user hands over (token, amount, native value). */
export interface DecodedDlnCall {
  readonly via: 'DlnSource' | 'DeBridgeRouter';
  readonly inputToken: string;
  readonly inputAmount: bigint;
  readonly order: DecodedOrder;
}

type Decoded = ReturnType<typeof decodeFunctionData<typeof abi>>;

function decode(data: Hex): Decoded | null {
  try {
    return decodeFunctionData({ abi, data });
  } catch {
    return null;
  }
}

function orderOf(decoded: Decoded): DecodedOrder | null {
  if (decoded.functionName !== 'createOrder' && decoded.functionName !== 'createSaltedOrder') return null;
  const o = decoded.args[0];
  return {
    giveToken: o.giveTokenAddress,
    giveAmount: o.giveAmount,
    takeToken: o.takeTokenAddress,
    takeAmount: o.takeAmount,
    takeChainId: o.takeChainId,
    receiverDst: o.receiverDst,
    orderAuthorityDst: o.orderAuthorityAddressDst,
    externalCall: o.externalCall,
    allowedCancelBeneficiarySrc: o.allowedCancelBeneficiarySrc,
  };
}

/** Decodes a DlnSource or DeBridgeRouter call; a string says why it is not one Strait can read. */
export function decodeDlnCall(data: Hex): DecodedDlnCall | string {
  const outer = decode(data);
  if (!outer) return 'is not a DlnSource or DeBridgeRouter call Strait can decode';
  if (outer.functionName !== 'strictlySwapAndCall') {
    const order = orderOf(outer);
    if (!order) return `calls ${outer.functionName}, not an order placement`;
    return { via: 'DlnSource', inputToken: order.giveToken, inputAmount: order.giveAmount, order };
  }
  const [srcTokenIn, srcAmountIn, , , , srcTokenOut, expectedOut, , target, targetData] = outer.args;
  if (!same(target, DLN_SOURCE)) return `pre-swaps and then calls ${target}, not DlnSource`;
  const inner = decode(targetData);
  const order = inner ? orderOf(inner) : null;
  if (!order) return 'pre-swaps and then calls DlnSource with something else than an order placement';
  if (!same(order.giveToken, srcTokenOut)) return `pre-swaps into ${srcTokenOut} but the order gives ${order.giveToken}`;
  if (order.giveAmount > expectedOut) return `places an order giving ${order.giveAmount}, more than the ${expectedOut} its pre-swap guarantees`;
  return { via: 'DeBridgeRouter', inputToken: srcTokenIn, inputAmount: srcAmountIn, order };
}

/**
 * Why a DlnSource or DeBridgeRouter call does not do what the transfer asked, or `null` when it does:
 * it must take the source token and exactly the amount sent (a native input: the amount plus the
 * flat fee, within what the step moves), and place an order that pays the recipient on the requested
 * chain, with the recipient as the destination authority (who alone may cancel or lower the take
 * amount), no hook (a hook can hand the output to any contract) and no cancel beneficiary fixed in
 * advance. The take token and amount are checked against the quote by the adapter at build.
 */
export function whyNotDebridgeCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  const decoded = decodeDlnCall(data);
  if (typeof decoded === 'string') return decoded;
  const { order } = decoded;
  const sourceToken = intent.sourceToken ?? ZERO;
  if (!same(decoded.inputToken, sourceToken)) return `takes ${decoded.inputToken}, not the source token ${sourceToken}`;
  if (decoded.inputAmount <= 0n) return 'takes nothing';
  if (intent.sourceToken === null) {
    if (value > intent.amount) return `sends ${value} native units, more than the ${intent.amount} the transfer moves`;
    if (value < decoded.inputAmount) return `sends ${value} native units, less than the ${decoded.inputAmount} it gives`;
  } else if (decoded.inputAmount !== intent.amount) {
    return `takes ${decoded.inputAmount}, not the ${intent.amount} the transfer moves`;
  }
  const destination = intent.destinationChainId === null ? undefined : debridgeChainByEvmId(intent.destinationChainId);
  if (!destination) return `places an order for deBridge chain ${order.takeChainId}, but the transfer's destination is not an EVM chain Strait builds deBridge orders for`;
  if (order.takeChainId !== BigInt(destination.debridgeChainId)) return `places an order for deBridge chain ${order.takeChainId}, not ${destination.debridgeChainId} (${destination.key})`;
  if (!same(order.receiverDst, intent.recipient)) return `pays ${order.receiverDst} on the destination, not the recipient ${intent.recipient}`;
  if (!same(order.orderAuthorityDst, intent.recipient)) return `names ${order.orderAuthorityDst} as the destination authority (who may cancel the order), not the recipient ${intent.recipient}`;
  if (order.externalCall !== '0x') return 'attaches a hook that would hand the output to a contract';
  if (order.allowedCancelBeneficiarySrc !== '0x') return `fixes ${order.allowedCancelBeneficiarySrc} as the beneficiary of a cancellation`;
  return null;
}
