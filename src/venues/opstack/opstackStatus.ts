import { getAddress, hexToBigInt, isAddressEqual, parseEventLogs, slice, type Address, type Hex, type PublicClient, type TransactionReceipt } from 'viem';
import { buildProveWithdrawal, getL2TransactionHash, getWithdrawals } from 'viem/op-stack';
import type { EvmStep } from '../../domain/steps.ts';
import type { ClaimProgress, VenueStatus } from '../Venue.ts';
import { crossDomainMessengerAbi, disputeGameAbi, disputeGameFactoryAbi, GAME_DEFENDER_WINS, L2_CROSS_DOMAIN_MESSENGER, L2_TO_L1_MESSAGE_PASSER, portalAbi, type OpStackChain } from './opstackChains.ts';
import { finalizeStep, outputRootOf, proveStep, whyNotOurWithdrawal, withdrawalHashOf, type ExpectedPayout, type WithdrawalTransaction } from './opstackCalls.ts';

/**
 * Where a Standard Bridge transfer stands, read from the two chains (no venue API exists).
 *
 * Deposit (Ethereum → L2): the L1 receipt's `TransactionDeposited` log of the chain's portal gives
 * the L2 deposit transaction's hash (viem's getL2TransactionHash: the 0x7e transaction whose source
 * hash is the L1 block hash and log index); its L2 receipt says whether the messenger relayed it.
 *
 * Withdrawal (L2 → Ethereum): the L2 receipt's `MessagePassed` gives the withdrawal; the portal and
 * the DisputeGameFactory on Ethereum say where it stands: waiting-to-prove (no game covers its L2
 * block yet) → ready-to-prove (a prove step is handed out) → waiting-to-finalize (proven, the proof
 * maturity delay and the game's resolution and finality delay running) → ready-to-finalize → finalized.
 */

/** How many of the newest games of the respected type are searched for one covering the withdrawal. */
const GAME_SEARCH_LIMIT = 100n;

export type WithdrawalStage = 'waiting-to-prove' | 'ready-to-prove' | 'waiting-to-finalize' | 'ready-to-finalize' | 'finalized';

const pending = (venueStatus: string, detail: string, claim?: ClaimProgress): VenueStatus => ({ state: 'pending', venueStatus, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail, ...(claim ? { claim } : {}) });
const waiting = (venueStatus: string, detail: string, claimableAt: number | null = null): VenueStatus => pending(venueStatus, detail, { status: 'waiting', claimableAt, steps: [], detail });

async function receiptOrNull(client: PublicClient, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
    throw error;
  }
}

/** The L2 transaction hash of the portal deposit in an L1 receipt, or `null` when the receipt holds none to the L2 messenger. */
export function depositL2Hash(receipt: TransactionReceipt, chain: OpStackChain): Hex | null {
  const ours = receipt.logs.filter((log) => isAddressEqual(log.address, chain.portal));
  const deposits = parseEventLogs({ abi: portalAbi, eventName: 'TransactionDeposited', logs: ours });
  const relay = deposits.find((log) => isAddressEqual(log.args.to, L2_CROSS_DOMAIN_MESSENGER));
  return relay ? getL2TransactionHash({ log: relay }) : null;
}

export async function depositStatus(input: { l1: PublicClient; l2: PublicClient | null; chain: OpStackChain; sourceTxHash: Hex; amount: bigint }): Promise<VenueStatus> {
  const receipt = await receiptOrNull(input.l1, input.sourceTxHash);
  if (!receipt) return pending('l1_pending', 'the deposit is not mined on Ethereum yet');
  if (receipt.status !== 'success') return { state: 'failed', venueStatus: 'l1_reverted', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'the deposit transaction reverted on Ethereum' };
  const l2Hash = depositL2Hash(receipt, input.chain);
  if (!l2Hash) return { state: 'failed', venueStatus: 'no_deposit', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `the Ethereum transaction made no deposit through ${input.chain.key}'s portal` };
  if (!input.l2) return pending('l2_unknown', `deposited on Ethereum; no RPC for ${input.chain.key} to see the L2 deposit ${l2Hash}`);
  const l2Receipt = await receiptOrNull(input.l2, l2Hash);
  if (!l2Receipt) return pending('l2_pending', `deposited on Ethereum; waiting for ${input.chain.key} to include deposit ${l2Hash}`);
  const failedRelay = parseEventLogs({ abi: crossDomainMessengerAbi, eventName: 'FailedRelayedMessage', logs: l2Receipt.logs.filter((log) => isAddressEqual(log.address, L2_CROSS_DOMAIN_MESSENGER)) });
  if (l2Receipt.status !== 'success' || failedRelay.length > 0) {
    // The messenger keeps a failed relay replayable on L2; nothing is refunded on its own.
    return { state: 'failed', venueStatus: 'l2_relay_failed', destinationTxHash: l2Hash, receivedAmount: null, receivedAsset: null, detail: `${input.chain.key} included the deposit but its relay failed; it can be replayed on ${input.chain.key} with more gas` };
  }
  return { state: 'completed', venueStatus: 'l2_relayed', destinationTxHash: l2Hash, receivedAmount: input.amount, receivedAsset: null, detail: `relayed on ${input.chain.key}` };
}

