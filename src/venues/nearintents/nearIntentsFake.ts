import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { formatUnits, type Address, type Hex } from 'viem';
import { chainInfo } from '../../domain/chains.ts';
import { onceByKey } from '../fake/onceByKey.ts';
import { freshDepositAddress } from '../fake/freshDepositAddress.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { NEAR_INTENTS_ASSETS, NEAR_INTENTS_BLOCKCHAINS, assetById, blockchainOf, type NearIntentsAsset } from './nearIntentsChains.ts';

/**
 * A loopback 1Click: `POST /v0/quote` (dry and live), `GET /v0/status`, `POST /v0/deposit/submit`,
 * `GET /v0/tokens`. Prices convert at fixed USD prices, minus the 20 bps platform fee, any `appFees`,
 * and a 1000-unit withdraw fee.
 *
 * Every answer is a real recorded 1Click answer (fixtures/real/) used as a template: the fake only
 * substitutes ids, amounts, addresses and times, keeping the real keys, their order and their
 * explicit nulls (a pending or refunded swap's null amounts and slippage), so it cannot agree with an
 * adapter that expects a shape the real service does not send. Status values nobody recorded take
 * the recorded PENDING_DEPOSIT layout.
 *
 * Sandbox mode (a settlement given): on status it reads the origin-token balance of the deposit
 * address; once it holds `amountIn` it pays `amountOut` of the destination token to the recipient
 * (once) and answers SUCCESS with the real destination tx hash.
 */
export interface NearIntentsFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /** Quotes below `amount` (origin units) get 1Click's "try at least" 400; `null` lifts it. */
  setMinimum(amount: bigint | null): void;
  /** Forces the status of a deposit address; `swapDetails` fields override the computed ones. */
  setStatus(depositAddress: string, status: string, swapDetails?: Record<string, unknown>): void;
  /** When set, a request whose `Authorization` is not `Bearer <jwt>` gets 401 (none is still allowed). */
  setJwt(jwt: string | null): void;
  /** Live quotes by deposit address, as answered. */
  liveQuote(depositAddress: string): Record<string, unknown> | undefined;
  /** Bodies of `POST /v0/deposit/submit`. */
  readonly submissions: readonly { txHash: string; depositAddress: string }[];
}

export interface NearIntentsFakeOptions {
  readonly settlement?: FakeSettlement;
  /** 1Click blockchain → EVM chain id of the chains the settlement can touch; default: every EVM chain 1Click serves. */
  readonly chainIds?: Readonly<Record<string, number>>;
  readonly port?: number;
}

const PLATFORM_FEE_BPS = 20n;
const WITHDRAW_FEE = 1000n;
// Micro-USD, so conversion stays in bigint.
const PRICES: Readonly<Record<string, bigint>> = {
  USDC: 1_000_000n, USDT: 1_000_000n, XDAI: 1_000_000n, ETH: 3_000_000_000n, POL: 200_000n, BNB: 600_000_000n, AVAX: 20_000_000n, BERA: 2_000_000n,
  SOL: 150_000_000n, NEAR: 3_000_000n, BTC: 100_000_000_000n, DOGE: 150_000n, XRP: 2_000_000n, TRX: 250_000n, SUI: 3_000_000n, ADA: 500_000n, TON: 3_000_000n,
};

type Json = Record<string, unknown>;

/** A recorded answer of fixtures/real/, parsed fresh for each use. */
function recorded(name: string): Json {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as Json;
}

const TEMPLATES = {
  dryQuote: recorded('quote-dry-btc-to-eth-usdt.json'),
  liveQuote: recorded('quote-live-btc-to-eth-usdt.json'),
  pending: recorded('status-pending-deposit.json'),
  success: recorded('status-success.json'),
  refunded: recorded('status-refunded.json'),
  tooLow: recorded('error-amount-too-low.json'),
};
const clone = (value: Json): Json => structuredClone(value);

// What 1Click adds to the echoed request when the caller leaves it out (the recorded echoes carry these).
const SERVER_DEFAULTS = new Set(['depositMode', 'confidentiality', 'virtualChainRecipient', 'virtualChainRefundRecipient', 'referral']);
/** How long after the requested deadline 1Click keeps a deposit address watched (the SDK's staging quote: 72 h). */
const ADDRESS_WATCH_MS = 72 * 60 * 60 * 1000;

