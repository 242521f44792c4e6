import { isIP } from 'node:net';
import { canonicalAddress } from '../domain/addresses/canonicalAddress.ts';
import { isValidAddress } from '../domain/addresses/isValidAddress.ts';
import { chainInfo, isChainKey, type ChainKey } from '../domain/chains.ts';
import { AppError } from '../domain/errors.ts';
import { sameAddress } from '../domain/addresses/sameAddress.ts';
import { HYPERCORE_TOKEN_SYMBOLS, tokensOn, type TokenInfo } from '../domain/tokens.ts';
import { TRADE_TYPES, type TradeType } from '../venues/Venue.ts';
import type { TokenDirectory, TokenSource } from './tokens/tokenDirectory.ts';

/** The quote body as the HTTP schema admits it (shapes checked, meaning not yet). */
export interface QuoteBody {
  readonly fromChain: string;
  readonly toChain: string;
  readonly fromToken: string | null;
  readonly toToken: string | null;
  readonly amountAtomic: string;
  readonly sender: string;
  readonly recipient: string;
  readonly referralWallet?: string | undefined;
  readonly referralBps?: number | undefined;
  readonly privacy?: boolean | undefined;
  readonly userIp?: string | undefined;
  readonly tradeType?: string | undefined;
}

/** A quote request whose every field has been checked against the chains it names. */
export interface QuoteInput {
  readonly fromChain: ChainKey;
  readonly toChain: ChainKey;
  readonly fromToken: TokenInfo;
  readonly toToken: TokenInfo;
  /** Where each token was found (docs/tokens.md): prices are looked up by symbol, so only for the registry's and the public list's. */
  readonly tokenSources: { readonly fromToken: TokenSource; readonly toToken: TokenSource };
  /** EXACT_IN: what the sender sends. EXACT_OUT: no bound (`UNBOUNDED_INPUT`); each row says what it takes. */
  readonly amountIn: bigint;
  readonly tradeType: TradeType;
  /** EXACT_OUT: what the recipient receives, exactly; `null` otherwise. */
  readonly exactOut: bigint | null;
  readonly sender: string;
  readonly recipient: string;
  readonly referral: { readonly wallet: string; readonly bps: number } | null;
  readonly privacy: boolean;
  readonly userIp: string | null;
}

/**
 * The input bound of an exact-output quote: the venue decides the input, so none is set beyond what
 * any balance could hold. Build replaces it with the row's quoted input plus a small drift.
 */
export const UNBOUNDED_INPUT = 2n ** 256n - 1n;

/** No chain Strait serves holds a balance wider than a uint256. */
const MAX_UINT256 = 2n ** 256n - 1n;
const AMOUNT = /^[1-9][0-9]{0,77}$/;

/**
 * Checks meaning, in the order a caller would fix things, each failure a precise 400. Tokens resolve
 * through the directory (registry, public list, venues' lists, the chain's RPC: docs/tokens.md); one
 * found beyond the registry must be served by some enabled venue on this corridor.
 */
