import { readFileSync } from 'node:fs';
import { concat, createPublicClient, getAddress, http, keccak256, numberToHex, parseAbiItem, toHex, zeroAddress, type Address, type Hex } from 'viem';
import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { formatUsdc, recoverActionSigner, SPOT_USDC_TOKEN, type HyperCoreAction, type HyperCoreNetwork, type SignedHyperCoreAction } from './hyperCoreActions.ts';

/**
 * A loopback HyperCore: `POST /info` and `POST /exchange` in the real dialect, answering from the
 * real recorded answers of fixtures/real (synthetic/ where nobody recorded one), with a ledger of
 * perps and spot USDC per account.
 *
 * The exchange follows the order of checks measured on testnet (riftresearch/hypercore-simulator
 * docs/observations.md): the action's nonce against the request's, then the signer recovered from
 * the EIP-712 signature (a tampered action recovers some never-funded address: "Must deposit before
 * performing actions. User: <that address>"), then the nonce is admitted (2-day/1-day window, no
 * replay, above the 100th-highest), which spends it even when the transfer itself is then refused
 * (short balance, bad amount, self-send). The 1 USDC activation fee is charged to the SENDER, from
 * the balance the transfer draws on, when the transfer creates the destination account.
 *
 * With `bridge2`, it plays Bridge2 on a (sandbox) arbitrum chain: every USDC `Transfer` to the bridge
 * of at least 5 USDC credits the sender's perps balance, with a `deposit` ledger entry carrying the
 * arbitrum transaction hash; a smaller one credits nothing (lost, as on mainnet).
 */

/** The exchange's refusal texts; sources in fixtures/*\/SOURCES.json and the notes here. */
export const HYPERCORE_ERROR_TEXTS = {
  /** Recorded (nomeida/hyperliquid#77) and measured; names the RECOVERED signer, lower case. */
  mustDeposit: (user: string) => `Must deposit before performing actions. User: ${user}`,
  /** Measured on an exact replay; reported by users (nomeida/hyperliquid#61). */
  duplicateNonce: (nonce: number) => `Invalid nonce: duplicate nonce ${nonce}`,
  /** Measured: below the window or the 100th-highest admitted nonce, with the bound it missed. */
  nonceTooLow: (nonce: number, bound: number) => `Invalid nonce: nonce too low ${nonce} < ${bound}`,
  nonceTooHigh: (nonce: number, bound: number) => `Invalid nonce: nonce too high ${nonce} > ${bound}`,
  /** Measured for sendAsset (action nonce ≠ request nonce), checked before the signature; assumed the same for `time`. */
  nonceMismatch: 'Nonce mismatch.',
  /** Measured for spot sends whose principal the sender lacks; usdSend's own text is unrecorded, so it is reused. */
  insufficientBalance: 'Insufficient balance for token transfer',
  /** Measured: principal covered, principal + activation fee not (same-token gas is mandatory). */
  insufficientGas: 'Insufficient USDC balance for token transfer gas.',
  zeroAmount: 'Send amount cannot be zero',
  /** Measured for negative amounts and more decimals than the token has. */
  invalidDecimals: 'Invalid number of decimals',
  invalidDecimal: 'Invalid decimal number',
  /** Measured: a send to oneself is refused, not netted. */
  selfSend: 'Invalid send',
  unknownToken: (token: string) => `Unknown token ${token}`,
  /** Measured (all-zero signature), fixtures/real/exchange-err-unable-to-recover-signer.json. */
  unrecoverableSigner: 'Unable to recover signer.',
  /** Measured: HTTP 422 text/plain for a body that does not fit the request type. */
  undeserializable: 'Failed to deserialize the JSON body into the target type',
} as const;

/** What the fake charges a sender whose transfer creates the destination ("Activation gas fee"). */
export const FAKE_ACTIVATION_FEE = 1_000_000n;
/** Bridge2 credits nothing below this (hyperliquid docs, "Bridge2"). */
export const FAKE_BRIDGE2_MINIMUM = 5_000_000n;

