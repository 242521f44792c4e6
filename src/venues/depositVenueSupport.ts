import { encodeFunctionData, erc20Abi, getAddress } from 'viem';
import { sameAddress } from '../domain/addresses/sameAddress.ts';
import { chainInfo, evmChainId, type ChainKey } from '../domain/chains.ts';
import type { EvmStep } from '../domain/steps.ts';
import type { TokenInfo } from '../domain/tokens.ts';
import { VenueRejection, type CoverageAnswer, type Corridor, type VenueCoverage, type VenueQuoteRequest } from './Venue.ts';

/**
 * What every deposit-address venue (1Click and the off-chain desks) shares: coverage answered from
 * its own chain and asset tables, the funding transfer a wallet signs on an EVM origin, and reading
 * the strings build stored in the venue context.
 */

export interface DepositCoverage<A> {
  /** The venue's display name, for messages. */
  readonly name: string;
  readonly served: (chain: ChainKey) => boolean;
  readonly assetOf: (token: TokenInfo) => A | undefined;
  /** Whether a transfer may stay on one chain (a private hop to a fresh address is a real use). */
  readonly sameChain?: boolean;
}

export function supportsFrom<A>(coverage: DepositCoverage<A>): (corridor: Corridor) => CoverageAnswer {
  return (corridor) => {
    const { fromChain, toChain } = corridor;
    if (!coverage.sameChain && fromChain === toChain) return { served: false, code: 'route_not_served', message: `${coverage.name} is priced for cross-chain transfers only here` };
    for (const chain of [fromChain, toChain]) {
      if (!coverage.served(chain)) return { served: false, code: 'route_not_served', message: `${coverage.name} does not serve ${chain}` };
    }
    for (const token of [corridor.fromToken, corridor.toToken]) {
      if (!coverage.assetOf(token)) return { served: false, code: 'token_not_supported', message: `${coverage.name} does not carry ${token.symbol} on ${token.chain}` };
    }
    return { served: true };
  };
}

/** Both sides' assets of a served corridor, or the typed refusal of `supportsFrom`. */
export function assetsOfCorridor<A>(coverage: DepositCoverage<A>, corridor: Corridor): { from: A; to: A } {
  const answer = supportsFrom(coverage)(corridor);
  if (!answer.served) throw new VenueRejection(answer.code, answer.message);
  const from = coverage.assetOf(corridor.fromToken);
  const to = coverage.assetOf(corridor.toToken);
  if (!from || !to) throw new VenueRejection('token_not_supported', `${coverage.name} does not carry this token pair`);
  return { from, to };
}

/** The transfer to the deposit address the wallet is expected to sign on an EVM origin; `null` elsewhere. */
export function fundingStepOf(request: VenueQuoteRequest, depositAddress: string, amount: bigint): EvmStep | null {
  if (chainInfo(request.fromChain).vm !== 'evm') return null;
  const chainId = evmChainId(request.fromChain);
  const to = getAddress(depositAddress);
  const token = request.fromToken.address;
  if (token === null) return { vm: 'evm', step: 'main', chainId, to, data: '0x', value: amount };
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
  return { vm: 'evm', step: 'main', chainId, to: getAddress(token), data, value: 0n };
}

export function badResponse(message: string, path: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path });
}

/** A venue asset-table entry: our chain key and contract address (`null` for the native asset). */
export interface TableAsset {
  readonly chain: ChainKey;
  readonly address: string | null;
}

/**
 * The entry of `table` for a token, matched by chain and contract (native by `null`); EVM addresses
 * compare as `sameAddress` does (hex families ignore case, base58 and the rest are exact).
 */
export function assetInTable<A extends TableAsset>(table: readonly A[], token: { readonly chain: string; readonly address: string | null }): A | undefined {
  const chain = token.chain as ChainKey;
  return table.find((a) => a.chain === chain && (a.address === null || token.address === null ? a.address === token.address : sameAddress(chain, a.address, token.address)));
}

/** The chains a table has at least one asset on: the only ones a corridor can use. */
export function chainsOfTable(table: readonly TableAsset[]): readonly ChainKey[] {
  return [...new Set(table.map((a) => a.chain))];
}

/** `coverage()` of a desk answered from its tables: the token symbols it carries from a served origin to a served destination. */
export function tableCoverage(origins: readonly ChainKey[], served: (chain: ChainKey) => boolean, symbolsOn: (chain: ChainKey) => readonly string[], options: { sameChain?: boolean } = {}): VenueCoverage {
  return {
    origins,
    tokenSymbols(fromChain, toChain) {
      if ((!options.sameChain && fromChain === toChain) || !served(fromChain) || !served(toChain)) return [];
      return symbolsOn(fromChain);
    },
  };
}
