import { encodeFunctionData, pad, parseAbi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { whyNotAllowed } from '../../engine/vetSteps.ts';
import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { CallIntent } from '../allowList.ts';
import { allowListRig } from '../fake/allowListRig.ts';
import { fixturesOf } from '../fake/testVenueDeps.ts';
import { decodeRubicEntryCall, whyNotRubicEntryCall, whyNotRubicProxyCall } from './rubicProxyCalls.ts';
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

/** The recorded quote's fixed fee on Base (0.0012 ETH), and none. */
const FEES = { protocol: 1_200_797_329_426_739n, provider: 0n };
const NO_FEES = { protocol: 0n, provider: 0n };

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

  it('refuses a pull of another token or amount than the one sent, and native value beside a token other than the fixed fees', () => {
    expect(whyNotRubicEntryCall(entryCall(diamondCall(), [ZERO as Hex]), 0n, intent)).toMatch(/pulls/);
    expect(whyNotRubicEntryCall(entryCall(diamondCall(), [USDC_ADDRESS], [AMOUNT * 2n]), 0n, intent)).toMatch(/pulls/);
    expect(whyNotRubicEntryCall(entryCall(diamondCall()), 1n, intent, NO_FEES)).toMatch(/native units/);
  });

  it('refuses extra native for the provider beyond what rides beside the amount, and provider calldata that never names the recipient', () => {
    expect(whyNotRubicEntryCall(entryCall(diamondCall({}, { extraNative: 5n })), 0n, intent)).toMatch(/extra native/);
    expect(whyNotRubicEntryCall(entryCall(diamondCall({}, { extraNative: 5n })), 4n, intent)).toMatch(/extra native/);
    expect(whyNotRubicEntryCall(entryCall(diamondCall({}, { callData: providerCall(OTHER) })), 0n, intent)).toMatch(/never names the recipient/);
  });

  it('checks a native source called on the diamond directly: value is the amount plus exactly the fixed fees', () => {
    const native: CallIntent = { ...intent, sourceToken: null, amount: 10n ** 16n };
    const call = diamondCall({ sendingAssetId: ZERO, minAmount: 10n ** 16n });
    expect(whyNotRubicProxyCall(call, 10n ** 16n, native, NO_FEES)).toBeNull();
    expect(whyNotRubicProxyCall(call, 2n * 10n ** 16n, native, NO_FEES)).toMatch(/native units/);
    expect(whyNotRubicProxyCall(call, 10n ** 16n + FEES.protocol, native, FEES)).toBeNull();
    expect(whyNotRubicProxyCall(call, 10n ** 16n, native, FEES)).toMatch(/fixed fees of 1200797329426739/);
    // Without the route (allow-list check) the value must cover the amount; the engine bounds the rest.
    expect(whyNotRubicProxyCall(call, 10n ** 16n - 1n, native)).toMatch(/less than/);
  });

  it("at submit (the build's declared native fee, no route) requires exactly the amount plus that fee: a value raised within the engine's general bound is refused", () => {
    const native: CallIntent = { ...intent, sourceToken: null, amount: 10n ** 16n, nativeFee: FEES.protocol };
    const call = diamondCall({ sendingAssetId: ZERO, minAmount: 10n ** 16n });
    expect(whyNotRubicProxyCall(call, 10n ** 16n + FEES.protocol, native)).toBeNull();
    expect(whyNotRubicProxyCall(call, 10n ** 16n + FEES.protocol + 1n, native)).toMatch(/not 10000000000000000 plus Rubic's fixed fees of 1200797329426739/);
    expect(whyNotRubicProxyCall(call, 10n ** 16n + FEES.protocol - 1n, native)).toMatch(/native units/);
    // A token source: the value is the fee alone, and the provider may be forwarded at most all of it.
    const token: CallIntent = { ...intent, nativeFee: 7_000n };
    expect(whyNotRubicEntryCall(entryCall(diamondCall({}, { extraNative: 7_000n })), 7_000n, token)).toBeNull();
    expect(whyNotRubicEntryCall(entryCall(diamondCall({}, { extraNative: 7_001n })), 7_000n, token)).toMatch(/extra native/);
    expect(whyNotRubicEntryCall(entryCall(diamondCall()), 7_001n, token)).toMatch(/native units/);
    expect(whyNotRubicEntryCall(entryCall(diamondCall()), 0n, { ...intent, nativeFee: 0n })).toBeNull();
  });

  it('accepts a token source whose value is exactly the fixed fees, the provider\'s forwarded as extraNative', () => {
    const fees = { protocol: FEES.protocol, provider: 7_000n };
    const withProviderFee = entryCall(diamondCall({}, { extraNative: 7_000n }));
    expect(whyNotRubicEntryCall(withProviderFee, fees.protocol + 7_000n, intent, fees)).toBeNull();
    expect(whyNotRubicEntryCall(withProviderFee, fees.protocol + 7_001n, intent, fees)).toMatch(/native units/);
    expect(whyNotRubicEntryCall(entryCall(diamondCall({}, { extraNative: 7_001n })), fees.protocol + 7_000n, intent, fees)).toMatch(/beyond its fixed fee/);
    expect(whyNotRubicEntryCall(withProviderFee, fees.protocol + 7_000n, intent)).toBeNull();
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

/**
 * A real Rubic transaction's input: Ethereum tx 0x2af1262e6bb3cb4d7dacba31308feaa494ec7baa8f9c5e5852ce8ef7ba13c5e3
 * (https://etherscan.io/tx/0x2af1262e6bb3cb4d7dacba31308feaa494ec7baa8f9c5e5852ce8ef7ba13c5e3), as quoted in a public
 * router's fork test: ERC20Proxy.startViaRubic pulling 84.061826 USDC into the diamond for a same-chain
 * `swapTokensGeneric` (0xb3474174) through 0x's exchange proxy. No recorded cross-chain calldata was found.
 */
const RECORDED_SAME_CHAIN_SWAP = '0xe1fcde8e000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000a000000000000000000000000000000000000000000000000000000000000000e00000000000000000000000000000000000000000000000000000000000000001000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb480000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000502ae820000000000000000000000000000000000000000000000000000000000000364b3474174a75cec0a383680e9b6c8cd3d75f8b9615f7e41a836062df704f28d284ed4d925000000000000000000000000a96598475cb54c281e898d2d66fcfbe9c876950700000000000000000000000057819398ec5e589df7accb8a415ce718b6ab3b6e0000000000000000000000002152c4b93c86ead03ab44a63c4147ad1e6152604000000000000000000000000000000000000000000188082aa6e42ebe757afa900000000000000000000000000000000000000000000000000000000000000c000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000020000000000000000000000000def1c0ded9bec7f1a1670819833240f027b25eff000000000000000000000000def1c0ded9bec7f1a1670819833240f027b25eff000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb4800000000000000000000000006450dee7fd2fb8e39061434babcfc05599a6fb8000000000000000000000000000000000000000000000000000000000502ae8200000000000000000000000000000000000000000000000000000000000000e0000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000001486af479b200000000000000000000000000000000000000000000000000000000000000800000000000000000000000000000000000000000000000000000000005016625000000000000000000000000000000000000000000188082aa6e42ebe757afa800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000042a0b86991c6218b36c1d19d4a2e9eb0ce3606eb480000646b175474e89094c44da98b954eedeac495271d0f00271006450dee7fd2fb8e39061434babcfc05599a6fb8000000000000000000000000000000000000000000000000000000000000869584cd000000000000000000000000a96598475cb54c281e898d2d66fcfbe9c8769507000000000000000000000000000000000000000000000026fd57ed7d6464899100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000' as Hex;

describe('rubic proxy calldata check on a recorded transaction', () => {
  const mainnetUsdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
  const user = '0x2152c4b93c86ead03ab44a63c4147ad1e6152604';

  it('decodes its startViaRubic: one token, USDC, 84 061 826 units', () => {
    const entry = decodeRubicEntryCall(RECORDED_SAME_CHAIN_SWAP);
    if (typeof entry === 'string') throw new Error(entry);
    expect(entry.tokens.map((t) => t.toLowerCase())).toEqual([mainnetUsdc.toLowerCase()]);
    expect(entry.amounts).toEqual([84_061_826n]);
    expect(entry.facetCallData.slice(0, 10)).toBe('0xb3474174');
  });

  it('refuses it: a same-chain swap is not a cross-chain start Strait can read, whoever it pays', () => {
    const asked: CallIntent = { sourceChainId: 1, sourceToken: mainnetUsdc, amount: 84_061_826n, recipient: user, destinationChainId: 137 };
    expect(whyNotRubicEntryCall(RECORDED_SAME_CHAIN_SWAP, 0n, asked)).toMatch(/0xb3474174, which is not a generic cross-chain start/);
  });
});

describe("rubic allow-list through whyNotAllowed (what build and submit both run)", () => {
  const { rules, main, approve } = allowListRig({ venue: 'rubic', allowList: rubicVenue.allowList!, chainId: 8453, sourceToken: USDC, amountIn: AMOUNT, intent, mainTo: ERC20_PROXY });

  it('allows the recorded-shape call, refuses it paying another recipient, chain, token or amount', () => {
    expect(whyNotAllowed(main(swapAnswer.transaction.data), rules())).toBeNull();
    expect(whyNotAllowed(main(entryCall(diamondCall({ receiver: OTHER }))), rules())).toMatch(/not the recipient/);
    expect(whyNotAllowed(main(entryCall(diamondCall({ destinationChainId: 10n }))), rules())).toMatch(/bridges to chain 10/);
    expect(whyNotAllowed(main(entryCall(diamondCall({ sendingAssetId: ZERO }))), rules())).toMatch(/not the source token/);
    expect(whyNotAllowed(main(entryCall(diamondCall({ minAmount: 1n }))), rules())).toMatch(/bridges 1, not/);
  });

  it('lets the value carry exactly the declared native fee at submit: more is refused, none without a declared fee', () => {
    const fee = FEES.protocol;
    const call = swapAnswer.transaction.data;
    expect(whyNotAllowed(main(call, ERC20_PROXY, fee), rules({ nativeFee: fee }))).toBeNull();
    expect(whyNotAllowed(main(call, ERC20_PROXY, fee + 1n), rules({ nativeFee: fee }))).toMatch(/native fee of 1200797329426739/);
    expect(whyNotAllowed(main(call, ERC20_PROXY, fee), rules())).toMatch(/native units/);
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
    expect(whyNotAllowed(approve(ERC20_PROXY), rules())).toBeNull();
    expect(whyNotAllowed(approve(OTHER), rules())).toMatch(/which rubic may not call/);
    expect(rubicVenue.allowList!.calls.every((call) => call.check !== undefined && call.selectors !== 'any')).toBe(true);
  });
});
