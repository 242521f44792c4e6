import { createHash, randomBytes } from 'node:crypto';
import { base58 } from '@scure/base';
import { formatUnits, type Address, type Hex } from 'viem';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { onceByKey } from '../fake/onceByKey.ts';
import { freshDepositAddress } from '../fake/freshDepositAddress.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { decimalToAtomic } from '../../domain/amounts.ts';
import { HOUDINI_ASSETS, HOUDINI_CHAINS, shortNameOf, type HoudiniAsset } from './houdiniChains.ts';
import { HOUDINI_STATUS_CODES } from './houdiniMapping.ts';
import { overlay, recordedAnswer as recordedFile } from '../fake/recordedAnswers.ts';

const recordedAnswer = (name: string) => recordedFile(new URL(`./fixtures/real/${name}`, import.meta.url));

/**
 * A loopback Houdini Partner API v2: `GET /v2/tokens`, `GET /v2/quotes`, `GET /v2/minMax`,
 * `POST /v2/exchanges`, `GET /v2/orders/{houdiniId}`, in the real request and response shapes. It checks
 * `Authorization: <key>:<secret>` (402 without it), the `x-user-ip` compliance header on quotes and
 * exchanges, the private-route floor (25 USD) and the 60 s quote age, and answers with Houdini's error
 * envelope `{ code, requestId, message, fields }`.
 *
 * Prices convert at fixed USD prices; two private routes take 1.5 % (29 min) and 2 % (12 min).
 *
 * Sandbox mode (a settlement given): on an order query it reads the origin-token balance of the deposit
 * address; once it holds `inAmount` it pays `outAmount` to the receiver (once) and answers FINISHED
 * with the payout's hash.
 */
export interface HoudiniFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /** The credentials the fake accepts (default {@link HOUDINI_FAKE_CREDENTIALS}). */
  setCredentials(key: string, secret: string): void;
  /** Private-route floor in USD (default 25); below it quotes answer 422 "Amount is too low". `null` lifts it. */
  setFloorUsd(usd: number | null): void;
  /** `min` / `max` (from-token display units) every private route reports; `null` restores the defaults. */
  setRouteLimits(limits: { readonly min?: number; readonly max?: number } | null): void;
  /** When true, quotes offer standard routes only (no private route for the pair). */
  setPrivateRoutesOff(off: boolean): void;
  /** The next `count` exchange creations answer 409 STATIC_DEPOSIT_IN_USE. */
  setStaticDepositBusy(count: number): void;
  /** Ages every quote issued so far past 60 s. */
  expireQuotes(): void;
  /**
   * Forces an order's status. `labels: false` answers the numeric code alone; `displayStatus` /
   * `statusLabel` override the labels; other fields are merged into the order.
   */
  setStatus(houdiniId: string, status: number | string, options?: { labels?: boolean; displayStatus?: string; statusLabel?: string; fields?: Record<string, unknown> }): void;
  /** Orders by id, as last answered. */
  order(houdiniId: string): Record<string, unknown> | undefined;
  /** Bodies of `POST /v2/exchanges`, in order. */
  readonly exchanges: readonly Record<string, unknown>[];
}

/** The credentials a fresh fake accepts (Strait's `STRAIT_VENUE_HOUDINI_API_KEY` / `_API_SECRET` in the sandbox). */
export const HOUDINI_FAKE_CREDENTIALS = { API_KEY: 'fake-key', API_SECRET: 'fake-secret' } as const;

export interface HoudiniFakeOptions {
  readonly settlement?: FakeSettlement;
  /** Houdini chain shortName → EVM chain id of the chains the settlement can touch; default: every EVM chain served. */
  readonly chainIds?: Readonly<Record<string, number>>;
  readonly port?: number;
}