/** Measured admission window: (now − 2 days, now + 1 day), each bound about 120 s inward. */
const NONCE_TOO_OLD_MS = 172_800_000 - 120_000;
const NONCE_TOO_NEW_MS = 86_400_000 - 120_000;
/** Only nonces above the 100th-highest admitted one are new (hyperliquid docs, "Nonces and API wallets"). */
const NONCE_SET_SIZE = 100;
/** The ledger answers at most this many entries of a window. */
const LEDGER_PAGE = 500;

export interface HyperCoreFakeOptions {
  /** The network whose actions this exchange takes (`hyperliquidChain`); Mainnet by default. */
  readonly network?: HyperCoreNetwork;
  /** Plays Bridge2: polls `rpcUrl` for USDC transfers to `bridge` every `pollMs` (1 s by default). */
  readonly bridge2?: { readonly rpcUrl: string; readonly usdc: Address; readonly bridge: Address; readonly pollMs?: number };
  /** The exchange's clock (ledger `time`, nonce window); Date.now by default. */
  readonly now?: () => number;
  /** Refuse nonces outside (now − 2 days, now + 1 day), as the exchange does; true by default. */
  readonly nonceWindow?: boolean;
  readonly port?: number;
}

export interface SentAction {
  /** The address recovered from the signature (the zero address when none could be). */
  readonly signer: Address;
  readonly action: unknown;
  readonly nonce: number;
  readonly accepted: boolean;
  /** The exchange's message when it refused. */
  readonly message?: string;
}

export interface HyperCoreFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /** Credits `user` (perps with a `deposit` ledger entry, spot without one); also makes the account exist. */
  fund(user: Address, p: { perpsAtomic?: bigint; spotAtomic?: bigint }): void;
  balances(user: Address): { perps: bigint; spot: bigint; exists: boolean };
  /** Every action posted to `/exchange` that could be read, in order. */
  sentActions(): readonly SentAction[];
  /** Bridge2 mode: reads the chain now instead of waiting for the next poll. */
  pollBridge2(): Promise<void>;
  /** Bridge2 mode: deposits under 5 USDC that were lost, as `txHash:logIndex`. */
  lostDeposits(): readonly string[];
}

type Json = Record<string, unknown>;

interface FakeAccount {
  perps: bigint;
  spot: bigint;
  exists: boolean;
  /** Set by the first admitted action (`userHasSentTx`), not by funding. */
  sent: boolean;
  readonly ledger: { readonly time: number; readonly hash: Hex; readonly delta: Json }[];
  readonly nonces: Set<number>;
}

const fixture = (name: string): URL => new URL(`./fixtures/${name}`, import.meta.url);
const arrayFixture = (name: string): Json[] => JSON.parse(readFileSync(fixture(name), 'utf8')) as Json[];

const USER_ROLE_USER = recordedAnswer(fixture('real/user-role-user-docs.json'));
const USER_ROLE_MISSING = recordedAnswer(fixture('real/user-role-missing-docs.json'));
const CLEARINGHOUSE = recordedAnswer(fixture('real/clearinghouse-state.json'));
const PRE_TRANSFER_CHECK = recordedAnswer(fixture('real/pre-transfer-check-existing-testnet.json'));
const SPOT_STATE = recordedAnswer(fixture('synthetic/spot-clearinghouse-state-usdc.json'));
const EXCHANGE_OK = recordedAnswer(fixture('synthetic/exchange-ok-default.json'));
const EXCHANGE_ERR = recordedAnswer(fixture('real/exchange-err-must-deposit.json'));
const [DEPOSIT_ENTRY, CLASS_TRANSFER_ENTRY, SPOT_TRANSFER_ENTRY] = arrayFixture('real/ledger-updates-deposit-class-spot.json') as [Json, Json, Json];
const [INTERNAL_TRANSFER_ENTRY] = arrayFixture('synthetic/ledger-updates-internal-transfer.json') as [Json];

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** USDC as the exchange writes it in answers and the ledger: at least one decimal ("12.0", "10.5"). */
function decimalOf(atomic: bigint): string {
  const text = formatUsdc(atomic);
  return text.includes('.') ? text : `${text}.0`;
}

