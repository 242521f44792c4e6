import type { ChainKey } from './chains.ts';

/**
 * The public block explorer of each chain that has one, as the page of a transaction: `{hash}` is
 * replaced by the hash exactly as the transfer records it. Chains absent here get no link.
 *
 * Provenance: EVM chains take the `blockExplorers.default.url` of viem 2.57.20's chain definitions
 * (wevm/viem `src/chains/definitions/<chain>.ts`, matched by chain id) with the `/tx/` page every one
 * of those explorers serves; other chains take the explorer their own foundation or ecosystem links
 * from its documentation (noted per line).
 */
export const EXPLORER_TX_URLS: Readonly<Partial<Record<ChainKey, string>>> = {
  ethereum: 'https://etherscan.io/tx/{hash}',
  arbitrum: 'https://arbiscan.io/tx/{hash}',
  optimism: 'https://optimistic.etherscan.io/tx/{hash}',
  base: 'https://basescan.org/tx/{hash}',
  polygon: 'https://polygonscan.com/tx/{hash}',
  bnb: 'https://bscscan.com/tx/{hash}',
  avalanche: 'https://snowtrace.io/tx/{hash}',
  linea: 'https://lineascan.build/tx/{hash}',
  scroll: 'https://scrollscan.com/tx/{hash}',
  zksync: 'https://explorer.zksync.io/tx/{hash}',
  mantle: 'https://mantlescan.xyz/tx/{hash}',
  blast: 'https://blastscan.io/tx/{hash}',
  mode: 'https://modescan.io/tx/{hash}',
  gnosis: 'https://gnosisscan.io/tx/{hash}',
  celo: 'https://celoscan.io/tx/{hash}',
  unichain: 'https://uniscan.xyz/tx/{hash}',
  sonic: 'https://sonicscan.org/tx/{hash}',
  ink: 'https://explorer.inkonchain.com/tx/{hash}',
  plume: 'https://explorer.plume.org/tx/{hash}',
  worldchain: 'https://worldscan.org/tx/{hash}',
  monad: 'https://monadscan.com/tx/{hash}',
  sei: 'https://seiscan.io/tx/{hash}',
  xlayer: 'https://www.oklink.com/xlayer/tx/{hash}',
  plasma: 'https://plasmascan.to/tx/{hash}',
  berachain: 'https://berascan.com/tx/{hash}',
  hyperevm: 'https://hyperevmscan.io/tx/{hash}',
  stable: 'https://stablescan.xyz/tx/{hash}',
  arc: 'https://explorer.arc.io/tx/{hash}',
  fantom: 'https://ftmscan.com/tx/{hash}',
  zircuit: 'https://explorer.zircuit.com/tx/{hash}',
  lisk: 'https://blockscout.lisk.com/tx/{hash}',
  soneium: 'https://soneium.blockscout.com/tx/{hash}',
  abstract: 'https://abscan.org/tx/{hash}',
  taiko: 'https://taikoscan.io/tx/{hash}',
  metis: 'https://explorer.metis.io/tx/{hash}',
  moonbeam: 'https://moonscan.io/tx/{hash}',
  aurora: 'https://aurorascan.dev/tx/{hash}',
  cronos: 'https://explorer.cronos.org/tx/{hash}',
  opbnb: 'https://opbnb.bscscan.com/tx/{hash}',
  ronin: 'https://app.roninchain.com/tx/{hash}',
  rootstock: 'https://explorer.rsk.co/tx/{hash}',
  citrea: 'https://explorer.mainnet.citrea.xyz/tx/{hash}',
  botanix: 'https://botanixscan.io/tx/{hash}',
  katana: 'https://katanascan.com/tx/{hash}',
  // Solana Foundation's explorer (solana.com/docs links it).
  solana: 'https://explorer.solana.com/tx/{hash}',
  // mempool.space, the open-source explorer bitcoin.org's wallet guides point to.
  bitcoin: 'https://mempool.space/tx/{hash}',
  // Litecoin Foundation's mempool instance.
  litecoin: 'https://litecoinspace.org/tx/{hash}',
  // TRON DAO's explorer.
  tron: 'https://tronscan.org/#/transaction/{hash}',
  // Near's explorer listed in docs.near.org.
  near: 'https://nearblocks.io/txns/{hash}',
  // Aptos Labs' explorer.
  aptos: 'https://explorer.aptoslabs.com/txn/{hash}?network=mainnet',
  // The XRP Ledger Foundation's explorer.
  xrpl: 'https://livenet.xrpl.org/transactions/{hash}',
  // The Stellar Development Foundation's docs link stellar.expert.
  stellar: 'https://stellar.expert/explorer/public/tx/{hash}',
  // Hyperliquid's own explorer.
  hypercore: 'https://app.hyperliquid.xyz/explorer/tx/{hash}',
};

/** The explorer page of a transaction, or `null` when the chain has no public explorer in the table. */
export function explorerTxUrl(chain: string, hash: string): string | null {
  const template = EXPLORER_TX_URLS[chain as ChainKey];
  return template ? template.replace('{hash}', encodeURIComponent(hash)) : null;
}