interface FoundGame {
  readonly index: bigint;
  readonly l2BlockNumber: bigint;
  readonly rootClaim: Hex;
  readonly metadata: Hex;
  readonly timestamp: bigint;
  readonly extraData: Hex;
}

/** The newest game of the portal's respected type whose L2 block covers `l2Block`, or `null`. */
async function gameCovering(l1: PublicClient, chain: OpStackChain, l2Block: bigint): Promise<FoundGame | null> {
  const [count, gameType] = await Promise.all([
    l1.readContract({ address: chain.disputeGameFactory, abi: disputeGameFactoryAbi, functionName: 'gameCount' }),
    l1.readContract({ address: chain.portal, abi: portalAbi, functionName: 'respectedGameType' }),
  ]);
  if (count === 0n) return null;
  const games = await l1.readContract({ address: chain.disputeGameFactory, abi: disputeGameFactoryAbi, functionName: 'findLatestGames', args: [gameType, count - 1n, count < GAME_SEARCH_LIMIT ? count : GAME_SEARCH_LIMIT] });
  for (const game of games) {
    // A block-number game's extra data starts with the L2 block number it claims.
    if (game.extraData.length < 66) continue;
    const l2BlockNumber = hexToBigInt(slice(game.extraData, 0, 32));
    if (l2BlockNumber >= l2Block) return { index: game.index, l2BlockNumber, rootClaim: game.rootClaim, metadata: game.metadata, timestamp: game.timestamp, extraData: game.extraData };
  }
  return null;
}

async function proveStepFor(l1: PublicClient, l2: PublicClient, chain: OpStackChain, tx: WithdrawalTransaction, l2Block: bigint): Promise<{ step: EvmStep } | { wait: string }> {
  const game = await gameCovering(l1, chain, l2Block);
  if (!game) return { wait: `waiting for a dispute game on Ethereum to cover ${chain.key} block ${l2Block}` };
  const withdrawal = { ...tx, withdrawalHash: withdrawalHashOf(tx) };
  const built = await buildProveWithdrawal(l2, { withdrawal, game: { ...game, usesSuperRoots: false }, chain: undefined } as unknown as Parameters<typeof buildProveWithdrawal>[1]);
  // Proving against a game whose root is not this L2's output would only revert (or be disputed away).
  if (outputRootOf(built.outputRootProof) !== game.rootClaim) return { wait: `dispute game ${game.index} claims an output root ${chain.key} does not show at block ${game.l2BlockNumber}; waiting for another game` };
  return { step: proveStep(chain, tx, game.index, built.outputRootProof, built.withdrawalProof) };
}

