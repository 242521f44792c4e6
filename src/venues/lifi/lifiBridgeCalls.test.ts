import { encodeFunctionData, pad, parseAbi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { whyNotAllowed } from '../../engine/vetSteps.ts';
import { resolveToken, nativeToken, type TokenInfo } from '../../domain/tokens.ts';
import type { CallIntent } from '../allowList.ts';
import { allowListRig } from '../fake/allowListRig.ts';
import { LIFI_NON_EVM_RECEIVER, whyNotLifiBridgeCall } from './lifiBridgeCalls.ts';
import { lifiVenue } from './lifiVenue.ts';

/**
 * LI.FI's BridgeData check on calldata encoded with the facets' own ABI (lifinance/contracts
 * AcrossFacetV4, StargateFacetV2): a call paying another recipient, chain, token or amount is refused,
 * through the same `whyNotAllowed` build and submit both run.
 */

const abi = parseAbi([
  'struct BridgeData { bytes32 transactionId; string bridge; string integrator; address referrer; address sendingAssetId; address receiver; uint256 minAmount; uint256 destinationChainId; bool hasSourceSwaps; bool hasDestinationCall; }',
  'struct SwapData { address callTo; address approveTo; address sendingAssetId; address receivingAssetId; uint256 fromAmount; bytes callData; bool requiresDeposit; }',
  'struct AcrossV4Data { bytes32 receiverAddress; bytes32 refundAddress; bytes32 sendingAssetId; bytes32 receivingAssetId; uint256 outputAmount; uint128 outputAmountMultiplier; bytes32 exclusiveRelayer; uint32 quoteTimestamp; uint32 fillDeadline; uint32 exclusivityParameter; bytes message; }',
  'function startBridgeTokensViaAcrossV4(BridgeData _bridgeData, AcrossV4Data _acrossData) payable',
  'function swapAndStartBridgeTokensViaAcrossV4(BridgeData _bridgeData, SwapData[] _swapData, AcrossV4Data _acrossData) payable',
  'function swapTokensGeneric(bytes32 _transactionId, string _integrator, string _referrer, address _receiver, uint256 _minAmount, SwapData[] _swapData) payable',
]);
/** lifinance/contracts src/Periphery/FeeForwarder.sol v2.0.0. */
const forwarderAbi = parseAbi([
  'function forwardERC20Fees(address _token, (address recipient, uint256 amount)[] _distributions)',
  'function forwardNativeFees((address recipient, uint256 amount)[] _distributions) payable',
]);

const DIAMOND = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';
const FEE_COLLECTOR = '0xB0210dE78E28e2633Ca200609D9f528c13c26cD9';
/** Arbitrum's FeeForwarder (lifinance/contracts deployments/arbitrum.json). */
const FEE_FORWARDER = '0xCE40449B773a3E6E5e769ADb4e567179d4828cbd';
const LIFI_FEE_WALLET = '0x4444444444444444444444444444444444444444';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const USDC = resolveToken('arbitrum', 'USDC') as TokenInfo;
const USDC_ADDRESS = USDC.address as Hex;
const ZERO = '0x0000000000000000000000000000000000000000';
const AMOUNT = 100_000_000n;

const intent: CallIntent = { sourceChainId: 42161, sourceToken: USDC_ADDRESS, amount: AMOUNT, recipient: RECIPIENT, destinationChainId: 10 };

type Bridge = { receiver: Hex; minAmount: bigint; destinationChainId: bigint; sendingAssetId: Hex; hasSourceSwaps: boolean; hasDestinationCall: boolean };
const good: Bridge = { receiver: RECIPIENT, minAmount: AMOUNT, destinationChainId: 10n, sendingAssetId: USDC_ADDRESS, hasSourceSwaps: false, hasDestinationCall: false };

const acrossData = (receiver: Hex) => ({
  receiverAddress: pad(receiver),
  refundAddress: pad(RECIPIENT),
  sendingAssetId: pad(USDC_ADDRESS),
  receivingAssetId: pad('0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'),
  outputAmount: 99_650_123n,
  outputAmountMultiplier: 10n ** 18n,
  exclusiveRelayer: pad('0x0'),
  quoteTimestamp: 1_729_163_645,
  fillDeadline: 1_729_174_445,
  exclusivityParameter: 0,
  message: '0x' as Hex,
});

function bridgeCall(overrides: Partial<Bridge> = {}): Hex {
  const bridge = { ...good, ...overrides };
  return encodeFunctionData({
    abi,
    functionName: 'startBridgeTokensViaAcrossV4',
    args: [{ transactionId: pad('0x7a1c'), bridge: 'across', integrator: 'strait', referrer: ZERO, ...bridge }, acrossData(bridge.receiver)],
  });
}

function feeSwapCall(swap: { callTo?: Hex; fromAmount?: bigint; receivingAssetId?: Hex; callData?: Hex } = {}, minAmount = AMOUNT - 250_000n): Hex {
  return encodeFunctionData({
    abi,
    functionName: 'swapAndStartBridgeTokensViaAcrossV4',
    args: [
      { transactionId: pad('0x7a1c'), bridge: 'across', integrator: 'strait', referrer: ZERO, ...good, minAmount, hasSourceSwaps: true },
      [{ callTo: swap.callTo ?? FEE_COLLECTOR, approveTo: swap.callTo ?? FEE_COLLECTOR, sendingAssetId: USDC_ADDRESS, receivingAssetId: swap.receivingAssetId ?? USDC_ADDRESS, fromAmount: swap.fromAmount ?? AMOUNT, callData: swap.callData ?? '0x', requiresDeposit: true }],
      acrossData(RECIPIENT),
    ],
  });
}

describe('whyNotLifiBridgeCall', () => {
  it('passes a bridge call that pays the recipient on the destination chain exactly the amount sent', () => {
    expect(whyNotLifiBridgeCall(bridgeCall(), 0n, intent)).toBeNull();
  });

  it.each([
    ['another recipient', { receiver: OTHER as Hex }, /pays 0x3333.*not the recipient/],
    ['another destination chain', { destinationChainId: 8453n }, /bridges to chain 8453, not 10/],
    ['another token', { sendingAssetId: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9' as Hex }, /sends 0xFd08.*not the source token/],
    ['another amount', { minAmount: AMOUNT + 1n }, /bridges 100000001, not the 100000000/],
    ['a destination call', { hasDestinationCall: true }, /destination call/],
    ["LI.FI's non-EVM receiver", { receiver: LIFI_NON_EVM_RECEIVER as Hex }, /non-EVM receiver/],
  ])('refuses a call with %s', (_name, overrides, reason) => {
    expect(whyNotLifiBridgeCall(bridgeCall(overrides), 0n, intent)).toMatch(reason);
  });

  it('accepts source swaps only when each is LI.FI fee collection of the source token, from the whole amount, taking at most 1 %', () => {
    expect(whyNotLifiBridgeCall(feeSwapCall(), 0n, intent)).toBeNull();
    expect(whyNotLifiBridgeCall(feeSwapCall({ callTo: OTHER }), 0n, intent)).toMatch(/not LI.FI's fee collector or fee forwarder/);
    expect(whyNotLifiBridgeCall(feeSwapCall({ receivingAssetId: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9' }), 0n, intent)).toMatch(/not the source token/);
    expect(whyNotLifiBridgeCall(feeSwapCall({ fromAmount: AMOUNT - 1n }), 0n, intent)).toMatch(/collects fees from/);
    expect(whyNotLifiBridgeCall(feeSwapCall({}, AMOUNT / 2n), 0n, intent)).toMatch(/more than LI.FI's fees explain/);
  });

  it("accepts LI.FI's FeeForwarder in place of the FeeCollector when what it forwards, in the source token, is exactly what the bridge leaves out", () => {
    const forward = (token: Hex, amounts: bigint[]) => encodeFunctionData({ abi: forwarderAbi, functionName: 'forwardERC20Fees', args: [token, amounts.map((amount) => ({ recipient: LIFI_FEE_WALLET as Hex, amount }))] });
    const viaForwarder = (callData: Hex, minAmount = AMOUNT - 250_000n) => feeSwapCall({ callTo: FEE_FORWARDER, callData }, minAmount);
    expect(whyNotLifiBridgeCall(viaForwarder(forward(USDC_ADDRESS, [250_000n])), 0n, intent)).toBeNull();
    expect(whyNotLifiBridgeCall(viaForwarder(forward(USDC_ADDRESS, [200_000n, 50_000n])), 0n, intent)).toBeNull();
    expect(whyNotLifiBridgeCall(viaForwarder(forward(USDC_ADDRESS, [250_000n]), AMOUNT - 250_001n), 0n, intent)).toMatch(/forwards 250000 in fees but bridges 99749999/);
    expect(whyNotLifiBridgeCall(viaForwarder(forward(USDC_ADDRESS, [300_000n])), 0n, intent)).toMatch(/forwards 300000/);
    expect(whyNotLifiBridgeCall(viaForwarder(forward(OTHER, [250_000n])), 0n, intent)).toMatch(/forwards fees in 0x3333/);
    const nativeFees = encodeFunctionData({ abi: forwarderAbi, functionName: 'forwardNativeFees', args: [[{ recipient: LIFI_FEE_WALLET, amount: 250_000n }]] });
    expect(whyNotLifiBridgeCall(viaForwarder(nativeFees), 0n, intent)).toMatch(/native fees for a transfer of/);
    expect(whyNotLifiBridgeCall(viaForwarder('0x12345678'), 0n, intent)).toMatch(/does not decode as forwardERC20Fees/);
  });

  it('refuses a native bridge whose value is not the amount sent', () => {
    const native: CallIntent = { ...intent, sourceToken: null, amount: 10n ** 18n };
    const call = bridgeCall({ sendingAssetId: ZERO, minAmount: 10n ** 18n });
    expect(whyNotLifiBridgeCall(call, 10n ** 18n, native)).toBeNull();
    expect(whyNotLifiBridgeCall(call, 2n * 10n ** 18n, native)).toMatch(/native units/);
  });

  it('refuses functions that are not bridge entry points, and data that does not decode', () => {
    const swap = encodeFunctionData({ abi, functionName: 'swapTokensGeneric', args: [pad('0x01'), 'strait', '', RECIPIENT, AMOUNT, []] });
    expect(whyNotLifiBridgeCall(swap, 0n, intent)).toMatch(/not a bridge call Strait can read/);
    expect(whyNotLifiBridgeCall(bridgeCall().slice(0, 80) as Hex, 0n, intent)).toMatch(/does not decode/);
  });
});

describe("LI.FI's allow-list through whyNotAllowed (what build and submit both run)", () => {
  const { rules, main, approve } = allowListRig({ venue: 'lifi', allowList: lifiVenue.allowList!, chainId: 42161, sourceToken: USDC, amountIn: AMOUNT, intent, mainTo: DIAMOND });

  it('allows the diamond call that matches the transfer, refuses one paying another recipient, chain, token or amount', () => {
    expect(whyNotAllowed(main(bridgeCall()), rules())).toBeNull();
    expect(whyNotAllowed(main(bridgeCall({ receiver: OTHER })), rules())).toMatch(/not the recipient/);
    expect(whyNotAllowed(main(bridgeCall({ destinationChainId: 8453n })), rules())).toMatch(/bridges to chain 8453/);
    expect(whyNotAllowed(main(bridgeCall({ sendingAssetId: ZERO })), rules())).toMatch(/not the source token/);
    expect(whyNotAllowed(main(bridgeCall({ minAmount: 1n })), rules())).toMatch(/bridges 1, not/);
  });

  it('refuses the same call on a diamond address LI.FI does not list, and a checked call without the transfer to compare with', () => {
    expect(whyNotAllowed(main(bridgeCall(), OTHER), rules())).toMatch(/not on lifi's allow-list/);
    expect(whyNotAllowed(main(bridgeCall()), rules({ intent: undefined }))).toMatch(/without the transfer's details/);
  });

  it("approves only the diamond, never another spender", () => {
    expect(whyNotAllowed(approve(DIAMOND), rules())).toBeNull();
    expect(whyNotAllowed(approve(OTHER), rules())).toMatch(/which lifi may not call/);
  });

  it('serves the native asset of every listed chain with its diamond', () => {
    expect(nativeToken('arbitrum')).toBeDefined();
    expect(lifiVenue.allowList!.calls.every((call) => call.check !== undefined && call.selectors !== 'any')).toBe(true);
  });
});
