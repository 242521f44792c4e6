import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeEventLog, decodeFunctionData, getAddress, parseAbi, toFunctionSelector, type Hex } from 'viem';
import { whyNotAllowed } from '../../engine/vetSteps.ts';
import { knownToken } from '../fake/testVenueDeps.ts';
import { ARB_RETRYABLE_TX, BRIDGE, INBOX, L2_ERC20_GATEWAY, OUTBOX, bridgeAbi, outboxAbi, redeemScheduledEvent } from './arbitrumChains.ts';
import { retryableTicketId, retryablesOf } from './arbitrumRetryable.ts';
import { arbitrumVenue } from './arbitrumVenue.ts';
import { checkExecuteCall, executeStep, l2ToL1MessagesOf } from './arbitrumWithdrawal.ts';

/**
 * The adapter's readings proven on real Arbitrum One traffic: arbitrum-sdk's tracing fixtures,
 * recorded from public mainnet RPCs (fixtures/real/SOURCES.json). The venue has no API, so these
 * receipts, logs and transactions are its real answers; they are ethers-shaped (not raw JSON-RPC),
 * so they are read here field by field rather than replayed through the contract runner.
 */
interface RecordedLog {
  readonly address: Hex;
  readonly topics: Hex[];
  readonly data: Hex;
}
interface Recording {
  readonly parentLogs?: RecordedLog[];
  readonly childLogs?: RecordedLog[];
  readonly ticketReceipt?: { logs: RecordedLog[] };
  readonly parentExecutionReceipt?: { logs: RecordedLog[] };
  readonly parentTxByHash?: Record<string, { data: Hex; to: Hex; value: string }>;
  readonly childTxByHash?: Record<string, { type: string; from: Hex; input: Hex }>;
  readonly expected: Record<string, unknown>;
}

const real = (name: string): Recording => JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as Recording;

const submitRetryableAbi = parseAbi([
  'function submitRetryable(bytes32 requestId, uint256 l1BaseFee, uint256 deposit, uint256 callvalue, uint256 gasFeeCap, uint64 gasLimit, uint256 maxSubmissionFee, address feeRefundAddress, address beneficiary, address retryTo, bytes retryData)',
]);

