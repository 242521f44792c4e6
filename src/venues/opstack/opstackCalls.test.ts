import { encodeAbiParameters, encodeFunctionData, getAddress, keccak256, parseAbiParameters, toHex, type Address, type Hex, type Log, type TransactionReceipt } from 'viem';
import { getL2TransactionHashes } from 'viem/op-stack';
import { describe, expect, it } from 'vitest';
import type { CallIntent } from '../allowList.ts';
import { depositCall, finalizeStep, proveStep, whyNotOurDeposit, whyNotOurRedeem, whyNotOurWithdrawal, whyNotOurWithdrawTo, withdrawCall, withdrawalHashOf, type WithdrawalTransaction } from './opstackCalls.ts';
import { crossDomainMessengerAbi, l1StandardBridgeAbi, L2_CROSS_DOMAIN_MESSENGER, L2_STANDARD_BRIDGE, opStackChain } from './opstackChains.ts';
import { depositL2Hash } from './opstackStatus.ts';
import { opstackVenue } from './opstackVenue.ts';

const OP = opStackChain('optimism')!;
const BASE = opStackChain('base')!;
const RECIPIENT: Address = '0x4444444444444444444444444444444444444444';
const OTHER: Address = '0x5555555555555555555555555555555555555555';
const USDC_L1: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_E: Address = '0x7F5c764cBc14f9669B88837ca1490cCa17c31607';
const ETH = OP.tokens[0]!;
const USDCE = OP.tokens[1]!;

const depositIntent = (over: Partial<CallIntent> = {}): CallIntent => ({ sourceChainId: 1, sourceToken: null, amount: 10n ** 17n, recipient: RECIPIENT, destinationChainId: 10, ...over });
const withdrawIntent = (over: Partial<CallIntent> = {}): CallIntent => ({ sourceChainId: 10, sourceToken: USDC_E, amount: 5_000_000n, recipient: RECIPIENT, destinationChainId: 1, ...over });

/** The withdrawal L2StandardBridge → L2CrossDomainMessenger → L2ToL1MessagePasser passes for a token withdrawal. */
function withdrawalOf(over: { to?: Address; amount?: bigint; l1Token?: Address; target?: Address; eth?: boolean } = {}): WithdrawalTransaction {
  const amount = over.amount ?? 5_000_000n;
  const message = over.eth
    ? encodeFunctionData({ abi: l1StandardBridgeAbi, functionName: 'finalizeBridgeETH', args: [RECIPIENT, over.to ?? RECIPIENT, amount, '0x'] })
    : encodeFunctionData({ abi: l1StandardBridgeAbi, functionName: 'finalizeBridgeERC20', args: [over.l1Token ?? USDC_L1, USDC_E, RECIPIENT, over.to ?? RECIPIENT, amount, '0x'] });
  const value = over.eth ? amount : 0n;
  const data = encodeFunctionData({ abi: crossDomainMessengerAbi, functionName: 'relayMessage', args: [(1n << 240n) + 7n, L2_STANDARD_BRIDGE, OP.l1StandardBridge, value, 200_000n, message] });
  return { nonce: (1n << 240n) + 99n, sender: L2_CROSS_DOMAIN_MESSENGER, target: over.target ?? OP.l1CrossDomainMessenger, value, gasLimit: 287_000n, data };
}

const proofOf = { version: `0x${'0'.repeat(64)}`, stateRoot: `0x${'1'.repeat(64)}`, messagePasserStorageRoot: `0x${'2'.repeat(64)}`, latestBlockhash: `0x${'3'.repeat(64)}` } as const;

describe('deposits (L1StandardBridge)', () => {
  it('builds depositETHTo and depositERC20To that pass their own check', () => {
    const eth = depositCall(OP, ETH, RECIPIENT, 10n ** 17n);
    expect(eth).toMatchObject({ chainId: 1, to: OP.l1StandardBridge, value: 10n ** 17n });
    expect(whyNotOurDeposit(eth.data as Hex, eth.value, depositIntent())).toBeNull();
    const usdc = depositCall(OP, USDCE, RECIPIENT, 5_000_000n);
    expect(usdc.value).toBe(0n);
    expect(whyNotOurDeposit(usdc.data as Hex, 0n, depositIntent({ sourceToken: USDC_L1, amount: 5_000_000n }))).toBeNull();
  });

  it('refuses another recipient, amount, value or L2 token', () => {
    const eth = depositCall(OP, ETH, OTHER, 10n ** 17n);
    expect(whyNotOurDeposit(eth.data as Hex, eth.value, depositIntent())).toMatch(/not the recipient/);
    expect(whyNotOurDeposit(depositCall(OP, ETH, RECIPIENT, 1n).data as Hex, 1n, depositIntent())).toMatch(/sends 1 wei/);
    const wrongL2 = encodeFunctionData({ abi: l1StandardBridgeAbi, functionName: 'depositERC20To', args: [USDC_L1, BASE.tokens[1]!.l2!, RECIPIENT, 5_000_000n, 200_000, '0x'] });
    expect(whyNotOurDeposit(wrongL2, 0n, depositIntent({ sourceToken: USDC_L1, amount: 5_000_000n }))).toMatch(/mints .* not USDC.e/);
    const check = opstackVenue.allowList!.calls.find((c) => c.to === BASE.l1StandardBridge)!.check!;
    expect(check(eth.data as Hex, eth.value, depositIntent())).toMatch(/base's bridge, not the transfer's/);
  });
});