export async function parseQuoteInput(body: QuoteBody, tokens: Pick<TokenDirectory, 'resolve' | 'priced'>): Promise<QuoteInput> {
  if (!isChainKey(body.fromChain) || !isChainKey(body.toChain)) throw new AppError('invalid_request', 'unknown chain key', { details: { issues: [{ path: !isChainKey(body.fromChain) ? '/fromChain' : '/toChain', message: 'must be a chain key of GET /bridge/source-chains' }] } });
  const fromChain = body.fromChain;
  const toChain = body.toChain;
  if (fromChain === toChain) throw new AppError('same_chain', `fromChain and toChain are both ${fromChain}`);
  const from = await tokens.resolve(fromChain, body.fromToken, 'fromToken');
  if (!from) throw new AppError('unknown_token', `${body.fromToken} is not a known token on ${fromChain}`, { details: { field: 'fromToken' } });
  const to = await tokens.resolve(toChain, body.toToken, 'toToken');
  if (!to && toChain === 'hypercore') throw new AppError('unknown_token', `toToken on hypercore is ${HYPERCORE_TOKEN_SYMBOLS.map((symbol) => `"${symbol}"`).join(' or ')} (or the spot token id), not ${JSON.stringify(body.toToken)}`, { details: { field: 'toToken', accepted: [...HYPERCORE_TOKEN_SYMBOLS] } });
  if (!to) throw new AppError('unknown_token', `${body.toToken} is not a known token on ${toChain}`, { details: { field: 'toToken' } });
  const fromToken = from.token;
  const toToken = to.token;
  // A registry token keeps today's answer (each venue's typed rejection); one found beyond it is
  // accepted only where some venue would price it, or the quote could only come back empty.
  const unpriced = from.source !== 'registry' ? { field: 'fromToken', token: fromToken } : to.source !== 'registry' ? { field: 'toToken', token: toToken } : null;
  if (unpriced && !tokens.priced({ fromChain, toChain, fromToken, toToken })) {
    const { field, token } = unpriced;
    throw new AppError('token_not_priced', `no enabled venue prices ${token.address ?? token.symbol} (${token.symbol}) on ${token.chain} from ${fromChain} to ${toChain}`, { details: { field, chain: token.chain, address: token.address } });
  }
  if (!AMOUNT.test(body.amountAtomic) || BigInt(body.amountAtomic) > MAX_UINT256) throw new AppError('invalid_amount', 'amountAtomic must be a positive integer string of at most 78 digits and at most 2^256 − 1, in the token\'s atomic units');
  if (!isValidAddress(fromChain, body.sender)) throw new AppError('invalid_sender', `sender is not a valid ${chainInfo(fromChain).name} address`);
  // No one holds the key of the zero address: nothing it "sends" can be signed.
  if (isZeroAddress(fromChain, body.sender)) throw new AppError('invalid_sender', 'sender is the zero address, which no wallet can sign for', { details: { sender: body.sender } });
  if (!isValidAddress(toChain, body.recipient)) throw new AppError('invalid_recipient', `recipient is not a valid ${chainInfo(toChain).name} address`);
  const unreceiving = unreceivingAddress(toChain, [toToken, fromToken], body.recipient);
  if (unreceiving) throw new AppError('invalid_recipient', `recipient is ${unreceiving}: what the transfer delivers there is burnt or stranded for good`, { details: { recipient: body.recipient } });
  const referral = parseReferral(fromChain, fromToken, body.referralWallet, body.referralBps);
  if (body.userIp !== undefined && isIP(body.userIp) === 0) throw new AppError('invalid_user_ip', 'userIp must be an IPv4 or IPv6 address');
  const tradeType = (body.tradeType ?? 'EXACT_IN') as TradeType;
  if (!TRADE_TYPES.includes(tradeType)) throw new AppError('invalid_request', `tradeType must be one of ${TRADE_TYPES.join(', ')}`, { details: { issues: [{ path: '/tradeType', message: `must be one of ${TRADE_TYPES.join(', ')}` }] } });
  const exact = tradeType === 'EXACT_OUT';
  return {
    fromChain,
    toChain,
    fromToken,
    toToken,
    tokenSources: { fromToken: from.source, toToken: to.source },
    amountIn: exact ? UNBOUNDED_INPUT : BigInt(body.amountAtomic),
    tradeType,
    exactOut: exact ? BigInt(body.amountAtomic) : null,
    sender: canonicalAddress(fromChain, body.sender),
    recipient: canonicalAddress(toChain, body.recipient),
    referral,
    privacy: body.privacy ?? false,
    userIp: body.userIp ?? null,
  };
}

function parseReferral(fromChain: ChainKey, fromToken: TokenInfo, given: string | undefined, bps: number | undefined): QuoteInput['referral'] {
  if (given === undefined && bps === undefined) return null;
  if (given === undefined || bps === undefined) throw new AppError('referral_incomplete', 'referralWallet and referralBps must be given together');
  if (!Number.isInteger(bps) || bps < 0 || bps > 15) throw new AppError('invalid_referral_bps', 'referralBps must be an integer from 0 to 15');
  if (!isValidAddress(fromChain, given)) throw new AppError('invalid_referral_wallet', `referralWallet is not a valid address on ${chainInfo(fromChain).name}, the source chain`);
  const wallet = canonicalAddress(fromChain, given);
  const unpayable = unreceivingAddress(fromChain, [fromToken], wallet);
  if (unpayable) throw new AppError('invalid_referral_wallet', `referralWallet is ${unpayable}: a fee step paying it would burn the share or revert and break the whole bundle`, { details: { referralWallet: wallet } });
  return { wallet, bps };
}

/**
 * Addresses that are valid but cannot receive funds: the zero address (Solana's System Program
 * id, the all-zero key) burns them or is refused by the token, and a token contract makes a
 * `transfer` to it revert in USDT-style tokens and strands the funds in the rest.
 */
const ZERO_ADDRESSES: Partial<Record<string, string>> = { evm: '0x0000000000000000000000000000000000000000', svm: '11111111111111111111111111111111' };

function isZeroAddress(chain: ChainKey, address: string): boolean {
  const zero = ZERO_ADDRESSES[chainInfo(chain).vm];
  return zero !== undefined && sameAddress(chain, zero, address);
}

/**
 * Why `address` on `chain` cannot receive funds, or `null`. `tokens` are the quote's own tokens,
 * which may be ones found beyond the registry; those of another chain of the same VM count too,
 * since a contract address holds no key on any chain (and often the same contract is deployed there).
 */
function unreceivingAddress(chain: ChainKey, tokens: readonly TokenInfo[], address: string): string | null {
  if (isZeroAddress(chain, address)) return 'the zero address';
  const vm = chainInfo(chain).vm;
  const token = [...tokens.filter((t) => chainInfo(t.chain).vm === vm), ...tokensOn(chain)].find((t) => t.address !== null && sameAddress(chain, t.address, address));
  return token ? `the ${token.symbol} token contract on ${chainInfo(token.chain).name}` : null;
}
