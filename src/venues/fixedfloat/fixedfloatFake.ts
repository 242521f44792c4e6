import { randomBytes } from 'node:crypto';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { chainInfo } from '../../domain/chains.ts';
import { decimalToAtomic } from '../../domain/amounts.ts';
import { deskPriceBook, deskSettler, fromRecorded } from '../desks/deskFakeSupport.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { freshDepositAddress } from '../fake/freshDepositAddress.ts';
import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { FIXEDFLOAT_ASSETS, assetByCode, type FixedfloatAsset } from './fixedfloatChains.ts';
import { signatureOf } from './fixedfloatMapping.ts';

/**
 * A loopback FixedFloat v2: `POST /ccies`, `/price`, `/create`, `/order`, each signed (`X-API-KEY`, and
 * `X-API-SIGN` = hex HMAC-SHA256 of the JSON body with the secret), each answered HTTP 200 in the
 * `{code, msg, data}` envelope (`code` 0 on success). Orders are the recorded FixedFloat order
 * (fixtures/real/) with our values. Prices convert at fixed USD prices, minus a 50 bps fixed-rate
 * spread and a 1 USD network fee; the minimum is 10 USD, the maximum 100 000 USD, and amounts keep
 * 8 decimals (`precision`), as the recorded answers do.
 *
 * With a settlement it pays out on a status poll once the deposit address holds the order's amount.
 */
export interface FixedfloatFake {
  readonly url: string;
  readonly server: FakeServer;
  readonly apiKey: string;
  readonly apiSecret: string;
  close(): Promise<void>;
  /** Price `errors` every `/price` answers (e.g. `['RESERVE_TO']`); `null` restores computed ones. */
  setPriceErrors(errors: readonly string[] | null): void;
  /** Forces the status (and fields merged over the order) of an order. */
  setStatus(id: string, status: string, patch?: Record<string, unknown>): void;
  /** The deposit address and tag of the next order, for chains the fake cannot mint. */
  setNextDeposit(deposit: { address: string; tag: string } | null): void;
  /** Created orders by id, as answered. */
  order(id: string): Record<string, unknown> | undefined;
}

export interface FixedfloatFakeOptions {
  readonly settlement?: FakeSettlement;
  readonly chainIds?: Readonly<Record<string, number>>;
  readonly apiKey?: string;
  readonly apiSecret?: string;
  readonly now?: () => number;
  readonly port?: number;
}

const SPREAD_BPS = 50n;
const NETWORK_FEE_USD = 1_000_000n;
const MIN_USD = 10_000_000n;
const MAX_USD = 100_000_000_000n;
const PRECISION = 8;
const ORDER_TTL_S = 30 * 60;
const PRICES: Readonly<Record<string, bigint>> = {
  ETH: 3_000_000_000n, ETHARBITRUM: 3_000_000_000n, ETHBASE: 3_000_000_000n, ETHOP: 3_000_000_000n, ETHZKSYNC: 3_000_000_000n,
  USDCETH: 1_000_000n, USDT: 1_000_000n, USDCARBITRUM: 1_000_000n, USDTARBITRUM: 1_000_000n, USDTMATIC: 1_000_000n, USDCSOL: 1_000_000n, USDTSOL: 1_000_000n, USDTTRC: 1_000_000n, USDTBSC: 1_000_000n,
  POL: 250_000n, BSC: 600_000_000n, SOL: 150_000_000n, TRX: 250_000n, TON: 3_000_000n, ADA: 500_000n, XRP: 2_000_000n, XLM: 300_000n,
  BTC: 100_000_000_000n, LTC: 80_000_000n, DOGE: 150_000n, BCH: 400_000_000n, ZEC: 40_000_000n, DASH: 30_000_000n, ATOM: 5_000_000n,
};
const TAGGED = new Set(['XRP', 'XLM', 'TON', 'ATOM']);

/** A created order FixedFloat answered (fixtures/real/): every order is this answer with our values. */
const RECORDED_ORDER = recordedAnswer(new URL('./fixtures/real/create-data-new-btc-usdttrc-float.json', import.meta.url));
const RECORDED_SIDE = RECORDED_ORDER.from as Readonly<Record<string, unknown>>;
const RECORDED_TO = RECORDED_ORDER.to as Readonly<Record<string, unknown>>;
const RECORDED_TX = RECORDED_SIDE.tx as Readonly<Record<string, unknown>>;
const RECORDED_TIME = RECORDED_ORDER.time as Readonly<Record<string, unknown>>;

/** A live `/price` answer (fixtures/real/): every price is this envelope with our values, amounts as JSON numbers. */
const RECORDED_PRICE = recordedAnswer(new URL('./fixtures/real/price-fixed-usdttrc-usdtbsc-10.json', import.meta.url));
const RECORDED_PRICE_DATA = RECORDED_PRICE.data as Readonly<Record<string, unknown>>;
const RECORDED_PRICE_FROM = RECORDED_PRICE_DATA.from as Readonly<Record<string, unknown>>;
const RECORDED_PRICE_TO = RECORDED_PRICE_DATA.to as Readonly<Record<string, unknown>>;

