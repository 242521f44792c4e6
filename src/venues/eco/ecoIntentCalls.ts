import { decodeAbiParameters, decodeFunctionData, encodeFunctionData, erc20Abi, parseAbi, parseAbiParameters, toFunctionSelector, type Address, type Hex } from 'viem';
import { tokensOn } from '../../domain/tokens.ts';
import type { CallIntent } from '../allowList.ts';
import { ECO_PORTAL, ECO_PROVERS, ECO_SYMBOLS, ecoChainById } from './ecoChains.ts';

/**
 * The one call an Eco transfer makes: `Portal.publishAndFund(destination, route, reward, false)`,
 * which publishes the intent and pulls the reward tokens into its vault. The structs are those of
 * eco-routes' `Intent.sol` (Route: salt, deadline, portal, nativeAmount, tokens, calls; Reward:
 * deadline, creator, prover, nativeAmount, tokens; Call: target, data, value). The route travels as
 * ABI-encoded bytes (the quote's `encodedRoute`), so it is decoded here and read call by call: the
 * solver is repaid the reward once the prover attests that the route ran, so a route that pays
 * anyone else, or calls anything but the token being delivered, would let the user's funds go for
 * nothing.
 */
const portalAbi = parseAbi([
  'struct TokenAmount { address token; uint256 amount; }',
  'struct Reward { uint64 deadline; address creator; address prover; uint256 nativeAmount; TokenAmount[] tokens; }',
  'function publishAndFund(uint64 destination, bytes route, Reward reward, bool allowPartial) payable returns (bytes32 intentHash, address vault)',
]);

const ROUTE = parseAbiParameters('(bytes32 salt, uint64 deadline, address portal, uint256 nativeAmount, (address token, uint256 amount)[] tokens, (address target, bytes data, uint256 value)[] calls)');

/** 0xdf00f8fa, as Eco's own Portal ABI gives it (eco/routes-cli@b6b02a5afa8b732180245791ec2c008dac620324:src/commons/abis/portal.abi.ts). */
export const ECO_PORTAL_SELECTORS: readonly Hex[] = [toFunctionSelector('function publishAndFund(uint64,bytes,(uint64,address,address,uint256,(address,uint256)[]),bool)')];

export interface EcoTokenAmount {
  readonly token: Address;
  readonly amount: bigint;
}

export interface EcoRoute {
  readonly salt: Hex;
  readonly deadline: bigint;
  readonly portal: Address;
  readonly nativeAmount: bigint;
  readonly tokens: readonly EcoTokenAmount[];
  readonly calls: readonly { readonly target: Address; readonly data: Hex; readonly value: bigint }[];
}

export interface EcoReward {
  readonly deadline: bigint;
  readonly creator: Address;
  readonly prover: Address;
  readonly nativeAmount: bigint;
  readonly tokens: readonly EcoTokenAmount[];
}

export interface EcoPublish {
  readonly destination: bigint;
  readonly routeBytes: Hex;
  readonly route: EcoRoute;
  readonly reward: EcoReward;
  readonly allowPartial: boolean;
}

/** What a route delivers, when it is one plain ERC-20 transfer. */
export interface EcoDelivery {
  readonly token: Address;
  readonly recipient: Address;
  readonly amount: bigint;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Decodes the quote's `encodedRoute`; a string says why it is not a route. */
export function decodeEcoRoute(routeBytes: Hex): EcoRoute | string {
  try {
    const [route] = decodeAbiParameters(ROUTE, routeBytes);
    return route;
  } catch {
    return 'carries a route that does not decode as an Eco Route';
  }
}

export function encodeEcoPublish(destination: bigint, routeBytes: Hex, reward: EcoReward): Hex {
  return encodeFunctionData({ abi: portalAbi, functionName: 'publishAndFund', args: [destination, routeBytes, { ...reward, tokens: [...reward.tokens] }, false] });
}

/** Decodes a `publishAndFund` call and its route; a string says why it is not one Strait can read. */
export function decodeEcoPublish(data: Hex): EcoPublish | string {
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: portalAbi, data });
  } catch {
    return 'is not a Portal.publishAndFund call Strait can decode';
  }
  const [destination, routeBytes, reward, allowPartial] = decoded.args;
  const route = decodeEcoRoute(routeBytes);
  if (typeof route === 'string') return route;
  return { destination, routeBytes, route, reward, allowPartial };
}

