import { randomBytes } from 'node:crypto';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { chainInfo } from '../../domain/chains.ts';
import { freshDepositAddress } from '../fake/freshDepositAddress.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { CHANGENOW_ASSETS, CHANGENOW_NETWORKS, assetByTicker, networkOf, type ChangenowAsset } from './changenowChains.ts';
import { decimalToAtomic } from '../../domain/amounts.ts';
import { deskPriceBook, deskSettler, fromRecorded } from '../desks/deskFakeSupport.ts';
import { recordedAnswer } from '../fake/recordedAnswers.ts';


/**
 * A loopback ChangeNOW v2: `GET /v2/exchange/currencies`, `/range`, `/estimated-amount`,
 * `POST /v2/exchange`, `GET /v2/exchange/by-id`, in the real request and response shapes (amounts as
 * JSON numbers in display units, errors as `{error, message}`). Every call needs the
 * `x-changenow-api-key` header. Prices convert at fixed USD prices, minus a 50 bps fixed-rate spread and
 * a 1 USD withdrawal fee; the minimum is 10 USD.
 *
 * Sandbox mode (a settlement given): on by-id it reads the origin-token balance of the payin address;
 * once it holds the exchange's `fromAmount` it pays `toAmount` of the destination token to the payout
 * address (once) and answers `finished` with the real payout hash.
 */
export interface ChangenowFake {
  readonly url: string;
  readonly server: FakeServer;
  /** The API key the fake accepts. */
  readonly apiKey: string;
  close(): Promise<void>;
  /** Overrides the range of every pair (display units of the origin asset); `null` restores the default. */
  setRange(range: { minAmount: number; maxAmount: number | null } | null): void;
  /** Forces the status of an exchange; `fields` override the computed by-id fields. */
  setStatus(id: string, status: string, fields?: Record<string, unknown>): void;
  /** The payin address (and extra id) of the next created exchange, for chains the fake cannot mint. */
  setNextDeposit(deposit: { payinAddress: string; payinExtraId: string | null } | null): void;
  /** Created exchanges by id, as answered. */
  exchange(id: string): Record<string, unknown> | undefined;
}

export interface ChangenowFakeOptions {
  readonly settlement?: FakeSettlement;
  /** ChangeNOW network → EVM chain id of the chains the settlement can touch; default: every EVM network in the table. */
  readonly chainIds?: Readonly<Record<string, number>>;
  readonly apiKey?: string;
  /** The fake's clock, for `validUntil`. */
  readonly now?: () => number;
  readonly port?: number;
}

const FIXED_SPREAD_BPS = 50n;
const WITHDRAWAL_FEE_USD = 1_000_000n;
const MIN_USD = 10_000_000n;
const RATE_TTL_MS = 5 * 60 * 1000;
const EXCHANGE_TTL_MS = 20 * 60 * 1000;
// Micro-USD, so conversion stays in bigint.
const PRICES: Readonly<Record<string, bigint>> = {
  usdc: 1_000_000n, usdt: 1_000_000n, eth: 3_000_000_000n, bnb: 600_000_000n, avax: 20_000_000n, celo: 500_000n, sol: 150_000_000n, trx: 250_000n,
  ton: 3_000_000n, btc: 100_000_000_000n, ltc: 80_000_000n, doge: 150_000n, bch: 400_000_000n, dash: 30_000_000n, xrp: 2_000_000n, xlm: 300_000n,
  ada: 500_000n, sui: 3_000_000n, algo: 200_000n, near: 3_000_000n, apt: 5_000_000n, atom: 5_000_000n,
};

interface Rate {
  readonly from: ChangenowAsset;
  readonly to: ChangenowAsset;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  readonly validUntil: number;
}

interface Exchange {
  readonly response: Record<string, unknown>;
  readonly from: ChangenowAsset;
  readonly to: ChangenowAsset;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
}

const bad = (error: string, message: string, status = 400): FakeReply => ({ status, body: { error, message } });
const { convert, fromUsd, display } = deskPriceBook<ChangenowAsset>(PRICES, (asset) => asset.ticker);
/** Answers ChangeNOW gave (fixtures/real/): every created exchange and by-id read is one of these with our values. */
const RECORDED_EXCHANGE = recordedAnswer(new URL('./fixtures/real/exchange-created-eth-usdt-standard.json', import.meta.url));
const RECORDED_BY_ID = recordedAnswer(new URL('./fixtures/real/status-waiting-eth-usdt.json', import.meta.url));

