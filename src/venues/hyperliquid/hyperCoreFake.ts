import { readFileSync } from 'node:fs';
import { concat, createPublicClient, getAddress, http, keccak256, numberToHex, parseAbiItem, toHex, zeroAddress, type Address, type Hex } from 'viem';
import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { formatUsdc, parseUsdc, recoverActionSigner, SPOT_USDC_TOKEN, type HyperCoreAction, type HyperCoreNetwork, type SignedHyperCoreAction } from './hyperCoreActions.ts';

/**
 * A loopback HyperCore: `POST /info` and `POST /exchange` in the real dialect, answering from the
 * real recorded answers of fixtures/real (synthetic/ where nobody recorded one), with a ledger of
 * perps and spot USDC per account.
 *
 * The exchange recovers the signer from the EIP-712 signature, as the real one does, and acts on
 * that account: a wrong signature recovers some never-funded address and is refused with "Must
 * deposit before performing actions. User: <that address>". It refuses a nonce the signer used
 * before, an amount the signer's balance cannot cover, and charges the 1 USDC activation fee to the
 * SENDER when the transfer creates the destination account (ledger `fee: "1.0"`).
 *
 * With `bridge2`, it plays Bridge2 on a (sandbox) arbitrum chain: every USDC `Transfer` to the bridge
 * of at least 5 USDC credits the sender's perps balance, with a `deposit` ledger entry carrying the
 * arbitrum transaction hash; a smaller one credits nothing (lost, as on mainnet).
 */

/** The exchange's refusal texts. Sources: fixtures/*\/SOURCES.json and hyperCoreApi.ts. */
export const HYPERCORE_ERROR_TEXTS = {
  /** Recorded (nomeida/hyperliquid#77); names the RECOVERED signer. */
  mustDeposit: (user: string) => `Must deposit before performing actions. User: ${user}`,
  /** Reported by users (nomeida/hyperliquid#61), mapped by integrators (cordialsys/crosschain). */
  duplicateNonce: (nonce: number) => `Invalid nonce: duplicate nonce ${nonce}`,
  /** spotSend's refusal (cordialsys/crosschain, ccxt); usdSend's own text was not found, so it is reused. */
  insufficientBalance: 'Insufficient balance for token transfer',
  /** A signature no address can be recovered from; seen in integrators' error tables, not pinned to a recording. */
  unrecoverableSigner: 'Unable to recover signer.',
  /** The exchange's text/plain answer to a body it cannot read (HTTP 422; nktkas/hyperliquid API docs). */
  undeserializable: 'Failed to deserialize the JSON body into the target type',
} as const;

/** What the fake charges a sender whose transfer creates the destination ("Activation gas fee"). */
export const FAKE_ACTIVATION_FEE = 1_000_000n;
/** Bridge2 credits nothing below this (hyperliquid docs, "Bridge2"). */
export const FAKE_BRIDGE2_MINIMUM = 5_000_000n;

export interface HyperCoreFakeOptions {
  /** The network whose actions this exchange takes (`hyperliquidChain`); Mainnet by default. */
  readonly network?: HyperCoreNetwork;
  /** Plays Bridge2: polls `rpcUrl` for USDC transfers to `bridge` every `pollMs` (1 s by default). */
  readonly bridge2?: { readonly rpcUrl: string; readonly usdc: Address; readonly bridge: Address; readonly pollMs?: number };
  /** The exchange's clock (ledger `time`); Date.now by default. */
  readonly now?: () => number;
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
  /** Credits `user` (perps with a `deposit` ledger entry); also makes the account exist. */
  fund(user: Address, p: { perpsAtomic?: bigint; spotAtomic?: bigint }): void;
  balances(user: Address): { perps: bigint; spot: bigint; exists: boolean };
  /** Every action posted to `/exchange`, in order. */
  sentActions(): readonly SentAction[];
  /** Bridge2 mode: reads the chain now instead of waiting for the next poll. */
  pollBridge2(): Promise<void>;
  /** Bridge2 mode: deposits under 5 USDC that were lost, as `txHash:logIndex`. */
  lostDeposits(): readonly string[];
}

type Json = Record<string, unknown>;

interface LedgerRecord {
  readonly time: number;
  readonly hash: Hex;
  readonly delta: Json;
}

interface Account {
  perps: bigint;
  spot: bigint;
  exists: boolean;
  readonly ledger: LedgerRecord[];
  readonly nonces: Set<number>;
}

const fixture = (name: string): URL => new URL(`./fixtures/${name}`, import.meta.url);
const arrayFixture = (name: string): Json[] => JSON.parse(readFileSync(fixture(name), 'utf8')) as Json[];

