import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { parseUnits, type Address, type Hex } from 'viem';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { chainInfo } from '../../domain/chains.ts';
import { freshDepositAddress } from '../fake/freshDepositAddress.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { onceByKey } from '../fake/onceByKey.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { SIDESHIFT_NETWORKS, assetByCoin, type SideShiftAsset } from './sideShiftChains.ts';
import { coinsListing, commissionPpm, defaultLimits, priceShift, type FakeLimits } from './sideShiftFakePricing.ts';
import { overlay, recordedAnswer as recordedFile } from '../fake/recordedAnswers.ts';

const recordedAnswer = (name: string) => recordedFile(new URL(`./fixtures/real/${name}`, import.meta.url));

/**
 * A loopback SideShift v2: `GET /v2/pair/:from/:to`, `POST /v2/quotes`, `POST /v2/shifts/fixed`,
 * `GET /v2/shifts/:shiftId`, `GET /v2/coins`, in the real request, response and error shapes
 * (`{ error: { code?, message } }`). It checks what SideShift checks: `x-user-ip` on every call (403
 * `ACCESS_DENIED` for a blocked IP), `x-sideshift-secret` on quotes and shifts, the `affiliateId`, the
 * method (coin + network), the deposit range, quote expiry and addresses.
 *
 * Sandbox mode (a settlement given): on status it reads the origin-token balance of the deposit address;
 * once it holds `depositAmount` it pays `settleAmount` to the settle address (once) and answers `settled`
 * with the real settle tx hash.
 */
export interface SideShiftFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /** Deposit range (deposit-coin display units) answered by `/pair` and enforced by `/quotes`; `null` restores the default. */
  setLimits(limits: Partial<FakeLimits> | null): void;
  /** Forces the rate (settle units per deposit unit) of `/pair` and `/quotes`; `null` restores market pricing. */
  setRate(rate: string | null): void;
  /** While set, `/pair` and `/quotes` answer 500 `RATE_UNAVAILABLE`. */
  setRateUnavailable(unavailable: boolean): void;
  /** Answers 403 `ACCESS_DENIED` to requests carrying this end-user IP. */
  blockIp(ip: string): void;
  /** Forces the status of a shift; `fields` override the computed ones (e.g. `deposits` for `multiple`). */
  setStatus(shiftId: string, status: string, fields?: Record<string, unknown>): void;
  /** Shifts as created, by id. */
  shift(shiftId: string): Record<string, unknown> | undefined;
}

export interface SideShiftFakeOptions {
  /** The account's private key the fake expects in `x-sideshift-secret`. */
  readonly secret: string;
  /** The account id the fake expects as `affiliateId`. */
  readonly affiliateId: string;
  readonly settlement?: FakeSettlement;
  /** SideShift network → EVM chain id of the chains the settlement can touch; default: every EVM network in the table. */
  readonly chainIds?: Readonly<Record<string, number>>;
  readonly port?: number;
}

/** Answers SideShift really gave (its docs' examples): the fake answers in their keys and order. */
const PAIR_TEMPLATE = recordedAnswer('pair-docs-btc-eth.json');
const QUOTE_TEMPLATE = recordedAnswer('quote-docs-eth-arbitrum-to-ethereum.json');
const SHIFT_TEMPLATE = recordedAnswer('shift-fixed-docs-created.json');
const SETTLED_TEMPLATE = recordedAnswer('shift-docs-settled-fixed.json');

const QUOTE_TTL_MS = 15 * 60 * 1000;
const AVERAGE_SHIFT_SECONDS = '42.5';

interface StoredQuote {
  readonly body: Record<string, unknown>;
  readonly deposit: SideShiftAsset;
  readonly settle: SideShiftAsset;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  readonly expiresAt: number;
}

interface StoredShift {
  readonly body: Record<string, unknown>;
  readonly quote: StoredQuote;
}