export async function withdrawalStatus(input: { l1: PublicClient | null; l2: PublicClient; chain: OpStackChain; sourceTxHash: Hex; expected: ExpectedPayout; now: number }): Promise<VenueStatus> {
  const { chain } = input;
  const receipt = await receiptOrNull(input.l2, input.sourceTxHash);
  if (!receipt) return waiting('l2_pending', `the withdrawal is not mined on ${chain.key} yet`);
  if (receipt.status !== 'success') return { state: 'failed', venueStatus: 'l2_reverted', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `the withdrawal transaction reverted on ${chain.key}` };
  const passed = getWithdrawals({ logs: receipt.logs.filter((log) => isAddressEqual(log.address, L2_TO_L1_MESSAGE_PASSER)) });
  const tx = passed.map((w) => ({ nonce: w.nonce, sender: getAddress(w.sender), target: getAddress(w.target), value: w.value, gasLimit: w.gasLimit, data: w.data })).find((w) => whyNotOurWithdrawal(w, input.expected) === null);
  if (!tx) return { state: 'failed', venueStatus: 'no_withdrawal', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `the ${chain.key} transaction passed no withdrawal paying ${input.expected.recipient} ${input.expected.amount}` };
  const hash = withdrawalHashOf(tx);
  if (!input.l1) return waiting('l1_unknown', 'withdrawn on the L2; no Ethereum RPC to follow the claim');
  const l1 = input.l1;
  const portal = { address: chain.portal, abi: portalAbi } as const;
  if (await l1.readContract({ ...portal, functionName: 'finalizedWithdrawals', args: [hash] })) {
    return { state: 'completed', venueStatus: 'finalized', destinationTxHash: await finalizeTxHash(l1, chain.portal, hash), receivedAmount: input.expected.amount, receivedAsset: null, detail: 'finalized on Ethereum' };
  }
  const submitters = await l1.readContract({ ...portal, functionName: 'numProofSubmitters', args: [hash] });
  const submitter: Address | null = submitters > 0n ? await l1.readContract({ ...portal, functionName: 'proofSubmitters', args: [hash, submitters - 1n] }) : null;
  const proven = submitter ? await l1.readContract({ ...portal, functionName: 'provenWithdrawals', args: [hash, submitter] }) : null;
  const prove = await proveStepFor(l1, input.l2, chain, tx, receipt.blockNumber);
  if (!proven || proven[1] === 0n || !submitter) {
    if ('wait' in prove) return waiting('waiting-to-prove', prove.wait);
    return pending('ready-to-prove', 'ready to prove on Ethereum', { status: 'ready', claimableAt: null, steps: [prove.step], detail: `sign proveWithdrawalTransaction on Ethereum; finalize follows after the challenge period` });
  }
  const [gameProxy, provenAt] = proven;
  const [maturity, finality, gameStatus, resolvedAt] = await Promise.all([
    l1.readContract({ ...portal, functionName: 'proofMaturityDelaySeconds' }),
    l1.readContract({ ...portal, functionName: 'disputeGameFinalityDelaySeconds' }),
    l1.readContract({ address: gameProxy, abi: disputeGameAbi, functionName: 'status' }),
    l1.readContract({ address: gameProxy, abi: disputeGameAbi, functionName: 'resolvedAt' }),
  ]);
  const steps = 'step' in prove ? [prove.step] : [];
  if (gameStatus !== 0 && gameStatus !== GAME_DEFENDER_WINS) {
    // The game it was proven against lost: the withdrawal must be proven again against another.
    if ('wait' in prove) return waiting('waiting-to-prove', `the game the withdrawal was proven against lost its dispute; ${prove.wait}`);
    return pending('ready-to-prove', 'proven against a game that lost its dispute: prove again', { status: 'ready', claimableAt: null, steps, detail: 'the proof was disputed away: sign proveWithdrawalTransaction again' });
  }
  const matureAt = (provenAt + maturity) * 1000n;
  const finalAt = resolvedAt > 0n ? (resolvedAt + finality) * 1000n : null;
  const claimableAt = Number(finalAt !== null && finalAt > matureAt ? finalAt : matureAt);
  const ready = await l1.readContract({ ...portal, functionName: 'checkWithdrawal', args: [hash, submitter] }).then(
    () => true,
    () => false,
  );
  if (!ready) {
    const detail = finalAt === null ? 'proven; waiting for the challenge period and the dispute game to resolve' : 'proven; waiting for the challenge period';
    return pending('waiting-to-finalize', detail, { status: 'waiting', claimableAt, steps: [], detail });
  }
  return pending('ready-to-finalize', 'ready to finalize on Ethereum', { status: 'ready', claimableAt, steps: [...steps, finalizeStep(chain, tx, submitter)], detail: 'sign finalizeWithdrawalTransaction on Ethereum to release the funds' });
}

const FINALIZE_LOOKBACK_BLOCKS = 10_000n;

async function finalizeTxHash(l1: PublicClient, portal: Address, withdrawalHash: Hex): Promise<Hex | null> {
  try {
    const latest = await l1.getBlockNumber();
    const logs = await l1.getContractEvents({ address: portal, abi: portalAbi, eventName: 'WithdrawalFinalized', args: { withdrawalHash }, fromBlock: latest > FINALIZE_LOOKBACK_BLOCKS ? latest - FINALIZE_LOOKBACK_BLOCKS : 0n, toBlock: latest });
    return logs.at(-1)?.transactionHash ?? null;
  } catch {
    return null;
  }
}