const USER_ROLE_USER = recordedAnswer(fixture('real/user-role-user-docs.json'));
const USER_ROLE_MISSING = recordedAnswer(fixture('real/user-role-missing-docs.json'));
const CLEARINGHOUSE = recordedAnswer(fixture('real/clearinghouse-state.json'));
const SPOT_STATE = recordedAnswer(fixture('synthetic/spot-clearinghouse-state-usdc.json'));
const PRE_TRANSFER_CHECK = recordedAnswer(fixture('synthetic/pre-transfer-check-new-account.json'));
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

/** A template's delta with Strait's values put in; a field the real entry lacks is a bug of the fake. */
function deltaFrom(entry: Json, values: Json): Json {
  const template = entry.delta as Json;
  for (const key of Object.keys(values)) if (!(key in template)) throw new Error(`the recorded ${String(template.type)} delta has no '${key}'`);
  return overlay(template, values);
}

export async function startHyperCoreFake(options: HyperCoreFakeOptions = {}): Promise<HyperCoreFake> {
  const network = options.network ?? 'Mainnet';
  const now = options.now ?? Date.now;
  const accounts = new Map<string, Account>();
  const sent: SentAction[] = [];
  const lost: string[] = [];
  let hashCounter = 0n;

  const accountOf = (user: string): Account => {
    const id = user.toLowerCase();
    let account = accounts.get(id);
    if (!account) {
      account = { perps: 0n, spot: 0n, exists: false, ledger: [], nonces: new Set() };
      accounts.set(id, account);
    }
    return account;
  };
  const freshHash = (seed: Hex): Hex => keccak256(concat([seed, numberToHex(++hashCounter, { size: 32 })]));
  /** One movement in the ledger of every account it touches (sender and destination). */
  const record = (users: readonly string[], delta: Json, hash: Hex): void => {
    const time = now();
    for (const user of new Set(users.map((u) => u.toLowerCase()))) accountOf(user).ledger.push({ time, hash, delta: { ...delta } });
  };

  function info(request: FakeRequest): FakeReply {
    const body = request.body as Json | undefined;
    const type = body?.type;
    const user = typeof body?.user === 'string' ? body.user.toLowerCase() : null;
    if (!user) return { status: 422, body: HYPERCORE_ERROR_TEXTS.undeserializable };
    const account = accounts.get(user);
    switch (type) {
      case 'userRole':
        return { body: account?.exists ? { ...USER_ROLE_USER } : { ...USER_ROLE_MISSING } };
      case 'preTransferCheck': {
        const exists = account?.exists ?? false;
        const hasSent = (account?.nonces.size ?? 0) > 0;
        return { body: overlay(PRE_TRANSFER_CHECK, { fee: exists ? '0.0' : decimalOf(FAKE_ACTIVATION_FEE), userExists: exists, userHasSentTx: hasSent }) };
      }
      case 'clearinghouseState': {
        const perps = decimalOf(account?.perps ?? 0n);
        const summary = (template: unknown) => overlay(template as Json, { accountValue: perps, totalNtlPos: '0.0', totalRawUsd: perps, totalMarginUsed: '0.0' });
        return { body: overlay(CLEARINGHOUSE, { assetPositions: [], crossMarginSummary: summary(CLEARINGHOUSE.crossMarginSummary), marginSummary: summary(CLEARINGHOUSE.marginSummary), withdrawable: perps }) };
      }
      case 'spotClearinghouseState': {
        const [usdc] = SPOT_STATE.balances as [Json];
        const spot = account?.spot ?? 0n;
        return { body: overlay(SPOT_STATE, { balances: spot > 0n ? [overlay(usdc, { total: decimalOf(spot), hold: '0.0', entryNtl: '0.0' })] : [] }) };
      }
      case 'userNonFundingLedgerUpdates': {
        const start = typeof body?.startTime === 'number' ? body.startTime : 0;
        const end = typeof body?.endTime === 'number' ? body.endTime : Number.POSITIVE_INFINITY;
        return { body: (account?.ledger ?? []).filter((e) => e.time >= start && e.time <= end).map((e) => ({ time: e.time, hash: e.hash, delta: e.delta })) };
      }
      default:
        return { status: 422, body: HYPERCORE_ERROR_TEXTS.undeserializable };
    }
  }

  async function exchange(request: FakeRequest): Promise<FakeReply> {
    const body = request.body as Partial<SignedHyperCoreAction> | undefined;
    const action = body?.action as (HyperCoreAction & Json) | undefined;
    const nonce = body?.nonce;
    const signature = body?.signature;
    if (!action || typeof action.type !== 'string' || typeof nonce !== 'number' || !signature || typeof signature.r !== 'string' || typeof signature.s !== 'string' || typeof signature.v !== 'number') {
      return { status: 422, body: HYPERCORE_ERROR_TEXTS.undeserializable };
    }
    let signer: Address = zeroAddress;
    const refuse = (message: string): FakeReply => {
      sent.push({ signer, action, nonce, accepted: false, message });
      return { body: overlay(EXCHANGE_ERR, { response: message }) };
    };
    if (action.type !== 'usdSend' && action.type !== 'spotSend' && action.type !== 'usdClassTransfer') return refuse(`fake HyperCore: action type '${String((action as Json).type)}' is not served`);
    try {
      signer = await recoverActionSigner({ action, nonce, signature });
    } catch {
      return refuse(HYPERCORE_ERROR_TEXTS.unrecoverableSigner);
    }
    const from = accountOf(signer);
    if (!from.exists) return refuse(HYPERCORE_ERROR_TEXTS.mustDeposit(signer.toLowerCase()));
    if (action.hyperliquidChain !== network) return refuse(`fake HyperCore: this exchange is ${network}, the action was signed for ${String(action.hyperliquidChain)}`);
    const actionNonce = action.type === 'usdClassTransfer' ? action.nonce : action.time;
    if (actionNonce !== nonce) return refuse(`fake HyperCore: the action's ${action.type === 'usdClassTransfer' ? 'nonce' : 'time'} ${String(actionNonce)} is not the request's nonce ${nonce}`);
    if (from.nonces.has(nonce)) return refuse(HYPERCORE_ERROR_TEXTS.duplicateNonce(nonce));
    let amount: bigint;
    try {
      amount = parseUsdc(String(action.amount));
    } catch {
      return refuse(`fake HyperCore: unreadable amount '${String(action.amount)}'`);
    }
    if (amount <= 0n) return refuse(`fake HyperCore: amount must be positive`);
    const hash = freshHash(signature.r as Hex);
    const refusal = execute(action, signer, from, amount, nonce, hash);
    if (refusal) return refuse(refusal);
    // Only an executed action spends its nonce here: a refused one may be sent again as is.
    from.nonces.add(nonce);
    sent.push({ signer, action, nonce, accepted: true });
    return { body: { ...EXCHANGE_OK } };
  }

  /** Moves the funds of an authenticated action; the refusal text when the balance cannot cover it. */
  function execute(action: HyperCoreAction, signer: Address, from: Account, amount: bigint, nonce: number, hash: Hex): string | null {
    const user = signer.toLowerCase();
    if (action.type === 'usdClassTransfer') {
      if ((action.toPerp ? from.spot : from.perps) < amount) return HYPERCORE_ERROR_TEXTS.insufficientBalance;
      if (action.toPerp) {
        from.spot -= amount;
        from.perps += amount;
      } else {
        from.perps -= amount;
        from.spot += amount;
      }
      record([user], deltaFrom(CLASS_TRANSFER_ENTRY, { usdc: decimalOf(amount), toPerp: action.toPerp }), hash);
      return null;
    }
    if (action.type === 'spotSend' && action.token !== SPOT_USDC_TOKEN) return `fake HyperCore: only ${SPOT_USDC_TOKEN} is held here, not ${action.token}`;
    const destination = action.destination.toLowerCase();
    if (!/^0x[0-9a-f]{40}$/.test(destination)) return `fake HyperCore: unreadable destination '${action.destination}'`;
    const to = accountOf(destination);
    const fee = to.exists || destination === user ? 0n : FAKE_ACTIVATION_FEE;
    const balance = action.type === 'usdSend' ? 'perps' : 'spot';
    if (from[balance] < amount + fee) return HYPERCORE_ERROR_TEXTS.insufficientBalance;
    from[balance] -= amount + fee;
    to[balance] += amount;
    to.exists = true;
    const delta =
      action.type === 'usdSend'
        ? deltaFrom(INTERNAL_TRANSFER_ENTRY, { usdc: decimalOf(amount), user, destination, fee: decimalOf(fee) })
        : deltaFrom(SPOT_TRANSFER_ENTRY, { token: 'USDC', amount: decimalOf(amount), usdcValue: decimalOf(amount), user, destination, fee: decimalOf(fee), nativeTokenFee: '0.0', nonce, feeToken: '' });
    record([user, destination], delta, hash);
    return null;
  }

  function deposit(user: string, amount: bigint, hash: Hex): void {
    const account = accountOf(user);
    account.perps += amount;
    account.exists = true;
    record([user], deltaFrom(DEPOSIT_ENTRY, { usdc: decimalOf(amount) }), hash);
  }

  const server = await startFakeServer({ 'POST /info': info, 'POST /exchange': exchange }, options.port === undefined ? {} : { port: options.port });
  const bridge = options.bridge2 ? startBridge2(options.bridge2, deposit, (key) => lost.push(key)) : null;

  return {
    url: server.url,
    server,
    async close() {
      bridge?.stop();
      await server.close();
    },
    fund(user, p) {
      const account = accountOf(user);
      if (p.perpsAtomic !== undefined && p.perpsAtomic > 0n) deposit(user, p.perpsAtomic, freshHash(toHex(user.toLowerCase())));
      if (p.spotAtomic !== undefined && p.spotAtomic > 0n) account.spot += p.spotAtomic;
      account.exists = true;
    },
    balances(user) {
      const account = accounts.get(user.toLowerCase());
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
