import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { MAYAN_CHAINS, MAYAN_SWIFT_V1 } from './mayanChains.ts';

/**
 * A loopback Mayan serving both of its APIs under one base URL (as the adapter does for any base
 * URL other than the price API's): `GET /quote` and `GET /swap/trx/:hash`. Answers are the real
 * recordings (fixtures/real) with only amounts, chains, tokens, times and statuses substituted.
 * It never settles: Swift orders fill on chains and contracts the sandbox does not run.
 */

const QUOTE_ANSWER = recordedAnswer(new URL('./fixtures/real/quote-swift-ethereum-usdc-to-solana-sol.json', import.meta.url));
const QUOTE = ((QUOTE_ANSWER.quotes as unknown[])[0] ?? {}) as Record<string, unknown>;
const STATUS = recordedAnswer(new URL('./fixtures/real/status-completed-swift-polygon-to-bsc.json', import.meta.url));
const TOO_SMALL = recordedAnswer(new URL('./fixtures/real/error-amount-too-small-eth.json', import.meta.url));
const TOO_LARGE = recordedAnswer(new URL('./fixtures/synthetic/error-amount-too-large.json', import.meta.url));

/** The fake's price: one input unit buys one output unit, less 10 bps; slippage floor 1 % below. */
const FEE_BPS = 10n;
/** Amounts it accepts, in whole input-token units. */
const MIN_UNITS = 1n;
const MAX_UNITS = 1_000_000n;

export interface MayanFakeStatus {
  readonly clientStatus: string;
  readonly status?: string;
  readonly fulfillTxHash?: string | null;
  readonly refundTxHash?: string | null;
  readonly toAmount?: string | null;
  readonly toAmount64?: string | null;
}

export interface MayanFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /** Scripts the explorer's answer for one source hash; `null` forgets it (404, not indexed). */
  setStatus(sourceTxHash: string, status: MayanFakeStatus | null): void;
  /** Merges fields over the quote of every `/quote` answer (e.g. another `swiftMayanContract`); `null` clears. */
  patchQuote(patch: Record<string, unknown> | null): void;
}

function human(atomic: bigint, decimals: number): number {
  const text = atomic.toString().padStart(decimals + 1, '0');
  return Number(`${text.slice(0, text.length - decimals)}.${text.slice(text.length - decimals) || '0'}`);
}

function decimalsOf(chain: string, token: string): number {
  if (/^0x0{40}$/i.test(token)) return chain === 'solana' ? 9 : 18;
  if (token === 'So11111111111111111111111111111111111111112') return 9;
  // The fake prices stablecoins only beside natives: every other token is taken as 6 decimals.
  return 6;
}

function quoteReply(request: FakeRequest, patch: Record<string, unknown> | null, now: () => number): FakeReply {
  const q = request.query;
  const fromChain = q.get('fromChain') ?? '';
  const toChain = q.get('toChain') ?? '';
  const fromToken = q.get('fromToken') ?? '';
  const toToken = q.get('toToken') ?? '';
  const amountIn = BigInt(q.get('amountIn64') ?? '0');
  const from = MAYAN_CHAINS.find((chain) => chain.name === fromChain);
  const to = MAYAN_CHAINS.find((chain) => chain.name === toChain);
  if (!from || !to || from === to) return { status: 200, body: { ...QUOTE_ANSWER, quotes: [] } };
  const inDecimals = decimalsOf(fromChain, fromToken);
  const outDecimals = decimalsOf(toChain, toToken);
  const unit = 10n ** BigInt(inDecimals);
  if (amountIn < MIN_UNITS * unit) return { status: 400, body: overlay(TOO_SMALL, { msg: `Amount too small (min ~${MIN_UNITS})`, data: { minAmountIn: Number(MIN_UNITS) } }) };
  if (amountIn > MAX_UNITS * unit) return { status: 400, body: overlay(TOO_LARGE, { msg: `Amount too large (max ~${MAX_UNITS})`, data: { maxAmountIn: Number(MAX_UNITS) } }) };
  const scaled = (amountIn * 10n ** BigInt(outDecimals)) / unit;
  const out = scaled - (scaled * FEE_BPS) / 10_000n;
  const min = out - out / 100n;
  const token = (template: unknown, contract: string, decimals: number, chain: typeof from) =>
    overlay(template as Record<string, unknown>, { contract, decimals, chainId: chain.chainId ?? undefined, wChainId: chain.wormholeId });
  const quote = overlay(QUOTE, {
    fromChain,
    toChain,
    fromToken: token(QUOTE.fromToken, fromToken, inDecimals, from),
    toToken: token(QUOTE.toToken, toToken, outDecimals, to),
    effectiveAmountIn64: amountIn.toString(),
    effectiveAmountIn: human(amountIn, inDecimals),
    expectedAmountOut: human(out, outDecimals),
    minAmountOut: human(min, outDecimals),
    minReceived: human(min, outDecimals),
    swiftMayanContract: from.chainId === null ? QUOTE.swiftMayanContract : MAYAN_SWIFT_V1,
    swiftInputContract: fromToken,
    swiftInputDecimals: inDecimals,
    deadline64: String(Math.floor(now() / 1000) + 3600),
    ...(patch ?? {}),
  });
  return { status: 200, body: { ...QUOTE_ANSWER, quotes: [quote] } };
}

export async function startMayanFake(options: { port?: number; now?: () => number } = {}): Promise<MayanFake> {
  const now = options.now ?? Date.now;
  const statuses = new Map<string, MayanFakeStatus>();
  let quotePatch: Record<string, unknown> | null = null;
  const server = await startFakeServer(
    {
      'GET /quote': (request) => quoteReply(request, quotePatch, now),
      'GET /swap/trx/:hash': (request) => {
        const hash = decodeURIComponent(request.path.split('/').pop() ?? '');
        const scripted = statuses.get(hash.toLowerCase());
        if (!scripted) return { status: 404, body: { code: 'NOT_FOUND', msg: 'Transaction not found' } };
        return { status: 200, body: overlay(STATUS, { sourceTxHash: hash, status: scripted.clientStatus === 'COMPLETED' ? 'ORDER_SETTLED' : 'ORDER_CREATED', fulfillTxHash: null, refundTxHash: null, ...scripted }) };
      },
    },
    options.port === undefined ? {} : { port: options.port },
  );
  return {
    url: server.url,
    server,
    close: () => server.close(),
    setStatus(sourceTxHash, status) {
      if (status === null) statuses.delete(sourceTxHash.toLowerCase());
      else statuses.set(sourceTxHash.toLowerCase(), status);
    },
    patchQuote(patch) {
      quotePatch = patch;
    },
  };
}