describe('arbitrum: real recordings', () => {
  it('every file matches its SOURCES.json hash', () => {
    const sources = JSON.parse(readFileSync(new URL('./fixtures/real/SOURCES.json', import.meta.url), 'utf8')) as Record<string, { sha256: string; source: string }>;
    expect(Object.keys(sources)).toHaveLength(6);
    for (const [file, entry] of Object.entries(sources)) {
      const bytes = readFileSync(new URL(`./fixtures/real/${file}`, import.meta.url));
      expect(createHash('sha256').update(bytes).digest('hex'), file).toBe(entry.sha256);
      // arbitrum-sdk's tracing fixtures, and rotki's recorded JSON-RPC answers the contract replays.
      expect(entry.source).toMatch(/^(OffchainLabs\/arbitrum-sdk|rotki\/test-caching)@[0-9a-f]{40}:/);
    }
  });

  describe('withdrawal (0.25 ETH, L2→L1 message 121, executed on Ethereum)', () => {
    const recording = real('sdk-tracing-withdraw.json');
    const [message] = l2ToL1MessagesOf(recording.childLogs ?? []);
    const execution = Object.values(recording.parentTxByHash ?? {})[0]!;
    const recipient = '0xCe50d864327aeE4eC2DDE85a7FDA202358A80189';
    const intent = { sourceChainId: 42161, sourceToken: null, amount: 250_000_000_000_000_000n, recipient, destinationChainId: 1 };

    it('reads the ArbSys L2ToL1Tx log', () => {
      expect(message).toMatchObject({ caller: recipient, destination: recipient, position: 121n, arbBlockNum: 22_328_388n, callvalue: 250_000_000_000_000_000n, data: '0x' });
    });

    it('encodes the very executeTransaction that was executed, from the message and its proof', () => {
      expect(getAddress(execution.to)).toBe(OUTBOX);
      const { args } = decodeFunctionData({ abi: outboxAbi, data: execution.data });
      const proof = args[0] as readonly Hex[];
      expect(executeStep(message!, proof)).toEqual({ vm: 'evm', step: 'redeem', chainId: 1, to: OUTBOX, data: execution.data, value: 0n });
    });

    it('passes the claim check for its own transfer, and no other', () => {
      expect(checkExecuteCall(execution.data, 0n, intent)).toBeNull();
      const step = { vm: 'evm' as const, step: 'redeem' as const, chainId: 1, to: OUTBOX, data: execution.data, value: 0n };
      const rules = { venue: 'arbitrum', allowList: arbitrumVenue.allowList!, chainId: 42161, sourceToken: knownToken('arbitrum', null), amountIn: intent.amount, depositAddress: null, feeRecipients: [], intent };
      expect(whyNotAllowed(step, rules)).toBeNull();
      expect(checkExecuteCall(execution.data, 0n, { ...intent, recipient: '0x2222222222222222222222222222222222222222' })).toContain('not the recipient');
      expect(checkExecuteCall(execution.data, 0n, { ...intent, amount: intent.amount + 1n })).toContain('wei');
      expect(checkExecuteCall(execution.data, 0n, { ...intent, destinationChainId: 42161 })).not.toBeNull();
    });

    it('finds the execution by the Outbox log naming the message position', () => {
      const executed = (recording.parentExecutionReceipt?.logs ?? []).filter((log) => getAddress(log.address) === OUTBOX).map((log) => decodeEventLog({ abi: outboxAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] }));
      expect(executed).toEqual([expect.objectContaining({ eventName: 'OutBoxTransactionExecuted', args: expect.objectContaining({ to: recipient, transactionIndex: message!.position }) })]);
    });
  });

  describe('retryable (a standard-gateway token deposit, ticket and automatic redeem)', () => {
    const recording = real('sdk-tracing-retryable.json');
    const ticketId = recording.expected.ticketId as Hex;
    const ticketTx = recording.childTxByHash![ticketId]!;

    it('derives the ticket id from the Bridge message and the ticket fields', () => {
      const [delivered] = (recording.parentLogs ?? []).filter((log) => getAddress(log.address) === BRIDGE).map((log) => decodeEventLog({ abi: bridgeAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] }).args);
      expect(delivered).toMatchObject({ inbox: INBOX, kind: 9 });
      expect(toFunctionSelector(submitRetryableAbi[0])).toBe(ticketTx.input.slice(0, 10));
      const { args } = decodeFunctionData({ abi: submitRetryableAbi, data: ticketTx.input });
      const [requestId, l1BaseFee, deposit, callvalue, gasFeeCap, gasLimit, maxSubmissionFee, feeRefundAddress, beneficiary, retryTo, retryData] = args;
      expect(BigInt(requestId)).toBe(delivered!.messageIndex);
      expect(l1BaseFee).toBe(delivered!.baseFeeL1);
      expect(getAddress(ticketTx.from)).toBe(delivered!.sender);
      expect(retryTo).toBe(L2_ERC20_GATEWAY);
      const id = retryableTicketId(42161, {
        messageNumber: delivered!.messageIndex,
        sender: delivered!.sender,
        l1BaseFee,
        to: retryTo,
        l2CallValue: callvalue,
        l1Value: deposit,
        maxSubmissionCost: maxSubmissionFee,
        excessFeeRefundAddress: feeRefundAddress,
        callValueRefundAddress: beneficiary,
        gasLimit: BigInt(gasLimit),
        maxFeePerGas: gasFeeCap,
        data: retryData,
      });
      expect(id).toBe(ticketId);
    });

    it('reads the automatic redeem from the ticket receipt\'s RedeemScheduled', () => {
      const scheduled = (recording.ticketReceipt?.logs ?? []).filter((log) => getAddress(log.address) === ARB_RETRYABLE_TX && log.topics[0] === '0x5ccd009502509cf28762c67858994d85b163bb6e451f5e9df7c5e18c9c2e123e');
      expect(scheduled).toHaveLength(1);
      const { args } = decodeEventLog({ abi: [redeemScheduledEvent], data: scheduled[0]!.data, topics: scheduled[0]!.topics as [Hex, ...Hex[]] });
      expect(args).toMatchObject({ ticketId, retryTxHash: recording.expected.redeemTxHash });
    });

    it('a Bridge message without its Inbox data is not read as a ticket', () => {
      expect(retryablesOf(recording.parentLogs ?? [])).toEqual([]);
    });
  });

  it('an ETH depositEth (Bridge kind 12) opens no retryable ticket', () => {
    const recording = real('sdk-tracing-deposit.json');
    const [delivered] = (recording.parentLogs ?? []).map((log) => decodeEventLog({ abi: bridgeAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] }).args);
    expect(delivered).toMatchObject({ inbox: INBOX, kind: 12 });
    expect(retryablesOf(recording.parentLogs ?? [])).toEqual([]);
  });
});
