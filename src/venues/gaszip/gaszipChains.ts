import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { shortIdOf, type GaszipShortId } from './gaszipCalldata.ts';

/**
 * The chains Strait routes through Gas.zip: native chain id (its API's), Gas.zip short id (what the
 * deposit data carries), and whether it takes deposits there. Gas.zip moves native gas only.
 *
 * Short ids: Arbitrum 57 and Optimism 55 are proven by the calldata of Gas.zip's own API examples
 * (fixtures/real/); Ethereum 255, BNB 14, Polygon 17, Gnosis 16 and Avalanche 15 come from an
 * integrator's table (tornado-core's `gasZipID`), Base 54 from an integration's tests, zkSync 51 from
 * Gas.zip's Direct Deposit snippet, Sei 246 from a recorded deposit answer (fixtures/real/: its
 * `shorts` names 246 and its outbound pays on 1329; outbound only — no inbound list names Sei). The adapter never trusts the table alone: at quote it encodes the
 * deposit data itself and refuses the route unless Gas.zip's own `calldata` is the same bytes.
 *
 * Direct Deposit address: one address on every EVM deposit chain (gasdotzip/documentation,
 * data/gas/inboundChains.ts).
 */
export const DIRECT_DEPOSIT_ADDRESS = '0x391E7C679d29bD940d63be94AD22A25d25b5A604' as const;

export interface GaszipChain {
  readonly chain: ChainKey;
  readonly chainId: number;
  readonly short: GaszipShortId;
  /** Gas.zip takes Direct Deposits on this chain (its inbound list). */
  readonly inbound: boolean;
}

function entry(chain: ChainKey, short: number, inbound: boolean): GaszipChain {
  const chainId = chainInfo(chain).chainId;
  if (chainId === null) throw new Error(`${chain} has no EVM chain id`);
  return { chain, chainId, short: shortIdOf(short), inbound };
}

export const GASZIP_CHAINS: readonly GaszipChain[] = [
  entry('ethereum', 255, true),
  entry('arbitrum', 57, true),
  entry('optimism', 55, true),
  entry('base', 54, true),
  entry('bnb', 14, true),
  entry('polygon', 17, true),
  entry('avalanche', 15, true),
  entry('gnosis', 16, true),
  entry('zksync', 51, true),
  entry('sei', 246, false),
];

export function gaszipChainOf(chain: string): GaszipChain | undefined {
  return GASZIP_CHAINS.find((c) => c.chain === chain);
}

export function gaszipChainById(chainId: number): GaszipChain | undefined {
  return GASZIP_CHAINS.find((c) => c.chainId === chainId);
}

export function gaszipChainByShort(short: number): GaszipChain | undefined {
  return GASZIP_CHAINS.find((c) => c.short === short);
}
