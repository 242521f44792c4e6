import { randomBytes } from 'node:crypto';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { chainInfo } from '../../domain/chains.ts';
import { freshDepositAddress } from '../fake/freshDepositAddress.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { STEALTHEX_ASSETS, assetBySymbol, type StealthexAsset } from './stealthexChains.ts';
import { decimalToAtomic } from '../../domain/amounts.ts';
import { deskPriceBook, deskSettler, fromRecorded } from '../desks/deskFakeSupport.ts';
import { recordedAnswer } from '../fake/recordedAnswers.ts';


/**
 * A loopback StealthEX v4: `GET /v4/currencies`, `POST /v4/rates/range`, `POST /v4/rates/estimated-amount`,
 * `POST /v4/exchanges` (HTTP 201), `GET /v4/exchanges/{id}`, in the real request and response shapes
 * (`{symbol, network}` routes, amounts as JSON numbers in display units — a string amount is refused —,
 * errors as `{err: {kind, details}}`). Every call needs `Authorization: Bearer <apiKey>`. Prices convert
 * at fixed USD prices, minus a 50 bps fixed-rate spread and a 1 USD withdrawal fee; the minimum is 10 USD.
 * Only `estimation: "direct"` is served.
 *
 * Sandbox mode (a settlement given): on a status poll it reads the origin-token balance of the deposit
 * address; once it holds the exchange's amount it pays the fixed amount of the destination token to the
 * withdrawal address (once) and answers `finished` with the payout hash in `withdrawal.tx_hash`.
 */
export interface StealthexFake {
  readonly url: string;
  readonly server: FakeServer;
  /** The API key the fake accepts. */
  readonly apiKey: string;
  close(): Promise<void>;
  /** Overrides the range of every pair (display units of the origin asset); `null` restores the default. */
  setRange(range: { min_amount: number; max_amount: number | null } | null): void;
  /** Forces the status (and extra fields, merged into `withdrawal`) of an exchange. */
  setStatus(id: string, status: string, withdrawal?: Record<string, unknown>): void;
  /** The deposit address (and extra id) of the next created exchange, for chains the fake cannot mint. */
  setNextDeposit(deposit: { address: string; extra_id: string | number | null } | null): void;
  /** Created exchanges by id, as answered. */
  exchange(id: string): Record<string, unknown> | undefined;
}

export interface StealthexFakeOptions {
  readonly settlement?: FakeSettlement;
  /** Service chain key → EVM chain id of the chains the settlement can touch; default: every EVM chain in the table. */
  readonly chainIds?: Readonly<Record<string, number>>;
  readonly apiKey?: string;
  /** The fake's clock, for `valid_until` and `expires_at`. */
  readonly now?: () => number;
  readonly port?: number;
}

const FIXED_SPREAD_BPS = 50n;
const FLOATING_SPREAD_BPS = 20n;
const WITHDRAWAL_FEE_USD = 1_000_000n;
const MIN_USD = 10_000_000n;
const RATE_TTL_MS = 5 * 60 * 1000;
const EXCHANGE_TTL_MS = 20 * 60 * 1000;
// Micro-USD, so conversion stays in bigint.
const PRICES: Readonly<Record<string, bigint>> = {
  usdc: 1_000_000n, usdt: 1_000_000n, eth: 3_000_000_000n, pol: 250_000n, bnb: 600_000_000n, avax: 20_000_000n, hype: 30_000_000n, celo: 500_000n, s: 500_000n,
  sol: 150_000_000n, trx: 250_000n, ton: 3_000_000n, sui: 3_000_000n, ada: 500_000n, algo: 200_000n, xrp: 2_000_000n, xlm: 300_000n, btc: 100_000_000_000n,
  ltc: 80_000_000n, doge: 150_000n, bch: 400_000_000n, zec: 40_000_000n, dash: 30_000_000n, dot: 5_000_000n, atom: 5_000_000n, osmo: 500_000n,
};

interface Rate {
  readonly from: StealthexAsset;
  readonly to: StealthexAsset;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  readonly validUntil: number;
}

interface Exchange {
  readonly response: Record<string, unknown>;
  readonly from: StealthexAsset;
  readonly to: StealthexAsset;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
}

type Side = Record<string, unknown>;