// Micro-USD, so conversion stays in bigint.
const PRICES: Readonly<Record<string, bigint>> = {
  USDC: 1_000_000n, USDT: 1_000_000n, ETH: 3_000_000_000n, POL: 200_000n, BNB: 600_000_000n, AVAX: 20_000_000n, S: 500_000n, CELO: 500_000n, FTM: 500_000n,
  RBTC: 100_000_000_000n, HYPE: 30_000_000n, SOL: 150_000_000n, TRX: 250_000n, TON: 3_000_000n, BTC: 100_000_000_000n, LTC: 80_000_000n, DOGE: 150_000n,
  BCH: 400_000_000n, ZEC: 40_000_000n, DASH: 25_000_000n, XRP: 2_000_000n, XLM: 300_000n, ADA: 500_000n, SUI: 3_000_000n, ALGO: 200_000n, DOT: 5_000_000n,
};
const UNBOUNDED = Number.MAX_SAFE_INTEGER;
const QUOTE_MAX_AGE_MS = 60_000;
const ORDER_WINDOW_MS = 30 * 60 * 1000;
const MEMO_CHAINS = new Set<ChainKey>(['xrpl', 'stellar', 'ton']);
const COMPLIANCE_HEADERS = ['x-user-ip', 'x-user-agent', 'x-user-timezone'] as const;
const ROUTES = [
  { feeBps: 150n, duration: 29, maxUsd: null as bigint | null },
  { feeBps: 200n, duration: 12, maxUsd: 100_000n },
];

interface IssuedQuote {
  readonly quoteId: string;
  readonly from: HoudiniAsset;
  readonly to: HoudiniAsset;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  readonly duration: number;
  issuedAt: number;
}

interface Order {
  readonly quote: IssuedQuote;
  readonly body: Record<string, unknown>;
  readonly depositAddress: string;
  readonly depositTag: string | null;
  readonly created: number;
  answer: Record<string, unknown>;
}

/** Real answers the fake answers in the shape of (Edge's live v2 recordings). */
const TOKENS_TEMPLATE = recordedAnswer('tokens-ethereum-usdc.json');
const TOKEN_TEMPLATE = (TOKENS_TEMPLATE.tokens as Record<string, unknown>[])[0] as Record<string, unknown>;
const QUOTE_TEMPLATE = (recordedAnswer('quotes-private-eth-usdc.json').quotes as Record<string, unknown>[])[0] as Record<string, unknown>;
const ORDER_TEMPLATE = recordedAnswer('exchange-private-eth-usdc.json');
/** chainData fields that describe Ethereum only; another chain's token leaves them out. */
const ETHEREUM_ONLY = ['explorerUrl', 'addressUrl', 'shortNameV1', 'addressValidation', 'tokenAddressValidation', 'chainId', 'id', 'icon'];
/** Per-leg labels (0–10 scale) of an order status. */
const LEGS: Readonly<Record<number, readonly [number, string, number, string]>> = {
  0: [0, 'NEW', 0, 'NEW'],
  1: [2, 'CONFIRMING', 0, 'NEW'],
  2: [3, 'EXCHANGING', 0, 'NEW'],
  3: [5, 'COMPLETED', 1, 'WAITING'],
  4: [5, 'COMPLETED', 5, 'COMPLETED'],
};
const DISPLAY: Readonly<Record<number, string>> = { 0: 'WAITING_FOR_DEPOSIT', 1: 'DEPOSIT_DETECTED', 2: 'EXCHANGE_IN_PROGRESS', 3: 'SENDING_TO_INTERMEDIARY', 4: 'SWAP_COMPLETED' };

const priceOf = (asset: HoudiniAsset): bigint => PRICES[asset.symbol] ?? 1_000_000n;
const usdOf = (amount: bigint, asset: HoudiniAsset): bigint => (amount * priceOf(asset)) / 10n ** BigInt(asset.decimals);
const fromUsd = (microUsd: bigint, asset: HoudiniAsset): bigint => (microUsd * 10n ** BigInt(asset.decimals)) / priceOf(asset);
const display = (amount: bigint, asset: HoudiniAsset): number => Number(formatUnits(amount, asset.decimals));

