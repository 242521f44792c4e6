/**
 * Tokens whose `approve` reverts when both the current and the new allowance are non-zero (USDT's
 * original Ethereum contract): an allowance must be set to zero before it is changed.
 */
const ZERO_RESET_TOKENS: ReadonlySet<string> = new Set(['1:0xdac17f958d2ee523a2206206994597c13d831ec7']);

export function needsZeroReset(chainId: number, token: string): boolean {
  return ZERO_RESET_TOKENS.has(`${chainId}:${token.toLowerCase()}`);
}
