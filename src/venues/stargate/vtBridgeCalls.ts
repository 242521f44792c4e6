import { decodeAbiParameters, getAddress, parseAbiParameters, type Address, type Hex } from 'viem';
import { decodeStargateSend, encodeStargateSend, type StargateSend } from './stargateSendCalls.ts';

/**
 * The bridge transaction LayerZero's Value Transfer API (`transfer.layerzero-api.com/v1`, the API the
 * Stargate API now points to) returns for a Stargate taxi is not a `send` to the pool: it calls
 * LayerZero's wrapper `LZMulticall.execute(calls, quoteId)` (0x5528…bDe3 on Optimism) with a batch —
 * `TransferDelegate.delegateTransferFrom(token, sender, wrapper, amount)` (the approve step's spender),
 * `token.approve(pool, amount)`, the pool's `send` with the LayerZero fee as value and the wrapper as
 * refund address, then `wrapper.sweep(tokens, sender)`. Names and roles from LayerZero's docs
 * ("Value Transfer API › Contracts"); the shape from the one recorded answer
 * (`fixtures/real/vt-quote-usdc-optimism-arbitrum-taxi.json`). Strait does not sign the batch: the
 * wrapper would get the refund and the delegate a standing allowance, and neither is pinned. It takes
 * the pool `send` out and builds it directly to the pinned pool (`directStargateSend`).
 */
/** `execute((address,uint256,bytes)[],bytes32)`. */
export const VT_WRAPPER_SELECTOR: Hex = '0x571d3dc7';

const wrapperArguments = parseAbiParameters('(address target, uint256 value, bytes data)[] calls, bytes32 quoteId');

export interface VtWrappedCall {
  readonly target: Address;
  readonly value: bigint;
  readonly data: Hex;
}

export interface VtWrapperCall {
  readonly quoteId: Hex;
  readonly calls: readonly VtWrappedCall[];
}

/** The wrapper batch of a VT bridge transaction, or `null` when `data` is not one. */
export function decodeVtWrapperCall(data: Hex): VtWrapperCall | null {
  if (data.slice(0, 10).toLowerCase() !== VT_WRAPPER_SELECTOR) return null;
  try {
    const [calls, quoteId] = decodeAbiParameters(wrapperArguments, `0x${data.slice(10)}`);
    return { quoteId, calls: calls.map((call) => ({ target: getAddress(call.target), value: call.value, data: call.data })) };
  } catch {
    return null;
  }
}

/**
 * The Stargate `send` inside a VT bridge transaction, checked for what makes it re-encodable as a
 * direct call to the pinned pool: exactly one call to `pool`, which is a `send` carrying the whole
 * value of the transaction (no other wrapped call may spend the user's native coin). The `send` is
 * returned as the wrapper would make it (refund address: the wrapper); `directStargateSend` turns it
 * into the call Strait builds, which `whyNotStargateSend` then checks field by field.
 */
export function stargateSendInVtBridge(tx: { readonly data: Hex; readonly value: bigint }, pool: Address): StargateSend | string {
  const wrapper = decodeVtWrapperCall(tx.data);
  if (wrapper === null) return `is not a LayerZero VT wrapper call (selector ${tx.data.slice(0, 10)})`;
  const toPool = wrapper.calls.filter((call) => call.target.toLowerCase() === pool.toLowerCase());
  if (toPool.length !== 1) return `makes ${toPool.length} calls to the pool ${pool}, not one`;
  const send = decodeStargateSend(toPool[0]!.data);
  if (send === null) return `calls the pool ${pool} with something else than send (selector ${toPool[0]!.data.slice(0, 10)})`;
  const spent = wrapper.calls.reduce((sum, call) => sum + call.value, 0n);
  if (toPool[0]!.value !== tx.value || spent !== tx.value) return `spends ${spent} wei across its calls, ${toPool[0]!.value} of it on the send, for a transaction value of ${tx.value}`;
  if (send.nativeFee > toPool[0]!.value) return `states a LayerZero fee of ${send.nativeFee} above the ${toPool[0]!.value} wei it sends`;
  return send;
}

/** The VT's `send` as a direct call to the pool: the same parameters, the refund to the recipient. */
export function directStargateSend(send: StargateSend, recipient: Address): Hex {
  return encodeStargateSend({ ...send, refundAddress: getAddress(recipient) });
}
