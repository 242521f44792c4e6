import type { PublicClient } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import type { VenueQuoteRequest } from '../Venue.ts';
import { TOKEN_MESSENGER_V2, cctpChain, cctpChainByDomain } from './cctpChains.ts';
import { FORWARD_HOOK_DATA, addressToBytes32, encodeBurnBody, type CctpMessage } from './cctpMessage.ts';

/** Shared by the cctp test files: tokens, requests and a minimal destination-chain client. */

export const RECIPIENT = '0x4444444444444444444444444444444444444444';
export const SENDER = '0x5555555555555555555555555555555555555555';

export function usdcOn(chain: ChainKey): TokenInfo {
  const c = cctpChain(chain);
  if (!c) throw new Error(`no CCTP chain ${chain}`);
  return { chain, symbol: 'USDC', address: c.usdc, decimals: 6 } as TokenInfo;
}

export function quoteRequest(fromChain: ChainKey, toChain: ChainKey, amountIn: bigint): VenueQuoteRequest {
  return {
    fromChain,
    toChain,
    fromToken: usdcOn(fromChain),
    toToken: usdcOn(toChain),
    amountIn,
    sender: SENDER,
    recipient: RECIPIENT,
    userIp: null,
    integratorFee: null,
  };
}

export interface StubChain {
  readonly client: PublicClient;
  readonly calls: { method: string; args: unknown }[];
}

/** The three viem calls the adapter makes on the destination chain, scripted. */
export function stubChain(script: { usedNonce: bigint | Error; latestBlock?: bigint; mintTx?: `0x${string}` | null }): StubChain {
  const calls: { method: string; args: unknown }[] = [];
  const client = {
    async readContract(args: unknown) {
      calls.push({ method: 'readContract', args });
      if (script.usedNonce instanceof Error) throw script.usedNonce;
      return script.usedNonce;
    },
    async getBlockNumber() {
      calls.push({ method: 'getBlockNumber', args: undefined });
      return script.latestBlock ?? 50_000n;
    },
    async getLogs(args: unknown) {
      calls.push({ method: 'getLogs', args });
      return script.mintTx ? [{ transactionHash: script.mintTx }] : [];
    },
  };
  return { client: client as unknown as PublicClient, calls };
}

/** A CCTP v2 burn message as the source chain emits it (nonce zero, nothing executed yet). */
export function sourceBurn(options: { src?: number; dst?: number; amount?: bigint; maxFee?: bigint; minFinality?: number; recipient?: `0x${string}`; hookData?: `0x${string}` } = {}): CctpMessage {
  const messenger = addressToBytes32(TOKEN_MESSENGER_V2);
  const body = encodeBurnBody({
    version: 1,
    burnToken: addressToBytes32(cctpChainByDomain(options.src ?? 3)?.usdc ?? TOKEN_MESSENGER_V2),
    mintRecipient: addressToBytes32(options.recipient ?? RECIPIENT),
    amount: options.amount ?? 1_000_000_000n,
    messageSender: addressToBytes32(SENDER),
    maxFee: options.maxFee ?? 301_000n,
    feeExecuted: 0n,
    expirationBlock: 0n,
    hookData: options.hookData ?? FORWARD_HOOK_DATA,
  });
  return {
    version: 1,
    sourceDomain: options.src ?? 3,
    destinationDomain: options.dst ?? 6,
    nonce: ZERO32,
    sender: messenger,
    recipient: messenger,
    destinationCaller: ZERO32,
    minFinalityThreshold: options.minFinality ?? 1000,
    finalityThresholdExecuted: 0,
    messageBody: body,
  };
}

export const ZERO32: `0x${string}` = `0x${'0'.repeat(64)}`;
