import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import type { TokenInfo } from '../../domain/tokens.ts';
import type { EvmStep } from '../../domain/steps.ts';
import type { StepRules } from '../../engine/vetSteps.ts';
import type { CallIntent, VenueAllowList } from '../allowList.ts';

export interface AllowListRigParams {
  readonly venue: string;
  readonly allowList: VenueAllowList;
  readonly chainId: number;
  /** An ERC-20 source token (its address is what `approve` calls). */
  readonly sourceToken: TokenInfo;
  readonly amountIn: bigint;
  readonly intent: CallIntent;
  /** Where the venue's main call goes unless a test says otherwise. */
  readonly mainTo: Hex;
}

/**
 * For the allow-list tests of a calldata venue: the rules build and submit both hand `whyNotAllowed`
 * for a plain transfer (no deposit address, no fee wallets), and the source-chain steps to check
 * against them — the venue's main call and an approve of exactly the amount.
 */
export function allowListRig(params: AllowListRigParams) {
  const { venue, allowList, chainId, sourceToken, amountIn, intent, mainTo } = params;
  return {
    rules: (overrides: Partial<StepRules> = {}): StepRules => ({ venue, allowList, chainId, sourceToken, amountIn, depositAddress: null, feeRecipients: [], intent, ...overrides }),
    main: (data: Hex, to: Hex = mainTo, value = 0n): EvmStep => ({ vm: 'evm', step: 'main', chainId, to, data, value }),
    approve: (spender: Hex): EvmStep => ({ vm: 'evm', step: 'approve', chainId, to: sourceToken.address as Hex, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amountIn] }), value: 0n }),
  };
}
