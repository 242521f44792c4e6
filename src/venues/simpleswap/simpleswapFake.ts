import { randomBytes } from 'node:crypto';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { decimalToAtomic } from '../../domain/amounts.ts';
import { deskPriceBook, fromRecorded } from '../desks/deskFakeSupport.ts';
import { freshDepositAddress } from '../fake/freshDepositAddress.ts';
import { recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { SIMPLESWAP_ASSETS, assetByTicker, type SimpleswapAsset } from './simpleswapChains.ts';

/**
 * A loopback SimpleSwap v3 under `/v3`: `GET /currencies`, `GET /ranges`, `GET /estimates`,
 * `POST /exchanges`, `GET /exchanges/{id}`, every success wrapped in `{result}`, decimal strings as
 * amounts, the key in `x-api-key` (a missing or wrong key is HTTP 403, an unknown pair 404, an amount
 * outside the range 422, a bad address 400). A fixed estimate issues a `rateId` valid 5 minutes;
 * creating a fixed exchange needs a live one. Prices convert at fixed USD prices minus a 100 bps
 * fixed-rate spread; the range is 20 to 50,000 USD.
 *
 * No SimpleSwap answer was recorded anywhere we could read, so its answers are the synthetic
 * fixtures (fixtures/synthetic/, written in the integrations' typed clients) with our values.
 */
export interface SimpleswapFake {
  /** Base URL of the fake API (`…/v3`), as the adapter's base URL. */
  readonly url: string;
  readonly server: FakeServer;
  readonly apiKey: string;
  close(): Promise<void>;
  /** Overrides every pair's range (display units of the origin asset); `null` restores the default. */
  setRange(range: { min: string; max: string | null } | null): void;
  /** Forces the status (and extra fields) an exchange reports. */
  setStatus(id: string, status: string, fields?: Record<string, unknown>): void;
  /** The deposit address (and extra id) of the next created exchange, for chains the fake cannot mint. */
  setNextDeposit(deposit: { addressFrom: string; extraIdFrom: string | null } | null): void;
  /** Created exchanges by id, as answered. */
  exchange(id: string): Record<string, unknown> | undefined;
}

export interface SimpleswapFakeOptions {
  readonly apiKey?: string;
  readonly now?: () => number;
  readonly port?: number;
}

const SPREAD_BPS = 100n;
const MIN_USD = 20_000_000n;
const MAX_USD = 50_000_000_000n;
const RATE_TTL_MS = 5 * 60 * 1000;
const DEPOSIT_WINDOW_MS = 30 * 60 * 1000;
// Micro-USD, so conversion stays in bigint.
const PRICES: Readonly<Record<string, bigint>> = {
  usdc: 1_000_000n, usdt: 1_000_000n, eth: 3_000_000_000n, 'bnb-bsc': 600_000_000n, avaxc: 30_000_000n, sol: 150_000_000n, trx: 250_000n, ton: 3_000_000n,
  btc: 100_000_000_000n, ltc: 80_000_000n, doge: 150_000n, bch: 400_000_000n, dash: 30_000_000n, xrp: 2_000_000n, xlm: 300_000n, ada: 500_000n, atom: 5_000_000n,
};

const TEMPLATES = new URL('./fixtures/synthetic/', import.meta.url);
const CREATED = recordedAnswer(new URL('exchange-created-fixed-usdc-sol-usdc-eth.json', TEMPLATES)).result as Readonly<Record<string, unknown>>;
const ESTIMATE = recordedAnswer(new URL('estimate-fixed-usdc-sol-usdc-eth-250.json', TEMPLATES)).result as Readonly<Record<string, unknown>>;

const { convert, fromUsd } = deskPriceBook<SimpleswapAsset>(PRICES, (asset) => asset.ticker);
/** Atomic units as SimpleSwap's decimal string, without trailing zeros. */
const text = (amount: bigint, asset: SimpleswapAsset) => {
  const digits = amount.toString().padStart(asset.decimals + 1, '0');
  const whole = digits.slice(0, digits.length - asset.decimals);
  const fraction = digits.slice(digits.length - asset.decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
};
const refused = (status: number, message: string): FakeReply => ({ status, body: { message } });
const ok = (result: unknown, status = 200): FakeReply => ({ status, body: { result } });
const isReply = (value: unknown): value is FakeReply => typeof value === 'object' && value !== null && 'body' in value;

interface Exchange {
  readonly response: Record<string, unknown>;
}

export async function startSimpleswapFake(options: SimpleswapFakeOptions = {}): Promise<SimpleswapFake> {
  const apiKey = options.apiKey ?? 'fake-simpleswap-key';
  const now = options.now ?? Date.now;
  const exchanges = new Map<string, Exchange>();
  const rates = new Map<string, { pair: string; amountOut: bigint; until: number }>();
  const forced = new Map<string, { status: string; fields: Record<string, unknown> }>();
  let rangeOverride: { min: string; max: string | null } | null = null;
  let nextDeposit: { addressFrom: string; extraIdFrom: string | null } | null = null;

  const unauthorized = (request: FakeRequest): FakeReply | null => (request.headers['x-api-key'] === apiKey ? null : refused(403, 'Forbidden'));

  function pairOf(fields: Record<string, unknown>): { from: SimpleswapAsset; to: SimpleswapAsset } | FakeReply {
    if (fields.fixed !== 'true' && fields.fixed !== true && fields.fixed !== 'false' && fields.fixed !== false) return refused(400, 'fixed must be a boolean');
    if (fields.reverse === 'true' || fields.reverse === true) return refused(400, 'The fake serves reverse=false only');
    const from = assetByTicker(fields.tickerFrom, fields.networkFrom);
    const to = assetByTicker(fields.tickerTo, fields.networkTo);
    if (!from || !to || from === to) return refused(404, 'Pair is not found');
    return { from, to };
  }

  function rangeOf(from: SimpleswapAsset): { min: bigint; max: bigint | null } {
    if (!rangeOverride) return { min: fromUsd(MIN_USD, from), max: fromUsd(MAX_USD, from) };
    return { min: decimalToAtomic(rangeOverride.min, from.decimals, 'up') ?? 0n, max: rangeOverride.max === null ? null : decimalToAtomic(rangeOverride.max, from.decimals, 'down') };
  }

  function priced(fields: Record<string, unknown>): { from: SimpleswapAsset; to: SimpleswapAsset; amountIn: bigint; amountOut: bigint } | FakeReply {
    const pair = pairOf(fields);
    if (isReply(pair)) return pair;
    const raw = fields.amount;
    const amountIn = typeof raw === 'string' ? decimalToAtomic(raw, pair.from.decimals, 'down') : null;
    if (amountIn === null || amountIn === 0n) return refused(400, 'amount must be a positive decimal string');
    const { min, max } = rangeOf(pair.from);
    if (amountIn < min || (max !== null && amountIn > max)) return refused(422, 'Amount is out of range');
    return { ...pair, amountIn, amountOut: convert((amountIn * (10_000n - SPREAD_BPS)) / 10_000n, pair.from, pair.to) };
  }

  const pairKey = (from: SimpleswapAsset, to: SimpleswapAsset, amountIn: bigint) => `${from.ticker}/${from.network}→${to.ticker}/${to.network}:${amountIn}`;

  function ranges(request: FakeRequest): FakeReply {
    const pair = pairOf(Object.fromEntries(request.query.entries()));
    if (isReply(pair)) return pair;
    const { min, max } = rangeOf(pair.from);
    return ok({ min: text(min, pair.from), max: max === null ? null : text(max, pair.from) });
  }

  function estimates(request: FakeRequest): FakeReply {
    const fields = Object.fromEntries(request.query.entries());
    const quote = priced(fields);
    if (isReply(quote)) return quote;
    const fixed = fields.fixed === 'true';
    if (!fixed) return ok(fromRecorded(ESTIMATE, { estimatedAmount: text(quote.amountOut, quote.to), rateId: null, validUntil: null }));
    const rateId = randomBytes(16).toString('hex');
    const until = now() + RATE_TTL_MS;
    rates.set(rateId, { pair: pairKey(quote.from, quote.to, quote.amountIn), amountOut: quote.amountOut, until });
    return ok(fromRecorded(ESTIMATE, { estimatedAmount: text(quote.amountOut, quote.to), rateId, validUntil: new Date(until).toISOString() }));
  }

  function create(request: FakeRequest): FakeReply {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const quote = priced(fields);
    if (isReply(quote)) return quote;
    const { from, to, amountIn } = quote;
    if (typeof fields.addressTo !== 'string' || !isValidAddress(to.chain, fields.addressTo)) return refused(400, 'Invalid addressTo');
    if (typeof fields.userRefundAddress === 'string' && fields.userRefundAddress !== '' && !isValidAddress(from.chain, fields.userRefundAddress)) return refused(400, 'Invalid userRefundAddress');
    const fixed = fields.fixed === true;
    let amountOut = quote.amountOut;
    if (fixed) {
      const rate = typeof fields.rateId === 'string' ? rates.get(fields.rateId) : undefined;
      if (!rate || rate.until < now() || rate.pair !== pairKey(from, to, amountIn)) return refused(422, 'Rate is expired or does not match the exchange');
      amountOut = rate.amountOut;
    }
    const deposit = nextDeposit ?? { addressFrom: freshDepositAddress(from.chain), extraIdFrom: null };
    nextDeposit = null;
    if (!deposit.addressFrom) return refused(422, `deposits on ${from.network} are not served by the fake`);
    const id = randomBytes(6).toString('hex');
    const at = new Date(now()).toISOString();
    const response = fromRecorded(CREATED, {
      id,
      type: fixed ? 'fixed' : 'floating',
      timestamp: at,
      updated_at: at,
      valid_until: new Date(now() + DEPOSIT_WINDOW_MS).toISOString(),
      tickerFrom: from.ticker,
      tickerTo: to.ticker,
      networkFrom: from.network,
      networkTo: to.network,
      amountFrom: text(amountIn, from),
      expected_amount: text(amountIn, from),
      amountTo: text(amountOut, to),
      addressFrom: deposit.addressFrom,
      addressTo: fields.addressTo,
      extraIdFrom: deposit.extraIdFrom,
      extraIdTo: typeof fields.extraIdTo === 'string' ? fields.extraIdTo : '',
      userRefundAddress: typeof fields.userRefundAddress === 'string' ? fields.userRefundAddress : null,
      userRefundExtraId: typeof fields.userRefundExtraId === 'string' ? fields.userRefundExtraId : '',
      status: 'waiting',
    });
    exchanges.set(id, { response });
    return ok(response, 201);
  }

  function byId(request: FakeRequest): FakeReply {
    const id = request.query.get('id') ?? '';
    const entry = exchanges.get(id);
    if (!entry) return refused(404, 'Exchange is not found');
    const override = forced.get(id);
    if (!override) return ok(entry.response);
    const base = override.status === 'finished' ? { txFrom: randomBytes(32).toString('hex'), txTo: `0x${randomBytes(32).toString('hex')}` } : {};
    return ok({ ...entry.response, status: override.status, ...base, ...override.fields });
  }

  function currencies(): FakeReply {
    return ok(SIMPLESWAP_ASSETS.map((asset) => ({ ticker: asset.ticker, network: asset.network })));
  }

  const guarded =
    (handler: (request: FakeRequest) => FakeReply) =>
    (request: FakeRequest): FakeReply =>
      unauthorized(request) ?? handler(request);

  const server = await startFakeServer(
    {
      'GET /v3/currencies': guarded(currencies),
      'GET /v3/ranges': guarded(ranges),
      'GET /v3/estimates': guarded(estimates),
      'POST /v3/exchanges': guarded(create),
      'GET /v3/exchanges/:id': guarded(byId),
    },
    { port: options.port },
  );

  return {
    url: `${server.url}/v3`,
    server,
    apiKey,
    close: () => server.close(),
    setRange(range) {
      rangeOverride = range;
    },
    setStatus(id, status, fields = {}) {
      forced.set(id, { status, fields });
    },
    setNextDeposit(deposit) {
      nextDeposit = deposit;
    },
    exchange: (id) => exchanges.get(id)?.response,
  };
}