describe('withdrawals (L2StandardBridge.withdrawTo)', () => {
  it('builds withdrawTo that passes, and refuses a tampered one', () => {
    const step = withdrawCall(OP, USDCE, RECIPIENT, 5_000_000n);
    expect(step).toMatchObject({ chainId: 10, to: L2_STANDARD_BRIDGE, value: 0n });
    expect(whyNotOurWithdrawTo(step.data as Hex, 0n, withdrawIntent())).toBeNull();
    expect(whyNotOurWithdrawTo(withdrawCall(OP, USDCE, OTHER, 5_000_000n).data as Hex, 0n, withdrawIntent())).toMatch(/not the recipient/);
    expect(whyNotOurWithdrawTo(step.data as Hex, 0n, withdrawIntent({ amount: 4n }))).toMatch(/withdraws 5000000, not 4/);
    const eth = withdrawCall(OP, ETH, RECIPIENT, 10n ** 16n);
    expect(whyNotOurWithdrawTo(eth.data as Hex, 10n ** 16n, withdrawIntent({ sourceToken: null, amount: 10n ** 16n }))).toBeNull();
    expect(whyNotOurWithdrawTo(eth.data as Hex, 0n, withdrawIntent({ sourceToken: null, amount: 10n ** 16n }))).toMatch(/sends 0 wei/);
  });
});

describe('the claim: prove and finalize on the portal', () => {
  it("accepts this transfer's withdrawal and computes Hashing.hashWithdrawal", () => {
    const tx = withdrawalOf();
    expect(whyNotOurWithdrawal(tx, { chain: OP, l2Token: USDC_E, recipient: RECIPIENT, amount: 5_000_000n })).toBeNull();
    expect(withdrawalHashOf(tx)).toBe(keccak256(encodeAbiParameters(parseAbiParameters('uint256,address,address,uint256,uint256,bytes'), [tx.nonce, tx.sender, tx.target, tx.value, tx.gasLimit, tx.data])));
    const eth = withdrawalOf({ eth: true, amount: 10n ** 16n });
    expect(whyNotOurWithdrawal(eth, { chain: OP, l2Token: null, recipient: RECIPIENT, amount: 10n ** 16n })).toBeNull();
  });

  it('checks both redeem steps and refuses a wrong withdrawal, recipient or target', () => {
    const prove = proveStep(OP, withdrawalOf(), 12n, proofOf, ['0xaa']);
    const finalize = finalizeStep(OP, withdrawalOf(), RECIPIENT);
    expect(whyNotOurRedeem(prove.data as Hex, 0n, withdrawIntent())).toBeNull();
    expect(whyNotOurRedeem(finalize.data as Hex, 0n, withdrawIntent())).toBeNull();
    expect(whyNotOurRedeem(proveStep(OP, withdrawalOf({ to: OTHER }), 12n, proofOf, ['0xaa']).data as Hex, 0n, withdrawIntent())).toMatch(/pays 0x5555.*not the recipient/);
    expect(whyNotOurRedeem(finalizeStep(OP, withdrawalOf({ amount: 6_000_000n }), RECIPIENT).data as Hex, 0n, withdrawIntent())).toMatch(/pays 6000000, not the 5000000/);
    expect(whyNotOurRedeem(finalizeStep(OP, withdrawalOf({ target: BASE.l1CrossDomainMessenger }), RECIPIENT).data as Hex, 0n, withdrawIntent())).toMatch(/not optimism's L1CrossDomainMessenger/);
    expect(whyNotOurRedeem(proveStep(OP, withdrawalOf(), 12n, proofOf, []).data as Hex, 0n, withdrawIntent())).toMatch(/no storage proof/);
    expect(whyNotOurRedeem(finalize.data as Hex, 1n, withdrawIntent())).toMatch(/sends ETH/);
    const baseRedeem = opstackVenue.allowList!.redeemCalls!.find((c) => c.to === BASE.portal)!.check!;
    expect(baseRedeem(finalize.data as Hex, 0n, withdrawIntent())).toMatch(/base's bridge, not the transfer's/);
  });
});

describe('deposit status: the L2 hash of the portal deposit', () => {
  it("derives the same L2 hash as viem's getL2TransactionHashes from the chain's portal log only", () => {
    const opaque = `0x${'00'.repeat(32)}${toHex(10n ** 17n, { size: 32 }).slice(2)}${toHex(200_000n, { size: 8 }).slice(2)}00` as Hex;
    const log = {
      address: OP.portal.toLowerCase(),
      topics: [
        '0xb3813568d9991fc951961fcb4c784893574240a28925604d09fc577c55bb7c32',
        `0x000000000000000000000000${'36bde71c97b33cc4729cf772ae268934f7ab6fb2'}`,
        `0x000000000000000000000000${L2_CROSS_DOMAIN_MESSENGER.slice(2).toLowerCase()}`,
        `0x${'0'.repeat(64)}`,
      ],
      data: encodeAbiParameters(parseAbiParameters('bytes'), [opaque]),
      blockHash: `0x${'ab'.repeat(32)}`,
      logIndex: 3,
    } as unknown as Log;
    const receipt = { logs: [log] } as unknown as TransactionReceipt;
    expect(depositL2Hash(receipt, OP)).toBe(getL2TransactionHashes({ logs: [log] })[0]);
    expect(depositL2Hash(receipt, BASE)).toBeNull();
    expect(getAddress(RECIPIENT)).toBe(RECIPIENT);
  });
});