function convert(amount: bigint, from: HoudiniAsset, to: HoudiniAsset): bigint {
  return (amount * priceOf(from) * 10n ** BigInt(to.decimals)) / (priceOf(to) * 10n ** BigInt(from.decimals));
}

/** The token id the fake gives an asset: the recorded one, or a stable ObjectId-shaped digest. */
export function fakeTokenId(asset: HoudiniAsset): string {
  return asset.knownId ?? createHash('sha256').update(`${asset.chain}:${asset.address?.toLowerCase() ?? 'native'}`).digest('hex').slice(0, 24);
}

function assetById(id: string | null): HoudiniAsset | undefined {
  return id === null ? undefined : HOUDINI_ASSETS.find((a) => fakeTokenId(a) === id);
}

const envelope = (status: number, code: string, message: string, fields?: Record<string, { value?: unknown; message: string }>): FakeReply => ({
  status,
  body: { code, requestId: randomBytes(16).toString('hex'), ...(fields ? { fields } : {}), message },
});
const invalid = (field: string, value: unknown, message: string): FakeReply => envelope(422, 'VALIDATION_ERROR', 'Validation Failed', { [field]: { value, message } });

function tokenEntry(asset: HoudiniAsset): Record<string, unknown> {
  const info = chainInfo(asset.chain);
  const home = HOUDINI_ASSETS.find((a) => a.symbol === asset.symbol && a.address === null);
  const shortName = shortNameOf(asset.chain);
  const chainData = overlay(
    TOKEN_TEMPLATE.chainData as Record<string, unknown>,
    { name: shortName, shortName, kind: info.vm, ...(info.chainId !== null ? { chainId: info.chainId } : {}), memoNeeded: MEMO_CHAINS.has(asset.chain) },
    asset.chain === 'ethereum' ? [] : ETHEREUM_ONLY.filter((key) => key !== 'chainId' || info.chainId === null),
  );
  return overlay(TOKEN_TEMPLATE, {
    id: fakeTokenId(asset),
    address: asset.address === null ? null : asset.chain === 'solana' ? asset.address : asset.address.toLowerCase(),
    chain: shortName,
    decimals: asset.decimals,
    symbol: asset.symbol,
    name: asset.symbol,
    // `mainnet` flags a symbol's home chain (ETH on ethereum, not on arbitrum), not "is a coin".
    mainnet: home === asset,
    cexTokenId: asset.symbol,
    chainData,
  }, ['icon', 'description', 'cgId']);
}

function defaultChainIds(): Record<string, number> {
  const ids: Record<string, number> = {};
  for (const [key, shortName] of Object.entries(HOUDINI_CHAINS)) {
    const info = chainInfo(key as ChainKey);
    if (info.vm === 'evm' && info.chainId !== null && shortName) ids[shortName] = info.chainId;
  }
  return ids;
}

