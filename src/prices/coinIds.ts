/**
 * CoinGecko coin ids by token symbol: the key DefiLlama's price API accepts as `coingecko:<id>`.
 * Pricing by asset rather than by contract address keeps one entry per asset across 70 chains
 * (WETH on every rollup is ETH). A symbol missing here simply has no price.
 */
export const COINGECKO_IDS: Readonly<Record<string, string>> = {
  ETH: 'ethereum',
  WETH: 'ethereum',
  BTC: 'bitcoin',
  WBTC: 'bitcoin',
  RBTC: 'bitcoin',
  SOL: 'solana',
  WSOL: 'solana',
  POL: 'polygon-ecosystem-token',
  BNB: 'binancecoin',
  AVAX: 'avalanche-2',
  MNT: 'mantle',
  CELO: 'celo',
  S: 'sonic-3',
  SEI: 'sei-network',
  OKB: 'okb',
  BERA: 'berachain-bera',
  HYPE: 'hyperliquid',
  FTM: 'fantom',
  METIS: 'metis-token',
  GLMR: 'moonbeam',
  CRO: 'crypto-com-chain',
  RON: 'ronin',
  LTC: 'litecoin',
  DOGE: 'dogecoin',
  BCH: 'bitcoin-cash',
  ZEC: 'zcash',
  DASH: 'dash',
  SUI: 'sui',
  APT: 'aptos',
  STRK: 'starknet',
  TRX: 'tron',
  TON: 'the-open-network',
  XLM: 'stellar',
  ADA: 'cardano',
  XRP: 'ripple',
  NEAR: 'near',
  ALGO: 'algorand',
  DOT: 'polkadot',
  INJ: 'injective-protocol',
  OSMO: 'osmosis',
  ATOM: 'cosmos',
};

/**
 * Dollar stablecoins held at exactly 1 USD. A depeg of a few tenths of a percent moves a 10 USD cap
 * by cents, while a price API outage would otherwise waive every fee on the most bridged assets.
 */
export const PINNED_STABLECOINS: ReadonlySet<string> = new Set(['USDC', 'USDT', 'USDT0', 'USDC.E', 'USDBC', 'DAI', 'XDAI', 'USDS', 'PYUSD']);
