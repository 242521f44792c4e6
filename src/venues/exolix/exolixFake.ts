import { randomBytes } from 'node:crypto';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { chainInfo } from '../../domain/chains.ts';
import { freshDepositAddress } from '../fake/freshDepositAddress.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { EXOLIX_ASSETS, EXOLIX_NETWORKS, assetByCoin, networkOf, type ExolixAsset } from './exolixChains.ts';
import { decimalToAtomic } from '../../domain/amounts.ts';
import { deskPriceBook, deskSettler, fromRecorded } from '../desks/deskFakeSupport.ts';
import { recordedAnswer } from '../fake/recordedAnswers.ts';


/**
 * A loopback Exolix v2 under `/api/v2`: `GET /currencies`, `GET /rate`, `POST /transactions`, `GET /transactions/{id}`,
 * in the real request and response shapes (amounts as JSON numbers in display units, an amount under
 * the minimum as HTTP 422 still carrying the rate fields, validation errors as HTTP 400
 * `{message, errors}`). The `Authorization` header is optional (rate and status reads work without a
 * key), but a wrong key is refused with 401. Prices convert at fixed USD prices, minus a 200 bps
 * fixed-rate spread (100 bps float) and a 0.1 USD withdrawal fee; the minimum is 20 USD, the maximum
 * 120,000 USD.
 *
 * Sandbox mode (a settlement given): on a status read it checks the deposit address's origin-token
 * balance; once it holds `amount` it pays `amountTo` to the withdrawal address (once) and answers
 * `success` with the real payout hash.
 */
export interface ExolixFake {
  /** Base URL of the fake API (`…/api/v2`), as the adapter's base URL. */
  readonly url: string;
  readonly server: FakeServer;
  /** The API key the fake accepts when a key is sent. */
  readonly apiKey: string;
  close(): Promise<void>;
  /** Overrides the limits of every pair (display units of the origin asset); `null` restores the default. */
  setLimits(limits: { minAmount: number; maxAmount: number } | null): void;
  /** Forces the status (and extra fields) a transaction reports. */
  setStatus(id: string, status: string, fields?: Record<string, unknown>): void;
  /** The deposit address (and extra id) of the next created transaction, for chains the fake cannot mint. */
  setNextDeposit(deposit: { depositAddress: string; depositExtraId: string | null } | null): void;
  /** Created transactions by id, as answered. */
  transaction(id: string): Record<string, unknown> | undefined;
}

export interface ExolixFakeOptions {
  readonly settlement?: FakeSettlement;
  /** Exolix network → EVM chain id of the chains the settlement can touch; default: every EVM network in the table. */
  readonly chainIds?: Readonly<Record<string, number>>;
  readonly apiKey?: string;
  readonly now?: () => number;
  readonly port?: number;
}

const SPREAD_BPS: Readonly<Record<string, bigint>> = { fixed: 200n, float: 100n };
const WITHDRAWAL_FEE_USD = 100_000n;
const MIN_USD = 20_000_000n;
const MAX_USD = 120_000_000_000n;
// Micro-USD, so conversion stays in bigint.
const PRICES: Readonly<Record<string, bigint>> = {
  USDC: 1_000_000n, USDT: 1_000_000n, ETH: 3_000_000_000n, BNB: 600_000_000n, SOL: 150_000_000n, TRX: 250_000n, TON: 3_000_000n,
  BTC: 100_000_000_000n, LTC: 80_000_000n, DOGE: 150_000n, BCH: 400_000_000n, DASH: 30_000_000n, XRP: 2_000_000n, XLM: 300_000n,
  ADA: 500_000n, SUI: 3_000_000n, ALGO: 200_000n, ATOM: 5_000_000n,
};
const BELOW_MIN = 'Amount to exchange is below the possible min amount to exchange';
const ABOVE_MAX = 'Amount to exchange is higher than the possible max amount to exchange';