const bad = (kind: string, details: string, status = 400): FakeReply => ({ status, body: { err: { kind, details } } });
const { convert, fromUsd, display } = deskPriceBook<StealthexAsset>(PRICES, (asset) => asset.ticker);
/** An exchange StealthEX created (fixtures/real/): every created exchange is this answer with our values. */
const RECORDED_EXCHANGE = recordedAnswer(new URL('./fixtures/real/exchange-created-eth-usdt-floating.json', import.meta.url));
const RECORDED_DEPOSIT = RECORDED_EXCHANGE.deposit as Readonly<Record<string, unknown>>;
const RECORDED_WITHDRAWAL = RECORDED_EXCHANGE.withdrawal as Readonly<Record<string, unknown>>;

function defaultChainIds(): Record<string, number> {
  const ids: Record<string, number> = {};
  for (const asset of STEALTHEX_ASSETS) {
    const info = chainInfo(asset.chain);
    if (info.vm === 'evm' && info.chainId !== null) ids[asset.chain] = info.chainId;
  }
  return ids;
}

const isReply = (value: unknown): value is FakeReply => typeof value === 'object' && value !== null && 'body' in value;
const objectOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/** The `route` of a body, or the StealthEX error naming what is wrong. */
function routeOf(body: Record<string, unknown>): { from: StealthexAsset; to: StealthexAsset } | FakeReply {
  const route = objectOf(body.route);
  const sides = [objectOf(route.from), objectOf(route.to)];
  for (const side of sides) {
    if (typeof side.symbol !== 'string' || typeof side.network !== 'string') return bad('ValidationError', 'route.from and route.to need symbol and network');
  }
  const [fromSide = {}, toSide = {}] = sides;
  const from = assetBySymbol(fromSide.symbol, fromSide.network);
  const to = assetBySymbol(toSide.symbol, toSide.network);
  if (!from || !to) return bad('NoPair', 'pair not supported');
  if (from === to) return bad('NoExchangeRoute', 'same currency on both sides');
  return { from, to };
}

/** `estimation` and `rate` of a body: the fake serves `direct` only; `reversed` is fixed-only at StealthEX. */
function flowOf(body: Record<string, unknown>): { rate: 'fixed' | 'floating' } | FakeReply {
  if (body.estimation !== 'direct' && body.estimation !== 'reversed') return bad('ValidationError', 'estimation must be direct or reversed');
  if (body.rate !== 'fixed' && body.rate !== 'floating') return bad('ValidationError', 'rate must be floating or fixed');
  if (body.estimation === 'reversed') return bad('ValidationError', 'reversed estimation is not served by the fake');
  return { rate: body.rate };
}