export async function startHoudiniFake(options: HoudiniFakeOptions = {}): Promise<HoudiniFake> {
  const settlement = options.settlement;
  const chainIds = options.chainIds ?? defaultChainIds();
  const quotes = new Map<string, IssuedQuote>();
  const orders = new Map<string, Order>();
  const depositLog = new Set<string>();
  const forced = new Map<string, Record<string, unknown>>();
  const fills = onceByKey<Hex>();
  const exchanges: Record<string, unknown>[] = [];
  let credentials = `${HOUDINI_FAKE_CREDENTIALS.API_KEY}:${HOUDINI_FAKE_CREDENTIALS.API_SECRET}`;
  let floorUsd: number | null = 25;
  let routeLimits: { min?: number; max?: number } | null = null;
  let privateOff = false;
  let busy = 0;

  /** `null` when the call may proceed, else Houdini's refusal. */
  function gate(request: FakeRequest, compliance: boolean): FakeReply | null {
    const authorization = request.headers.authorization;
    if (!authorization) return { status: 402, body: undefined };
    if (authorization !== credentials) return envelope(401, 'UNAUTHORIZED', 'Invalid API key or secret');
    if (!compliance) return null;
    const missing = COMPLIANCE_HEADERS.filter((name) => !request.headers[name]);
    if (missing.length === 0) return null;
    return envelope(400, 'VALIDATION_ERROR', 'Validation Failed', Object.fromEntries(missing.map((name) => [name, { message: `${name} header is required` }])));
  }

  function routeQuotes(from: HoudiniAsset, to: HoudiniAsset, amountIn: bigint, amount: string): Record<string, unknown>[] {
    return ROUTES.map((route) => {
      const amountOut = convert((amountIn * (10_000n - route.feeBps)) / 10_000n, from, to);
      const quoteId = randomBytes(12).toString('hex');
      quotes.set(quoteId, { quoteId, from, to, amountIn, amountOut, duration: route.duration, issuedAt: Date.now() });
      const min = routeLimits?.min ?? display(fromUsd(1_000_000n, from), from);
      const max = routeLimits?.max ?? (route.maxUsd === null ? UNBOUNDED : display(fromUsd(route.maxUsd * 1_000_000n, from), from));
      return overlay(QUOTE_TEMPLATE, { amountIn: Number(amount), amountOut: display(amountOut, to), min, max, duration: route.duration, amountOutUsd: Number(formatUnits(usdOf(amountOut, to), 6)), quoteId, type: 'private' });
    });
  }

  function quote(request: FakeRequest): FakeReply {
    const refused = gate(request, true);
    if (refused) return refused;
    const { query } = request;
    const amount = query.get('amount') ?? '';
    const from = assetById(query.get('from'));
    const to = assetById(query.get('to'));
    if (!from) return invalid('from', query.get('from'), 'Token not found');
    if (!to) return invalid('to', query.get('to'), 'Token not found');
    const amountIn = /^[0-9]*\.?[0-9]+$/.test(amount) ? decimalToAtomic(amount, from.decimals, 'down') : null;
    if (amountIn === null || amountIn <= 0n) return invalid('amount', amount, 'amount must be a positive number');
    const types = [...query.getAll('types'), ...query.getAll('types[]')].flatMap((t) => t.split(','));
    const wanted = (type: string) => types.length === 0 || types.includes(type);
    if (wanted('private') && floorUsd !== null && usdOf(amountIn, from) < BigInt(Math.round(floorUsd * 1_000_000))) {
      return invalid('amount', Number(amount), `Amount is too low, minimum is ${floorUsd} USD`);
    }
    const list: Record<string, unknown>[] = [];
    if (wanted('private') && !privateOff) list.push(...routeQuotes(from, to, amountIn, amount));
    if (wanted('standard')) {
      const amountOut = convert((amountIn * 9_950n) / 10_000n, from, to);
      list.push({ amountIn: Number(amount), amountOut: display(amountOut, to), min: 0, max: UNBOUNDED, duration: 5, quoteId: randomBytes(12).toString('hex'), type: 'standard', swap: 'cn', swapName: 'ChangeNow', rateId: null });
    }
    return { body: { total: list.length, quotes: list } };
  }

  function minMax(request: FakeRequest): FakeReply {
    const refused = gate(request, true);
    if (refused) return refused;
    const from = assetById(request.query.get('tokenIdFrom'));
    if (!from || !assetById(request.query.get('tokenIdTo'))) return invalid(from ? 'tokenIdTo' : 'tokenIdFrom', null, 'Token not found');
    const privateMin = display(fromUsd(BigInt(Math.round((floorUsd ?? 1) * 1_000_000)), from), from);
    const privateMax = routeLimits?.max ?? display(fromUsd(100_000_000_000n, from), from);
    return { body: { cex: { min: display(fromUsd(10_000_000n, from), from), max: UNBOUNDED }, dex: null, private: { min: routeLimits?.min ?? privateMin, max: privateMax } } };
  }

  function orderAnswer(order: Order, status: number): Record<string, unknown> {
    const { quote: q } = order;
    const code = HOUDINI_STATUS_CODES[status];
    const [inStatus, inStatusLabel, outStatus, outStatusLabel] = LEGS[status] ?? LEGS[0] ?? [0, 'NEW', 0, 'NEW'];
    const created = new Date(order.created).toISOString();
    return overlay(ORDER_TEMPLATE, {
      created,
      houdiniId: order.answer.houdiniId,
      receiverAddress: order.body.addressTo,
      ...(order.body.refundAddress ? { refundAddress: order.body.refundAddress } : {}),
      status,
      anonymous: true,
      expires: new Date(order.created + ORDER_WINDOW_MS).toISOString(),
      inAmount: display(q.amountIn, q.from),
      inSymbol: q.from.symbol,
      inStatus,
      inCreated: created,
      outAmount: display(q.amountOut, q.to),
      outSymbol: q.to.symbol,
      outStatus,
      eta: q.duration,
      inAmountUsd: Number(formatUnits(usdOf(q.amountIn, q.from), 6)),
      inToken: tokenEntry(q.from),
      outToken: tokenEntry(q.to),
      depositAddress: order.depositAddress,
      ...(order.depositTag ? { depositTag: order.depositTag } : {}),
      id: order.answer.id,
      hashUrl: '',
      statusLabel: code?.label,
      inStatusLabel,
      outStatusLabel,
      displayStatus: DISPLAY[status] ?? code?.label,
    });
  }

  function exchange(request: FakeRequest): FakeReply {
    const refused = gate(request, true);
    if (refused) return refused;
    const body = (request.body ?? {}) as Record<string, unknown>;
    exchanges.push(body);
    const issued = typeof body.quoteId === 'string' ? quotes.get(body.quoteId) : undefined;
    if (!issued) return invalid('quoteId', body.quoteId, 'Quote not found');
    if (Date.now() - issued.issuedAt > QUOTE_MAX_AGE_MS) return invalid('quoteId', body.quoteId, 'The provided quote has expired, max age is 60 seconds');
    if (typeof body.addressTo !== 'string' || !isValidAddress(issued.to.chain, body.addressTo)) return invalid('addressTo', body.addressTo, `addressTo is not a valid ${shortNameOf(issued.to.chain)} address`);
    if (body.refundAddress !== undefined && (typeof body.refundAddress !== 'string' || !isValidAddress(issued.from.chain, body.refundAddress))) return invalid('refundAddress', body.refundAddress, 'refundAddress is not valid');
    if (depositLog.has(body.addressTo.toLowerCase())) return envelope(422, 'ADDRESS_TO_IN_DEPOSIT_LOG', 'addressTo cannot be used as it exists in deposit log');
    if (busy > 0) {
      busy -= 1;
      return envelope(409, 'STATIC_DEPOSIT_IN_USE', `Deposit address for ${issued.from.symbol} is in use by another live order`);
    }
    const depositAddress = freshDepositAddress(issued.from.chain);
    if (!depositAddress) return envelope(422, 'VALIDATION_ERROR', `deposits on ${shortNameOf(issued.from.chain)} are not served by the fake`);
    depositLog.add(depositAddress.toLowerCase());
    const houdiniId = base58.encode(randomBytes(16)).slice(0, 22);
    const order: Order = { quote: issued, body, depositAddress, depositTag: MEMO_CHAINS.has(issued.from.chain) ? String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000)) : null, created: Date.now(), answer: { houdiniId, id: randomBytes(12).toString('hex') } };
    order.answer = orderAnswer(order, 0);
    orders.set(houdiniId, order);
    return { body: order.answer };
  }

  /** Sandbox settlement: the deposit address's balance decides; the payout happens once. */
  async function settle(order: Order, houdiniId: string): Promise<Record<string, unknown>> {
    const { quote: q } = order;
    const originChainId = chainIds[shortNameOf(q.from.chain) ?? ''];
    const destinationChainId = chainIds[shortNameOf(q.to.chain) ?? ''];
    if (!settlement || originChainId === undefined) return orderAnswer(order, 0);
    if (!fills.has(houdiniId)) {
      const balance = await settlement.balanceOf(originChainId, q.from.address as Address | null, order.depositAddress as Address);
      if (balance < q.amountIn) return orderAnswer(order, balance > 0n ? 1 : 0);
      if (destinationChainId === undefined) return orderAnswer(order, 3);
    }
    const hash = await fills.run(houdiniId, () => settlement.pay(destinationChainId as number, q.to.address as Address | null, order.body.addressTo as Address, q.amountOut)).catch(() => null);
    if (hash === null) return orderAnswer(order, 3);
    return { ...orderAnswer(order, 4), transactionHash: hash, hashUrl: `https://sandbox.invalid/${shortNameOf(q.to.chain) ?? ''}/tx/${hash}` };
  }

  async function orderReply(request: FakeRequest): Promise<FakeReply> {
    const refused = gate(request, false);
    if (refused) return refused;
    const houdiniId = request.query.get('houdiniId') ?? '';
    const order = orders.get(houdiniId);
    if (!order) return envelope(404, 'NOT_FOUND', `Order ${houdiniId} not found`);
    const override = forced.get(houdiniId);
    order.answer = override ? { ...orderAnswer(order, 0), ...override } : await settle(order, houdiniId);
    return { body: order.answer };
  }

  function tokens(request: FakeRequest): FakeReply {
    const refused = gate(request, false);
    if (refused) return refused;
    const { query } = request;
    const chain = query.get('chain');
    const address = query.get('address')?.toLowerCase();
    const mainnet = query.get('mainnet');
    const list = HOUDINI_ASSETS.map(tokenEntry).filter(
      (t) => (!chain || t.chain === chain) && (!address || String(t.address ?? '').toLowerCase() === address) && (mainnet === null || String(t.mainnet) === mainnet),
    );
    const pageSize = Math.min(Number(query.get('pageSize') ?? 100) || 100, 100);
    return { body: overlay(TOKENS_TEMPLATE, { tokens: list.slice(0, pageSize), total: list.length, totalPages: Math.max(1, Math.ceil(list.length / pageSize)) }) };
  }

  const server = await startFakeServer(
    {
      'GET /v2/tokens': tokens,
      'GET /v2/quotes': quote,
      'GET /v2/minMax': minMax,
      'POST /v2/exchanges': exchange,
      'GET /v2/orders/:houdiniId': orderReply,
    },
    { port: options.port },
  );

  return {
    url: server.url,
    server,
    close: () => server.close(),
    setCredentials(key, secret) {
      credentials = `${key}:${secret}`;
    },
    setFloorUsd(usd) {
      floorUsd = usd;
    },
    setRouteLimits(limits) {
      routeLimits = limits;
    },
    setPrivateRoutesOff(off) {
      privateOff = off;
    },
    setStaticDepositBusy(count) {
      busy = count;
    },
    expireQuotes() {
      for (const q of quotes.values()) q.issuedAt = Date.now() - QUOTE_MAX_AGE_MS - 1;
    },
    setStatus(houdiniId, status, opts = {}) {
      const code = typeof status === 'number' ? HOUDINI_STATUS_CODES[status] : undefined;
      const labels = opts.labels === false ? {} : { statusLabel: opts.statusLabel ?? code?.label, displayStatus: opts.displayStatus ?? code?.label };
      const cleared = opts.labels === false ? { statusLabel: undefined, displayStatus: undefined } : {};
      forced.set(houdiniId, { ...cleared, status, ...labels, ...(status === 4 ? { transactionHash: `0x${randomBytes(32).toString('hex')}` } : {}), ...opts.fields });
    },
    order: (houdiniId) => orders.get(houdiniId)?.answer,
    exchanges,
  };
}
