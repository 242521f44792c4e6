import type { Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { evmPoolChain, otherPoolChain, poolChainByKey, utxoPoolChain, type PoolChain, type PoolNetwork } from '../shared/thorchainFamily/poolNetwork.ts';
import { whyNotPoolUtxoMemo } from '../shared/thorchainFamily/swapMemo.ts';
import { whyNotRouterDeposit } from '../shared/thorchainFamily/routerDeposit.ts';

/**
 * Maya Protocol's chains as Strait serves them. Maya is a THORChain fork (shared/thorchainFamily/): same
 * asset notation (`CHAIN.SYMBOL`, tokens `CHAIN.SYMBOL-0XCONTRACT`), 1e8 amounts, memo grammar and
 * node API under `/mayachain`. Of its chains (BTC, ETH, ARB, DASH, ZEC, KUJI, THOR, XRD, MAYA…)
 * Strait serves those its chain registry knows; KUJI, THOR, XRD and MAYA itself have no Strait chain.
 * MAYA.CACAO counts 1e10 units, unlike every other asset: it is never a Strait asset here.
 *
 * Routers: MAYAChain_Router on Ethereum and Arbitrum, pinned (never taken from an answer) from the
 * `router` of MAYANode's inbound_addresses as xchainjs recorded it (ETH, fixtures/real/
 * inbound-addresses.json) and Gem Wallet's router allow-list for Maya (gemwalletcom/core
 * crates/swapper/src/thorchain/mod.rs: ETH 0xe398…B46d, ARB 0x700E…11F4). A quote naming another
 * router is refused, so a router upgrade stops builds until this table follows.
 */
const evm = (key: Parameters<typeof evmPoolChain>[1], mayaChain: string, nativeAsset: string, router: string) => evmPoolChain('Maya Protocol', key, mayaChain, nativeAsset, router);

export const MAYACHAIN: PoolNetwork = {
  name: 'Maya Protocol',
  apiPrefix: '/mayachain',
  chains: [
    evm('ethereum', 'ETH', 'ETH.ETH', '0xe3985E6b61b814F7Cdb188766562ba71b446B46d'),
    evm('arbitrum', 'ARB', 'ARB.ETH', '0x700E97ef07219440487840Dc472E7120A7FF11F4'),
    // Bitcoin and Dash sources are built as `utxo` steps (PSBT paying the vault + OP_RETURN memo),
    // signed and verified their chain's way (chains/utxo/utxoNetworks.ts: segwit, legacy P2PKH).
    utxoPoolChain('bitcoin', 'BTC', 'BTC.BTC'),
    utxoPoolChain('dash', 'DASH', 'DASH.DASH'),
    // Priced as a destination, quote_only as a source: Zcash's v5 transactions (ZIP-225/244) are not
    // a format btc-signer reads or signs, so Strait could neither build nor verify the deposit.
    otherPoolChain('zcash', 'ZEC', 'ZEC.ZEC'),
  ],
  // Maya's USDC and USDT pools on ETH and ARB (xchainjs xchain-mayachain-query mayachain-cache.ts
  // decimals table); a missing pool is the node's "pool does not exist", i.e. token_not_supported.
  tokenSymbols: ['USDC', 'USDT'],
  nonEvmAddress: {
    // No taproot (bc1p…): docs.mayaprotocol.com "Sending Transactions" warns funds sent to or from a
    // taproot address are lost, so only segwit v0 and legacy forms are a payout Strait accepts.
    BTC: /^(bc1q[02-9ac-hj-np-z]{38}|bc1q[02-9ac-hj-np-z]{58}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    DASH: /^[X7][1-9A-HJ-NP-Za-km-z]{33}$/,
    // Transparent addresses only: a shielded or unified payout is not one Strait can check.
    ZEC: /^t[13][1-9A-HJ-NP-Za-km-z]{33}$/,
  },
  // The memo limit: the swap refunds rather than pay out under the expected amount minus 1 %.
  toleranceBps: 100,
  // Streaming swaps (one sub-swap per block, the node choosing how many), as Gem Wallet asks Maya
  // (QUOTE_INTERVAL 1, QUOTE_QUANTITY 0): large swaps then pay less slippage; a stream that fills in
  // part pays the filled part and refunds the rest (the `partial` status).
  streaming: { interval: 1, quantity: 0 },
};

export function mayachainChain(key: string): PoolChain | undefined {
  return poolChainByKey(MAYACHAIN, key);
}

/** The allow-list check of a MAYAChain router call (shared/thorchainFamily/routerDeposit.ts). */
export function whyNotMayachainCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  return whyNotRouterDeposit(MAYACHAIN, data, value, intent);
}

/** The allow-list check of a Maya memo a Bitcoin or Dash step carries (shared/thorchainFamily/swapMemo.ts), at build and at submit. */
export function whyNotMayachainMemo(memo: string, intent: CallIntent): string | null {
  return whyNotPoolUtxoMemo(MAYACHAIN, memo, intent);
}
