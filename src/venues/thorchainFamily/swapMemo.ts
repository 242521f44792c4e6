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
