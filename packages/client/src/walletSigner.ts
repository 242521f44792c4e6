import type { Account, Address, Chain, Hex, Transport, WalletClient } from 'viem';
import { StraitClientError } from './StraitClientError.ts';

/** One EVM transaction to sign, exactly as Strait built it (or, for a deposit, as the deposit asks). */
export interface EvmTransactionRequest {
  chainId: number;
  to: Address;
  data: Hex;
  /** Native value in wei. */
  value: bigint;
}

/**
 * Signs EVM transactions for `runTransfer`. The signer picks nonce, gas and fees; it must keep
 * `chainId`, `to`, `data` and `value` unchanged, since Strait compares them with the built step and
 * refuses any difference (`422 transaction_mismatch`) before broadcasting anything.
 */
export interface EvmSigner {
  /** Returns the serialized signed transaction (Strait broadcasts it). */
  signTransaction(request: EvmTransactionRequest): Promise<Hex>;
  /**
   * EIP-191 `personal_sign` of raw bytes on `chainId`'s account, for `message` steps (a venue whose
   * order is a message signature, e.g. Meson). Without it such a build is `unsupported_step`.
   */
  signMessage?(request: { chainId: number; raw: Hex }): Promise<Hex>;
}

/** A viem wallet client with a local or JSON-RPC account, connected to one chain's RPC. */
export type AccountWalletClient = WalletClient<Transport, Chain | undefined, Account>;

/**
 * An `EvmSigner` over viem wallet clients, one per chain (the chain is the client's `chain`, or else
 * the one its RPC reports). A request for a chain none of them serves is `no_wallet_for_chain`.
 */
export function walletSigner(wallets: AccountWalletClient | readonly AccountWalletClient[]): EvmSigner {
  const list: readonly AccountWalletClient[] = Array.isArray(wallets) ? wallets : [wallets as AccountWalletClient];
  let byChain: Promise<Map<number, AccountWalletClient>> | undefined;
  const walletFor = async (chainId: number) => {
    byChain ??= Promise.all(list.map(async (w) => [w.chain?.id ?? (await w.getChainId()), w] as const)).then((pairs) => new Map(pairs));
    const wallet = (await byChain).get(chainId);
    if (!wallet) throw new StraitClientError('no_wallet_for_chain', `no wallet client signs on chain ${chainId}`, { chainId });
    return wallet;
  };
  return {
    async signTransaction({ chainId, to, data, value }) {
      const wallet = await walletFor(chainId);
      // `chain: null` lets one client without a configured chain sign for the chain its RPC serves;
      // the chain id then comes from that RPC, which walletFor matched against the step's.
      const request = await wallet.prepareTransactionRequest({ account: wallet.account, chain: null, to, data, value });
      return wallet.signTransaction({ ...request, account: wallet.account, chain: null });
    },
    async signMessage({ chainId, raw }) {
      const wallet = await walletFor(chainId);
      return wallet.signMessage({ account: wallet.account, message: { raw } });
    },
  };
}
