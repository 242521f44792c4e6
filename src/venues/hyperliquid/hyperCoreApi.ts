import type { TSchema } from 'typebox';
import type { Address } from 'viem';
import type { CallContext } from '../Venue.ts';
import type { VenueHttpClient } from '../venueHttpClient.ts';
import { parseUsdc, type SignedHyperCoreAction } from './hyperCoreActions.ts';
import {
  ClearinghouseStateAnswer,
  ExchangeAnswer,
  LedgerUpdatesAnswer,
  PreTransferCheckAnswer,
  SpotClearinghouseStateAnswer,
  UserRoleAnswer,
  isKnownDelta,
  type LedgerDelta,
} from './hyperCoreSchemas.ts';

/** A HyperCore account's two USDC balances, 6-decimal atomic: perps = `withdrawable`, spot = USDC `total − hold`. */
export interface HyperCoreBalances {
  readonly perps: bigint;
  readonly spot: bigint;
}

/**
 * One `userNonFundingLedgerUpdates` entry, read. `usdcAtomic` is the USDC the entry moved (6-decimal
 * atomic) or null when it moved another token or is of a type Strait does not read; `user` is the
 * sender and `destination` the receiver where the entry has them; `feeAtomic` is the USDC fee
 * ("1.0" on the transfer that created the destination); `raw` is the entry as the API sent it.
 */
export interface HyperCoreLedgerEntry {
  readonly time: number;
  readonly hash: string;
  readonly type: string;
  readonly usdcAtomic: bigint | null;
  readonly user: string | null;
  readonly destination: string | null;
  readonly feeAtomic: bigint | null;
  readonly nonce: number | null;
  readonly raw: unknown;
}

/** How `POST /exchange` answered a signed action: `err` moved nothing and carries the exchange's message. */
export type ExchangeOutcome = { readonly status: 'ok' } | { readonly status: 'err'; readonly message: string };

/** HyperCore's info and exchange API, over the shared venue client (every answer schema-checked). */
export interface HyperCoreApi {
  /** Whether the exchange has seen `user` (`userRole` is not `missing`): a new account costs its first sender the activation fee. */
  accountExists(user: Address, call: CallContext): Promise<boolean>;
  balances(user: Address, call: CallContext): Promise<HyperCoreBalances>;
  /** `user`'s ledger from `startTime` (ms) on, oldest first as the API sends it. */
  ledger(user: Address, startTime: number, call: CallContext): Promise<readonly HyperCoreLedgerEntry[]>;
  /**
   * Posts a signed action as is. A transport failure throws: the action may or may not have landed.
   * The shared client may resend it after a transient 5xx; an exact resend of an action that landed
   * is answered "Invalid nonce: duplicate nonce …" ({@link isDuplicateNonce}), so on that answer read
   * the ledger to know whether the transfer happened.
   */
  send(signed: SignedHyperCoreAction, call: CallContext): Promise<ExchangeOutcome>;
  /** The undocumented pre-transfer check of `destination` (its fee is always "0.0" in this form; see {@link PreTransferCheckAnswer}). */
  preTransferCheck(destination: Address, source: Address, call: CallContext): Promise<PreTransferCheckAnswer>;
}

/** Token index of USDC in spot balances (`spotMeta` token 0). */
const SPOT_USDC_INDEX = 0;

export function createHyperCoreApi(http: VenueHttpClient): HyperCoreApi {
  const info = <S extends TSchema>(body: Record<string, unknown>, schema: S, call: CallContext) => http.post('/info', body, schema, call);

  return {
    async accountExists(user, call) {
      const answer = await info({ type: 'userRole', user: user.toLowerCase() }, UserRoleAnswer, call);
      return answer.role !== 'missing';
    },
    async balances(user, call) {
      const [perps, spot] = await Promise.all([
        info({ type: 'clearinghouseState', user: user.toLowerCase() }, ClearinghouseStateAnswer, call),
        info({ type: 'spotClearinghouseState', user: user.toLowerCase() }, SpotClearinghouseStateAnswer, call),
      ]);
      return { perps: parseUsdc(perps.withdrawable), spot: spotUsdcOf(spot) };
    },
    async ledger(user, startTime, call) {
      const answer = await info({ type: 'userNonFundingLedgerUpdates', user: user.toLowerCase(), startTime }, LedgerUpdatesAnswer, call);
      return answer.map((entry) => ({ time: entry.time, hash: entry.hash, ...readDelta(entry.delta), raw: entry }));
    },
    async send(signed, call) {
      const answer = await http.post('/exchange', { action: signed.action, nonce: signed.nonce, signature: signed.signature }, ExchangeAnswer, call);
      return answer.status === 'ok' ? { status: 'ok' } : { status: 'err', message: answer.response };
    },
    preTransferCheck(destination, source, call) {
      return info({ type: 'preTransferCheck', user: destination.toLowerCase(), source: source.toLowerCase() }, PreTransferCheckAnswer, call);
    },
  };
}