/**
 * What the route delivers on `destinationChainId`, or why it is not a plain delivery: addressed to
 * the pinned Portal there, no native value, one call and one token, the call an ERC-20
 * `transfer(recipient, amount)` on a stablecoin of the destination's token registry, the token and
 * amount the solver is told to bring equal to what the call moves.
 */
export function ecoDelivery(route: EcoRoute, destinationChainId: number): EcoDelivery | string {
  if (!same(route.portal, ECO_PORTAL)) return `is addressed to the Portal ${route.portal} on the destination, not ${ECO_PORTAL}`;
  if (route.nativeAmount !== 0n) return `asks the solver for ${route.nativeAmount} native units on the destination`;
  const [call, ...moreCalls] = route.calls;
  if (!call || moreCalls.length > 0) return `runs ${route.calls.length} calls on the destination, not one transfer`;
  if (call.value !== 0n) return `sends ${call.value} native units with its destination call`;
  let transfer;
  try {
    transfer = decodeFunctionData({ abi: erc20Abi, data: call.data });
  } catch {
    return `calls ${call.target} on the destination with something else than an ERC-20 transfer`;
  }
  if (transfer.functionName !== 'transfer') return `calls ${transfer.functionName} on the destination, not transfer`;
  const [recipient, amount] = transfer.args;
  const chain = ecoChainById(destinationChainId);
  const known = chain ? tokensOn(chain.key).some((token) => token.address !== null && ECO_SYMBOLS.includes(token.symbol) && same(token.address, call.target)) : false;
  if (!known) return `transfers ${call.target} on the destination, not a stablecoin Strait knows there`;
  const [token, ...moreTokens] = route.tokens;
  if (!token || moreTokens.length > 0 || !same(token.token, call.target) || token.amount !== amount) return 'names other tokens or amounts for the solver to bring than its transfer moves';
  if (amount <= 0n) return 'transfers nothing on the destination';
  return { token: call.target, recipient, amount };
}

/**
 * Why a Portal call does not do what the transfer asked, or `null` when it does: a `publishAndFund`
 * without value or native reward, rewarding exactly the amount sent of the source token, naming a
 * pinned prover, refusing partial funding, for the requested destination chain, whose route pays
 * the recipient (ecoDelivery). The delivered token and amount are checked against the quote by the
 * adapter at build.
 */
export function whyNotEcoCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  const decoded = decodeEcoPublish(data);
  if (typeof decoded === 'string') return decoded;
  const { reward } = decoded;
  if (value !== 0n || reward.nativeAmount !== 0n) return `sends ${value} native units (native reward ${reward.nativeAmount}); Eco transfers here move ERC-20 tokens only`;
  if (intent.sourceToken === null) return 'rewards a token but the transfer moves the native asset';
  const [rewardToken, ...moreRewards] = reward.tokens;
  if (!rewardToken || moreRewards.length > 0) return `rewards ${reward.tokens.length} tokens, not the one sent`;
  if (!same(rewardToken.token, intent.sourceToken)) return `rewards ${rewardToken.token}, not the source token ${intent.sourceToken}`;
  if (rewardToken.amount !== intent.amount) return `rewards ${rewardToken.amount}, not the ${intent.amount} the transfer moves`;
  if (!ECO_PROVERS.some((prover) => same(prover, reward.prover))) return `names ${reward.prover} as prover, not one of Eco's pinned provers`;
  if (decoded.allowPartial) return 'allows partial funding';
  if (intent.destinationChainId === null || decoded.destination !== BigInt(intent.destinationChainId)) return `publishes for chain ${decoded.destination}, not the transfer's destination ${intent.destinationChainId ?? 'non-EVM'}`;
  const delivery = ecoDelivery(decoded.route, intent.destinationChainId);
  if (typeof delivery === 'string') return `its route ${delivery}`;
  if (!same(delivery.recipient, intent.recipient)) return `its route pays ${delivery.recipient}, not the recipient ${intent.recipient}`;
  return null;
}
