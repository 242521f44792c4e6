/**
 * The OP Stack on the sandbox's anvils: stand-ins at the real addresses (Ethereum side on the L1
 * anvil, predeploys and bridged USDC on an L2 anvil started with `--network optimism`), and the loop
 * an OP Stack chain's operators run, reduced to what a transfer needs:
 * - sequencer: every portal `TransactionDeposited` log on L1 becomes the L2 deposit transaction
 *   (type 0x7e, the source hash of the L1 block hash and log index), so its hash is the one Strait
 *   derives from the L1 receipt;
 * - proposer: when the L2 head moves, a dispute game for its output root (version 0, state root,
 *   the message passer's storage root, block hash) is created on L1 and resolved at once; the
 *   portal stand-in's short delays (12 s maturity, 6 s finality) are the sandbox challenge period.
 */
import { createPublicClient, createTestClient, createWalletClient, decodeEventLog, encodeAbiParameters, hexToBigInt, http, keccak256, parseAbi, parseAbiParameters, size, slice, toHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { getSourceHash, serializeTransaction } from 'viem/op-stack';
import { L2_CROSS_DOMAIN_MESSENGER, L2_STANDARD_BRIDGE, L2_TO_L1_MESSAGE_PASSER, portalAbi, type OpStackChain } from '../venues/opstack/opstackChains.ts';
import { readWithdrawalDelays, type WithdrawalDelays } from '../venues/opstack/opstackL1Reads.ts';
import type { SandboxContracts } from './compileContracts.ts';

const factoryAbi = parseAbi(['function create(uint32 _gameType, bytes32 _rootClaim, bytes _extraData) payable returns (address proxy_)', 'event DisputeGameCreated(address indexed disputeProxy, uint32 indexed gameType, bytes32 indexed rootClaim)']);
const gameAbi = parseAbi(['function resolve() returns (uint8)']);
const PORTAL_ETH = 10n ** 24n;

/** Installs the stand-ins of `chain` at their real addresses on the L1 and L2 anvils. */
export async function installOpStackStandIns(input: { l1RpcUrl: string; l2RpcUrl: string; chain: OpStackChain; contracts: SandboxContracts }): Promise<void> {
  const l1 = createTestClient({ mode: 'anvil', transport: http(input.l1RpcUrl) });
  const l2 = createTestClient({ mode: 'anvil', transport: http(input.l2RpcUrl) });
  const { chain, contracts } = input;
  await l1.setCode({ address: chain.l1StandardBridge, bytecode: contracts.SandboxOpL1StandardBridge.runtimeBytecode });
  await l1.setCode({ address: chain.l1CrossDomainMessenger, bytecode: contracts.SandboxOpL1CrossDomainMessenger.runtimeBytecode });
  await l1.setCode({ address: chain.portal, bytecode: contracts.SandboxOptimismPortal2.runtimeBytecode });
  await l1.setCode({ address: chain.disputeGameFactory, bytecode: contracts.SandboxDisputeGameFactory.runtimeBytecode });
  // The portal holds the L2's ETH in reality; the sandbox starts it with some so withdrawals of ETH deposited elsewhere pay.
  await l1.setBalance({ address: chain.portal, value: PORTAL_ETH });
  await l2.setCode({ address: L2_TO_L1_MESSAGE_PASSER, bytecode: contracts.SandboxL2ToL1MessagePasser.runtimeBytecode });
  await l2.setCode({ address: L2_CROSS_DOMAIN_MESSENGER, bytecode: contracts.SandboxL2CrossDomainMessenger.runtimeBytecode });
  await l2.setCode({ address: L2_STANDARD_BRIDGE, bytecode: contracts.SandboxL2StandardBridge.runtimeBytecode });
  for (const pair of chain.tokens) if (pair.l2) await l2.setCode({ address: pair.l2, bytecode: contracts.SandboxOptimismMintableERC20.runtimeBytecode });
}

export interface OpStackOperator {
  /** One round of sequencing and proposing (the loop runs it on its interval; tests may call it). */
  tick(): Promise<void>;
  stop(): Promise<void>;
  /** What the loop has done so far (deposits sequenced, the last L1 block read, the last L2 block proposed). */
  progress(): { deposits: number; nextL1Block: bigint; proposedL2Block: bigint; ticks: number };
}

/** The opaque data of a `TransactionDeposited` (version 0): mint, value, gas limit, is-creation, data. */
function decodeOpaque(opaque: Hex): { mint: bigint; value: bigint; gas: bigint; isCreation: boolean; data: Hex } {
  if (size(opaque) < 73) throw new Error('deposit opaque data shorter than 73 bytes');
  return { mint: hexToBigInt(slice(opaque, 0, 32)), value: hexToBigInt(slice(opaque, 32, 64)), gas: hexToBigInt(slice(opaque, 64, 72)), isCreation: hexToBigInt(slice(opaque, 72, 73)) === 1n, data: size(opaque) > 73 ? slice(opaque, 73) : '0x' };
}

export function startOpStackOperator(input: { l1RpcUrl: string; l2RpcUrl: string; chain: OpStackChain; proposerKey: Hex; intervalMs?: number; onError?: (error: unknown) => void }): OpStackOperator {
  const { chain } = input;
  const l1 = createPublicClient({ transport: http(input.l1RpcUrl) });
  const l2 = createPublicClient({ transport: http(input.l2RpcUrl) });
  const l1Test = createTestClient({ mode: 'anvil', transport: http(input.l1RpcUrl) });
  const proposer = createWalletClient({ account: privateKeyToAccount(input.proposerKey), transport: http(input.l1RpcUrl) });
  let nextL1Block = 0n;
  let proposedL2Block = -1n;
  let running: Promise<void> | null = null;
  let deposits = 0;
  let ticks = 0;

  async function sequence(): Promise<void> {
    const latest = await l1.getBlockNumber();
    if (latest < nextL1Block) return;
    const logs = await l1.getContractEvents({ address: chain.portal, abi: portalAbi, eventName: 'TransactionDeposited', fromBlock: nextL1Block, toBlock: latest });
    for (const log of logs) {
      const { args } = log;
      const deposit = decodeOpaque(args.opaqueData!);
      const sourceHash = getSourceHash({ domain: 'userDeposit', l1BlockHash: log.blockHash!, l1LogIndex: log.logIndex! });
      const raw = serializeTransaction({ type: 'deposit', sourceHash, from: args.from, to: deposit.isCreation ? undefined : args.to, mint: deposit.mint, value: deposit.value, gas: deposit.gas, isSystemTx: false, data: deposit.data } as Parameters<typeof serializeTransaction>[0]);
      const hash = (await l2.request({ method: 'eth_sendRawTransaction', params: [raw] })) as Hex;
      await l2.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 10_000 });
      deposits++;
    }
    nextL1Block = latest + 1n;
  }

  async function propose(): Promise<void> {
    const head = await l2.getBlock({ blockTag: 'latest' });
    if (head.number <= proposedL2Block) return;
    const proof = await l2.getProof({ address: L2_TO_L1_MESSAGE_PASSER, storageKeys: [], blockNumber: head.number });
    const root = keccak256(encodeAbiParameters(parseAbiParameters('bytes32, bytes32, bytes32, bytes32'), [toHex(0, { size: 32 }), head.stateRoot, proof.storageHash, head.hash!]));
    const created = await proposer.writeContract({ chain: null, address: chain.disputeGameFactory, abi: factoryAbi, functionName: 'create', args: [0, root, encodeAbiParameters(parseAbiParameters('uint256'), [head.number])] });
    const receipt = await l1.waitForTransactionReceipt({ hash: created, pollingInterval: 50, timeout: 10_000 });
    const event = receipt.logs.map((log) => { try { return decodeEventLog({ abi: factoryAbi, data: log.data, topics: log.topics }); } catch { return null; } }).find((e) => e?.eventName === 'DisputeGameCreated');
    if (!event) throw new Error('the factory stand-in created no game');
    const resolved = await proposer.writeContract({ chain: null, address: event.args.disputeProxy as Address, abi: gameAbi, functionName: 'resolve' });
    await l1.waitForTransactionReceipt({ hash: resolved, pollingInterval: 50, timeout: 10_000 });
    proposedL2Block = head.number;
  }

  /** Automine makes blocks only for transactions: one now and then keeps L1 time moving for the portal's delays. */
  async function keepTime(): Promise<void> {
    const latest = await l1.getBlock({ blockTag: 'latest' });
    if (BigInt(Math.floor(Date.now() / 1000)) - latest.timestamp >= 2n) await l1Test.mine({ blocks: 1 });
  }

  const tick = (): Promise<void> => {
    running ??= (async () => {
      try {
        await sequence();
        await propose();
        await keepTime();
        ticks++;
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick().catch((error: unknown) => input.onError?.(error)), input.intervalMs ?? 500);
  return {
    tick,
    progress: () => ({ deposits, nextL1Block, proposedL2Block, ticks }),
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** The sandbox's OP Stack: OP Mainnet's stand-ins on the ethereum and optimism chains, and its operators running. */
export interface SandboxOpStack {
  readonly chain: OpStackChain;
  readonly operator: OpStackOperator;
  /** The portal stand-in's delays, as it answers them (the sandbox's challenge period). */
  readonly delays: WithdrawalDelays;
  /** The last failure of an operator round (the loop goes on; a test names it when a transfer stalls). */
  lastError(): string | null;
  stop(): Promise<void>;
}

/**
 * Installs OP Mainnet's stand-ins on the sandbox's ethereum (L1) and optimism (L2, an anvil started
 * with `--network optimism`) chains and starts the sequencer and proposer from `proposerKey`, an
 * account holding ETH on L1 for the games it creates.
 */
export async function startSandboxOpStack(input: { l1RpcUrl: string; l2RpcUrl: string; proposerKey: Hex; contracts: SandboxContracts; chain: OpStackChain }): Promise<SandboxOpStack> {
  await installOpStackStandIns(input);
  const delays = await readWithdrawalDelays(createPublicClient({ transport: http(input.l1RpcUrl) }), input.chain);
  let lastError: string | null = null;
  const operator = startOpStackOperator({ ...input, onError: (error) => (lastError = ((error as Error)?.message ?? String(error)).slice(0, 600)) });
  return { chain: input.chain, operator, delays, lastError: () => lastError, stop: () => operator.stop() };
}