/** A recorded entry's delta with the fake's values put in; a field the recorded delta lacks is a bug of the fake. */
function deltaFrom(entry: Json, values: Json): Json {
  const template = entry.delta as Json;
  for (const key of Object.keys(values)) if (!(key in template)) throw new Error(`the recorded ${String(template.type)} delta has no '${key}'`);
  return overlay(template, values);
}

/**
 * An action's amount as 6-decimal atomic USDC, or the exchange's refusal. Strait's USDC has 6
 * decimals on both balances, so more is refused as the exchange refuses decimals past a token's own.
 */
function amountOf(text: unknown): bigint | string {
  if (typeof text !== 'string') return HYPERCORE_ERROR_TEXTS.invalidDecimal;
  if (/^-[0-9]/.test(text)) return HYPERCORE_ERROR_TEXTS.invalidDecimals;
  const match = /^([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!match) return HYPERCORE_ERROR_TEXTS.invalidDecimal;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 6) return HYPERCORE_ERROR_TEXTS.invalidDecimals;
  const atomic = BigInt(match[1]!) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  return atomic === 0n ? HYPERCORE_ERROR_TEXTS.zeroAmount : atomic;
}

/** `spotSend`'s token: `USDC:<tokenId>` (id in any case) or the canonical name alone. */
function isSpotUsdc(token: unknown): boolean {
  return typeof token === 'string' && (token === 'USDC' || token.toLowerCase() === SPOT_USDC_TOKEN.toLowerCase());
}

/** The fake's state: every account's balances, ledger and admitted nonces, on the fake's clock. */
interface FakeBook {
  readonly now: () => number;
  find(user: string): FakeAccount | undefined;
  /** The account of `user`, created empty (not existing) when the fake has never seen it. */
  accountOf(user: string): FakeAccount;
  /** One movement, the same entry in the ledger of every account it touches (both parties see it, measured). */
  record(users: readonly string[], delta: Json, hash: Hex): void;
  /** A Bridge2-style credit of `user`'s perps, with its `deposit` entry. */
  deposit(user: string, amount: bigint, hash: Hex): void;
  /** A transaction hash no other movement has. */
  freshHash(seed: Hex): Hex;
}

function createFakeBook(now: () => number): FakeBook {
  const accounts = new Map<string, FakeAccount>();
  let hashCounter = 0n;
  const book: FakeBook = {
    now,
    find: (user) => accounts.get(user.toLowerCase()),
    accountOf(user) {
      const id = user.toLowerCase();
      let account = accounts.get(id);
      if (!account) {
        account = { perps: 0n, spot: 0n, exists: false, sent: false, ledger: [], nonces: new Set() };
        accounts.set(id, account);
      }
      return account;
    },
    record(users, delta, hash) {
      const time = now();
      for (const user of new Set(users.map((u) => u.toLowerCase()))) book.accountOf(user).ledger.push({ time, hash, delta: { ...delta } });
    },
    deposit(user, amount, hash) {
      const account = book.accountOf(user);
      account.perps += amount;
      account.exists = true;
      book.record([user], deltaFrom(DEPOSIT_ENTRY, { usdc: decimalOf(amount) }), hash);
    },
    freshHash: (seed) => keccak256(concat([seed, numberToHex(++hashCounter, { size: 32 })])),
  };
  return book;
}

