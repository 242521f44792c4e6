import { recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { fromRecorded } from '../desks/deskFakeSupport.ts';

/**
 * A loopback Gas.zip v2: `GET /v2/quotes/{depositChain}/{depositWei}/{outboundChains}?from=&to=` and
 * `GET /v2/deposit/{hash}`. Quotes are Gas.zip's own example answer (fixtures/real/) with our values:
 * one entry per outbound chain, wei as decimal strings, and the Direct Deposit `calldata` written the
 * way Gas.zip's documentation writes it (`01` ‖ shorts when `to` is `from`, else `02` ‖ address ‖
 * shorts) — independently of the adapter's encoder, so the two must agree. Prices: every native coin
 * at a fixed USD price, less a 2 % spread; deposits between 1 and 50 USD per chain.
 */
export interface GaszipFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /** Short ids the fake answers per native chain id (what Gas.zip's `/v2/chains` would say). */
  readonly shorts: Readonly<Record<number, number>>;
  /** Sets the answer of `GET /v2/deposit/{hash}`; unknown hashes answer 404. */
  setDeposit(hash: string, answer: unknown): void;
  /** Per-chain error answered instead of a price for `chainId` (`null` clears). */
  setChainError(chainId: number, error: string | null): void;
}

const SHORTS: Readonly<Record<number, number>> = { 1: 255, 42161: 57, 10: 55, 8453: 54, 56: 14, 137: 17, 43114: 15, 100: 16, 324: 51 };
// Micro-USD per whole native coin (18 decimals everywhere here).
const PRICES: Readonly<Record<number, bigint>> = { 1: 3_000_000_000n, 42161: 3_000_000_000n, 10: 3_000_000_000n, 8453: 3_000_000_000n, 324: 3_000_000_000n, 56: 600_000_000n, 137: 250_000n, 43114: 20_000_000n, 100: 1_000_000n };
const SPREAD_BPS = 200n;
const MIN_USD = 1_000_000n;
const MAX_USD = 50_000_000n;
const WEI = 10n ** 18n;

const RECORDED = recordedAnswer(new URL('./fixtures/real/quote-eth-to-arbitrum-optimism.json', import.meta.url));
const RECORDED_ENTRY = (RECORDED.quotes as Record<string, unknown>[])[0] as Readonly<Record<string, unknown>>;

const hex16 = (n: number) => n.toString(16).padStart(4, '0');
const isEvm = (value: string | null) => value !== null && /^0x[0-9a-fA-F]{40}$/.test(value);

export async function startGaszipFake(options: { port?: number; now?: () => number } = {}): Promise<GaszipFake> {
  const now = options.now ?? Date.now;
  const deposits = new Map<string, unknown>();
  const chainErrors = new Map<number, string>();

  function quote(request: FakeRequest): FakeReply {
    const depositChain = Number(request.query.get('depositChain'));
    const wei = BigInt(/^[0-9]+$/.test(request.query.get('depositWei') ?? '') ? (request.query.get('depositWei') as string) : '0');
    const outbound = (request.query.get('outboundChains') ?? '').split(',').map(Number);
    const priceIn = PRICES[depositChain];
    if (priceIn === undefined || outbound.some((c) => SHORTS[c] === undefined)) return { status: 500, body: { error: 'Quote: Please Try Again' } };
    const share = wei / BigInt(outbound.length);
    const usd = (share * priceIn) / WEI;
    const quotes = outbound.map((chain) => {
      const error = chainErrors.get(chain) ?? (usd < MIN_USD || usd > MAX_USD ? 'Quote: Chain Limit Exceeded' : null);
      if (error) return { chain, error };
      const expected = (((share * priceIn) / (PRICES[chain] as bigint)) * (10_000n - SPREAD_BPS)) / 10_000n;
      return fromRecorded(RECORDED_ENTRY, { chain, expected: expected.toString(), gas: '21000000000000', speed: 5, usd: Number(usd) / 1e6 });
    });
    const to = request.query.get('to');
    const from = request.query.get('from');
    const shorts = outbound.map((c) => hex16(SHORTS[c] as number)).join('');
    const calldata = !isEvm(to) ? undefined : from !== null && to?.toLowerCase() === from.toLowerCase() && outbound.length === 1 ? `0x01${shorts}` : `0x02${(to as string).slice(2)}${shorts}`;
    return { body: { ...(calldata ? { calldata } : {}), quotes, expires: Math.floor(now() / 1000) + 60 } };
  }

  function deposit(request: FakeRequest): FakeReply {
    const answer = deposits.get((request.query.get('hash') ?? '').toLowerCase());
    return answer === undefined ? { status: 404, body: { error: 'Deposit not found' } } : { body: answer };
  }

  const server = await startFakeServer(
    {
      'GET /v2/quotes/:depositChain/:depositWei/:outboundChains': quote,
      'GET /v2/deposit/:hash': deposit,
    },
    { port: options.port },
  );

  return {
    url: server.url,
    server,
    shorts: SHORTS,
    close: () => server.close(),
    setDeposit(hash, answer) {
      deposits.set(hash.toLowerCase(), answer);
    },
    setChainError(chainId, error) {
      if (error === null) chainErrors.delete(chainId);
      else chainErrors.set(chainId, error);
    },
  };
}
