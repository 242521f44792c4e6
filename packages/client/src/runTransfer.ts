import { encodeFunctionData, erc20Abi, isAddress, isHex, publicActions, type Hex } from 'viem';
import { sleepUnlessAborted } from './sleepUnlessAborted.ts';
import type { StraitClient } from './createStraitClient.ts';
import { EVM_CHAIN_IDS } from './evmChainIds.ts';
import { StraitApiError } from './StraitApiError.ts';
import { StraitClientError } from './StraitClientError.ts';
import { TERMINAL_STATUSES, type BuildResult, type QuoteRow, type StepKind, type SubmitResult, type Transfer } from './straitTypes.ts';
import { unwrap } from './unwrap.ts';
import { watchTransfer } from './watchTransfer.ts';
import { walletSigner, type AccountWalletClient, type EvmSigner, type EvmTransactionRequest } from './walletSigner.ts';

/** Reads receipts on one chain; a viem public client (or a wallet client extended with `publicActions`). */
export interface ReceiptReader {
  chain?: { id: number } | undefined;
  getChainId(): Promise<number>;
  waitForTransactionReceipt(args: { hash: Hex; pollingInterval?: number }): Promise<{ status: 'success' | 'reverted' }>;
}

/** What `runTransfer` reports as it goes, in this order (signed → submitted → confirmed once per step). */
export type TransferProgress =
  | { phase: 'built'; build: BuildResult }
  | { phase: 'signed'; transferId: string; index: number; step: StepKind; chainId: number; signedTransaction: Hex }
  | { phase: 'submitted'; transferId: string; index: number; step: StepKind; signedTransaction: Hex; result: SubmitResult }
  | { phase: 'confirmed'; transferId: string; index: number; step: StepKind; txHash: Hex }
  | { phase: 'status'; transfer: Transfer };

export interface RunTransferParams {
  client: StraitClient;
  /** The `decisionId` of the `POST /bridge/quote` answer. */
  decisionId: string;
  /** The row of that answer to build; the decision's `best` when absent. */
  quote?: QuoteRow | undefined;
  /** viem wallet clients, one per source chain, or any `EvmSigner`. */
  wallet: AccountWalletClient | readonly AccountWalletClient[] | EvmSigner;
  /** Where receipts are read; the wallet clients themselves when absent (required with an `EvmSigner`). */
  publicClients?: ReceiptReader | readonly ReceiptReader[] | undefined;
  onProgress?: ((progress: TransferProgress) => void | Promise<void>) | undefined;
  /** Passed to build: whether the wallet signs EIP-5792 bundles (fee steps are signed one by one here either way). */
  walletBatching?: boolean | undefined;
  /** Passed to build: where Strait POSTs every change of the transfer, signed (docs/events.md#webhooks). */
  webhookUrl?: string | undefined;
  /** The end user's IP, for geo-gated venues (spec §1). */
  userIp?: string | undefined;
  /** Between reads of receipts, and of the transfer where it has no event stream; default 2000 ms. */
  pollIntervalMs?: number | undefined;
  /** Gives up polling (`StraitClientError` `timeout`) after this long; default 30 minutes. */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Chain key → chain id for deposits, beyond the built-in EVM table. */
  chainIds?: Readonly<Record<string, number>> | undefined;
}

export interface RunTransferResult {
  build: BuildResult;
  submissions: SubmitResult[];
  /** The transfer in its terminal status (which may be `FAILED` or `REFUNDED`: check `status`). */
  transfer: Transfer;
}

interface PlannedTransaction extends EvmTransactionRequest {
  step: StepKind;
  /** A `message` step: the bytes to personal_sign, one signature each (no transaction, no receipt). */
  messages?: readonly Hex[];
}

/**
 * Drives one transfer: builds the chosen row, signs every step (approve, fee, main; or the fee steps
 * and then the payment of the deposit address), submits each as signed bytes in the build's order
 * waiting for its receipt before the next (spec §1: the main step is accepted only after the fee
 * steps), then follows the transfer's event stream (polling where there is none) until it is terminal.
 *
 * A `message` step (a venue whose order is a message signature, e.g. Meson) is signed with the
 * signer's `signMessage` (`personal_sign` of each message's bytes) and submitted as the signatures;
 * it has no transaction, so no receipt is awaited.
 *
 * Every step is checked to be one this client can sign before the first signature, so an unsupported
 * build (non-EVM steps, `redeem`, a memo deposit) fails with nothing signed. An HTTP error throws
 * `StraitApiError` with Strait's envelope; client-side failures throw `StraitClientError`.
 */