/** `POST /info`: the five queries Strait makes, from the recorded answers. */
function answerInfo(book: FakeBook, request: FakeRequest): FakeReply {
  const body = request.body as Json | undefined;
  const user = typeof body?.user === 'string' && /^0x[0-9a-fA-F]{40}$/.test(body.user) ? body.user.toLowerCase() : null;
  if (!user) return { status: 422, body: HYPERCORE_ERROR_TEXTS.undeserializable };
  const account = book.find(user);
  switch (body?.type) {
    case 'userRole':
      return { body: account?.exists ? { ...USER_ROLE_USER } : { ...USER_ROLE_MISSING } };
    case 'preTransferCheck':
      // Measured: the object form ignores `source` and reports fee "0.0", new account or not.
      return { body: overlay(PRE_TRANSFER_CHECK, { isSanctioned: false, userExists: account?.exists ?? false, fee: '0.0', userHasSentTx: account?.sent ?? false }) };
    case 'clearinghouseState': {
      const perps = decimalOf(account?.perps ?? 0n);
      const summary = (template: unknown) => overlay(template as Json, { accountValue: perps, totalNtlPos: '0.0', totalRawUsd: perps, totalMarginUsed: '0.0' });
      return { body: overlay(CLEARINGHOUSE, { assetPositions: [], crossMarginSummary: summary(CLEARINGHOUSE.crossMarginSummary), marginSummary: summary(CLEARINGHOUSE.marginSummary), withdrawable: perps }) };
    }
    case 'spotClearinghouseState': {
      const [usdc] = SPOT_STATE.balances as [Json];
      // A zero row stays once the account held spot USDC (measured), none before.
      const held = account !== undefined && (account.spot > 0n || account.ledger.some((e) => e.delta.type === 'spotTransfer' || e.delta.type === 'accountClassTransfer'));
      return { body: overlay(SPOT_STATE, { balances: held ? [overlay(usdc, { total: decimalOf(account.spot), hold: '0.0', entryNtl: '0.0' })] : [] }) };
    }
    case 'userNonFundingLedgerUpdates': {
      const start = typeof body.startTime === 'number' ? body.startTime : 0;
      const end = typeof body.endTime === 'number' ? body.endTime : Number.POSITIVE_INFINITY;
      const window = (account?.ledger ?? []).filter((e) => e.time >= start && e.time <= end).slice(0, LEDGER_PAGE);
      return { body: window.map((e) => ({ time: e.time, hash: e.hash, delta: e.delta })) };
    }
    default:
      return { status: 422, body: HYPERCORE_ERROR_TEXTS.undeserializable };
  }
}

interface ExchangeRules {
  readonly network: HyperCoreNetwork;
  readonly enforceWindow: boolean;
  /** Where every readable action is logged. */
  readonly sent: SentAction[];
}

/** `POST /exchange`, checking in the measured order: nonce match, signer, account, nonce admission, then the transfer. */
function createExchange(book: FakeBook, rules: ExchangeRules): (request: FakeRequest) => Promise<FakeReply> {
  return async (request) => {
    const body = request.body as Partial<SignedHyperCoreAction> | undefined;
    const action = body?.action as (HyperCoreAction & Json) | undefined;
    const nonce = body?.nonce;
    const signature = body?.signature;
    if (!action || typeof action.type !== 'string' || !Number.isSafeInteger(nonce) || !signature || typeof signature.r !== 'string' || typeof signature.s !== 'string' || typeof signature.v !== 'number') {
      return { status: 422, body: HYPERCORE_ERROR_TEXTS.undeserializable };
    }
    const n = nonce as number;
    let signer: Address = zeroAddress;
    const answer = (message: string | null): FakeReply => {
      rules.sent.push({ signer, action, nonce: n, accepted: message === null, ...(message === null ? {} : { message }) });
      return { body: message === null ? { ...EXCHANGE_OK } : overlay(EXCHANGE_ERR, { response: message }) };
    };
    if (action.type !== 'usdSend' && action.type !== 'spotSend' && action.type !== 'usdClassTransfer') return answer(`fake HyperCore: action type '${String((action as Json).type)}' is not served`);
    if ((action.type === 'usdClassTransfer' ? action.nonce : action.time) !== n) return answer(HYPERCORE_ERROR_TEXTS.nonceMismatch);
    try {
      signer = await recoverActionSigner({ action, nonce: n, signature });
    } catch {
      return answer(HYPERCORE_ERROR_TEXTS.unrecoverableSigner);
    }
    const from = book.accountOf(signer);
    if (!from.exists) return answer(HYPERCORE_ERROR_TEXTS.mustDeposit(signer.toLowerCase()));
    if (action.hyperliquidChain !== rules.network) return answer(`fake HyperCore: this exchange is ${rules.network}, the action was signed for ${String(action.hyperliquidChain)}`);
    const refusedNonce = admitNonce(from, n, book.now(), rules.enforceWindow);
    if (refusedNonce) return answer(refusedNonce);
    return answer(execute(book, action, signer.toLowerCase(), from, n, book.freshHash(signature.r as Hex)));
  };
}

