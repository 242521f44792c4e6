import { createPublicClient, createWalletClient, erc20Abi, http, type Address, type Hex, type Log, type PublicClient, type WalletClient, encodeFunctionData } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * How a venue fake settles for real in the sandbox: it reads the user's origin transaction from the
 * local chain and pays the recipient on the destination chain from its solver account before it
 * reports a fill. Unit tests run fakes without one (scripted answers).
 */
export interface FakeSettlement {
  /** The mined transaction and its receipt logs, or `null` while it is unknown to the chain. */
  findTransaction(chainId: number, hash: Hex): Promise<MinedTransaction | null>;
  /** ERC-20 (or native, when `token` is null) balance of `owner`. */
  balanceOf(chainId: number, token: Address | null, owner: Address): Promise<bigint>;
  /** Pays `amount` of `token` (native when null) to `recipient` from the solver; waits for the receipt. */
  pay(chainId: number, token: Address | null, recipient: Address, amount: bigint): Promise<Hex>;
  /** Sends a contract call from the solver (e.g. CCTP `receiveMessage`); waits for the receipt. */
  send(chainId: number, to: Address, data: Hex): Promise<Hex>;
}

export interface MinedTransaction {
  readonly from: Address;
  readonly to: Address | null;
  readonly input: Hex;
  readonly value: bigint;
  readonly success: boolean;
  readonly logs: readonly Log[];
}

/** A settlement on local chains, paying from `solverKey` (a funded sandbox account). */
export function createChainSettlement(rpcUrls: Readonly<Record<number, string>>, solverKey: Hex): FakeSettlement {
  const account = privateKeyToAccount(solverKey);
  const publics = new Map<number, PublicClient>();
  const wallets = new Map<number, WalletClient>();
  // One solver nonce stream per chain: fills for concurrent transfers must not race each other.
  const queues = new Map<number, Promise<unknown>>();

  const publicOf = (chainId: number): PublicClient => {
    let client = publics.get(chainId);
    if (!client) {
      client = createPublicClient({ transport: http(rpcOf(chainId)) });
      publics.set(chainId, client);
    }
    return client;
  };
  const walletOf = (chainId: number): WalletClient => {
    let client = wallets.get(chainId);
    if (!client) {
      client = createWalletClient({ account, transport: http(rpcOf(chainId)) });
      wallets.set(chainId, client);
    }
    return client;
  };
  function rpcOf(chainId: number): string {
    const url = rpcUrls[chainId];
    if (!url) throw new Error(`no sandbox chain ${chainId}`);
    return url;
  }

  function serialized<T>(chainId: number, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(chainId) ?? Promise.resolve();
    const next = previous.then(task, task);
    queues.set(chainId, next.catch(() => undefined));
    return next;
  }

  async function sendTx(chainId: number, to: Address, data: Hex | undefined, value: bigint): Promise<Hex> {
    return serialized(chainId, async () => {
      const hash = await walletOf(chainId).sendTransaction({ account, chain: null, to, data, value });
      const receipt = await publicOf(chainId).waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (receipt.status !== 'success') throw new Error(`solver transaction ${hash} reverted`);
      return hash;
    });
  }

  return {
    async findTransaction(chainId, hash) {
      const client = publicOf(chainId);
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
      if (!receipt) return null;
      const tx = await client.getTransaction({ hash });
      return { from: tx.from, to: tx.to ?? null, input: tx.input, value: tx.value, success: receipt.status === 'success', logs: receipt.logs };
    },
    async balanceOf(chainId, token, owner) {
      const client = publicOf(chainId);
      if (token === null) return client.getBalance({ address: owner });
      return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
    },
    pay(chainId, token, recipient, amount) {
      if (token === null) return sendTx(chainId, recipient, undefined, amount);
      return sendTx(chainId, token, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }), 0n);
    },
    send(chainId, to, data) {
      return sendTx(chainId, to, data, 0n);
    },
  };
}