export async function runTransfer(params: RunTransferParams): Promise<RunTransferResult> {
  const { client, onProgress, signal } = params;
  const pollIntervalMs = params.pollIntervalMs ?? 2000;
  const build = unwrap(
    await client.POST('/bridge/build', {
      body: { decisionId: params.decisionId, ...(params.quote ? { quoteId: params.quote.quoteId } : {}), ...(params.walletBatching !== undefined ? { walletBatching: params.walletBatching } : {}), ...(params.webhookUrl !== undefined ? { webhookUrl: params.webhookUrl } : {}) },
      ...(signal ? { signal } : {}),
    }),
  );
  await onProgress?.({ phase: 'built', build });
  const signer = isEvmSigner(params.wallet) ? params.wallet : walletSigner(params.wallet);
  const plan = planTransactions(build, { ...EVM_CHAIN_IDS, ...params.chainIds }, signer);
  const receipts = receiptReaders(params);

  const submissions: SubmitResult[] = [];
  for (const [index, tx] of plan.entries()) {
    signal?.throwIfAborted();
    if (tx.messages) {
      submissions.push(await submitMessages(params, build.transferId, index, tx, signer));
      continue;
    }
    const signedTransaction = await signer.signTransaction(tx);
    await onProgress?.({ phase: 'signed', transferId: build.transferId, index, step: tx.step, chainId: tx.chainId, signedTransaction });
    const result = unwrap(
      await client.POST('/bridge/transfers/{id}/submit', {
        params: { path: { id: build.transferId } },
        body: { signedTransaction, step: tx.step, ...(params.userIp ? { userIp: params.userIp } : {}) },
        ...(signal ? { signal } : {}),
      }),
    );
    submissions.push(result);
    await onProgress?.({ phase: 'submitted', transferId: build.transferId, index, step: tx.step, signedTransaction, result });
    const txHash = result.txHash as Hex;
    const receipt = await (await receipts(tx.chainId)).waitForTransactionReceipt({ hash: txHash, pollingInterval: Math.min(pollIntervalMs, 4000) });
    if (receipt.status !== 'success') throw new StraitClientError('step_reverted', `${tx.step} step ${txHash} reverted on chain ${tx.chainId}`, { transferId: build.transferId, index, txHash });
    await onProgress?.({ phase: 'confirmed', transferId: build.transferId, index, step: tx.step, txHash });
  }

  const transfer = await followToTerminal(params, build.transferId, pollIntervalMs);
  return { build, submissions, transfer };
}

/** A `message` step: each message personal_signed, the signatures submitted at once (the venue's order id comes back). */
async function submitMessages(params: RunTransferParams, transferId: string, index: number, tx: PlannedTransaction, signer: EvmSigner): Promise<SubmitResult> {
  const { client, onProgress, signal } = params;
  const signatures: Hex[] = [];
  for (const raw of tx.messages!) signatures.push(await signer.signMessage!({ chainId: tx.chainId, raw }));
  const signedTransaction = signatures.join(',') as Hex;
  await onProgress?.({ phase: 'signed', transferId, index, step: tx.step, chainId: tx.chainId, signedTransaction });
  const result = unwrap(
    await client.POST('/bridge/transfers/{id}/submit', {
      params: { path: { id: transferId } },
      body: { signedTransaction, step: tx.step, messages: [...tx.messages!], ...(params.userIp ? { userIp: params.userIp } : {}) },
      ...(signal ? { signal } : {}),
    }),
  );
  await onProgress?.({ phase: 'submitted', transferId, index, step: tx.step, signedTransaction, result });
  return result;
}

