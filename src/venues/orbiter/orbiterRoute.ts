import { getAddress, isAddress, zeroAddress, type Address } from 'viem';
import { decimalToAtomic } from '../../domain/amounts.ts';
import { codedAmount, isOrbiterCode, type CodedAmount, type OrbiterCode } from './orbiterAmountCode.ts';
import type { OrbiterRouter } from './orbiterSchemas.ts';

/**
 * A maker route of Orbiter's API read into what a payment needs, every field checked: the route an
 * adapter would quote on and build from. Orbiter's answers are untrusted, so a route that names
 * another corridor, a token, no EVM maker, a code the amount cannot carry, or a state other than
 * `available` is refused, never repaired. Native coins only: a token route pays through the token
 * contract and is not read here.
 */
export interface MakerRoute {
  readonly line: string;
  readonly sourceChainId: number;
  readonly destinationChainId: number;
  /** Paid on the source; pays on the destination. */
  readonly maker: Address;
  readonly code: OrbiterCode;
  /** The route's limits in atomic units, the minimum rounded up and the maximum down. */
  readonly minAmount: bigint;
  readonly maxAmount: bigint;
  /** Seconds the maker takes to pay, when the route says. */
  readonly seconds: number | null;
}

export interface RouteAsked {
  readonly sourceChainId: number;
  readonly destinationChainId: number;
  /** Decimals of the native coin, the same on both sides of an ETH/ETH line. */
  readonly decimals: number;
}

export type RouteReading = { readonly ok: true; readonly route: MakerRoute } | { readonly ok: false; readonly reason: string };

const isNative = (token: string) => token.toLowerCase() === zeroAddress;
const CODE_STEP = 10_000n;

export function readMakerRoute(router: OrbiterRouter, asked: RouteAsked): RouteReading {
  if (router.srcChain !== String(asked.sourceChainId) || router.tgtChain !== String(asked.destinationChainId)) {
    return { ok: false, reason: `the route ${router.line} serves ${router.srcChain} → ${router.tgtChain}, not ${asked.sourceChainId} → ${asked.destinationChainId}` };
  }
  if (!router.line.startsWith(`${router.srcChain}/${router.tgtChain}-`)) return { ok: false, reason: `the route's line ${router.line} names other chains than its srcChain/tgtChain` };
  if (!isNative(router.srcToken) || !isNative(router.tgtToken)) return { ok: false, reason: `the route ${router.line} moves a token, not the native coin` };
  if (router.state !== 'available') return { ok: false, reason: `the route ${router.line} is ${router.state}` };
  if (!isAddress(router.endpoint, { strict: false }) || router.endpoint.toLowerCase() === zeroAddress) return { ok: false, reason: `the route's maker ${router.endpoint} is not an EVM address` };
  // A code of another form (Orbiter's docs also show five-digit ones) would overwrite digits the user meant to send.
  if (!isOrbiterCode(router.vc)) return { ok: false, reason: `the route's code ${router.vc} is not four digits 9000–9999` };
  const minAmount = decimalToAtomic(router.minAmt, asked.decimals, 'up');
  const maxAmount = decimalToAtomic(router.maxAmt, asked.decimals, 'down');
  if (minAmount === null || maxAmount === null || minAmount > maxAmount) return { ok: false, reason: `the route's limits ${router.minAmt}–${router.maxAmt} are not a range` };
  return {
    ok: true,
    route: {
      line: router.line,
      sourceChainId: asked.sourceChainId,
      destinationChainId: asked.destinationChainId,
      maker: getAddress(router.endpoint),
      code: router.vc,
      minAmount,
      maxAmount,
      seconds: router.spentTime ?? null,
    },
  };
}

/**
 * A plain native transfer to the maker: the only shape of payment this module makes. Its value is a
 * `CodedAmount`, so it cannot be built from an amount that does not carry the route's code. The maker
 * pays the same address on the destination, so it serves a transfer whose recipient is its sender.
 */
export interface MakerPayment {
  readonly chainId: number;
  readonly to: Address;
  readonly value: CodedAmount;
}

export type PaymentReading = { readonly ok: true; readonly payment: MakerPayment } | { readonly ok: false; readonly code: 'below_min' | 'above_max'; readonly reason: string };

/**
 * The largest amount carrying the route's code that is not above `amount`: a build may take less
 * than the user asked to send, never more (StepsPlan.amountIn), so a code above the amount's last
 * four digits is carried by the next 10⁴ down.
 */
export function makerPayment(route: MakerRoute, amount: bigint): PaymentReading {
  let value: CodedAmount;
  try {
    value = codedAmount(amount, route.code);
    if (value > amount) value = codedAmount(amount - CODE_STEP, route.code);
  } catch (error) {
    return { ok: false, code: 'below_min', reason: (error as Error).message };
  }
  if (value < route.minAmount) return { ok: false, code: 'below_min', reason: `${value} is below the route's minimum ${route.minAmount}` };
  if (value > route.maxAmount) return { ok: false, code: 'above_max', reason: `${value} is above the route's maximum ${route.maxAmount}` };
  return { ok: true, payment: { chainId: route.sourceChainId, to: route.maker, value } };
}