/** Admits `nonce` for `account` (spending it and marking the account as having sent), or says why not. */
function admitNonce(account: FakeAccount, nonce: number, at: number, enforceWindow: boolean): string | null {
  const oldest = at - NONCE_TOO_OLD_MS;
  const newest = at + NONCE_TOO_NEW_MS;
  if (enforceWindow && nonce <= oldest) return HYPERCORE_ERROR_TEXTS.nonceTooLow(nonce, oldest);
  if (enforceWindow && nonce >= newest) return HYPERCORE_ERROR_TEXTS.nonceTooHigh(nonce, newest);
  if (account.nonces.has(nonce)) return HYPERCORE_ERROR_TEXTS.duplicateNonce(nonce);
  const floor = [...account.nonces].sort((a, b) => b - a)[NONCE_SET_SIZE - 1];
  if (floor !== undefined && nonce <= floor) return HYPERCORE_ERROR_TEXTS.nonceTooLow(nonce, floor);
  account.nonces.add(nonce);
  account.sent = true;
  return null;
}

/** Moves the funds of an admitted action; the refusal text when it cannot (its nonce stays spent, as measured). */
function execute(book: FakeBook, action: HyperCoreAction, user: string, from: FakeAccount, nonce: number, hash: Hex): string | null {
  const amount = amountOf(action.amount);
  if (typeof amount === 'string') return amount;
  if (action.type === 'usdClassTransfer') {
    const source = action.toPerp ? 'spot' : 'perps';
    if (from[source] < amount) return HYPERCORE_ERROR_TEXTS.insufficientBalance;
    from[source] -= amount;
    from[action.toPerp ? 'perps' : 'spot'] += amount;
    book.record([user], deltaFrom(CLASS_TRANSFER_ENTRY, { usdc: decimalOf(amount), toPerp: action.toPerp }), hash);
    return null;
  }
  if (action.type === 'spotSend' && !isSpotUsdc(action.token)) return HYPERCORE_ERROR_TEXTS.unknownToken(String(action.token));
  const destination = typeof action.destination === 'string' ? action.destination.toLowerCase() : '';
  if (!/^0x[0-9a-f]{40}$/.test(destination)) return HYPERCORE_ERROR_TEXTS.undeserializable;
  if (destination === user) return HYPERCORE_ERROR_TEXTS.selfSend;
  const to = book.accountOf(destination);
  const fee = to.exists ? 0n : FAKE_ACTIVATION_FEE;
  const balance = action.type === 'usdSend' ? 'perps' : 'spot';
  if (from[balance] < amount) return HYPERCORE_ERROR_TEXTS.insufficientBalance;
  if (from[balance] < amount + fee) return HYPERCORE_ERROR_TEXTS.insufficientGas;
  from[balance] -= amount + fee;
  to[balance] += amount;
  to.exists = true;
  const delta =
    action.type === 'usdSend'
      ? deltaFrom(INTERNAL_TRANSFER_ENTRY, { usdc: decimalOf(amount), user, destination, fee: decimalOf(fee) })
      : deltaFrom(SPOT_TRANSFER_ENTRY, {
          token: 'USDC',
          amount: decimalOf(amount),
          usdcValue: decimalOf(amount),
          user,
          destination,
          fee: decimalOf(fee),
          nativeTokenFee: '0.0',
          nonce,
          // Measured on today's sends: "USDC" when the activation fee was charged, "" when none.
          feeToken: fee > 0n ? 'USDC' : '',
        });
  book.record([user, destination], delta, hash);
  return null;
}

