import type { Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { evmPoolChain, otherPoolChain, poolChainByKey, utxoPoolChain, type PoolChain, type PoolNetwork } from '../shared/thorchainFamily/poolNetwork.ts';
import { whyNotPoolUtxoMemo } from '../shared/thorchainFamily/swapMemo.ts';
import { whyNotRouterDeposit } from '../shared/thorchainFamily/routerDeposit.ts';

/**
 * THORChain's chains as Strait serves them, and what else tells THORChain from the rest of its
 * family (shared/thorchainFamily/poolNetwork.ts). THORChain names chains with upper-case short names and
 * assets `CHAIN.SYMBOL` (natives) or `CHAIN.SYMBOL-0XCONTRACT` (tokens, contract upper-cased), and
 * counts every asset in 1e8 units whatever its own decimals (dev.thorchain.org "Asset Notation",
 * "Quickstart Guide").
 *
 * Routers: the THORChain router contracts Strait lets a step call, one per EVM chain, pinned from
 * THORNode's own source (thorchain/thornode x/thorchain/router_upgrade_info.go, mainnet build, as
 * mirrored at LZeroAnalytics/thornode@a0d762ef6d129bf4599eeefb97f75cd0c24d774a), never from an API
 * answer. The quote's `router` must equal the pinned one or the build is refused: a router upgrade
 * therefore stops builds until this table follows (safe failure).
 */
const evm = (key: Parameters<typeof evmPoolChain>[1], thorChain: string, nativeAsset: string, router: string) => evmPoolChain('THORChain', key, thorChain, nativeAsset, router);

export const THORCHAIN: PoolNetwork = {
  name: 'THORChain',
  apiPrefix: '/thorchain',
  chains: [
    evm('ethereum', 'ETH', 'ETH.ETH', '0xD37BbE5744D730a1d98d8DC97c42F0Ca46aD7146'),
    evm('avalanche', 'AVAX', 'AVAX.AVAX', '0x8F66c4AE756BEbC49Ec8B81966DD8bba9f127549'),
    evm('bnb', 'BSC', 'BSC.BNB', '0xb30ec53f98ff5947ede720d32ac2da7e52a5f56b'),
    evm('base', 'BASE', 'BASE.ETH', '0x68208d99746b805a1ae41421950a47b711e35681'),
    // Bitcoin-family sources are built as `utxo` steps (PSBT + OP_RETURN memo), each signed its chain's way (chains/utxo/utxoNetworks.ts).
    utxoPoolChain('bitcoin', 'BTC', 'BTC.BTC'),
    utxoPoolChain('litecoin', 'LTC', 'LTC.LTC'),
    utxoPoolChain('bitcoincash', 'BCH', 'BCH.BCH'),
    utxoPoolChain('dogecoin', 'DOGE', 'DOGE.DOGE'),
    // Priced as a destination, quote_only as a source.
    otherPoolChain('cosmoshub', 'GAIA', 'GAIA.ATOM'),
  ],
  // USDC and USDT pools exist on ETH, AVAX, BSC and BASE per the pools list; a token whose pool is
  // missing is refused by the node with "pool does not exist", which maps to token_not_supported.
  tokenSymbols: ['USDC', 'USDT'],
  // THORChain's supported address formats (dev.thorchain.org "Querying THORChain"). Residual: legacy
  // `3…`/`1…` forms are shared by BTC, LTC and BCH; such a memo would be refunded, not paid elsewhere.
  nonEvmAddress: {
    BTC: /^(bc1[02-9ac-hj-np-z]{8,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    LTC: /^(ltc1[02-9ac-hj-np-z]{8,87}|[LM3][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    BCH: /^((bitcoincash:)?[qp][02-9ac-hj-np-z]{41}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    DOGE: /^[DA9][1-9A-HJ-NP-Za-km-z]{25,34}$/,
    GAIA: /^cosmos1[02-9ac-hj-np-z]{38,58}$/,
  },
  // The swap refunds rather than pay out less than the expected amount minus 1 %; the memo's limit
  // is what minAmountOut says.
  toleranceBps: 100,
  streaming: null,
};

export function thorchainChain(key: string): PoolChain | undefined {
  return poolChainByKey(THORCHAIN, key);
}

/** The allow-list check of a THORChain router call (shared/thorchainFamily/routerDeposit.ts). */
export function whyNotThorchainCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  return whyNotRouterDeposit(THORCHAIN, data, value, intent);
}

/** The allow-list check of a THORChain memo a Bitcoin-family step carries (shared/thorchainFamily/swapMemo.ts). */
export function whyNotThorchainMemo(memo: string, intent: CallIntent): string | null {
  return whyNotPoolUtxoMemo(THORCHAIN, memo, intent);
}