function defaultChainIds(): Record<string, number> {
  const ids: Record<string, number> = {};
  for (const [key, network] of Object.entries(CHANGENOW_NETWORKS)) {
    const info = chainInfo(key as Parameters<typeof chainInfo>[0]);
    if (info.vm === 'evm' && info.chainId !== null && network) ids[network] = info.chainId;
  }
  return ids;
}

/** The `(ticker, network)` pair of a request, or the ChangeNOW error naming what is wrong. */
function pairOf(query: Record<string, unknown>): { from: ChangenowAsset; to: ChangenowAsset } | FakeReply {
  for (const field of ['fromCurrency', 'toCurrency', 'fromNetwork', 'toNetwork']) {
    if (typeof query[field] !== 'string' || query[field] === '') return bad('not_valid_params', `${field} is required`);
  }
  const from = assetByTicker(query.fromCurrency, query.fromNetwork);
  const to = assetByTicker(query.toCurrency, query.toNetwork);
  if (!from) return bad('not_valid_params', `Currency ${String(query.fromCurrency)} on network ${String(query.fromNetwork)} is not supported`);
  if (!to) return bad('not_valid_params', `Currency ${String(query.toCurrency)} on network ${String(query.toNetwork)} is not supported`);
  return { from, to };
}

const isReply = (value: unknown): value is FakeReply => typeof value === 'object' && value !== null && 'body' in value;
const queryOf = (request: FakeRequest): Record<string, string> => Object.fromEntries(request.query.entries());

