import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { resolveToken } from '../domain/tokens.ts';
import type { EvmStep } from '../domain/steps.ts';
import type { RegisteredVenue } from '../venues/createVenueRegistry.ts';
import type { VenueBuildPlan } from '../venues/Venue.ts';
import { boundedNativeFee } from './buildTransfer.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { whyNotAllowed, type StepRules } from './vetSteps.ts';

/**
 * A venue's native fee beside the amount (a LayerZero message, Axelar gas): allowed on the main call
 * up to exactly what the build declared and bounded, never on any other step, never more.
 */
const POOL = '0x00000000000000000000000000000000000000aa' as Address;
const usdc = resolveToken('base', 'USDC')!;
const eth = resolveToken('base', null)!;
const rules = (nativeFee: bigint, native = false): StepRules => ({
  venue: 'pool',
  allowList: { calls: [{ chainId: 8453, to: POOL, selectors: 'any' }], transferRecipients: [] },
  chainId: 8453,
  sourceToken: native ? eth : usdc,
  amountIn: 1_000_000n,
  depositAddress: null,
  feeRecipients: [],
  nativeFee,
});
const call = (value: bigint, step: EvmStep['step'] = 'main'): EvmStep => ({ vm: 'evm', step, chainId: 8453, to: POOL, data: '0x12345678' as Hex, value });

describe('native fee beside the amount', () => {
  it('lets a token transfer\'s main call carry at most the declared fee', () => {
    expect(whyNotAllowed(call(0n), rules(0n))).toBeNull();
    expect(whyNotAllowed(call(1n), rules(0n))).toMatch(/native units/);
    expect(whyNotAllowed(call(5_000n), rules(5_000n))).toBeNull();
    expect(whyNotAllowed(call(5_001n), rules(5_000n))).toMatch(/native fee of 5000/);
  });

  it('lets a native transfer carry the amount plus the fee, not more', () => {
    expect(whyNotAllowed(call(1_005_000n), rules(5_000n, true))).toBeNull();
    expect(whyNotAllowed(call(1_005_001n), rules(5_000n, true))).toMatch(/native units/);
    expect(whyNotAllowed(call(1_000_001n), rules(0n, true))).toMatch(/native units/);
  });

  it('never lets an approve or a fee step carry it', () => {
    const approve: EvmStep = { vm: 'evm', step: 'approve', chainId: 8453, to: usdc.address as Address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [POOL, 1_000_000n] }), value: 1n };
    expect(whyNotAllowed(approve, rules(5_000n))).toMatch(/alongside a token transfer/);
  });
});

describe('boundedNativeFee', () => {
  const deps = (usd: number | null, cap?: number) => ({ prices: { usdPrice: async () => (usd === null ? null : { usd, source: 'fixed', asOf: 0 }) }, settings: { ...(cap !== undefined ? { maxNativeFeeUsd: cap } : {}) } }) as unknown as EngineDeps;
  const refusals: string[] = [];
  const registered = { health: { recordRefusal: (why: string) => refusals.push(why) } } as unknown as RegisteredVenue;
  const plan = (nativeFee?: bigint): VenueBuildPlan => ({ shape: 'steps', steps: [], approval: null, amountOut: 1n, minAmountOut: 1n, context: {}, ...(nativeFee !== undefined ? { nativeFee } : {}) });

  it('is 0 when the plan declares none', async () => {
    expect(await boundedNativeFee(deps(null), registered, plan(), 'base', 'pool')).toBe(0n);
  });

  it('passes a fee under the USD bound (20 by default) and refuses one above it, marking the venue', async () => {
    // 0.005 ETH at 3000 USD = 15 USD.
    expect(await boundedNativeFee(deps(3000), registered, plan(5n * 10n ** 15n), 'base', 'pool')).toBe(5n * 10n ** 15n);
    await expect(boundedNativeFee(deps(3000), registered, plan(10n ** 16n), 'base', 'pool')).rejects.toMatchObject({ code: 'unsafe_venue_answer' });
    await expect(boundedNativeFee(deps(3000, 10), registered, plan(5n * 10n ** 15n), 'base', 'pool')).rejects.toMatchObject({ code: 'unsafe_venue_answer' });
    expect(refusals.length).toBe(2);
  });

  it('refuses a fee it cannot value', async () => {
    await expect(boundedNativeFee(deps(null), registered, plan(1n), 'base', 'pool')).rejects.toMatchObject({ code: 'unsafe_venue_answer', details: { nativeFeeAtomic: '1' } });
  });
});
