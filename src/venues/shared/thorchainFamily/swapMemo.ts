import { poolChainByEvmId, type PoolNetwork } from './poolNetwork.ts';

/**
 * A swap memo of the THORChain family, read as the network reads it (dev.thorchain.org "Transaction
 * Memos"; Maya Protocol kept the grammar, docs.mayaprotocol.com "Transaction Memos"), swap:
 * `SWAP:ASSET:DESTADDR[/REFUNDADDR]:LIM[/INTERVAL/QUANTITY]:AFFILIATE:FEE`, with `=` and `s` as
 * aliases of `SWAP`. The memo, not the call's other arguments, decides where the vault pays out, so
 * every memo Strait lets a wallet sign is parsed here and compared with the transfer.
 */
export interface SwapMemo {
  /** The asset to pay out, as written (possibly the short `CHAIN.SYMBOL` form of a token). */
  readonly asset: string;
  readonly destination: string;
  readonly refundAddress: string | null;
  /** The least the swap may pay out, in 1e8 units; `0n` when the memo sets no limit. */
  readonly limit: bigint;
  readonly affiliate: string | null;
}

const SWAP_PREFIXES = new Set(['SWAP', 'swap', '=', 's']);

/** The parsed swap memo, or why the text is not a swap memo Strait can read. */
export function parseSwapMemo(memo: string): SwapMemo | string {
  const parts = memo.split(':');
  const [prefix, asset, destinationPart, limitPart, affiliate] = parts;
  if (prefix === undefined || !SWAP_PREFIXES.has(prefix)) return `is not a swap memo ('${memo.slice(0, 24)}')`;
  if (!asset || !destinationPart) return 'names no asset or destination';
  if (parts.length > 6) return 'has more fields than a swap memo';
  const [destination, refundAddress, ...more] = destinationPart.split('/');
  if (!destination || more.length > 0) return `has an unreadable destination '${destinationPart}'`;
  const limitText = (limitPart ?? '').split('/')[0] ?? '';
  if (limitText !== '' && !/^[0-9]{1,30}$/.test(limitText)) return `has a limit '${limitText}' Strait cannot read (scientific notation is not accepted)`;
  return {
    asset,
    destination,
    refundAddress: refundAddress === undefined || refundAddress === '' ? null : refundAddress,
    limit: limitText === '' ? 0n : BigInt(limitText),
    affiliate: affiliate === undefined || affiliate === '' ? null : affiliate,
  };
}

/**
 * Whether the memo's asset names `wanted` (`CHAIN.SYMBOL[-CONTRACT]`): exactly, or in the short
 * `CHAIN.SYMBOL` form the node writes into generated memos for tokens (e.g. `BASE.USDC`), which the
 * network resolves to that chain's pool of that symbol. Synths (`/`) and trade assets (`~`) never match.
 */
export function memoAssetMatches(memoAsset: string, wanted: string): boolean {
  const memo = memoAsset.toUpperCase();
  const target = wanted.toUpperCase();
  if (memo === target) return true;
  const dash = target.indexOf('-');
  return dash > 0 && memo === target.slice(0, dash);
}

/** The chain a memo asset pays out on (`BTC` of `BTC.BTC`), `null` for synths and trade assets. */
export function memoAssetChain(memoAsset: string): string | null {
  const dot = memoAsset.indexOf('.');
  if (dot <= 0 || memoAsset.includes('/') || memoAsset.includes('~')) return null;
  return memoAsset.slice(0, dot).toUpperCase();
}

/**
 * Why a swap memo a Bitcoin-family step carries does not do what the transfer asked, or `null`: it
 * must read as a swap, pay out on the destination's chain of the network (its asset named as the
 * network names it: `ETH.ETH`, `ARB.USDC-0X…`) to the recipient (EVM addresses compared
 * case-insensitively), set a price limit, and name no affiliate and no refund address (a UTXO inbound
 * is refunded to its VIN0 address, which submit holds to the sender). Run at build and again at
 * submit (each network module's allow-list `utxoMemo`), for THORChain and Maya alike.
 */
export function whyNotPoolUtxoMemo(network: PoolNetwork, memoText: string, intent: { readonly recipient: string; readonly destinationChainId: number | null }): string | null {
  const memo = parseSwapMemo(memoText);
  if (typeof memo === 'string') return memo;
  const evm = intent.destinationChainId !== null;
  const paysRecipient = evm ? memo.destination.toLowerCase() === intent.recipient.toLowerCase() : memo.destination === intent.recipient;
  if (!paysRecipient) return `pays ${memo.destination}, not the recipient`;
  const chain = memoAssetChain(memo.asset);
  if (chain === null || !paysOnDestination(network, intent.destinationChainId, chain)) return `pays out ${memo.asset}, not on the destination chain`;
  if (memo.limit === 0n) return 'sets no price limit';
  if (memo.affiliate !== null) return `names an affiliate (${memo.affiliate})`;
  if (memo.refundAddress !== null) return `names a refund address (${memo.refundAddress})`;
  return null;
}

/**
 * Whether the memo's chain is the destination's: the network's chain of that EVM id, or for a
 * non-EVM destination (no chain id) one of the network's non-EVM chains, the recipient's address
 * shape having been held to that chain when the transfer was quoted.
 */
function paysOnDestination(network: PoolNetwork, destinationChainId: number | null, memoChain: string): boolean {
  if (destinationChainId === null) return network.chains.some((c) => c.chainId === null && c.poolChain === memoChain);
  return poolChainByEvmId(network, destinationChainId)?.poolChain === memoChain;
}
