import { decodeFunctionData, pad, parseAbi, type Address, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import type { ChainKey } from '../../domain/chains.ts';
import type { Corridor, CoverageAnswer } from '../Venue.ts';
import { acrossChain, type AcrossChain } from './acrossChains.ts';

/**
 * Across's direct credit of a Hyperliquid account (docs.across.to, "HyperCore"; across-protocol/
 * frontend `api/_bridges/cctp-sponsored/`): only through the Swap API (`GET /swap/approval`), only USDC
 * in, and only to the account's **spot** USDC balance, the token Across calls `USDC-SPOT` on chain
 * 1337. The route is CCTP, not the SpokePool: the wallet calls Across's `SponsoredCCTPSrcPeriphery`
 * on the origin (`depositForBurn(quote, signature)`, a quote Across signs), Circle mints on HyperEVM
 * and Across's destination periphery credits HyperCore. Perps USDC is not offered: Across's HyperCore
 * token list has USDC-SPOT, USDT-SPOT and USDH-SPOT only.
 */

/** HyperCore's chain id in Across's API (`CHAIN_IDs.HYPERCORE`). */
export const ACROSS_HYPERCORE_CHAIN_ID = 1337;
/** `USDC-SPOT` on HyperCore: the system address of spot token 0 (`TOKEN_SYMBOLS_MAP["USDC-SPOT"]`). */
export const ACROSS_HYPERCORE_USDC_SPOT: Address = '0x2000000000000000000000000000000000000000';
/** Decimals Across counts USDC-SPOT in (HyperCore's wei decimals); Strait counts it in 6. */
export const ACROSS_HYPERCORE_DECIMALS = 8;
/** Circle's CCTP domain of HyperEVM, where the burn must mint before HyperCore is credited. */
export const HYPEREVM_CCTP_DOMAIN = 19;

/**
 * The `SponsoredCCTPSrcPeriphery` the wallet calls on each origin, pinned from across-protocol/contracts
 * `broadcast/deployed-addresses.md` (and its `broadcast/DeploySponsoredCCTPSrcPeriphery.s.sol/<chain>`
 * runs), never from an API answer.
 */
const SRC_PERIPHERY: Readonly<Partial<Record<ChainKey, Address>>> = {
  ethereum: '0x6769155b16F25D317819eFef011E0A50A48e83c5',
  optimism: '0x4d11A23E4408eF08Ae1216B3917560e0001CD000',
  polygon: '0x6005CD9f10c0Dc654445f138350b2FA7370BE42d',
  base: '0xa30968D3468316D957B9115EAad3C1c8E450116d',
  arbitrum: '0xc9c54d789ebc18169d942E781C75bb4e3D19a27b',
};

/** The periphery's only entry point (across-protocol/frontend `cctp-sponsored/utils/abi.ts`). */
export const sponsoredCctpSrcPeripheryAbi = parseAbi([
  'struct SponsoredCCTPQuote { uint32 sourceDomain; uint32 destinationDomain; bytes32 mintRecipient; uint256 amount; bytes32 burnToken; bytes32 destinationCaller; uint256 maxFee; uint32 minFinalityThreshold; bytes32 nonce; uint256 deadline; uint256 maxBpsToSponsor; uint256 maxUserSlippageBps; bytes32 finalRecipient; bytes32 finalToken; uint8 executionMode; bytes actionData; }',
  'function depositForBurn(SponsoredCCTPQuote quote, bytes signature)',
]);

/** An origin Across credits HyperCore from: a chain of the table with USDC and a pinned periphery. */
export interface HyperCoreOrigin {
  readonly chain: AcrossChain;
  readonly usdc: Address;
  readonly periphery: Address;
}

export function hyperCoreOrigin(key: ChainKey): HyperCoreOrigin | undefined {
  const chain = acrossChain(key);
  const periphery = SRC_PERIPHERY[key];
  const usdc = chain?.tokens.USDC;
  return chain && periphery && usdc ? { chain, usdc, periphery } : undefined;
}

/** Every origin with a pinned periphery, for the allow-list. */
export const HYPERCORE_ORIGINS: readonly HyperCoreOrigin[] = (Object.keys(SRC_PERIPHERY) as ChainKey[]).flatMap((key) => hyperCoreOrigin(key) ?? []);

/**
 * Whether Across credits this corridor to HyperCore, from the static tables: USDC of an origin with a
 * pinned periphery, to `USDC (spot)`. `USDC (perps)` is refused as a token Across does not credit.
 */
export function hyperCoreSupport(corridor: Corridor): CoverageAnswer {
  const origin = hyperCoreOrigin(corridor.fromChain);
  if (!origin) return { served: false, code: 'route_not_served', message: `Across does not credit HyperCore from ${corridor.fromChain}` };
  if (corridor.fromToken.address === null || corridor.fromToken.address.toLowerCase() !== origin.usdc.toLowerCase()) {
    return { served: false, code: 'token_not_supported', message: `Across credits HyperCore from USDC only, not ${corridor.fromToken.symbol}` };
  }
  if (corridor.toToken.address === null) {
    return { served: false, code: 'token_not_supported', message: "Across credits HyperCore's spot USDC balance only (USDC-SPOT), never USDC (perps)" };
  }
  if (corridor.toToken.symbol !== 'USDC (spot)') {
    return { served: false, code: 'token_not_supported', message: `Across does not credit ${corridor.toToken.symbol} on HyperCore` };
  }
  return { served: true };
}

/** Strait's 6-decimal amount of an 8-decimal USDC-SPOT amount, rounded down. */
export function spotToStrait(amount: bigint, venueDecimals: number = ACROSS_HYPERCORE_DECIMALS, straitDecimals = 6): bigint {
  if (venueDecimals >= straitDecimals) return amount / 10n ** BigInt(venueDecimals - straitDecimals);
  return amount * 10n ** BigInt(straitDecimals - venueDecimals);
}

const bytes32 = (address: string): Hex => pad(address.toLowerCase() as Hex, { size: 32 });

/**
 * The allow-list check of a periphery call, run at build and again at submit: `depositForBurn` of
 * exactly the transfer's amount of its source token, minting on HyperEVM, crediting its recipient,
 * without native value. Returns why the call does not match, or `null`.
 */
export function depositForBurnProblem(data: Hex, value: bigint, intent: CallIntent): string | null {
  if (value !== 0n) return 'a USDC depositForBurn sends no native value';
  let quote;
  try {
    const decoded = decodeFunctionData({ abi: sponsoredCctpSrcPeripheryAbi, data });
    if (decoded.functionName !== 'depositForBurn') return `calls ${decoded.functionName}`;
    quote = decoded.args[0];
  } catch {
    return 'calldata does not decode as depositForBurn';
  }
  if (quote.amount !== intent.amount) return `burns ${quote.amount}, not ${intent.amount}`;
  if (intent.sourceToken === null || quote.burnToken.toLowerCase() !== bytes32(intent.sourceToken)) return 'burns another token than the source token';
  if (quote.destinationDomain !== HYPEREVM_CCTP_DOMAIN) return `mints on CCTP domain ${quote.destinationDomain}, not HyperEVM`;
  if (!/^0x[0-9a-fA-F]{40}$/.test(intent.recipient) || quote.finalRecipient.toLowerCase() !== bytes32(intent.recipient)) return 'credits another account than the recipient';
  return null;
}