/** The request as 1Click echoes it: the recorded echo's key order, the caller's values, its defaults for the rest. */
function echoOf(body: Json, template: Json): Json {
  const echo: Json = {};
  for (const [key, value] of Object.entries(template)) {
    if (key in body) echo[key] = body[key];
    else if (SERVER_DEFAULTS.has(key)) echo[key] = value;
  }
  for (const [key, value] of Object.entries(body)) if (!(key in echo)) echo[key] = value;
  return echo;
}

/** The recorded quote's keys in order, each with this quote's value; keys this quote has no value for are dropped. */
function fillQuote(template: Json, values: Json): Json {
  const quote: Json = {};
  for (const key of Object.keys(template)) if (values[key] !== undefined) quote[key] = values[key];
  return quote;
}

/** A NEAR-style base58 transaction hash (44 characters). */
function nearHash(): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  return Array.from(randomBytes(44), (b) => alphabet[b % alphabet.length]).join('');
}

interface LiveQuote {
  readonly request: Record<string, unknown>;
  readonly response: Record<string, unknown>;
  readonly origin: NearIntentsAsset;
  readonly destination: NearIntentsAsset;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
}

const bad = (message: string, status = 400): FakeReply => ({ status, body: { message } });
const priceOf = (asset: NearIntentsAsset): bigint => PRICES[asset.symbol] ?? 1_000_000n;

const usd = (amount: bigint, asset: NearIntentsAsset): string => formatUnits((amount * priceOf(asset)) / 10n ** BigInt(asset.decimals), 6);

function convert(amount: bigint, from: NearIntentsAsset, to: NearIntentsAsset): bigint {
  return (amount * priceOf(from) * 10n ** BigInt(to.decimals)) / (priceOf(to) * 10n ** BigInt(from.decimals));
}

function defaultChainIds(): Record<string, number> {
  const ids: Record<string, number> = {};
  for (const [key, blockchain] of Object.entries(NEAR_INTENTS_BLOCKCHAINS)) {
    const info = chainInfo(key as Parameters<typeof chainInfo>[0]);
    if (info.vm === 'evm' && info.chainId !== null && blockchain) ids[blockchain] = info.chainId;
  }
  return ids;
}