// Envelopes as recorded live: success `{"code":0,"msg":"OK",…}`, a refusal's code a string (`"501"`).
const ok = (data: unknown): FakeReply => ({ body: overlay(RECORDED_PRICE, { data }) });
const refused = (code: number, msg: string): FakeReply => ({ body: { code: String(code), msg, data: null } });
const objectOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const isReply = (value: unknown): value is FakeReply => typeof value === 'object' && value !== null && 'body' in value;
const { convert, fromUsd } = deskPriceBook<FixedfloatAsset>(PRICES, (asset) => asset.code);
/** Display text with the fake's precision, as FixedFloat writes amounts (`"0.01631000"`). */
const text = (amount: bigint, asset: FixedfloatAsset) => {
  const cut = asset.decimals > PRECISION ? amount / 10n ** BigInt(asset.decimals - PRECISION) : amount * 10n ** BigInt(PRECISION - asset.decimals);
  const digits = cut.toString().padStart(PRECISION + 1, '0');
  return `${digits.slice(0, -PRECISION)}.${digits.slice(-PRECISION)}`;
};

/** An amount cut to the decimals FixedFloat keeps: what it answers is what it pays. */
const kept = (amount: bigint, asset: FixedfloatAsset) => (asset.decimals > PRECISION ? amount - (amount % 10n ** BigInt(asset.decimals - PRECISION)) : amount);

interface Order {
  readonly response: Record<string, unknown>;
  readonly from: FixedfloatAsset;
  readonly to: FixedfloatAsset;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
}

function defaultChainIds(): Record<string, number> {
  const ids: Record<string, number> = {};
  for (const asset of FIXEDFLOAT_ASSETS) {
    const info = chainInfo(asset.chain);
    if (info.vm === 'evm' && info.chainId !== null) ids[asset.chain] = info.chainId;
  }
  return ids;
}

