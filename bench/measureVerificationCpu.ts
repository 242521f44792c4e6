import { randomBytes } from 'node:crypto';
import { base58 } from '@scure/base';
import { type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { compareEvmTransaction } from '../src/chains/evm/compareEvmTransaction.ts';
import { decodeSignedEvmTransaction } from '../src/chains/evm/decodeSignedEvmTransaction.ts';
import { buildTransferTransaction, editableMessageOf, signMessage, testSigner, toBase64, type TransferScenario } from '../src/chains/svm/svmTestTransactions.ts';
import { verifySignedSvmTransaction } from '../src/chains/svm/verifySignedSvmTransaction.ts';
import type { EvmStep, SvmStep } from '../src/domain/steps.ts';
import { summarize, type Summary } from './summarize.ts';

export interface VerificationCpuResult {
  /** CPU time (user + system, ms) per EVM transaction: decode, canonical re-encode, recover the signer, compare with the step. */
  readonly evm: Summary;
  /**
   * CPU time (ms) per Solana transaction: Strait's verifySignedSvmTransaction (decode the built step
   * and the signed bytes, verify every Ed25519 signature, compare instruction by instruction).
   */
  readonly solana: Summary;
}

const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
// Not measured: the first verifications of a process, while V8 compiles the path with TurboFan on its
// background threads, which process.cpuUsage counts (a compile landing in a sample made it the tail).
// `node --trace-opt` on the Solana path: ≈ 30 functions compiled after the 500th transaction (most of
// them once per transaction: V8 tiers those up late), the last ones near the 3000th, none after.
// That is a one-off cost of a process's first ≈ 3000 submits, not of each one.
const WARMUP = 3_000;

/** Measures per-transaction CPU with process.cpuUsage around each one (nothing else runs then). */
export async function measureVerificationCpu(count: number): Promise<VerificationCpuResult> {
  return { evm: await evmSamples(count), solana: await solanaSamples(count) };
}

async function cpuMs(task: () => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  await task();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function evmSamples(count: number): Promise<Summary> {
  const account = privateKeyToAccount(ANVIL_KEY);
  // The size of an Across depositV3 main step: selector and 12 words, then a short message.
  const step: EvmStep = { vm: 'evm', step: 'main', chainId: 8453, to: '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64', data: `0xad5425c6${randomBytes(13 * 32).toString('hex')}` as Hex, value: 0n };
  const signed: string[] = [];
  for (let nonce = 0; nonce < count + WARMUP; nonce++) {
    signed.push(await account.signTransaction({ chainId: step.chainId, to: step.to, data: step.data, value: step.value, nonce, gas: 250_000n, maxFeePerGas: 2n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 6n, type: 'eip1559' }));
  }
  const samples: number[] = [];
  for (const [index, raw] of signed.entries()) {
    const ms = await cpuMs(async () => {
      const decoded = await decodeSignedEvmTransaction(raw);
      if (compareEvmTransaction(decoded, step, account.address).length > 0) throw new Error('bench transaction does not match its step');
    });
    if (index >= WARMUP) samples.push(ms);
  }
  return summarize(samples);
}

/**
 * The transfer the Solana verification tests use (an SPL transferChecked to the venue's deposit
 * account, a SOL fee, a memo, a priority fee), in turn legacy, v0 and v0 through a lookup table;
 * each built step distinct (its memo and blockhash), signed by the fee payer as a wallet would.
 */
async function solanaSamples(count: number): Promise<Summary> {
  const [mint, userTokenAccount, depositTokenAccount, feeWallet, lookupTable] = [3, 4, 5, 6, 7].map((seed) => testSigner(seed).address) as [string, string, string, string, string];
  const user = testSigner(1);
  const scenario = { user, attacker: testSigner(2), mint, decimals: 6, userTokenAccount, depositTokenAccount, feeWallet, lookupTable, lookupAddresses: [mint, depositTokenAccount, feeWallet] } as unknown as TransferScenario;
  const pairs: { step: SvmStep; signed: string }[] = [];
  for (let i = 0; i < count + WARMUP; i++) {
    const variant = i % 3;
    const wire = buildTransferTransaction(scenario, { version: variant === 0 ? 'legacy' : 0, useLookupTable: variant === 2, amount: 1_000_000n + BigInt(i), feeLamports: 25_000n, memo: `strait:order-${i}`, blockhash: base58.encode(randomBytes(32)), priceMicroLamports: 1_000n });
    pairs.push({ step: { vm: 'svm', step: 'main', serializedTx: toBase64(wire), encoding: 'base64', refreshBlockhash: false }, signed: toBase64(signMessage(editableMessageOf(wire), [user])) });
  }
  const samples: number[] = [];
  for (const [index, { step, signed }] of pairs.entries()) {
    const ms = await cpuMs(async () => {
      if (verifySignedSvmTransaction(signed, step, user.address).mismatches.length > 0) throw new Error('bench transaction does not match its step');
    });
    if (index >= WARMUP) samples.push(ms);
  }
  return summarize(samples);
}