export async function startStealthexFake(options: StealthexFakeOptions = {}): Promise<StealthexFake> {
  const settlement = options.settlement;
  const chainIds = options.chainIds ?? defaultChainIds();
  const apiKey = options.apiKey ?? 'fake-stealthex-key';
  const now = options.now ?? Date.now;
  const rates = new Map<string, Rate>();
  const exchanges = new Map<string, Exchange>();
  const forced = new Map<string, { status: string; withdrawal: Record<string, unknown> }>();
  let rangeOverride: { min_amount: number; max_amount: number | null } | null = null;
  let nextDeposit: { address: string; extra_id: string | number | null } | null = null;

  // The kind and words of a live bad-key refusal (fixtures/synthetic/error-auth.json).
  const unauthorized = (request: FakeRequest): FakeReply | null =>
    request.headers.authorization === `Bearer ${apiKey}` ? null : bad('Auth', 'API key is invalid', 401);

  function limitsOf(from: StealthexAsset): { min: bigint; max: bigint | null } {
    if (!rangeOverride) return { min: fromUsd(MIN_USD, from), max: null };
    const min = decimalToAtomic(rangeOverride.min_amount, from.decimals, 'up') ?? 0n;
    const max = rangeOverride.max_amount === null ? null : decimalToAtomic(rangeOverride.max_amount, from.decimals, 'down');
    return { min, max };
  }

  /** Route, flow and (when `withAmount`) the numeric amount of a rates or exchanges body. */
  function parse(request: FakeRequest, withAmount: boolean): { from: StealthexAsset; to: StealthexAsset; rate: 'fixed' | 'floating'; amountIn: bigint } | FakeReply {
    const body = objectOf(request.body);
    const pair = routeOf(body);
    if (isReply(pair)) return pair;
    const flow = flowOf(body);
    if (isReply(flow)) return flow;
    if (!withAmount) return { ...pair, rate: flow.rate, amountIn: 0n };
    if (typeof body.amount !== 'number') return bad('ValidationError', `amount: expected number, received ${typeof body.amount}`);
    const amountIn = decimalToAtomic(body.amount, pair.from.decimals, 'down');
    if (amountIn === null || amountIn === 0n) return bad('ValidationError', 'amount must be positive');
    const { min, max } = limitsOf(pair.from);
    if (amountIn < min) return bad('AmountOutOfRange', `amount is less than the minimum ${display(min, pair.from)}`);
    if (max !== null && amountIn > max) return bad('AmountOutOfRange', `amount is more than the maximum ${display(max, pair.from)}`);
    return { ...pair, rate: flow.rate, amountIn };
  }

  function range(request: FakeRequest): FakeReply {
    const parsed = parse(request, false);
    if (isReply(parsed)) return parsed;
    const { min, max } = limitsOf(parsed.from);
    return { body: { min_amount: display(min, parsed.from), max_amount: max === null ? null : display(max, parsed.from) } };
  }

  function quoteOf(parsed: { from: StealthexAsset; to: StealthexAsset; rate: 'fixed' | 'floating'; amountIn: bigint }): bigint {
    const spread = parsed.rate === 'fixed' ? FIXED_SPREAD_BPS : FLOATING_SPREAD_BPS;
    return convert((parsed.amountIn * (10_000n - spread)) / 10_000n, parsed.from, parsed.to) - fromUsd(WITHDRAWAL_FEE_USD, parsed.to);
  }

  function estimate(request: FakeRequest): FakeReply {
    const parsed = parse(request, true);
    if (isReply(parsed)) return parsed;
    const amountOut = quoteOf(parsed);
    if (amountOut <= 0n) return bad('AmountOutOfRange', 'amount is less than the minimum');
    if (parsed.rate === 'floating') return { body: { estimated_amount: display(amountOut, parsed.to), rate: null } };
    const id = randomBytes(16).toString('hex');
    const until = now() + RATE_TTL_MS;
    rates.set(id, { from: parsed.from, to: parsed.to, amountIn: parsed.amountIn, amountOut, validUntil: until });
    return { body: { estimated_amount: display(amountOut, parsed.to), rate: { id, valid_until: new Date(until).toISOString() } } };
  }

  function create(request: FakeRequest): FakeReply {
    const parsed = parse(request, true);
    if (isReply(parsed)) return parsed;
    const body = objectOf(request.body);
    if (typeof body.address !== 'string' || !isValidAddress(parsed.to.chain, body.address)) return bad('InvalidAddress', `invalid withdrawal address for ${parsed.to.ticker}`);
    if (body.refund_address !== undefined && (typeof body.refund_address !== 'string' || !isValidAddress(parsed.from.chain, body.refund_address))) {
      return bad('InvalidAddress', `invalid refund address for ${parsed.from.ticker}`);
    }
    if (parsed.rate !== 'fixed') return bad('ValidationError', 'the fake serves the fixed rate only');
    const rate = typeof body.rate_id === 'string' ? rates.get(body.rate_id) : undefined;
    if (!rate || rate.validUntil < now()) return bad('RateExpired', 'rate_id is expired or unknown');
    if (rate.from !== parsed.from || rate.to !== parsed.to || rate.amountIn !== parsed.amountIn) return bad('ValidationError', 'rate_id was issued for another route or amount');
    const deposit = nextDeposit ?? { address: freshDepositAddress(parsed.from.chain), extra_id: null };
    nextDeposit = null;
    if (!deposit.address) return bad('NoExchangeRoute', `deposits on ${parsed.from.network} are not served by the fake`);
    const id = randomBytes(5).toString('hex');
    // The recorded exchange with our values: while waiting, `amount` already equals `expected_amount` on both sides.
    const side = (template: Readonly<Record<string, unknown>>, asset: StealthexAsset, address: string, extraId: string | number | null, amount: number) =>
      fromRecorded(template, { symbol: asset.ticker, network: asset.network, amount, expected_amount: amount, address, extra_id: extraId, tx_hash: null, address_explorer_url: `https://sandbox.invalid/address/${address}`, tx_explorer_url: null });
    const response = fromRecorded(RECORDED_EXCHANGE, {
      id,
      status: 'waiting',
      rate: 'fixed',
      deposit: side(RECORDED_DEPOSIT, parsed.from, deposit.address, deposit.extra_id, display(rate.amountIn, parsed.from)),
      withdrawal: side(RECORDED_WITHDRAWAL, parsed.to, body.address, null, display(rate.amountOut, parsed.to)),
      refund_address: body.refund_address ?? null,
      created_at: new Date(now()).toISOString(),
      expires_at: new Date(now() + EXCHANGE_TTL_MS).toISOString(),
    });
    exchanges.set(id, { response, from: parsed.from, to: parsed.to, amountIn: rate.amountIn, amountOut: rate.amountOut });
    return { status: 201, body: response };
  }

  const settle = deskSettler<StealthexAsset>(settlement, (asset) => chainIds[asset.chain]);

  /** The status a sandbox exchange reports: the deposit address's balance decides; the payout happens once. */
  async function progressOf(entry: Exchange): Promise<{ status: string; deposit: Side; withdrawal: Side }> {
    const r = entry.response;
    const deposit = r.deposit as Side;
    const withdrawal = r.withdrawal as Side;
    const progress = await settle({ id: String(r.id), from: entry.from, to: entry.to, depositAddress: String(deposit.address), payoutAddress: String(withdrawal.address), amountIn: entry.amountIn, amountOut: entry.amountOut });
    const received = { amount: display(entry.amountIn, entry.from) };
    if (progress.stage === 'waiting') return { status: 'waiting', deposit: {}, withdrawal: {} };
    if (progress.stage === 'partial') return { status: 'confirming', deposit: { amount: display(progress.received, entry.from) }, withdrawal: {} };
    if (progress.stage === 'exchanging') return { status: 'exchanging', deposit: received, withdrawal: {} };
    return { status: 'finished', deposit: received, withdrawal: { amount: display(entry.amountOut, entry.to), tx_hash: progress.hash } };
  }

  function byId(request: FakeRequest): Promise<FakeReply> | FakeReply {
    const id = request.query.get('id') ?? '';
    const entry = exchanges.get(id);
    if (!entry) return bad('NotFound', `exchange ${id} not found`, 404);
    const override = forced.get(id);
    const answer = (current: { status: string; deposit: Side; withdrawal: Side }): FakeReply => {
      const r = entry.response;
      return { body: { ...r, status: current.status, deposit: { ...(r.deposit as Side), ...current.deposit }, withdrawal: { ...(r.withdrawal as Side), ...current.withdrawal } } };
    };
    if (override) {
      const done = override.status === 'finished';
      const base: Side = done ? { amount: display(entry.amountOut, entry.to), tx_hash: `0x${randomBytes(32).toString('hex')}` } : {};
      return answer({ status: override.status, deposit: done ? { amount: display(entry.amountIn, entry.from) } : {}, withdrawal: { ...base, ...override.withdrawal } });
    }
    return progressOf(entry).then(answer);
  }

  const guarded =
    (handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>) =>
    (request: FakeRequest): FakeReply | Promise<FakeReply> =>
      unauthorized(request) ?? handler(request);

  function currencies(request: FakeRequest): FakeReply {
    const limit = Math.min(Number(request.query.get('limit') ?? 250) || 250, 250);
    const offset = Number(request.query.get('offset') ?? 0) || 0;
    const rows = STEALTHEX_ASSETS.map((a) => ({ symbol: a.ticker, network: a.network, name: a.symbol, rates: ['floating', 'fixed'], contract_address: a.address, extra_id: ['xrp', 'xlm', 'ton'].includes(a.ticker) ? 'memo' : null }));
    return { body: rows.slice(offset, offset + limit) };
  }

  const server = await startFakeServer(
    {
      'GET /v4/currencies': guarded(currencies),
      'POST /v4/rates/range': guarded(range),
      'POST /v4/rates/estimated-amount': guarded(estimate),
      'POST /v4/exchanges': guarded(create),
      'GET /v4/exchanges/:id': guarded(byId),
    },
    { port: options.port },
  );

  return {
    url: server.url,
    server,
    apiKey,
    close: () => server.close(),
    setRange(value) {
      rangeOverride = value;
    },
    setStatus(id, status, withdrawal = {}) {
      forced.set(id, { status, withdrawal });
    },
    setNextDeposit(deposit) {
      nextDeposit = deposit;
    },
    exchange: (id) => exchanges.get(id)?.response,
  };
}