export async function startFixedfloatFake(options: FixedfloatFakeOptions = {}): Promise<FixedfloatFake> {
  const apiKey = options.apiKey ?? 'fake-fixedfloat-key';
  const apiSecret = options.apiSecret ?? 'fake-fixedfloat-secret';
  const now = options.now ?? Date.now;
  const chainIds = options.chainIds ?? defaultChainIds();
  const orders = new Map<string, Order>();
  const forced = new Map<string, { status: string; patch: Record<string, unknown> }>();
  let priceErrors: readonly string[] | null = null;
  let nextDeposit: { address: string; tag: string } | null = null;

  /** FixedFloat signs the body text; the fake re-serialises what it parsed, which is the same text for JSON the client wrote. */
  function unauthorized(request: FakeRequest): FakeReply | null {
    if (request.headers['x-api-key'] !== apiKey) return refused(401, 'Invalid API key');
    if (request.headers['x-api-sign'] !== signatureOf(JSON.stringify(request.body ?? {}), apiSecret)) return refused(401, 'Invalid signature');
    return null;
  }

  function parse(body: Record<string, unknown>): { from: FixedfloatAsset; to: FixedfloatAsset; amountIn: bigint } | FakeReply {
    if (body.type !== 'fixed' && body.type !== 'float') return refused(301, 'Invalid type');
    if (body.direction !== 'from') return refused(301, 'The fake serves direction from only');
    const from = assetByCode(body.fromCcy);
    const to = assetByCode(body.toCcy);
    if (!from || !to || from === to) return refused(301, 'Invalid currency pair');
    if (typeof body.amount !== 'number') return refused(301, 'Invalid amount');
    const amountIn = decimalToAtomic(body.amount, from.decimals, 'down');
    if (amountIn === null || amountIn === 0n) return refused(301, 'Invalid amount');
    return { from, to, amountIn };
  }

  function quoteOf(from: FixedfloatAsset, to: FixedfloatAsset, amountIn: bigint): { amountOut: bigint; errors: string[] } {
    const amountOut = convert((amountIn * (10_000n - SPREAD_BPS)) / 10_000n, from, to) - fromUsd(NETWORK_FEE_USD, to);
    const errors: string[] = [];
    if (amountIn < fromUsd(MIN_USD, from) || amountOut <= 0n) errors.push('LIMIT_MIN');
    if (amountIn > fromUsd(MAX_USD, from)) errors.push('LIMIT_MAX');
    return { amountOut: amountOut > 0n ? kept(amountOut, to) : 0n, errors: priceErrors ? [...priceErrors] : errors };
  }

  function price(request: FakeRequest): FakeReply {
    const parsed = parse(objectOf(request.body));
    if (isReply(parsed)) return parsed;
    const { from, to, amountIn } = parsed;
    const { amountOut, errors } = quoteOf(from, to, amountIn);
    // Numbers, as the live answer sends them (text first, so the fake keeps FixedFloat's precision).
    const side = (template: Readonly<Record<string, unknown>>, asset: FixedfloatAsset, amount: bigint, other: FixedfloatAsset) =>
      overlay(template, {
        code: asset.code,
        network: asset.code,
        coin: asset.symbol,
        amount: Number(text(amount, asset)),
        rate: Number(text(convert(10n ** BigInt(asset.decimals), asset, other), other)),
        precision: PRECISION,
        min: Number(text(fromUsd(MIN_USD, asset), asset)),
        max: Number(text(fromUsd(MAX_USD, asset), asset)),
        usd: 0,
      });
    return ok(overlay(RECORDED_PRICE_DATA, { from: { ...side(RECORDED_PRICE_FROM, from, amountIn, to), btc: 0 }, to: side(RECORDED_PRICE_TO, to, amountOut, from), errors }));
  }

  function create(request: FakeRequest): FakeReply {
    const body = objectOf(request.body);
    const parsed = parse(body);
    if (isReply(parsed)) return parsed;
    const { from, to, amountIn } = parsed;
    if (typeof body.toAddress !== 'string' || !isValidAddress(to.chain, body.toAddress)) return refused(301, 'Invalid address');
    const { amountOut, errors } = quoteOf(from, to, amountIn);
    if (errors.length > 0) return refused(301, `Order refused: ${errors.join(', ')}`);
    const deposit = nextDeposit ?? { address: freshDepositAddress(from.chain) ?? '', tag: TAGGED.has(from.code) ? String(100_000 + orders.size) : '' };
    nextDeposit = null;
    if (!deposit.address) return refused(301, `Deposits of ${from.code} are not served by the fake`);
    const id = randomBytes(3).toString('hex').toUpperCase();
    const reg = Math.floor(now() / 1000);
    const side = (template: Readonly<Record<string, unknown>>, asset: FixedfloatAsset, address: string, tag: string, amount: bigint) =>
      fromRecorded(template, { code: asset.code, coin: asset.symbol, network: asset.code, name: asset.symbol, alias: asset.symbol.toLowerCase(), amount: text(amount, asset), address, tag, tx: { ...RECORDED_TX } });
    const response = fromRecorded(RECORDED_ORDER, {
      id,
      type: body.type,
      status: 'NEW',
      time: fromRecorded(RECORDED_TIME, { reg, update: reg, expiration: reg + ORDER_TTL_S, left: ORDER_TTL_S }),
      from: side(RECORDED_SIDE, from, deposit.address, deposit.tag, amountIn),
      to: side(RECORDED_TO, to, body.toAddress, '', amountOut),
      token: randomBytes(20).toString('hex'),
    });
    orders.set(id, { response, from, to, amountIn, amountOut });
    return ok(response);
  }

  const settle = deskSettler<FixedfloatAsset>(options.settlement, (asset) => chainIds[asset.chain]);

  /** Status and side fields of an order now: the deposit address's balance decides; the payout happens once. */
  async function progressOf(entry: Order): Promise<{ status: string; patch: Record<string, unknown> }> {
    const r = entry.response;
    const fromSide = objectOf(r.from);
    const toSide = objectOf(r.to);
    const progress = await settle({ id: String(r.id), from: entry.from, to: entry.to, depositAddress: String(fromSide.address), payoutAddress: String(toSide.address), amountIn: entry.amountIn, amountOut: entry.amountOut });
    if (progress.stage === 'waiting') return { status: 'NEW', patch: {} };
    if (progress.stage === 'partial') return { status: 'PENDING', patch: {} };
    if (progress.stage === 'exchanging') return { status: 'EXCHANGE', patch: {} };
    return { status: 'DONE', patch: { to: { ...toSide, tx: { ...objectOf(toSide.tx), id: progress.hash, amount: text(entry.amountOut, entry.to) } } } };
  }

  async function order(request: FakeRequest): Promise<FakeReply> {
    const body = objectOf(request.body);
    const entry = typeof body.id === 'string' ? orders.get(body.id) : undefined;
    if (!entry || body.token !== entry.response.token) return refused(301, 'Order not found');
    const current = forced.get(String(body.id)) ?? (await progressOf(entry));
    return ok({ ...entry.response, status: current.status, ...current.patch });
  }

  function ccies(): FakeReply {
    return ok(FIXEDFLOAT_ASSETS.map((a) => ({ code: a.code, coin: a.symbol, network: a.code, name: a.symbol, recv: true, send: true, tag: TAGGED.has(a.code) ? 'Memo' : null, logo: '', color: '', priority: 0 })));
  }

  const guarded =
    (handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>) =>
    (request: FakeRequest): FakeReply | Promise<FakeReply> =>
      unauthorized(request) ?? handler(request);

  const server = await startFakeServer(
    {
      'POST /ccies': guarded(ccies),
      'POST /price': guarded(price),
      'POST /create': guarded(create),
      'POST /order': guarded(order),
    },
    { port: options.port },
  );

  return {
    url: server.url,
    server,
    apiKey,
    apiSecret,
    close: () => server.close(),
    setPriceErrors(errors) {
      priceErrors = errors;
    },
    setStatus(id, status, patch = {}) {
      forced.set(id, { status, patch });
    },
    setNextDeposit(deposit) {
      nextDeposit = deposit;
    },
    order: (id) => orders.get(id)?.response,
  };
}