export async function startHyperCoreFake(options: HyperCoreFakeOptions = {}): Promise<HyperCoreFake> {
  const book = createFakeBook(options.now ?? Date.now);
  const sent: SentAction[] = [];
  const lost: string[] = [];
  const exchange = createExchange(book, { network: options.network ?? 'Mainnet', enforceWindow: options.nonceWindow ?? true, sent });
  const server = await startFakeServer({ 'POST /info': (request) => answerInfo(book, request), 'POST /exchange': exchange }, options.port === undefined ? {} : { port: options.port });
  const bridge = options.bridge2 ? startBridge2(options.bridge2, book.deposit, (key) => lost.push(key)) : null;

  return {
    url: server.url,
    server,
    async close() {
      bridge?.stop();
      await server.close();
    },
    fund(user, p) {
      const account = book.accountOf(user);
      if (p.perpsAtomic !== undefined && p.perpsAtomic > 0n) book.deposit(user, p.perpsAtomic, book.freshHash(toHex(user.toLowerCase())));
      if (p.spotAtomic !== undefined && p.spotAtomic > 0n) account.spot += p.spotAtomic;
      account.exists = true;
    },
    balances(user) {
      const account = book.find(user);
      return { perps: account?.perps ?? 0n, spot: account?.spot ?? 0n, exists: account?.exists ?? false };
    },
    sentActions: () => [...sent],
    pollBridge2: () => bridge?.poll() ?? Promise.resolve(),
    lostDeposits: () => [...lost],
  };
}

/**
 * Bridge2 on a sandbox chain: reads USDC `Transfer(from, bridge, value)` logs from block 0 on and
 * credits each sender once. Polls are serialised, so a forced poll and the timer never credit twice.
 */
function startBridge2(
  config: NonNullable<HyperCoreFakeOptions['bridge2']>,
  credit: (user: Address, amount: bigint, txHash: Hex) => void,
  onLost: (key: string) => void,
): { poll(): Promise<void>; stop(): void } {
  const client = createPublicClient({ transport: http(config.rpcUrl) });
  const seen = new Set<string>();
  let nextBlock = 0n;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function readOnce(): Promise<void> {
    const head = await client.getBlockNumber();
    if (head < nextBlock) return;
    const logs = await client.getLogs({ address: config.usdc, event: transferEvent, args: { to: config.bridge }, fromBlock: nextBlock, toBlock: head });
    for (const log of logs) {
      const key = `${log.transactionHash}:${log.logIndex}`;
      if (seen.has(key) || !log.transactionHash) continue;
      seen.add(key);
      const { from, value } = log.args;
      if (!from || value === undefined) continue;
      if (value >= FAKE_BRIDGE2_MINIMUM) credit(getAddress(from), value, log.transactionHash);
      else onLost(key);
    }
    nextBlock = head + 1n;
  }

  const poll = (): Promise<void> => {
    running = running.then(readOnce, readOnce);
    return running;
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      // A chain that is not up yet, or restarting, is read again at the next poll.
      poll()
        .catch(() => undefined)
        .finally(schedule);
    }, config.pollMs ?? 1_000);
    timer.unref();
  };
  schedule();
  return {
    poll,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
