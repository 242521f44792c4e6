import { readFileSync } from 'node:fs';
import { concat, encodeAbiParameters, encodeFunctionData, pad, parseAbi, parseAbiParameters, slice, toFunctionSelector, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import { whyNotAllowed, type StepRules } from '../../engine/vetSteps.ts';
import type { CallIntent } from '../allowList.ts';
import { RANGO_BRIDGE_FUNCTIONS, RANGO_BRIDGE_SELECTORS, whyNotRangoBridgeCall } from './rangoBridgeCalls.ts';
import { rangoVenue, referrerFeeOf } from './rangoVenue.ts';

/**
 * Rango's diamond calls, encoded with the facets' own ABI (rango-exchange/rango-contracts-v2
 * IRangoAcross, IRangoCCTP, LibSwapper, LibSwapperV2): the swap answer's calldata passes, and the same
 * call with the recipient, destination chain, token or amount changed is refused, through the same
 * `whyNotAllowed` build and submit both run.
 */

const DIAMOND = '0x69460570c93f9DE5E2edbC3052bf10125f0Ca22d';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const ZERO = '0x0000000000000000000000000000000000000000';
const USDC = resolveToken('arbitrum', 'USDC') as TokenInfo;
const USDC_ADDRESS = USDC.address as Hex;
const AMOUNT = 100_000_000n;

const intent: CallIntent = { sourceChainId: 42161, sourceToken: USDC_ADDRESS, amount: AMOUNT, recipient: RECIPIENT, destinationChainId: 10 };

/** The calldata of the swap fixture (encoded with Rango's acrossBridge ABI). */
const swapFixture = JSON.parse(readFileSync(new URL('./fixtures/synthetic/swap-evm-across-bridge.json', import.meta.url), 'utf8')) as { tx: { txData: Hex } };
const RECORDED = swapFixture.tx.txData;

const selectorOf = (name: keyof typeof RANGO_BRIDGE_FUNCTIONS): Hex => toFunctionSelector(`${name}(${RANGO_BRIDGE_FUNCTIONS[name].params.replace(/ [A-Za-z]+(?=[,)])/g, '')})`);

interface Across {
  recipient: Hex;
  destinationChainId: bigint;
  message: Hex;
}
interface Bridge {
  token: Hex;
  amount: bigint;
  fee: bigint;
}
const goodAcross: Across = { recipient: RECIPIENT, destinationChainId: 10n, message: '0x' };
const goodBridge: Bridge = { token: USDC_ADDRESS, amount: 99_800_000n, fee: 200_000n };

const acrossRequest = (a: Across) => ({
  spokePoolAddress: '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A' as Hex,
  depositor: RECIPIENT as Hex,
  exclusiveRelayer: ZERO as Hex,
  outputToken: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' as Hex,
  fillDeadline: 1_729_174_445,
  exclusivityDeadline: 0,
  recipient: a.recipient,
  destinationChainId: a.destinationChainId,
  decimalsAdjustedTotalRelayFeePct: 0n,
  quoteTimestamp: 1_729_163_645,
  message: a.message,
});

type Affiliate = { affiliatorAddress: Hex; amount: bigint; feeType: number };

function acrossBridge(across: Partial<Across> = {}, bridge: Partial<Bridge> = {}, referrers: Affiliate[] = []): Hex {
  const b = { ...goodBridge, ...bridge };
  const affiliateFees = [{ affiliatorAddress: ZERO as Hex, amount: b.fee, feeType: 0 }, ...referrers];
  return concat([
    selectorOf('acrossBridge'),
    encodeAbiParameters(parseAbiParameters(RANGO_BRIDGE_FUNCTIONS.acrossBridge.params), [
      acrossRequest({ ...goodAcross, ...across }),
      { requestId: ZERO, token: b.token, amount: b.amount, affiliateFees, totalAffiliateFee: affiliateFees.reduce((sum, fee) => sum + fee.amount, 0n), dAppTag: 0, dAppName: '' },
    ]),
  ]);
}

function acrossSwapAndBridge(fromToken: Hex, amountIn: bigint, fee: bigint): Hex {
  return concat([
    selectorOf('acrossSwapAndBridge'),
    encodeAbiParameters(parseAbiParameters(RANGO_BRIDGE_FUNCTIONS.acrossSwapAndBridge.params), [
      { requestId: ZERO, fromToken, toToken: USDC_ADDRESS, amountIn, affiliateFees: [], totalAffiliateFee: fee, minimumAmountExpected: 1n, feeFromInputToken: true, dAppTag: 0, dAppName: '' },
      [{ spender: OTHER, target: OTHER, swapFromToken: fromToken, swapToToken: USDC_ADDRESS, needsTransferFromUser: false, amount: amountIn, callData: '0x12345678' }],
      acrossRequest(goodAcross),
    ]),
  ]);
}

function cctpBridge(recipient: Hex, destinationChainId = 10n, destinationDomainId = 2): Hex {
  return concat([
    selectorOf('cctpBridge'),
    encodeAbiParameters(parseAbiParameters(RANGO_BRIDGE_FUNCTIONS.cctpBridge.params), [
      { destinationDomainId, recipient, destinationChainId },
      { requestId: ZERO, token: USDC_ADDRESS, amount: 99_900_000n, platformFee: 100_000n, affiliateFee: 0n, affiliatorAddress: ZERO, destinationExecutorFee: 0n, dAppTag: 0, dAppName: '' },
    ]),
  ]);
}

describe("Rango's diamond calldata against the transfer", () => {
  it('passes the swap answer\'s acrossBridge call: the recipient on Optimism, USDC, 99.8 bridged + 0.2 fee = the 100 sent', () => {
    expect(slice(RECORDED, 0, 4)).toBe('0x401c2eb0');
    expect(whyNotRangoBridgeCall(RECORDED, 0n, intent)).toBeNull();
    expect(whyNotRangoBridgeCall(acrossBridge(), 0n, intent)).toBeNull();
  });

  it('refuses the same call paying another recipient, on another chain, with another token or amount', () => {
    expect(whyNotRangoBridgeCall(acrossBridge({ recipient: OTHER }), 0n, intent)).toMatch(/pays 0x3333.*not the recipient/);
    expect(whyNotRangoBridgeCall(acrossBridge({ destinationChainId: 8453n }), 0n, intent)).toMatch(/bridges to chain 8453, not 10/);
    expect(whyNotRangoBridgeCall(acrossBridge({}, { token: ZERO }), 0n, intent)).toMatch(/not the source token/);
    expect(whyNotRangoBridgeCall(acrossBridge({}, { amount: 1n }), 0n, intent)).toMatch(/takes 200001, not the 100000000/);
    expect(whyNotRangoBridgeCall(acrossBridge({}, { amount: 99_800_001n }), 0n, intent)).toMatch(/takes 100000001/);
  });

  it('refuses a destination message, fees above 1 %, a non-EVM destination and native value beside a token', () => {
    expect(whyNotRangoBridgeCall(acrossBridge({ message: '0xdeadbeef' }), 0n, intent)).toMatch(/destination message/);
    expect(whyNotRangoBridgeCall(acrossBridge({}, { amount: 98_000_000n, fee: 2_000_000n }), 0n, intent)).toMatch(/more than Rango's fees explain/);
    expect(whyNotRangoBridgeCall(acrossBridge(), 0n, { ...intent, destinationChainId: null })).toMatch(/not the requested chain/);
    expect(whyNotRangoBridgeCall(acrossBridge(), 1n, intent)).toMatch(/native units beside a token/);
  });

  it('checks a native source by the value sent', () => {
    const native: CallIntent = { ...intent, sourceToken: null, amount: 10n ** 18n };
    const call = acrossBridge({}, { token: ZERO, amount: 10n ** 18n - 10n ** 15n, fee: 10n ** 15n });
    expect(whyNotRangoBridgeCall(call, 10n ** 18n, native)).toBeNull();
    expect(whyNotRangoBridgeCall(call, 2n * 10n ** 18n, native)).toMatch(/sends 2000000000000000000 native units/);
  });

  it('reads the swap-and-bridge request: the input token and amount plus input fees, the bridge leg\'s recipient', () => {
    const WETH = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1';
    expect(whyNotRangoBridgeCall(acrossSwapAndBridge(USDC_ADDRESS, 99_900_000n, 100_000n), 0n, intent)).toBeNull();
    expect(whyNotRangoBridgeCall(acrossSwapAndBridge(WETH, 99_900_000n, 100_000n), 0n, intent)).toMatch(/not the source token/);
    expect(whyNotRangoBridgeCall(acrossSwapAndBridge(USDC_ADDRESS, AMOUNT, 100_000n), 0n, intent)).toMatch(/takes 100100000/);
  });

  it('reads the CCTP receiver from its bytes32 word', () => {
    expect(whyNotRangoBridgeCall(cctpBridge(pad(RECIPIENT)), 0n, intent)).toBeNull();
    expect(whyNotRangoBridgeCall(cctpBridge(pad(OTHER)), 0n, intent)).toMatch(/not the recipient/);
    expect(whyNotRangoBridgeCall(cctpBridge(`0x01${pad(RECIPIENT).slice(4)}`), 0n, intent)).toMatch(/not the recipient/);
    expect(whyNotRangoBridgeCall(cctpBridge(pad(RECIPIENT), 1n), 0n, intent)).toMatch(/bridges to chain 1/);
    // The burn goes where the domain says, whatever chain id is logged.
    expect(whyNotRangoBridgeCall(cctpBridge(pad(RECIPIENT), 10n, 6), 0n, intent)).toMatch(/CCTP domain 6, not the domain of chain 10/);
  });

  it("with Strait's platform cut as Rango's affiliate fee (venue-param), requires it paid once to the fee wallet, exactly", () => {
    const FEE_WALLET = '0x9999999999999999999999999999999999999999' as Hex;
    const cut = 150_000n;
    const withCut: CallIntent = { ...intent, venueFee: { recipient: FEE_WALLET, amount: cut } };
    const bridged = { amount: AMOUNT - 200_000n - cut };
    const paying = (recipient: Hex, amount: bigint) => ({ affiliatorAddress: recipient, amount, feeType: 1 });
    expect(whyNotRangoBridgeCall(acrossBridge({}, bridged, [paying(FEE_WALLET, cut)]), 0n, withCut)).toBeNull();
    expect(whyNotRangoBridgeCall(acrossBridge({}, bridged, [paying(OTHER, cut)]), 0n, withCut)).toMatch(/pays Strait's fee wallet 0x9999.* 0 times/);
    expect(whyNotRangoBridgeCall(acrossBridge({}, { amount: AMOUNT - 200_000n - cut + 1n }, [paying(FEE_WALLET, cut - 1n)]), 0n, withCut)).toMatch(/pays Strait's fee wallet 149999, not the platform fee of 150000/);
    expect(whyNotRangoBridgeCall(acrossBridge({}, { amount: AMOUNT - 200_000n - 2n * cut }, [paying(FEE_WALLET, cut), paying(FEE_WALLET, cut)]), 0n, withCut)).toMatch(/2 times/);
    // Without the cut in the call the transfer would run with Strait's fee voided.
    expect(whyNotRangoBridgeCall(acrossBridge(), 0n, withCut)).toMatch(/0 times/);
    const cctp = cctpBridge(pad(RECIPIENT));
    expect(whyNotRangoBridgeCall(cctp, 0n, withCut)).toMatch(/0 times/);
  });

  it("sends the cut as a percent whose exact application, rounded down, is the cut", () => {
    const cases: [bigint, bigint][] = [
      [249_625_000n, 375_000n],
      [10n ** 18n - 1n, 3n * 10n ** 15n + 7n],
      [997n, 1n],
      [10n ** 21n + 12_345n, 4_999_999_999_999_999_999n],
    ];
    for (const [amountIn, cut] of cases) {
      const percent = referrerFeeOf({ amountIn, integratorFee: { bps: 0, amount: cut, recipient: OTHER } }).referrerFee!;
      const [whole, fraction = ''] = percent.split('.');
      expect((amountIn * BigInt(`${whole}${fraction}`)) / (100n * 10n ** BigInt(fraction.length)), percent).toBe(cut);
    }
    expect(referrerFeeOf({ amountIn: 1_000n, integratorFee: { bps: 100, amount: 10n, recipient: OTHER } })).toEqual({ referrerFee: '1' });
    expect(referrerFeeOf({ amountIn: 1_000n, integratorFee: null })).toEqual({});
  });

  it('refuses entry points it cannot read and data that does not decode', () => {
    const onChainSwaps = toFunctionSelector('onChainSwaps((address,address,address,uint256,uint256,uint256,uint256,address,uint256,bool,uint16,string),(address,address,address,address,bool,uint256,bytes)[],address)');
    expect(whyNotRangoBridgeCall(concat([onChainSwaps, pad('0x01')]), 0n, intent)).toMatch(/not a bridge call Strait can read/);
    expect(whyNotRangoBridgeCall(RECORDED.slice(0, 90) as Hex, 0n, intent)).toMatch(/does not decode/);
    expect(whyNotRangoBridgeCall('0x', 0n, intent)).toMatch(/no Rango function/);
    expect(RANGO_BRIDGE_SELECTORS).toHaveLength(4);
  });
});

describe("Rango's allow-list through whyNotAllowed (what build and submit both run)", () => {
  const rules = (overrides: Partial<StepRules> = {}): StepRules => ({
    venue: 'rango',
    allowList: rangoVenue.allowList!,
    chainId: 42161,
    sourceToken: USDC,
    amountIn: AMOUNT,
    depositAddress: null,
    feeRecipients: [],
    intent,
    ...overrides,
  });
  const main = (data: Hex, to: Hex = DIAMOND) => ({ vm: 'evm' as const, step: 'main' as const, chainId: 42161, to, data, value: 0n });

  it('allows the recorded call to the diamond and refuses it mutated', () => {
    expect(whyNotAllowed(main(RECORDED), rules())).toBeNull();
    expect(whyNotAllowed(main(acrossBridge({ recipient: OTHER })), rules())).toMatch(/not the recipient/);
    expect(whyNotAllowed(main(acrossBridge({ destinationChainId: 8453n })), rules())).toMatch(/bridges to chain 8453/);
  });

  it('refuses the call on another address, and a checked call without the transfer to compare with', () => {
    expect(whyNotAllowed(main(RECORDED, OTHER), rules())).toMatch(/not on rango's allow-list/);
    expect(whyNotAllowed(main(RECORDED), rules({ intent: undefined }))).toMatch(/without the transfer's details/);
  });

  it('approves only the diamond', () => {
    const approve = (spender: Hex) => ({ vm: 'evm' as const, step: 'approve' as const, chainId: 42161, to: USDC_ADDRESS, data: encodeFunctionData({ abi: parseAbi(['function approve(address,uint256)']), functionName: 'approve', args: [spender, AMOUNT] }), value: 0n });
    expect(whyNotAllowed(approve(DIAMOND), rules())).toBeNull();
    expect(whyNotAllowed(approve(OTHER), rules())).toMatch(/which rango may not call/);
  });

  it('checks every listed diamond call', () => {
    expect(rangoVenue.allowList!.calls.length).toBeGreaterThan(10);
    expect(rangoVenue.allowList!.calls.every((call) => call.check !== undefined && call.selectors !== 'any')).toBe(true);
  });
});