interface Transaction {
  readonly response: Record<string, unknown>;
  readonly from: ExolixAsset;
  readonly to: ExolixAsset;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
}

const invalid = (errors: Record<string, string>): FakeReply => ({ status: 400, body: { message: 'Validation failed', errors } });
const book = deskPriceBook<ExolixAsset>(PRICES, (asset) => asset.coin);
const { convert, fromUsd, display } = book;
/** A live fixed-rate transaction Exolix answered (fixtures/real/): every created transaction is this answer with our values. */
const RECORDED_TRANSACTION = recordedAnswer(new URL('./fixtures/real/transaction-wait-eth-to-cake.json', import.meta.url));
const RECORDED_COIN = RECORDED_TRANSACTION.coinFrom as Readonly<Record<string, unknown>>;
/** Live `/rate` answers (fixtures/real/): a fixed price, and the 422 of an amount outside the limits (fewer keys). */
const RECORDED_RATE = recordedAnswer(new URL('./fixtures/real/rate-fixed-btc-1.json', import.meta.url));
const RECORDED_OUT_OF_LIMITS = recordedAnswer(new URL('./fixtures/real/rate-below-min-btc.json', import.meta.url));
const isReply = (value: unknown): value is FakeReply => typeof value === 'object' && value !== null && 'body' in value;

function defaultChainIds(): Record<string, number> {
  const ids: Record<string, number> = {};
  for (const [key, network] of Object.entries(EXOLIX_NETWORKS)) {
    const info = chainInfo(key as Parameters<typeof chainInfo>[0]);
    if (info.vm === 'evm' && info.chainId !== null && network) ids[network] = info.chainId;
  }
  return ids;
}

/** The pair of a request (`coinFromNetwork` on /rate, `networkFrom` on /transactions; both accepted). */
function pairOf(fields: Record<string, unknown>): { from: ExolixAsset; to: ExolixAsset } | FakeReply {
  const fromNetwork = fields.coinFromNetwork ?? fields.networkFrom;
  const toNetwork = fields.coinToNetwork ?? fields.networkTo;
  const missing: Record<string, string> = {};
  for (const [name, value] of [['coinFrom', fields.coinFrom], ['coinTo', fields.coinTo], ['networkFrom', fromNetwork], ['networkTo', toNetwork]] as const) {
    if (typeof value !== 'string' || value === '') missing[name] = `${name} should not be empty`;
  }
  if (Object.keys(missing).length > 0) return invalid(missing);
  const from = assetByCoin(fields.coinFrom, fromNetwork);
  const to = assetByCoin(fields.coinTo, toNetwork);
  if (!from || !to) return { status: 422, body: { message: 'Such exchange pair is not available' } };
  return { from, to };
}

