/**
 * Chain ids of the EVM chain keys of spec §2, for deposits (a deposit names its chain by key, while
 * steps carry the id). `runTransfer`'s `chainIds` adds to or overrides it.
 */
export const EVM_CHAIN_IDS: Readonly<Record<string, number>> = {
  ethereum: 1, arbitrum: 42161, optimism: 10, base: 8453, polygon: 137, bnb: 56, avalanche: 43114,
  linea: 59144, scroll: 534352, zksync: 324, mantle: 5000, blast: 81457, mode: 34443, gnosis: 100,
  celo: 42220, unichain: 130, sonic: 146, ink: 57073, plume: 98866, worldchain: 480, monad: 143,
  sei: 1329, xlayer: 196, plasma: 9745, berachain: 80094, hyperevm: 999, stable: 988, arc: 5042,
  fantom: 250, zircuit: 48900, lisk: 1135, soneium: 1868, abstract: 2741, taiko: 167000, metis: 1088,
  moonbeam: 1284, aurora: 1313161554, cronos: 25, opbnb: 204, ronin: 2020, rootstock: 30, citrea: 4114,
  botanix: 3637, katana: 747474, robinhood: 4663,
};
