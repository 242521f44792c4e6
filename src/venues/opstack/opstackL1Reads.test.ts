import type { PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { opStackChain } from './opstackChains.ts';
import { aboutDuration, createOpStackL1Reads, MAINNET_WITHDRAWAL_DELAYS, withdrawalEtaSeconds } from './opstackL1Reads.ts';

const OP = opStackChain('optimism')!;

/** A client answering the reads the quote makes, counting each. */
function countingClient(answers: { baseFee?: bigint; paused?: boolean; maturity?: bigint | Error; finality?: bigint }) {
  const calls: string[] = [];
  const client = {
    getBlock: () => {
      calls.push('block');
      return Promise.resolve({ baseFeePerGas: answers.baseFee ?? 7n });
    },
    readContract: ({ functionName }: { functionName: string }) => {
      calls.push(functionName);
      if (functionName === 'paused') return Promise.resolve(answers.paused ?? false);
      if (functionName === 'proofMaturityDelaySeconds') return answers.maturity instanceof Error ? Promise.reject(answers.maturity) : Promise.resolve(answers.maturity ?? 12n);
      if (functionName === 'disputeGameFinalityDelaySeconds') return Promise.resolve(answers.finality ?? 6n);
      return Promise.reject(new Error(`unexpected ${functionName}`));
    },
  };
  return { client: client as unknown as PublicClient, calls };
}

describe('OP Stack Ethereum reads', () => {
  it('reads the latest block and the pause once for quotes seconds apart, and again after a few seconds', async () => {
    let clock = 1_000_000;
    const reads = createOpStackL1Reads(() => clock);
    const { client, calls } = countingClient({ baseFee: 9n });
    expect(await Promise.all([reads.baseFee(client), reads.baseFee(client), reads.paused(client, OP)])).toEqual([9n, 9n, false]);
    clock += 3_000;
    await reads.baseFee(client);
    await reads.paused(client, OP);
    expect(calls).toEqual(['block', 'paused']);
    clock += 2_000;
    await reads.baseFee(client);
    expect(calls).toEqual(['block', 'paused', 'block']);
  });

  it('never remembers a failed read', async () => {
    const reads = createOpStackL1Reads(() => 0);
    let fail = true;
    const client = { getBlock: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve({ baseFeePerGas: 3n })) } as unknown as PublicClient;
    await expect(reads.baseFee(client)).rejects.toThrow('down');
    fail = false;
    expect(await reads.baseFee(client)).toBe(3n);
  });

  it("takes the portal's delays, remembered for minutes, and mainnet's when the portal does not answer", async () => {
    let clock = 0;
    const reads = createOpStackL1Reads(() => clock);
    const sandbox = countingClient({ maturity: 12n, finality: 6n });
    expect(await reads.withdrawalDelays(sandbox.client, OP)).toEqual({ proofMaturitySeconds: 12, gameFinalitySeconds: 6 });
    clock += 300_000;
    await reads.withdrawalDelays(sandbox.client, OP);
    expect(sandbox.calls.filter((c) => c === 'proofMaturityDelaySeconds')).toHaveLength(1);

    const unreadable = countingClient({ maturity: new Error('execution reverted') });
    const other = createOpStackL1Reads(() => clock);
    expect(await other.withdrawalDelays(unreadable.client, OP)).toEqual(MAINNET_WITHDRAWAL_DELAYS);
  });

  it("estimates a withdrawal at the longer delay plus the proposer's wait: mainnet's week and an hour, the sandbox's seconds", () => {
    expect(withdrawalEtaSeconds(MAINNET_WITHDRAWAL_DELAYS)).toBe(7 * 86_400 + 3_600);
    expect(withdrawalEtaSeconds({ proofMaturitySeconds: 12, gameFinalitySeconds: 6 })).toBe(12);
    expect(withdrawalEtaSeconds({ proofMaturitySeconds: 60, gameFinalitySeconds: 120 })).toBe(120);
  });
});

describe('aboutDuration', () => {
  it("words a claim's wait in its largest unit", () => {
    expect(aboutDuration(withdrawalEtaSeconds(MAINNET_WITHDRAWAL_DELAYS))).toBe('about 7 days');
    expect(aboutDuration(12)).toBe('about 12 seconds');
    expect(aboutDuration(1)).toBe('about 1 second');
    expect(aboutDuration(5_400)).toBe('about 2 hours');
    expect(aboutDuration(0)).toBe('about 1 second');
  });
});