/** Every transaction to sign, in order, or `unsupported_step` before anything is signed. */
function planTransactions(build: BuildResult, chainIds: Readonly<Record<string, number>>, signer: EvmSigner): PlannedTransaction[] {
  const unsupported = (why: string) => new StraitClientError('unsupported_step', `runTransfer cannot sign this build: ${why}`, { transferId: build.transferId, venue: build.venue });
  const plan = (build.steps ?? []).map((step, index): PlannedTransaction => {
    if (step.vm === 'message' && 'messages' in step) {
      if (!signer.signMessage) throw unsupported(`step ${index} is a message signature and the signer has no signMessage`);
      if (step.method !== 'personal_sign' || !step.messages.every((m) => isHex(m))) throw unsupported(`step ${index} is not personal_sign of hex messages`);
      return { step: step.step, chainId: step.chainId, to: '0x0000000000000000000000000000000000000000', data: '0x', value: 0n, messages: step.messages as Hex[] };
    }
    if (step.vm !== 'evm') throw unsupported(`step ${index} is a ${step.vm} step (only evm and message are signed here)`);
    if (!('chainId' in step) || !('data' in step)) throw unsupported(`step ${index} lacks the evm fields`);
    if (step.step === 'redeem') throw unsupported(`step ${index} is a destination-chain redeem`);
    if (!isAddress(step.to, { strict: false }) || !isHex(step.data)) throw unsupported(`step ${index} has a malformed to or data`);
    return { step: step.step, chainId: step.chainId, to: step.to, data: step.data, value: BigInt(step.value) };
  });
  if (!build.deposit) return plan;
  const { deposit } = build;
  if (plan.some((tx) => tx.step !== 'fee')) throw unsupported('a deposit build with steps other than fee');
  const chainId = chainIds[deposit.chain];
  if (chainId === undefined) throw unsupported(`the deposit is on ${deposit.chain}, not a known EVM chain`);
  if (deposit.memo !== null) throw unsupported('the deposit needs a memo');
  if (!isAddress(deposit.address, { strict: false })) throw unsupported(`deposit address ${deposit.address} is not an EVM address`);
  const amount = BigInt(deposit.amountAtomic);
  if (deposit.token === null) return [...plan, { step: 'main', chainId, to: deposit.address, data: '0x', value: amount }];
  if (!isAddress(deposit.token, { strict: false })) throw unsupported(`deposit token ${deposit.token} is not an EVM address`);
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [deposit.address, amount] });
  return [...plan, { step: 'main', chainId, to: deposit.token, data, value: 0n }];
}

function isEvmSigner(wallet: RunTransferParams['wallet']): wallet is EvmSigner {
  return !Array.isArray(wallet) && !('account' in (wallet as object));
}

/** The receipt reader of each chain, resolved once. */
function receiptReaders(params: RunTransferParams): (chainId: number) => Promise<ReceiptReader> {
  const given = params.publicClients;
  const readers: readonly ReceiptReader[] = given
    ? Array.isArray(given) ? given : [given as ReceiptReader]
    : isEvmSigner(params.wallet) ? [] : (Array.isArray(params.wallet) ? params.wallet : [params.wallet as AccountWalletClient]).map((w) => w.extend(publicActions));
  let byChain: Promise<Map<number, ReceiptReader>> | undefined;
  return async (chainId) => {
    byChain ??= Promise.all(readers.map(async (r) => [r.chain?.id ?? (await r.getChainId()), r] as const)).then((pairs) => new Map(pairs));
    const reader = (await byChain).get(chainId);
    if (!reader) throw new StraitClientError('no_public_client_for_chain', `no public client reads chain ${chainId}`, { chainId });
    return reader;
  };
}

/**
 * Follows the transfer's event stream to a terminal status; where the stream is not available (an
 * older server, a proxy that buffers it, a network fault) it polls instead.
 */
async function followToTerminal(params: RunTransferParams, transferId: string, pollIntervalMs: number): Promise<Transfer> {
  const timeoutMs = params.timeoutMs ?? 30 * 60_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = params.signal ? AbortSignal.any([params.signal, timeout]) : timeout;
  try {
    for await (const { transfer } of watchTransfer({ client: params.client, transferId, signal })) {
      await params.onProgress?.({ phase: 'status', transfer });
      if (TERMINAL_STATUSES.includes(transfer.status)) return transfer;
    }
  } catch (failure) {
    params.signal?.throwIfAborted();
    if (timeout.aborted) return pollToTerminal({ ...params, timeoutMs: 0 }, transferId, pollIntervalMs);
    if (failure instanceof StraitApiError && failure.status !== 404 && failure.status < 500) throw failure;
  }
  return pollToTerminal(params, transferId, pollIntervalMs);
}

async function pollToTerminal(params: RunTransferParams, transferId: string, pollIntervalMs: number): Promise<Transfer> {
  const { client, onProgress, signal } = params;
  const deadline = Date.now() + (params.timeoutMs ?? 30 * 60_000);
  let last: Transfer | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const transfer = unwrap(await client.GET('/bridge/transfers/{id}', { params: { path: { id: transferId } }, ...(signal ? { signal } : {}) }));
    if (transfer.status !== last?.status || transfer.updatedAt !== last.updatedAt) await onProgress?.({ phase: 'status', transfer });
    last = transfer;
    if (TERMINAL_STATUSES.includes(transfer.status)) return transfer;
    if (Date.now() >= deadline) throw new StraitClientError('timeout', `transfer ${transferId} still ${transfer.status} after ${params.timeoutMs ?? 30 * 60_000} ms`, { transferId, status: transfer.status });
    await sleepUnlessAborted(pollIntervalMs, signal);
  }
}
