import { createPublicClient, custom, encodeAbiParameters, encodeEventTopics, numberToHex, slice, type AbiEvent, type Hex, type PublicClient } from 'viem';

/**
 * Scripted Ethereum and Arbitrum nodes for the adapter tests: each answers the JSON-RPC the adapter
 * sends (eth_call by contract and selector, receipts, logs, blocks, gas prices) from what a test put
 * in, through viem's own request and answer formatting. Anything unscripted is a JSON-RPC error.
 */
export interface ScriptedLog {
  readonly address: Hex;
  readonly topics: readonly Hex[];
  readonly data: Hex;
  readonly transactionHash?: Hex;
  readonly blockNumber?: bigint;
}

export interface ScriptedChain {
  readonly client: PublicClient;
  /** `eth_call` answers by `<contract>:<selector>` (lower case); a throwing handler is a revert. */
  readonly calls: Map<string, (data: Hex) => Hex>;
  readonly receipts: Map<string, { status: 'success' | 'reverted'; logs: readonly ScriptedLog[]; blockNumber?: bigint }>;
  readonly logs: ScriptedLog[];
  /** Blocks by hash, with extra raw fields (Arbitrum's `sendCount`). */
  readonly blocks: Map<string, Record<string, string>>;
  gasPrice: bigint;
  baseFee: bigint;
  blockNumber: bigint;
  /** Every method asked, in order. */
  readonly asked: string[];
  answer(contract: Hex, selector: Hex, handler: (data: Hex) => Hex): void;
}

const ZERO32 = `0x${'0'.repeat(64)}` as Hex;

export function scriptedChain(chainId: number): ScriptedChain {
  const chain: ScriptedChain = {
    client: undefined as unknown as PublicClient,
    calls: new Map(),
    receipts: new Map(),
    logs: [],
    blocks: new Map(),
    gasPrice: 10_000_000n,
    baseFee: 20_000_000_000n,
    blockNumber: 1_000n,
    asked: [],
    answer(contract, selector, handler) {
      chain.calls.set(`${contract.toLowerCase()}:${selector.toLowerCase()}`, handler);
    },
  };
  const rpcLog = (log: ScriptedLog, index: number) => ({
    address: log.address,
    topics: log.topics,
    data: log.data,
    blockNumber: numberToHex(log.blockNumber ?? chain.blockNumber),
    blockHash: ZERO32,
    transactionHash: log.transactionHash ?? ZERO32,
    transactionIndex: '0x0',
    logIndex: numberToHex(index),
    removed: false,
  });
  async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    chain.asked.push(method);
    const args = (params ?? []) as unknown[];
    switch (method) {
      case 'eth_chainId':
        return numberToHex(chainId);
      case 'eth_gasPrice':
        return numberToHex(chain.gasPrice);
      case 'eth_blockNumber':
        return numberToHex(chain.blockNumber);
      case 'eth_getBlockByNumber':
        return { number: numberToHex(chain.blockNumber), hash: ZERO32, baseFeePerGas: numberToHex(chain.baseFee), timestamp: '0x1', transactions: [] };
      case 'eth_getBlockByHash': {
        const block = chain.blocks.get(String(args[0]).toLowerCase());
        return block ? { number: '0x1', hash: args[0], timestamp: '0x1', transactions: [], ...block } : null;
      }
      case 'eth_call': {
        const { to, data, input } = args[0] as { to: Hex; data?: Hex; input?: Hex };
        const callData = (data ?? input ?? '0x') as Hex;
        const handler = chain.calls.get(`${to.toLowerCase()}:${slice(callData, 0, 4).toLowerCase()}`);
        if (!handler) throw Object.assign(new Error(`unscripted eth_call ${to} ${slice(callData, 0, 4)}`), { code: -32000 });
        try {
          return handler(callData);
        } catch (error) {
          // A handler that throws is a revert, as a node answers one (code 3 with the revert data).
          throw Object.assign(new Error('execution reverted'), { code: 3, data: (error as { data?: Hex }).data ?? '0x' });
        }
      }
      case 'eth_getTransactionReceipt': {
        const hash = String(args[0]).toLowerCase();
        const receipt = chain.receipts.get(hash);
        if (!receipt) return null;
        return {
          transactionHash: args[0],
          blockHash: ZERO32,
          blockNumber: numberToHex(receipt.blockNumber ?? chain.blockNumber),
          transactionIndex: '0x0',
          from: ZERO32.slice(0, 42),
          to: ZERO32.slice(0, 42),
          cumulativeGasUsed: '0x1',
          gasUsed: '0x1',
          effectiveGasPrice: '0x1',
          contractAddress: null,
          logsBloom: `0x${'0'.repeat(512)}`,
          type: '0x2',
          status: receipt.status === 'success' ? '0x1' : '0x0',
          logs: receipt.logs.map((log, i) => rpcLog({ ...log, transactionHash: log.transactionHash ?? (args[0] as Hex) }, i)),
        };
      }
      case 'eth_getLogs': {
        const filter = args[0] as { address?: string; topics?: (Hex | Hex[] | null)[] };
        const matches = (log: ScriptedLog) =>
          (!filter.address || filter.address.toLowerCase() === log.address.toLowerCase()) &&
          (filter.topics ?? []).every((topic, i) => topic === null || (Array.isArray(topic) ? topic.some((t) => t.toLowerCase() === log.topics[i]?.toLowerCase()) : topic.toLowerCase() === log.topics[i]?.toLowerCase()));
        return chain.logs.filter(matches).map(rpcLog);
      }
      default:
        throw Object.assign(new Error(`unscripted ${method}`), { code: -32601 });
    }
  }
  (chain as { client: PublicClient }).client = createPublicClient({ transport: custom({ request }, { retryCount: 0 }) });
  return chain;
}

/** A log of `event` with its indexed arguments in topics and the rest ABI-encoded as data. */
export function eventLog(address: Hex, event: AbiEvent, args: Record<string, unknown>, transactionHash?: Hex): ScriptedLog {
  const topics = encodeEventTopics({ abi: [event], eventName: event.name, args } as never) as Hex[];
  const plain = event.inputs.filter((input) => !input.indexed);
  const data = encodeAbiParameters(plain, plain.map((input) => args[input.name ?? '']) as never);
  return { address, topics, data, ...(transactionHash ? { transactionHash } : {}) };
}