export async function startExolixFake(options: ExolixFakeOptions = {}): Promise<ExolixFake> {
  const settlement = options.settlement;
  const chainIds = options.chainIds ?? defaultChainIds();
  const apiKey = options.apiKey ?? 'fake-exolix-key';
  const now = options.now ?? Date.now;
  const transactions = new Map<string, Transaction>();
  const forced = new Map<string, { status: string; fields: Record<string, unknown> }>();
  let limitsOverride: { minAmount: number; maxAmount: number } | null = null;
  let nextDeposit: { depositAddress: string; depositExtraId: string | null } | null = null;

  const unauthorized = (request: FakeRequest): FakeReply | null => {
    const sent = request.headers.authorization;
    return sent === undefined || sent === apiKey ? null : { status: 401, body: { message: 'Unauthorized' } };
  };

  function limitsOf(from: ExolixAsset): { min: bigint; max: bigint } {
    if (!limitsOverride) return { min: fromUsd(MIN_USD, from), max: fromUsd(MAX_USD, from) };
    return { min: decimalToAtomic(limitsOverride.minAmount, from.decimals, 'up') ?? 0n, max: decimalToAtomic(limitsOverride.maxAmount, from.decimals, 'down') ?? 0n };
  }

  /** The price of `amountIn`, or the 400/422 Exolix answers instead. */
  function price(fields: Record<string, unknown>): { from: ExolixAsset; to: ExolixAsset; amountIn: bigint; amountOut: bigint; rateType: string } | FakeReply {
    const pair = pairOf(fields);
    if (isReply(pair)) return pair;
    const rateType = typeof fields.rateType === 'string' ? fields.rateType : 'float';
    const spread = SPREAD_BPS[rateType];
    if (spread === undefined) return invalid({ rateType: 'rateType must be one of the following values: fixed, float' });
    if (fields.withdrawalAmount !== undefined && fields.amount === undefined) return invalid({ withdrawalAmount: 'not served by the fake' });
    const raw = fields.amount;
    const amountIn = typeof raw === 'string' || typeof raw === 'number' ? decimalToAtomic(raw, pair.from.decimals, 'down') : null;
    if (amountIn === null || amountIn === 0n) return invalid({ amount: 'amount must be a positive number' });
    const { min, max } = limitsOf(pair.from);
    const fee = fromUsd(WITHDRAWAL_FEE_USD, pair.to);
    const gross = convert((amountIn * (10_000n - spread)) / 10_000n, pair.from, pair.to) - fee;
    if (amountIn < min || amountIn > max || gross <= 0n) {
      // As recorded: no rate or withdrawMin keys on this answer.
      return { status: 422, body: fromRecorded(RECORDED_OUT_OF_LIMITS, { fromAmount: display(amountIn, pair.from), toAmount: 0, message: amountIn > max ? ABOVE_MAX : BELOW_MIN, minAmount: display(min, pair.from), maxAmount: display(max, pair.from) }) };
    }
    return { ...pair, amountIn, amountOut: gross, rateType };
  }

  function rate(request: FakeRequest): FakeReply {
    const priced = price(Object.fromEntries(request.query.entries()));
    if (isReply(priced)) return priced;
    const { from, to, amountIn, amountOut } = priced;
    const { min, max } = limitsOf(from);
    const body = fromRecorded(RECORDED_RATE, {
      fromAmount: display(amountIn, from), toAmount: display(amountOut, to), rate: Number((display(amountOut, to) / display(amountIn, from)).toFixed(8)),
      message: null, minAmount: display(min, from), withdrawMin: display(fromUsd(MIN_USD, to), to), maxAmount: display(max, from),
    });
    return { body };
  }

  function create(request: FakeRequest): FakeReply {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const priced = price(fields);
    if (isReply(priced)) return priced;
    const { from, to, amountIn, amountOut, rateType } = priced;
    if (typeof fields.withdrawalAddress !== 'string' || !isValidAddress(to.chain, fields.withdrawalAddress)) return invalid({ withdrawalAddress: `Invalid ${to.coin} (${to.network}) address` });
    if (fields.refundAddress !== undefined && fields.refundAddress !== '' && (typeof fields.refundAddress !== 'string' || !isValidAddress(from.chain, fields.refundAddress))) {
      return invalid({ refundAddress: `Invalid ${from.coin} (${from.network}) address` });
    }
    const deposit = nextDeposit ?? { depositAddress: freshDepositAddress(from.chain), depositExtraId: null };
    nextDeposit = null;
    if (!deposit.depositAddress) return { status: 422, body: { message: `deposits on ${from.network} are not served by the fake` } };
    const id = `ex${randomBytes(6).toString('hex')}`;
    // The recorded coin object (with its icon, short name and memo name) naming our asset.
    const coin = (asset: ExolixAsset) => fromRecorded(RECORDED_COIN, { coinCode: asset.coin, coinName: asset.symbol, network: asset.network, networkName: asset.network, networkShortName: asset.network });
    const extraId = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    const response = fromRecorded(RECORDED_TRANSACTION, {
      id,
      amount: display(amountIn, from),
      amountTo: display(amountOut, to),
      coinFrom: coin(from),
      coinTo: coin(to),
      createdAt: new Date(now()).toISOString(),
      depositAddress: deposit.depositAddress,
      depositExtraId: deposit.depositExtraId,
      withdrawalAddress: fields.withdrawalAddress,
      withdrawalExtraId: extraId(fields.withdrawalExtraId),
      refundAddress: typeof fields.refundAddress === 'string' && fields.refundAddress !== '' ? fields.refundAddress : null,
      refundExtraId: extraId(fields.refundExtraId),
      rate: Number((display(amountOut, to) / display(amountIn, from)).toFixed(8)),
      rateType,
    });
    transactions.set(id, { response, from, to, amountIn, amountOut });
    return { status: 201, body: response };
  }

  const settle = deskSettler<ExolixAsset>(settlement, (asset) => chainIds[networkOf(asset.chain) ?? '']);

  /** The status a sandbox transaction reports: the deposit address's balance decides; the payout happens once. */
  async function progressOf(entry: Transaction): Promise<{ status: string; fields: Record<string, unknown> }> {
    const r = entry.response;
    const progress = await settle({ id: String(r.id), from: entry.from, to: entry.to, depositAddress: String(r.depositAddress), payoutAddress: String(r.withdrawalAddress), amountIn: entry.amountIn, amountOut: entry.amountOut });
    if (progress.stage === 'waiting') return { status: 'wait', fields: {} };
    if (progress.stage === 'partial') return { status: 'confirmation', fields: {} };
    if (progress.stage === 'exchanging') return { status: 'exchanging', fields: {} };
    return { status: 'success', fields: { hashOut: { hash: progress.hash, link: null } } };
  }

  async function byId(request: FakeRequest): Promise<FakeReply> {
    const id = request.query.get('id') ?? '';
    const entry = transactions.get(id);
    if (!entry) return { status: 404, body: { message: 'Transaction not found' } };
    const override = forced.get(id);
    let current: { status: string; fields: Record<string, unknown> };
    if (override) {
      const base = override.status === 'success' ? { hashIn: { hash: `0x${randomBytes(32).toString('hex')}`, link: null }, hashOut: { hash: `0x${randomBytes(32).toString('hex')}`, link: null } } : {};
      current = { status: override.status, fields: { ...base, ...override.fields } };
    } else {
      current = await progressOf(entry);
    }
    return { body: { ...entry.response, status: current.status, ...current.fields } };
  }

  const guarded =
    (handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>) =>
    (request: FakeRequest): FakeReply | Promise<FakeReply> =>
      unauthorized(request) ?? handler(request);

  /** `GET /v2/currencies?withNetworks=true`: the table's coins with their networks, paged. */
  function currencies(request: FakeRequest): FakeReply {
    const size = Math.min(Number(request.query.get('size') ?? 100) || 100, 100);
    const page = Math.max(Number(request.query.get('page') ?? 1) || 1, 1);
    const codes = [...new Set(EXOLIX_ASSETS.map((a) => a.coin))];
    const data = codes.map((code) => ({ code, name: code, networks: EXOLIX_ASSETS.filter((a) => a.coin === code).map((a) => ({ network: a.network, name: a.network, shortName: a.network })) }));
    return { body: { data: data.slice((page - 1) * size, page * size), count: data.length } };
  }

  const server = await startFakeServer(
    {
      'GET /api/v2/currencies': guarded(currencies),
      'GET /api/v2/rate': guarded(rate),
      'POST /api/v2/transactions': guarded(create),
      'GET /api/v2/transactions/:id': guarded(byId),
    },
    { port: options.port },
  );

  return {
    url: `${server.url}/api/v2`,
    server,
    apiKey,
    close: () => server.close(),
    setLimits(value) {
      limitsOverride = value;
    },
    setStatus(id, status, fields = {}) {
      forced.set(id, { status, fields });
    },
    setNextDeposit(deposit) {
      nextDeposit = deposit;
    },
    transaction: (id) => transactions.get(id)?.response,
  };
}
