import { readFileSync } from 'node:fs';
import type { Hex, Log, TransactionReceipt } from 'viem';
import { extractWithdrawalMessageLogs } from 'viem/op-stack';
import { describe, expect, it } from 'vitest';
import { whyNotOurWithdrawal, withdrawalHashOf, type WithdrawalTransaction } from './opstackCalls.ts';
import { opStackChain } from './opstackChains.ts';
import { depositL2Hash } from './opstackStatus.ts';

// Real chain data (fixtures/real/SOURCES.json): no quote API exists, so what is proven here is that
// Strait reads and checks what the chains really emitted, not only what its stand-ins emit.
type RecordedLog = Omit<Log, 'blockNumber'> & { blockNumber: string };
const recorded = <T>(name: string): T => JSON.parse(readFileSync(new URL(`fixtures/real/${name}`, import.meta.url), 'utf8')) as T;
const asLog = (log: RecordedLog): Log => ({ ...log, blockNumber: BigInt(log.blockNumber) }) as Log;
const receiptOf = (logs: Log[]): TransactionReceipt => ({ logs }) as unknown as TransactionReceipt;

const optimism = opStackChain('optimism');
const base = opStackChain('base');
if (!optimism || !base) throw new Error('the OP Stack chains are not configured');

describe('OP Stack on recorded chain data', () => {
  const mainnet = recorded<Record<string, string>>('withdrawal-op-mainnet-eth-viem.json');
  const withdrawal: WithdrawalTransaction = {
    nonce: BigInt(mainnet.nonce as string),
    sender: mainnet.sender as Hex,
    target: mainnet.target as Hex,
    value: BigInt(mainnet.value as string),
    gasLimit: BigInt(mainnet.gasLimit as string),
    data: mainnet.data as Hex,
  };
  const payout = { chain: optimism, l2Token: null, recipient: '0xbcce5f55dfda11600e48e91598ad0f8645466142', amount: 13_000_000_000_000_000n };

  it("hashes a real OP Mainnet withdrawal to the hash the chain emitted (the portal's prove/finalize key)", () => {
    expect(withdrawalHashOf(withdrawal)).toBe(mainnet.withdrawalHash);
  });

  it('accepts that real ETH withdrawal for its own recipient and amount, and for nothing else', () => {
    expect(whyNotOurWithdrawal(withdrawal, payout)).toBeNull();
    expect(whyNotOurWithdrawal(withdrawal, { ...payout, recipient: '0x1111111111111111111111111111111111111111' })).toMatch(/pays .*not the recipient/);
    expect(whyNotOurWithdrawal(withdrawal, { ...payout, amount: payout.amount - 1n })).toMatch(/not the \d+ withdrawn/);
    expect(whyNotOurWithdrawal(withdrawal, { ...payout, chain: base })).toMatch(/not base's L1CrossDomainMessenger/);
    expect(whyNotOurWithdrawal(withdrawal, { ...payout, l2Token: '0x7F5c764cBc14f9669B88837ca1490cCa17c31607' })).toMatch(/not finalizeBridgeERC20/);
  });

  it('reads a real MessagePassed log to the hash the chain put in it, and refuses a withdrawal that skips the bridge', () => {
    const [log] = extractWithdrawalMessageLogs(receiptOf([asLog(recorded<RecordedLog>('message-passed-log-op-sepolia-viem.json'))]));
    if (!log) throw new Error('the recorded log is not a MessagePassed');
    const { withdrawalHash, ...tx } = log.args;
    expect(withdrawalHashOf(tx)).toBe(withdrawalHash);
    expect(whyNotOurWithdrawal(tx, { ...payout, recipient: tx.target, amount: tx.value })).toMatch(/not optimism's L2CrossDomainMessenger/);
  });

  it("derives the L2 hash of a real portal deposit only for that portal's chain", () => {
    const receipt = receiptOf([asLog(recorded<RecordedLog>('deposit-log-op-mainnet-viem.json'))]);
    expect(depositL2Hash(receipt, optimism)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(depositL2Hash(receipt, base)).toBeNull();
  });
});
