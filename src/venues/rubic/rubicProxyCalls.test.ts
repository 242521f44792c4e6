import { encodeFunctionData, pad, parseAbi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { whyNotAllowed, type StepRules } from '../../engine/vetSteps.ts';
import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { CallIntent } from '../allowList.ts';
import { fixturesOf } from '../fake/testVenueDeps.ts';
import { whyNotRubicEntryCall, whyNotRubicProxyCall } from './rubicProxyCalls.ts';
import { rubicVenue } from './rubicVenue.ts';

/**
 * RubicMultiProxy calldata checks on calls encoded with Rubic's own ABI
 * (Cryptorubic/multi-proxy-rubic GenericCrossChainFacet, ERC20Proxy): the fixture's swap answer passes,
 * and the same call paying another recipient, chain, token or amount is refused, through the same
 * `whyNotAllowed` build and submit both run.
 */

const abi = parseAbi([
  'struct BridgeData { bytes32 transactionId; string bridge; address integrator; address referrer; address sendingAssetId; address receivingAssetId; address receiver; address refundee; uint256 minAmount; uint256 destinationChainId; bool hasSourceSwaps; bool hasDestinationCall; }',
  'struct GenericCrossChainData { address router; address approveTo; uint256 extraNative; bytes callData; }',
  'struct SwapData { address callTo; address approveTo; address sendingAssetId; address receivingAssetId; uint256 fromAmount; bytes callData; bool requiresDeposit; }',
  'function startBridgeTokensViaGenericCrossChain(BridgeData _bridgeData, GenericCrossChainData _genericData) payable',
  'function swapAndStartBridgeTokensViaGenericCrossChain(BridgeData _bridgeData, SwapData[] _swapData, GenericCrossChainData _genericData) payable',
  'function startBridgeTokensViaTransfer(BridgeData _bridgeData, (address destination) _transferData) payable',
  'function startViaRubic(address[] tokens, uint256[] amounts, bytes facetCallData) payable',
]);

const ERC20_PROXY = '0x3335733c454805df6a77f825f266e136FB4a3333';
const BASE_DIAMOND = '0xAf14797CcF963B1e3d028a9d51853acE16aedBA1';
const LIFI_DIAMOND = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const ZERO = '0x0000000000000000000000000000000000000000';
const USDC = resolveToken('base', 'USDC') as TokenInfo;
const USDC_ADDRESS = USDC.address as Hex;
const AMOUNT = 10_000_000n;

const intent: CallIntent = { sourceChainId: 8453, sourceToken: USDC_ADDRESS, amount: AMOUNT, recipient: RECIPIENT, destinationChainId: 137 };

type Bridge = { receiver: Hex; minAmount: bigint; destinationChainId: bigint; sendingAssetId: Hex; hasSourceSwaps: boolean; hasDestinationCall: boolean };
const good: Bridge = { receiver: RECIPIENT, minAmount: AMOUNT, destinationChainId: 137n, sendingAssetId: USDC_ADDRESS, hasSourceSwaps: false, hasDestinationCall: false };
const providerCall = (receiver: Hex) => `0x2c57e884${pad(receiver).slice(2)}` as Hex;

function bridgeData(overrides: Partial<Bridge> = {}) {
  return { transactionId: pad('0x8895ca1b'), bridge: 'lifi:lifi', integrator: ZERO, referrer: ZERO, receivingAssetId: ZERO, refundee: SENDER, ...good, ...overrides } as const;
}

function diamondCall(overrides: Partial<Bridge> = {}, generic: { extraNative?: bigint; callData?: Hex } = {}): Hex {
  return encodeFunctionData({
    abi,
    functionName: 'startBridgeTokensViaGenericCrossChain',
    args: [bridgeData(overrides), { router: LIFI_DIAMOND, approveTo: LIFI_DIAMOND, extraNative: generic.extraNative ?? 0n, callData: generic.callData ?? providerCall(RECIPIENT) }],
  });
}

function entryCall(facet: Hex, tokens: Hex[] = [USDC_ADDRESS], amounts: bigint[] = [AMOUNT]): Hex {
  return encodeFunctionData({ abi, functionName: 'startViaRubic', args: [tokens, amounts, facet] });
}

const swapAnswer = fixturesOf(import.meta.url)('synthetic/swap-base-usdc-polygon-generic.json') as { transaction: { to: Hex; data: Hex; value: string } };

describe('rubic proxy calldata check', () => {
  it("accepts the fixture's startViaRubic call, which pays the recipient on Polygon", () => {
    expect(swapAnswer.transaction.to).toBe(ERC20_PROXY);
    expect(whyNotRubicEntryCall(swapAnswer.transaction.data, 0n, intent)).toBeNull();
  });

  it.each([
    ['another recipient', { receiver: OTHER }, /not the recipient/],
    ['another destination chain', { destinationChainId: 8453n }, /bridges to chain 8453/],
    ['another source token', { sendingAssetId: ZERO }, /not the source token/],
    ['another amount', { minAmount: AMOUNT - 1n }, /bridges 9999999/],
    ['source swaps', { hasSourceSwaps: true }, /source swaps/],
    ['a destination call', { hasDestinationCall: true }, /destination call/],
  ] as const)('refuses the fixture call with %s', (_name, overrides, reason) => {
    expect(whyNotRubicEntryCall(entryCall(diamondCall(overrides)), 0n, intent)).toMatch(reason);
  });

  it('refuses a pull of another token or amount than the one sent, and native value beside a token', () => {
    expect(whyNotRubicEntryCall(entryCall(diamondCall(), [ZERO as Hex]), 0n, intent)).toMatch(/pulls/);
    expect(whyNotRubicEntryCall(entryCall(diamondCall(), [USDC_ADDRESS], [AMOUNT * 2n]), 0n, intent)).toMatch(/pulls/);
    expect(whyNotRubicEntryCall(entryCall(diamondCall()), 1n, intent)).toMatch(/native units/);
  });

  it('refuses extra native for the provider, and provider calldata that never names the recipient', () => {
    expect(whyNotRubicEntryCall(entryCall(diamondCall({}, { extraNative: 5n })), 0n, intent)).toMatch(/extra native/);
    expect(whyNotRubicEntryCall(entryCall(diamondCall({}, { callData: providerCall(OTHER) })), 0n, intent)).toMatch(/never names the recipient/);
  });

  it('checks a native source called on the diamond directly: value must be the amount', () => {
    const native: CallIntent = { ...intent, sourceToken: null, amount: 10n ** 16n };
    const call = diamondCall({ sendingAssetId: ZERO, minAmount: 10n ** 16n });
    expect(whyNotRubicProxyCall(call, 10n ** 16n, native)).toBeNull();
    expect(whyNotRubicProxyCall(call, 2n * 10n ** 16n, native)).toMatch(/native units/);
  });

  it('refuses facets whose routes Strait cannot read: source swaps, deposit transfers, garbage', () => {
    const swap = encodeFunctionData({ abi, functionName: 'swapAndStartBridgeTokensViaGenericCrossChain', args: [bridgeData({ hasSourceSwaps: true }), [], { router: LIFI_DIAMOND, approveTo: LIFI_DIAMOND, extraNative: 0n, callData: '0x' }] });
    const transfer = encodeFunctionData({ abi, functionName: 'startBridgeTokensViaTransfer', args: [bridgeData(), { destination: OTHER }] });
    expect(whyNotRubicEntryCall(entryCall(swap), 0n, intent)).toMatch(/not a generic cross-chain start/);
    expect(whyNotRubicEntryCall(entryCall(transfer), 0n, intent)).toMatch(/not a generic cross-chain start/);
    expect(whyNotRubicEntryCall(entryCall(diamondCall()).slice(0, 90) as Hex, 0n, intent)).toMatch(/does not decode/);
    expect(whyNotRubicEntryCall(diamondCall(), 0n, intent)).toMatch(/another function than startViaRubic/);
  });
});

describe("rubic allow-list through whyNotAllowed (what build and submit both run)", () => {
  const rules = (overrides: Partial<StepRules> = {}): StepRules => ({
    venue: 'rubic',
    allowList: rubicVenue.allowList!,
    chainId: 8453,
    sourceToken: USDC,
    amountIn: AMOUNT,
    depositAddress: null,
    feeRecipients: [],
    intent,
    ...overrides,
  });
  const main = (data: Hex, to: Hex = ERC20_PROXY, value = 0n) => ({ vm: 'evm' as const, step: 'main' as const, chainId: 8453, to, data, value });

  it('allows the recorded-shape call, refuses it paying another recipient, chain, token or amount', () => {
    expect(whyNotAllowed(main(swapAnswer.transaction.data), rules())).toBeNull();
    expect(whyNotAllowed(main(entryCall(diamondCall({ receiver: OTHER }))), rules())).toMatch(/not the recipient/);
    expect(whyNotAllowed(main(entryCall(diamondCall({ destinationChainId: 10n }))), rules())).toMatch(/bridges to chain 10/);
    expect(whyNotAllowed(main(entryCall(diamondCall({ sendingAssetId: ZERO }))), rules())).toMatch(/not the source token/);
    expect(whyNotAllowed(main(entryCall(diamondCall({ minAmount: 1n }))), rules())).toMatch(/bridges 1, not/);
  });

  it('refuses the call on an unlisted address, the ERC20Proxy called as the diamond, and a check without the transfer', () => {
    expect(whyNotAllowed(main(swapAnswer.transaction.data, OTHER), rules())).toMatch(/not on rubic's allow-list/);
    expect(whyNotAllowed(main(diamondCall(), ERC20_PROXY), rules())).toMatch(/not on rubic's allow-list/);
    // The diamond itself is listed (native sources call it); a checked call there still pays only the recipient.
    expect(whyNotAllowed(main(diamondCall(), BASE_DIAMOND), rules())).toBeNull();
    expect(whyNotAllowed(main(diamondCall({ receiver: OTHER }), BASE_DIAMOND), rules())).toMatch(/not the recipient/);
    expect(whyNotAllowed(main(swapAnswer.transaction.data), rules({ intent: undefined }))).toMatch(/without the transfer's details/);
  });

  it('approves only Rubic contracts, and every listed call is checked', () => {
    const approve = (spender: Hex) => ({ vm: 'evm' as const, step: 'approve' as const, chainId: 8453, to: USDC_ADDRESS, data: encodeFunctionData({ abi: parseAbi(['function approve(address,uint256)']), functionName: 'approve', args: [spender, AMOUNT] }), value: 0n });
    expect(whyNotAllowed(approve(ERC20_PROXY), rules())).toBeNull();
    expect(whyNotAllowed(approve(OTHER), rules())).toMatch(/which rubic may not call/);
    expect(rubicVenue.allowList!.calls.every((call) => call.check !== undefined && call.selectors !== 'any')).toBe(true);
  });
});
