import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { AppError } from '../domain/errors.ts';
import { resolveToken, type TokenInfo } from '../domain/tokens.ts';
import type { Corridor } from '../venues/Venue.ts';
import { parseQuoteInput, type QuoteBody } from './quoteInput.ts';
import type { ResolvedToken, TokenDirectory } from './tokens/tokenDirectory.ts';

const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const UNI: TokenInfo = { chain: 'ethereum', symbol: 'UNI', address: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', decimals: 18 };
const body = (over: Partial<QuoteBody>): QuoteBody => ({ fromChain: 'ethereum', toChain: 'base', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '1000000', sender: SENDER, recipient: SENDER, ...over });

/** A directory that knows the registry and UNI by address, and prices what `served` says. */
function directory(served: (corridor: Corridor) => boolean): Pick<TokenDirectory, 'resolve' | 'priced'> & { asked: Corridor[] } {
  const asked: Corridor[] = [];
  return {
    asked,
    resolve: async (chain, token): Promise<ResolvedToken | undefined> => {
      if (token?.toLowerCase() === UNI.address?.toLowerCase() && chain === 'ethereum') return { token: UNI, source: 'public_list' };
      const registered = resolveToken(chain, token);
      return registered ? { token: registered, source: 'registry' } : undefined;
    },
    priced: (corridor) => {
      asked.push(corridor);
      return served(corridor);
    },
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('parseQuoteInput tokens', () => {
  it('takes an address the directory resolves when some venue prices the corridor', async () => {
    const tokens = directory(() => true);
    const input = await parseQuoteInput(body({ fromToken: UNI.address }), tokens);
    expect(input.fromToken).toEqual(UNI);
    expect(tokens.asked).toHaveLength(1);
  });

  it('refuses it with token_not_priced naming field, chain and address when none does', async () => {
    const error = await refusal(parseQuoteInput(body({ fromToken: UNI.address }), directory(() => false)));
    expect(error.code).toBe('token_not_priced');
    expect(error.message).toContain(UNI.address as string);
    expect(error.details).toEqual({ field: 'fromToken', chain: 'ethereum', address: UNI.address });
  });

  it('leaves registry tokens to the venues\' own rejections, as before', async () => {
    const tokens = directory(() => false);
    expect((await parseQuoteInput(body({}), tokens)).toToken).toEqual(resolveToken('base', 'USDC'));
    expect(tokens.asked).toEqual([]);
  });

  it('refuses the referral wallet when it is the source token found beyond the registry', async () => {
    const error = await refusal(parseQuoteInput(body({ fromToken: UNI.address, referralWallet: UNI.address as string, referralBps: 5 }), directory(() => true)));
    expect(error.code).toBe('invalid_referral_wallet');
  });
});

describe('parseQuoteInput addresses', () => {
  it('keeps EVM addresses in their EIP-55 checksum form, whatever case they arrived in', async () => {
    const tokens = directory(() => true);
    for (const sender of [SENDER.toLowerCase(), SENDER.toUpperCase().replace('0X', '0x')]) {
      const input = await parseQuoteInput(body({ sender, recipient: sender, referralWallet: sender.replace(/2266$/, '2267'), referralBps: 5 }), tokens);
      expect(input.sender).toBe(SENDER);
      expect(input.recipient).toBe(SENDER);
      expect(input.referral?.wallet).toBe(getAddress(sender.replace(/2266$/, '2267').toLowerCase()));
      expect(input.referral?.wallet).not.toBe(input.referral?.wallet.toLowerCase());
    }
  });
});