export async function startChangenowFake(options: ChangenowFakeOptions = {}): Promise<ChangenowFake> {
  const settlement = options.settlement;
  const chainIds = options.chainIds ?? defaultChainIds();
  const apiKey = options.apiKey ?? 'fake-changenow-key';
  const now = options.now ?? Date.now;
  const rates = new Map<string, Rate>();
  const exchanges = new Map<string, Exchange>();
  const forced = new Map<string, { status: string; fields: Record<string, unknown> }>();
  let rangeOverride: { minAmount: number; maxAmount: number | null } | null = null;
  let nextDeposit: { payinAddress: string; payinExtraId: string | null } | null = null;

  const unauthorized = (request: FakeRequest): FakeReply | null =>
    request.headers['x-changenow-api-key'] === apiKey ? null : bad('unauthorized', 'Invalid or missing x-changenow-api-key header', 401);

  function limitsOf(from: ChangenowAsset): { min: bigint; max: bigint | null } {
    if (!rangeOverride) return { min: fromUsd(MIN_USD, from), max: null };
    const min = decimalToAtomic(rangeOverride.minAmount, from.decimals, 'up') ?? 0n;
    const max = rangeOverride.maxAmount === null ? null : decimalToAtomic(rangeOverride.maxAmount, from.decimals, 'down');
    return { min, max };
  }

  function range(request: FakeRequest): FakeReply {
    const query = queryOf(request);
    const pair = pairOf(query);
    if (isReply(pair)) return pair;
    const flow = query.flow ?? 'standard';
    if (flow !== 'standard' && flow !== 'fixed-rate') return bad('not_valid_params', `flow must be standard or fixed-rate`);
    const { min, max } = limitsOf(pair.from);
    const body = { fromCurrency: pair.from.ticker, fromNetwork: pair.from.network, toCurrency: pair.to.ticker, toNetwork: pair.to.network, flow, minAmount: display(min, pair.from), maxAmount: max === null ? null : display(max, pair.from) };
    return { body };
  }

  function estimate(request: FakeRequest): FakeReply {
    const query = queryOf(request);
    const pair = pairOf(query);
    if (isReply(pair)) return pair;
    const flow = query.flow ?? 'standard';
    const type = query.type ?? 'direct';
    if (flow !== 'standard' && flow !== 'fixed-rate') return bad('not_valid_params', 'flow must be standard or fixed-rate');
    if (type !== 'direct') return bad('not_valid_params', `type ${type} is not served by the fake`);
    const amountIn = query.fromAmount ? decimalToAtomic(query.fromAmount, pair.from.decimals, 'down') : null;
    if (amountIn === null || amountIn === 0n) return bad('not_valid_params', 'fromAmount must be a positive number');
    const { min, max } = limitsOf(pair.from);
    if (amountIn < min) return bad('deposit_too_small', `Amount is less then minimal: ${display(min, pair.from)} ${pair.from.ticker.toUpperCase()}`);
    if (max !== null && amountIn > max) return bad('out_of_range', `Amount is more then maximal: ${display(max, pair.from)} ${pair.from.ticker.toUpperCase()}`);
    const spread = flow === 'fixed-rate' ? FIXED_SPREAD_BPS : 0n;
    const fee = fromUsd(WITHDRAWAL_FEE_USD, pair.to);
    const amountOut = convert((amountIn * (10_000n - spread)) / 10_000n, pair.from, pair.to) - fee;
    if (amountOut <= 0n) return bad('deposit_too_small', `Amount is less then minimal: ${display(min, pair.from)} ${pair.from.ticker.toUpperCase()}`);
    let rateId: string | null = null;
    let validUntil: string | null = null;
    if (flow === 'fixed-rate' && query.useRateId === 'true') {
      rateId = randomBytes(16).toString('hex');
      const until = now() + RATE_TTL_MS;
      validUntil = new Date(until).toISOString();
      rates.set(rateId, { ...pair, amountIn, amountOut, validUntil: until });
    }
    const body = {
      fromCurrency: pair.from.ticker, fromNetwork: pair.from.network, toCurrency: pair.to.ticker, toNetwork: pair.to.network, flow, type, rateId, validUntil,
      transactionSpeedForecast: '10-60', warningMessage: null, fromAmount: display(amountIn, pair.from), toAmount: display(amountOut, pair.to), depositFee: 0, withdrawalFee: display(fee, pair.to), userId: null,
    };
    return { body };
  }

  function create(request: FakeRequest): FakeReply {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const pair = pairOf(body);
    if (isReply(pair)) return pair;
    if (typeof body.address !== 'string' || !isValidAddress(pair.to.chain, body.address)) return bad('not_valid_params', `Invalid payout address for ${pair.to.ticker}`);
    if (body.refundAddress !== undefined && body.refundAddress !== '' && (typeof body.refundAddress !== 'string' || !isValidAddress(pair.from.chain, body.refundAddress))) {
      return bad('not_valid_params', `Invalid refund address for ${pair.from.ticker}`);
    }
    if (body.type !== undefined && body.type !== 'direct') return bad('not_valid_params', `type ${String(body.type)} is not served by the fake`);
    const fromAmount = typeof body.fromAmount === 'string' || typeof body.fromAmount === 'number' ? decimalToAtomic(body.fromAmount, pair.from.decimals, 'down') : null;
    if (fromAmount === null || fromAmount === 0n) return bad('not_valid_params', 'fromAmount is required for type direct');
    if (body.flow !== 'fixed-rate') return bad('not_valid_params', 'the fake serves the fixed-rate flow only');
    const rate = typeof body.rateId === 'string' ? rates.get(body.rateId) : undefined;
    if (!rate || rate.validUntil < now()) return bad('not_valid_params', 'rateId is expired or unknown');
    if (rate.from !== pair.from || rate.to !== pair.to || rate.amountIn !== fromAmount) return bad('not_valid_params', 'rateId was issued for another pair or amount');
    const deposit = nextDeposit ?? { payinAddress: freshDepositAddress(pair.from.chain), payinExtraId: null };
    nextDeposit = null;
    if (!deposit.payinAddress) return bad('not_valid_params', `deposits on ${pair.from.network} are not served by the fake`);
    const id = randomBytes(7).toString('hex');
    // The recorded exchange (standard flow) with our values; the fixed-rate fields the v2 docs add follow it.
    const response = fromRecorded(
      RECORDED_EXCHANGE,
      {
        fromAmount: display(rate.amountIn, pair.from), toAmount: display(rate.amountOut, pair.to), flow: 'fixed-rate', type: 'direct',
        payinAddress: deposit.payinAddress, payoutAddress: body.address, fromCurrency: pair.from.ticker, toCurrency: pair.to.ticker,
        refundAddress: body.refundAddress ?? null, id, directedAmount: display(rate.amountIn, pair.from), fromNetwork: pair.from.network, toNetwork: pair.to.network,
      },
      { payinExtraId: deposit.payinExtraId, payoutExtraId: null, refundExtraId: null, rateId: body.rateId, validUntil: new Date(now() + EXCHANGE_TTL_MS).toISOString() },
    );
    exchanges.set(id, { response, from: pair.from, to: pair.to, amountIn: rate.amountIn, amountOut: rate.amountOut });
    return { body: response };
  }

  const settle = deskSettler<ChangenowAsset>(settlement, (asset) => chainIds[networkOf(asset.chain) ?? '']);

  /** The status a sandbox exchange reports: the payin address's balance decides; the payout happens once. */
  async function progressOf(entry: Exchange): Promise<{ status: string; fields: Record<string, unknown> }> {
    const r = entry.response;
    const progress = await settle({ id: String(r.id), from: entry.from, to: entry.to, depositAddress: String(r.payinAddress), payoutAddress: String(r.payoutAddress), amountIn: entry.amountIn, amountOut: entry.amountOut });
    if (progress.stage === 'waiting') return { status: 'waiting', fields: {} };
    if (progress.stage === 'partial') return { status: 'confirming', fields: { amountFrom: display(progress.received, entry.from) } };
    if (progress.stage === 'exchanging') return { status: 'exchanging', fields: { amountFrom: display(entry.amountIn, entry.from) } };
    return { status: 'finished', fields: finishedFields(entry, progress.hash) };
  }

  function finishedFields(entry: Exchange, payoutHash: string): Record<string, unknown> {
    return { amountFrom: display(entry.amountIn, entry.from), amountTo: display(entry.amountOut, entry.to), payoutHash, depositReceivedAt: new Date(now()).toISOString() };
  }

  async function byId(request: FakeRequest): Promise<FakeReply> {
    const id = request.query.get('id');
    if (!id) return bad('not_valid_params', 'id is required');
    const entry = exchanges.get(id);
    if (!entry) return bad('not_found', `Exchange ${id} not found`, 404);
    const override = forced.get(id);
    let current: { status: string; fields: Record<string, unknown> };
    if (override) {
      const base = override.status === 'finished' ? finishedFields(entry, `0x${randomBytes(32).toString('hex')}`) : override.status === 'refunded' ? { amountFrom: display(entry.amountIn, entry.from), refundAmount: display(entry.amountIn, entry.from), refundHash: `0x${randomBytes(32).toString('hex')}` } : {};
      current = { status: override.status, fields: { ...base, ...override.fields } };
    } else {
      current = await progressOf(entry);
    }
    const r = entry.response;
    // The recorded by-id answer (waiting, nulls until paid) with this exchange's values.
    const body = fromRecorded(RECORDED_BY_ID, {
      id, status: current.status, fromCurrency: r.fromCurrency, fromNetwork: r.fromNetwork, toCurrency: r.toCurrency, toNetwork: r.toNetwork,
      expectedAmountFrom: r.fromAmount, expectedAmountTo: r.toAmount, amountFrom: null, amountTo: null, payinAddress: r.payinAddress, payoutAddress: r.payoutAddress,
      payinExtraId: r.payinExtraId, refundAddress: r.refundAddress, createdAt: new Date(now()).toISOString(), updatedAt: new Date(now()).toISOString(),
      validUntil: r.validUntil, fromLegacyTicker: r.fromCurrency, toLegacyTicker: r.toCurrency, ...current.fields,
    });
    return { body };
  }

  const guarded =
    (handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>) =>
    (request: FakeRequest): FakeReply | Promise<FakeReply> =>
      unauthorized(request) ?? handler(request);

  const server = await startFakeServer(
    {
      'GET /v2/exchange/currencies': guarded(() => ({
        body: CHANGENOW_ASSETS.map((a) => ({
          ticker: a.ticker, name: a.symbol, network: a.network, tokenContract: a.address,
          isExtraIdSupported: ['xrp', 'xlm', 'atom', 'ton'].includes(a.network), supportsFixedRate: true, isFiat: false, buy: true, sell: true,
        })),
      })),
      'GET /v2/exchange/range': guarded(range),
      'GET /v2/exchange/estimated-amount': guarded(estimate),
      'POST /v2/exchange': guarded(create),
      'GET /v2/exchange/by-id': guarded(byId),
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
    setStatus(id, status, fields = {}) {
      forced.set(id, { status, fields });
    },
    setNextDeposit(deposit) {
      nextDeposit = deposit;
    },
    exchange: (id) => exchanges.get(id)?.response,
  };
}