/** Spot USDC free to send: `total − hold` of token 0 (or coin "USDC" where the answer names no token), never below 0. */
function spotUsdcOf(answer: SpotClearinghouseStateAnswer): bigint {
  const usdc = answer.balances.find((b) => (b.token === undefined ? b.coin === 'USDC' : b.token === SPOT_USDC_INDEX));
  if (!usdc || usdc.total.startsWith('-')) return 0n;
  const hold = usdc.hold.startsWith('-') ? 0n : parseUsdc(usdc.hold);
  const free = parseUsdc(usdc.total) - hold;
  return free > 0n ? free : 0n;
}

type DeltaFields = Pick<HyperCoreLedgerEntry, 'type' | 'usdcAtomic' | 'user' | 'destination' | 'feeAtomic' | 'nonce'>;

/** The fields of a delta Strait reads; a token other than USDC leaves `usdcAtomic` null. */
function readDelta(delta: LedgerDelta): DeltaFields {
  const none: DeltaFields = { type: delta.type, usdcAtomic: null, user: null, destination: null, feeAtomic: null, nonce: null };
  if (!isKnownDelta(delta)) return none;
  switch (delta.type) {
    case 'deposit':
    case 'accountClassTransfer':
      return { ...none, usdcAtomic: parseUsdc(delta.usdc) };
    case 'internalTransfer':
      return { ...none, usdcAtomic: parseUsdc(delta.usdc), user: delta.user, destination: delta.destination, feeAtomic: parseUsdc(delta.fee) };
    case 'subAccountTransfer':
      return { ...none, usdcAtomic: parseUsdc(delta.usdc), user: delta.user, destination: delta.destination };
    case 'withdraw':
      return { ...none, usdcAtomic: parseUsdc(delta.usdc), feeAtomic: delta.fee === undefined ? null : parseUsdc(delta.fee), nonce: delta.nonce ?? null };
    case 'spotTransfer':
    case 'send':
      return {
        ...none,
        usdcAtomic: isUsdcToken(delta.token) ? parseUsdc(delta.amount) : null,
        user: delta.user,
        destination: delta.destination,
        // The fee is in `feeToken` when one is named ("" or absent: USDC, as the real entries show).
        feeAtomic: delta.feeToken === undefined || delta.feeToken === '' || isUsdcToken(delta.feeToken) ? parseUsdc(delta.fee) : null,
        nonce: delta.nonce ?? null,
      };
  }
}

/** The ledger names spot USDC "USDC"; actions write it "USDC:<tokenId>". */
function isUsdcToken(token: string): boolean {
  return token === 'USDC' || token.startsWith('USDC:');
}

/**
 * Whether an exchange `err` refused the nonce itself: already used ("Invalid nonce: duplicate nonce
 * <n>") or too old ("Invalid nonce: nonce too low <n> < <bound>", past the 2-day window or under the
 * signer's 100 highest). This request did nothing; it does NOT say whether an earlier request under
 * the same nonce landed (a refused transfer spends its nonce too): read the ledger for that. Texts
 * measured on testnet (riftresearch/hypercore-simulator docs/observations.md), reported by users
 * (nomeida/hyperliquid#61).
 */
export function isNonceAlreadyUsed(message: string): boolean {
  return /^Invalid nonce: (duplicate nonce|nonce too low)\b/i.test(message.trim());
}

/** Whether an exchange `err` says exactly this nonce was admitted before (an exact replay is answered so). */
export function isDuplicateNonce(message: string): boolean {
  return /^Invalid nonce: duplicate nonce\b/i.test(message.trim());
}

/**
 * Whether an exchange `err` says the signer cannot pay: the principal ("Insufficient balance for
 * token transfer") or, principal covered, the activation fee on top ("Insufficient USDC balance for
 * token transfer gas."), both measured on testnet spot sends; withdrawals say "Insufficient balance
 * for withdrawal".
 */
export function isInsufficientBalance(message: string): boolean {
  return /^Insufficient\b.*\bbalance for\b/i.test(message.trim());
}

/**
 * Whether an exchange `err` says the signer's account does not exist ("Must deposit before
 * performing actions. User: <address>"). The address named is the one the exchange RECOVERED from
 * the signature, so this is also how a wrong signature shows: a random never-funded address.
 */
export function isMustDeposit(message: string): boolean {
  return /^Must deposit before performing actions\b/i.test(message.trim());
}