export async function startNearIntentsFake(options: NearIntentsFakeOptions = {}): Promise<NearIntentsFake> {
  const settlement = options.settlement;
  const chainIds = options.chainIds ?? defaultChainIds();
  const live = new Map<string, LiveQuote>();
  const forced = new Map<string, { status: string; swapDetails: Record<string, unknown> }>();
  const fills = onceByKey<Hex>();
  const submissions: { txHash: string; depositAddress: string }[] = [];
  let minimum: bigint | null = null;
  let jwt: string | null = null;

  const unauthorized = (request: FakeRequest): boolean => {
    const header = request.headers.authorization;
    return jwt !== null && header !== undefined && header !== `Bearer ${jwt}`;
  };

  function quote(request: FakeRequest): FakeReply {
    if (unauthorized(request)) return bad('Unauthorized', 401);
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const field of ['originAsset', 'destinationAsset', 'amount', 'refundTo', 'recipient', 'deadline']) {
      if (typeof body[field] !== 'string') return bad(`${field} is required`);
    }
    if (typeof body.dry !== 'boolean') return bad('dry must be a boolean');
    if (body.swapType !== 'EXACT_INPUT') return bad(`swapType ${String(body.swapType)} is not served by the fake`);
    if (body.depositType !== 'ORIGIN_CHAIN' || body.refundType !== 'ORIGIN_CHAIN' || body.recipientType !== 'DESTINATION_CHAIN') return bad('depositType/refundType/recipientType must be ORIGIN_CHAIN/ORIGIN_CHAIN/DESTINATION_CHAIN');
    if (typeof body.slippageTolerance !== 'number' || body.slippageTolerance < 0 || body.slippageTolerance > 10_000) return bad('slippageTolerance must be bps');
    const origin = assetById(body.originAsset);
    const destination = assetById(body.destinationAsset);
    if (!origin) return bad(`originAsset is not valid: ${String(body.originAsset)}`);
    if (!destination) return bad(`destinationAsset is not valid: ${String(body.destinationAsset)}`);
    if (!/^[0-9]+$/.test(body.amount as string)) return bad('amount must be an integer string');
    const amountIn = BigInt(body.amount as string);
    const appFees = Array.isArray(body.appFees) ? (body.appFees as { recipient?: unknown; fee?: unknown }[]) : [];
    if (appFees.some((f) => typeof f.recipient !== 'string' || typeof f.fee !== 'number')) return bad('appFees must be [{recipient, fee}]');
    const feeBps = PLATFORM_FEE_BPS + appFees.reduce((sum, f) => sum + BigInt(f.fee as number), 0n);
    const grossOut = convert((amountIn * (10_000n - feeBps)) / 10_000n, origin, destination);
    const floor = minimum ?? (convert(WITHDRAW_FEE * 2n, destination, origin) * 10_000n) / (10_000n - feeBps) + 1n;
    if (amountIn < floor || grossOut <= WITHDRAW_FEE) {
      const error = TEMPLATES.tooLow;
      return { status: 400, body: { ...error, message: String(error.message).replace(/\d+$/, floor.toString()) } };
    }
    const amountOut = grossOut - WITHDRAW_FEE;
    const minAmountOut = (amountOut * (10_000n - BigInt(body.slippageTolerance))) / 10_000n;
    const template = body.dry ? TEMPLATES.dryQuote : TEMPLATES.liveQuote;
    const values: Json = {
      amountIn: amountIn.toString(),
      amountInFormatted: formatUnits(amountIn, origin.decimals),
      amountInUsd: usd(amountIn, origin),
      minAmountIn: amountIn.toString(),
      amountOut: amountOut.toString(),
      amountOutFormatted: formatUnits(amountOut, destination.decimals),
      amountOutUsd: usd(amountOut, destination),
      minAmountOut: minAmountOut.toString(),
      timeEstimate: 20,
      refundFee: '20000',
      withdrawFee: WITHDRAW_FEE.toString(),
    };
    if (!body.dry) {
      const depositAddress = freshDepositAddress(origin.chain);
      if (!depositAddress) return bad(`deposits on ${blockchainOf(origin.chain) ?? origin.chain} are not served by the fake`);
      // The address stays watched well past the requested deadline, as the recorded live quote shows.
      const watchedUntil = new Date(Date.parse(body.deadline as string) + ADDRESS_WATCH_MS).toISOString();
      Object.assign(values, { depositAddress, deadline: watchedUntil, timeWhenInactive: watchedUntil });
    }
    const quoteBody = fillQuote(template.quote as Json, values);
    const response: Json = {
      ...clone(template),
      correlationId: randomUUID(),
      timestamp: new Date().toISOString(),
      signature: `ed25519:${nearHash()}${nearHash()}`,
      quoteRequest: echoOf(body, template.quoteRequest as Json),
      quote: quoteBody,
    };
    if (!body.dry) live.set(String(quoteBody.depositAddress).toLowerCase(), { request: body, response, origin, destination, amountIn, amountOut });
    return { body: response };
  }

  /** Sandbox settlement: the deposit address's balance decides; the payout happens once. */
  async function settle(entry: LiveQuote, depositAddress: string): Promise<{ status: string; swapDetails: Record<string, unknown> }> {
    const originChainId = chainIds[blockchainOf(entry.origin.chain) ?? ''];
    const destinationChainId = chainIds[blockchainOf(entry.destination.chain) ?? ''];
    if (!settlement || originChainId === undefined) return { status: 'PENDING_DEPOSIT', swapDetails: {} };
    const key = depositAddress.toLowerCase();
    if (!fills.has(key)) {
      const balance = await settlement.balanceOf(originChainId, entry.origin.address as Address | null, depositAddress as Address);
      if (balance < entry.amountIn) {
        const known = submissions.some((s) => s.depositAddress.toLowerCase() === key);
        const status = balance > 0n ? 'INCOMPLETE_DEPOSIT' : known ? 'KNOWN_DEPOSIT_TX' : 'PENDING_DEPOSIT';
        return { status, swapDetails: { depositedAmount: balance.toString() } };
      }
    }
    if (!fills.has(key) && destinationChainId === undefined) return { status: 'PROCESSING', swapDetails: {} };
    const hash = await fills
      .run(key, () => settlement.pay(destinationChainId as number, entry.destination.address as Address | null, entry.request.recipient as Address, entry.amountOut))
      .catch(() => null);
    if (hash === null) return { status: 'PROCESSING', swapDetails: {} };
    return { status: 'SUCCESS', swapDetails: successDetails(entry, hash) };
  }

  function successDetails(entry: LiveQuote, hash: string): Record<string, unknown> {
    return {
      intentHashes: [nearHash()],
      nearTxHashes: [nearHash(), hash],
      amountIn: entry.amountIn.toString(),
      amountInFormatted: formatUnits(entry.amountIn, entry.origin.decimals),
      amountInUsd: usd(entry.amountIn, entry.origin),
      amountOut: entry.amountOut.toString(),
      amountOutFormatted: formatUnits(entry.amountOut, entry.destination.decimals),
      amountOutUsd: usd(entry.amountOut, entry.destination),
      slippage: 0,
      destinationChainTxHashes: [{ hash, explorerUrl: '' }],
      depositedAmount: entry.amountIn.toString(),
    };
  }

  /** The recorded answer of this status (PENDING_DEPOSIT's layout for values nobody recorded) with this swap's values. */
  function statusBody(entry: LiveQuote, status: string, details: Record<string, unknown>, origin: { hash: string; explorerUrl: string }[]): Json {
    const template = clone(status === 'SUCCESS' ? TEMPLATES.success : status === 'REFUNDED' ? TEMPLATES.refunded : TEMPLATES.pending);
    const swapDetails = { ...(template.swapDetails as Json), intentHashes: [], nearTxHashes: [], originChainTxHashes: origin, destinationChainTxHashes: [] as unknown[] };
    if (status === 'REFUNDED') Object.assign(swapDetails, { refundedAmount: entry.amountIn.toString(), refundedAmountFormatted: formatUnits(entry.amountIn, entry.origin.decimals), refundedAmountUsd: usd(entry.amountIn, entry.origin) });
    Object.assign(swapDetails, details);
    const { correlationId: _id, ...quoteResponse } = entry.response;
    return { ...template, status, updatedAt: new Date().toISOString(), swapDetails, quoteResponse };
  }

  async function statusReply(depositAddress: string): Promise<FakeReply> {
    const entry = live.get(depositAddress.toLowerCase());
    if (!entry) return bad('Deposit address not found', 404);
    const override = forced.get(depositAddress.toLowerCase());
    let current: { status: string; swapDetails: Record<string, unknown> };
    if (override) {
      const base = override.status === 'SUCCESS' ? successDetails(entry, `0x${randomBytes(32).toString('hex')}`) : {};
      current = { status: override.status, swapDetails: { ...base, ...override.swapDetails } };
    } else {
      current = await settle(entry, depositAddress);
    }
    const origin = submissions.filter((s) => s.depositAddress.toLowerCase() === depositAddress.toLowerCase()).map((s) => ({ hash: s.txHash, explorerUrl: '' }));
    return { body: statusBody(entry, current.status, current.swapDetails, origin) };
  }

  const server = await startFakeServer(
    {
      'POST /v0/quote': quote,
      'GET /v0/status': (request) => {
        if (unauthorized(request)) return bad('Unauthorized', 401);
        const depositAddress = request.query.get('depositAddress');
        return depositAddress ? statusReply(depositAddress) : bad('depositAddress is required');
      },
      'POST /v0/deposit/submit': (request) => {
        if (unauthorized(request)) return bad('Unauthorized', 401);
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (typeof body.txHash !== 'string' || typeof body.depositAddress !== 'string') return bad('txHash and depositAddress are required');
        if (!live.has(body.depositAddress.toLowerCase())) return bad('Deposit address not found', 404);
        submissions.push({ txHash: body.txHash, depositAddress: body.depositAddress });
        return statusReply(body.depositAddress);
      },
      'GET /v0/tokens': () => ({
        body: NEAR_INTENTS_ASSETS.map((a) => ({
          assetId: a.assetId,
          decimals: a.decimals,
          blockchain: blockchainOf(a.chain),
          symbol: a.symbol,
          price: Number(formatUnits(priceOf(a), 6)),
          priceUpdatedAt: new Date().toISOString(),
          ...(a.address ? { contractAddress: a.address } : {}),
        })),
      }),
    },
    { port: options.port },
  );

  return {
    url: server.url,
    server,
    close: () => server.close(),
    setMinimum(amount) {
      minimum = amount;
    },
    setStatus(depositAddress, status, swapDetails = {}) {
      forced.set(depositAddress.toLowerCase(), { status, swapDetails });
    },
    setJwt(value) {
      jwt = value;
    },
    liveQuote: (depositAddress) => live.get(depositAddress.toLowerCase())?.response,
    submissions,
  };
}