const fail = (status: number, message: string, code?: string): FakeReply => ({ status, body: { error: code ? { code, message } : { message } } });
const badInput = (message: string) => fail(400, message, 'BAD_USER_INPUT');
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

function defaultChainIds(): Record<string, number> {
  const ids: Record<string, number> = {};
  for (const [key, network] of Object.entries(SIDESHIFT_NETWORKS)) {
    const info = chainInfo(key as Parameters<typeof chainInfo>[0]);
    if (info.vm === 'evm' && info.chainId !== null && network) ids[network] = info.chainId;
  }
  return ids;
}

/** `coin-network` of a `/pair` path segment. */
function methodOf(segment: string | null): SideShiftAsset | undefined {
  const dash = segment?.lastIndexOf('-') ?? -1;
  if (!segment || dash <= 0) return undefined;
  return assetByCoin(segment.slice(0, dash), segment.slice(dash + 1));
}

export async function startSideShiftFake(options: SideShiftFakeOptions): Promise<SideShiftFake> {
  const settlement = options.settlement;
  const chainIds = options.chainIds ?? defaultChainIds();
  const quotes = new Map<string, StoredQuote>();
  const shifts = new Map<string, StoredShift>();
  const forced = new Map<string, { status: string; fields: Record<string, unknown> }>();
  const blocked = new Set<string>();
  const fills = onceByKey<Hex>();
  let limits: Partial<FakeLimits> | null = null;
  let forcedRate: string | null = null;
  let rateUnavailable = false;

  /** Header checks every route shares; `null` when the request may proceed. */
  function gate(request: FakeRequest, secret: 'required' | 'optional', userIp: 'required' | 'optional' = 'required'): FakeReply | null {
    const ip = request.headers['x-user-ip'];
    if (ip !== undefined || userIp === 'required') {
      if (typeof ip !== 'string' || isIP(ip) === 0) return fail(400, 'The x-user-ip header must be set to the end-user IP address');
      if (blocked.has(ip)) return fail(403, 'Access denied. See https://sideshift.ai/access-denied', 'ACCESS_DENIED');
    }
    const sent = request.headers['x-sideshift-secret'];
    if (sent === undefined && secret === 'optional') return null;
    return sent === options.secret ? null : fail(401, 'Invalid x-sideshift-secret');
  }

  const rangeOf = (deposit: SideShiftAsset): FakeLimits => ({ ...defaultLimits(deposit), ...limits });

  function pair(request: FakeRequest): FakeReply {
    const denied = gate(request, 'optional');
    if (denied) return denied;
    if (request.query.get('affiliateId') !== options.affiliateId) return badInput('Invalid "affiliateId"');
    const deposit = methodOf(request.query.get('from'));
    const settle = methodOf(request.query.get('to'));
    if (!deposit) return fail(400, 'Invalid coin');
    if (!settle) return fail(400, 'Invalid coin');
    const ppm = commissionPpm(request.query.get('commissionRate'));
    if (ppm === null) return badInput('Invalid commissionRate');
    const amount = request.query.get('amount');
    if (amount !== null && !/^\d+(\.\d+)?$/.test(amount)) return badInput('Invalid amount');
    if (rateUnavailable) return fail(500, 'Rate unavailable', 'RATE_UNAVAILABLE');
    const price = priceShift(deposit, settle, amount === null ? null : parseUnits(amount, deposit.decimals), ppm, forcedRate);
    const range = rangeOf(deposit);
    return { body: overlay(PAIR_TEMPLATE, { rate: price.rate, min: range.min, max: range.max, depositCoin: deposit.coin, depositNetwork: deposit.network, settleCoin: settle.coin, settleNetwork: settle.network }) };
  }

  function quote(request: FakeRequest): FakeReply {
    const denied = gate(request, 'required');
    if (denied) return denied;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.affiliateId !== options.affiliateId) return badInput('Invalid "affiliateId"');
    for (const field of ['depositCoin', 'settleCoin']) if (!text(body[field])) return badInput(`"${field}" is required`);
    const deposit = assetByCoin(body.depositCoin, body.depositNetwork);
    const settle = assetByCoin(body.settleCoin, body.settleNetwork);
    if (!deposit || !settle) return fail(400, `Method ${String(body.depositCoin)}-${String(body.depositNetwork)}/${String(body.settleCoin)}-${String(body.settleNetwork)} not found`, 'METHOD_NOT_FOUND');
    if (body.settleAmount !== undefined && body.settleAmount !== null) return badInput('settleAmount quotes are not served by the fake');
    const depositAmount = text(body.depositAmount);
    if (!depositAmount || !/^\d+(\.\d+)?$/.test(depositAmount) || parseUnits(depositAmount, deposit.decimals) === 0n) return badInput('depositAmount must be greater than zero');
    const ppm = commissionPpm(text(body.commissionRate));
    if (ppm === null) return badInput('Invalid commissionRate');
    if (rateUnavailable) return fail(500, 'Rate unavailable', 'RATE_UNAVAILABLE');
    const amountIn = parseUnits(depositAmount, deposit.decimals);
    const range = rangeOf(deposit);
    if (amountIn < parseUnits(range.min, deposit.decimals)) return fail(400, 'Amount too low');
    if (amountIn > parseUnits(range.max, deposit.decimals)) return fail(400, 'Amount too high');
    const price = priceShift(deposit, settle, amountIn, ppm, forcedRate);
    const now = Date.now();
    const answer = overlay(QUOTE_TEMPLATE, {
      id: randomUUID(),
      createdAt: new Date(now).toISOString(),
      depositCoin: deposit.coin,
      depositNetwork: deposit.network,
      settleCoin: settle.coin,
      settleNetwork: settle.network,
      expiresAt: new Date(now + QUOTE_TTL_MS).toISOString(),
      depositAmount,
      settleAmount: price.settleAmount,
      rate: price.rate,
      affiliateId: options.affiliateId,
    });
    quotes.set(String(answer.id), { body: answer, deposit, settle, amountIn, amountOut: price.amountOut, expiresAt: now + QUOTE_TTL_MS });
    return { status: 201, body: answer };
  }

  function createFixedShift(request: FakeRequest): FakeReply {
    const denied = gate(request, 'required');
    if (denied) return denied;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const stored = quotes.get(text(body.quoteId) ?? '');
    if (!stored) return badInput('Quote not found');
    if (body.affiliateId !== stored.body.affiliateId) return badInput('Quote has different affiliateId than input');
    if (Date.now() > stored.expiresAt) return badInput('Quote has already expired. Request a new quote.');
    const settleAddress = text(body.settleAddress);
    if (!settleAddress || !isValidAddress(stored.settle.chain, settleAddress)) return badInput('Invalid receiving address');
    const refundAddress = text(body.refundAddress);
    if (body.refundAddress !== undefined && (!refundAddress || !isValidAddress(stored.deposit.chain, refundAddress))) return badInput('Invalid refundDestination');
    const depositAddress = freshDepositAddress(stored.deposit.chain);
    if (!depositAddress) return badInput(`deposits on ${stored.deposit.network} are not served by the fake`);
    const externalId = text(body.externalId);
    const shift = overlay(SHIFT_TEMPLATE, {
      id: randomBytes(10).toString('hex'),
      createdAt: new Date().toISOString(),
      depositCoin: stored.deposit.coin,
      settleCoin: stored.settle.coin,
      depositNetwork: stored.deposit.network,
      settleNetwork: stored.settle.network,
      depositAddress,
      ...(stored.deposit.memo ? { depositMemo: String(randomInt(1_000_000, 999_999_999)) } : {}),
      settleAddress,
      depositMin: stored.body.depositAmount,
      depositMax: stored.body.depositAmount,
      refundAddress: refundAddress ?? undefined,
      type: 'fixed',
      quoteId: stored.body.id,
      depositAmount: stored.body.depositAmount,
      settleAmount: stored.body.settleAmount,
      expiresAt: stored.body.expiresAt,
      status: 'waiting',
      averageShiftSeconds: AVERAGE_SHIFT_SECONDS,
      // Echoed only when the integration sent one.
      externalId: externalId ?? undefined,
      rate: stored.body.rate,
    });
    shifts.set(String(shift.id), { body: shift, quote: stored });
    return { status: 201, body: shift };
  }

  /** Sandbox settlement: the deposit address's balance decides; the payout happens once. */
  async function settle(entry: StoredShift): Promise<{ status: string; fields: Record<string, unknown> }> {
    const { deposit, settle: out } = entry.quote;
    const originChainId = chainIds[deposit.network];
    const destinationChainId = chainIds[out.network];
    const expired = Date.now() > entry.quote.expiresAt;
    if (!settlement || originChainId === undefined) return { status: expired ? 'expired' : 'waiting', fields: {} };
    const key = String(entry.body.id);
    if (!fills.has(key)) {
      const balance = await settlement.balanceOf(originChainId, deposit.address as Address | null, entry.body.depositAddress as Address);
      if (balance === 0n) return { status: expired ? 'expired' : 'waiting', fields: {} };
      if (balance < entry.quote.amountIn) return { status: 'refund', fields: { issue: 'incorrect amount' } };
      if (destinationChainId === undefined) return { status: 'processing', fields: {} };
    }
    const hash = await fills
      .run(key, () => settlement.pay(destinationChainId as number, out.address as Address | null, entry.body.settleAddress as Address, entry.quote.amountOut))
      .catch(() => null);
    if (hash === null) return { status: 'processing', fields: {} };
    return { status: 'settled', fields: settledFields(hash) };
  }

  function settledFields(settleHash: string): Record<string, unknown> {
    const now = new Date().toISOString();
    const fields = { updatedAt: now, depositHash: `0x${randomBytes(32).toString('hex')}`, settleHash, depositReceivedAt: now };
    return overlay(SETTLED_TEMPLATE, fields, Object.keys(SETTLED_TEMPLATE).filter((key) => !Object.hasOwn(fields, key)));
  }

  async function shiftStatus(request: FakeRequest): Promise<FakeReply> {
    const denied = gate(request, 'optional', 'optional');
    if (denied) return denied;
    const entry = shifts.get(request.query.get('shiftId') ?? '');
    if (!entry) return fail(404, 'Shift not found');
    const override = forced.get(String(entry.body.id));
    let current: { status: string; fields: Record<string, unknown> };
    if (override) {
      const base = override.status === 'settled' ? settledFields(`0x${randomBytes(32).toString('hex')}`) : {};
      current = { status: override.status, fields: { ...base, ...override.fields } };
    } else {
      current = await settle(entry);
    }
    return { body: { ...entry.body, ...current.fields, status: current.status } };
  }

  const server = await startFakeServer(
    {
      'GET /v2/pair/:from/:to': pair,
      'POST /v2/quotes': quote,
      'POST /v2/shifts/fixed': createFixedShift,
      'GET /v2/shifts/:shiftId': shiftStatus,
      'GET /v2/coins': () => ({ body: coinsListing() }),
    },
    { port: options.port },
  );

  return {
    url: server.url,
    server,
    close: () => server.close(),
    setLimits(next) {
      limits = next;
    },
    setRate(rate) {
      forcedRate = rate;
    },
    setRateUnavailable(unavailable) {
      rateUnavailable = unavailable;
    },
    blockIp(ip) {
      blocked.add(ip);
    },
    setStatus(shiftId, status, fields = {}) {
      forced.set(shiftId, { status, fields });
    },
    shift: (shiftId) => shifts.get(shiftId)?.body,
  };
}
