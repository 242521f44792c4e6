import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { concat, encodeFunctionData, erc20Abi, formatUnits, getAddress, keccak256, parseAbi, type Address, type Hex } from 'viem';
import { onceByKey } from '../fake/onceByKey.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { RELAY_HYPERCORE_CHAIN_ID, RELAY_HYPERCORE_DECIMALS, RELAY_HYPERCORE_PERPS_USDC, RELAY_NATIVE_EVM, RELAY_RECEIVER, RELAY_SOLVER } from './relayChains.ts';
import { depositProblem, parseQuoteBody, type ParsedQuoteBody } from './relayFakeChecks.ts';

/**
 * A fake of the Relay API over loopback: `POST /quote/v2`, `POST /transactions/index`,
 * `GET /intents/status/v3`, `GET /requests/v2`, `GET /chains`, in Relay's own request and response
 * shapes. `/chains` lists the chains and tokens the fake quotes, each `tokenSupport: "Limited"`.
 *
 * Prices: out = amount − 3 bps (solver service) − 9000 (relayer gas) − the app fee asked for;
 * minimumAmount = out − the requested slippage; both stated in the output token's decimals (HyperCore
 * USDC: 8). An ERC-20 deposit is Relay's own shape: a `transfer`
 * of the amount to the solver with the 32-byte request id appended, sent to the token contract.
 *
 * Every answer is a real recorded Relay answer (fixtures/real/) used as a template: the fake
 * substitutes ids, amounts, addresses, calldata and times and keeps the recorded keys and their order,
 * so it speaks the dialect the real API spoke: a deposit step without `requestId` (only its status
 * check names the request), `currencyOut` without `minimumAmount`, the time estimate in `breakdown`.
 * `details` (status) and `errorData` (errors) are added only when the fake has something to say,
 * as Relay documents them.
 *
 * With a settlement (sandbox) it fills for real: once the indexed origin transaction is mined and is
 * a transfer of at least the amount to the solver carrying the request id, it pays the quoted output
 * to the recipient on the destination chain (once) and reports `success` with both hashes.
 */

/**
 * Where the fake's ERC-20 deposits are paid: Relay's real EVM solver address, so the adapter's
 * production allow-list accepts fake builds unchanged. Nobody holds its key in the sandbox; the
 * fake pays fills from the settlement's own account.
 */
export const RELAY_FAKE_SOLVER: Address = getAddress(RELAY_SOLVER);
/** The v2 depository the fake names in `depository` mode (unit tests only: no contract on anvil). */
export const RELAY_FAKE_DEPOSITORY: Address = getAddress('0x4cd00e387622c35bddb9b4c962c136462338bc31');

export const RELAY_FAKE_SERVICE_BPS = 3n;
export const RELAY_FAKE_RELAYER_GAS = 9000n;
export const RELAY_FAKE_TIME_ESTIMATE = 4;

const depositoryAbi = parseAbi(['function depositErc20(address depositor, address token, uint256 amount, bytes32 id)', 'function depositNative(address depositor, bytes32 id) payable']);

type Json = Record<string, unknown>;

/** A recorded answer of fixtures/real/, parsed fresh for each use. */
function recorded(name: string): Json {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as Json;
}

/** A recording without the key its recorder added (`_recorded`: when and how it was taken). */
function withoutRecorderNote({ _recorded: _note, ...answer }: Json): Json {
  return answer;
}

const TEMPLATES = {
  bridge: recorded('quote-eth-to-base-native.json'),
  withApproval: recorded('quote-same-chain-swap-with-approval.json'),
  status: recorded('status-v3-success.json'),
  // One live request of Relay's history (inTxs, outTxs, failReason, app fees); the recorder kept the item, not the list.
  request: withoutRecorderNote(recorded('requests-v2-item-success-robinhood-to-solana-usdc.json')),
  error: recorded('error-amount-too-low.json'),
  chains: recorded('chains-docs-quickstart-optimism.json'),
};

interface TokenMeta {
  readonly symbol: string;
  readonly decimals: number;
}

// Native assets and USDC at their real addresses on the chains the fake serves.
const TOKENS: Readonly<Record<number, Readonly<Record<string, TokenMeta>>>> = {
  1: { [RELAY_NATIVE_EVM]: { symbol: 'ETH', decimals: 18 }, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': { symbol: 'USDC', decimals: 6 } },
  10: { [RELAY_NATIVE_EVM]: { symbol: 'ETH', decimals: 18 }, '0x0b2c639c533813f4aa9d7837caf62653d097ff85': { symbol: 'USDC', decimals: 6 } },
  137: { [RELAY_NATIVE_EVM]: { symbol: 'POL', decimals: 18 }, '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359': { symbol: 'USDC', decimals: 6 } },
  8453: { [RELAY_NATIVE_EVM]: { symbol: 'ETH', decimals: 18 }, '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': { symbol: 'USDC', decimals: 6 } },
  42161: { [RELAY_NATIVE_EVM]: { symbol: 'ETH', decimals: 18 }, '0xaf88d065e77c8cc2239327c5edb3a432268e5831': { symbol: 'USDC', decimals: 6 } },
  792703809: { EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: { symbol: 'USDC', decimals: 6 } },
  // HyperCore: perps USDC under Relay's custom id and spot USDC under its token id, both in 8 decimals.
  [RELAY_HYPERCORE_CHAIN_ID]: {
    [RELAY_HYPERCORE_PERPS_USDC]: { symbol: 'USDC', decimals: RELAY_HYPERCORE_DECIMALS },
    '0x6d1e7cde53ba9467b783cb7c530ce054': { symbol: 'USDC', decimals: RELAY_HYPERCORE_DECIMALS },
  },
};

/** Chains the fake only delivers to. */
const DESTINATION_ONLY: ReadonlySet<number> = new Set([792703809, RELAY_HYPERCORE_CHAIN_ID]);

/** `amount` of `from` decimals in `to` decimals, rounded up: the input an exact output needs. */
function rescaleUp(amount: bigint, from: number, to: number): bigint {
  if (to >= from) return amount * 10n ** BigInt(to - from);
  const unit = 10n ** BigInt(from - to);
  return (amount + unit - 1n) / unit;
}

/** The least input whose output, after the service fee and the relayer gas, is `outIn` (in the input's units). */
function inputFor(outIn: bigint): bigint {
  let amount = ((outIn + RELAY_FAKE_RELAYER_GAS) * 10_000n + 10_000n - RELAY_FAKE_SERVICE_BPS - 1n) / (10_000n - RELAY_FAKE_SERVICE_BPS);
  while (amount - (amount * RELAY_FAKE_SERVICE_BPS) / 10_000n - RELAY_FAKE_RELAYER_GAS < outIn) amount += 1n;
  return amount;
}

/** `amount` of a token of `from` decimals counted in `to` decimals, rounded down (USDC 6 → HyperCore 8). */
function rescale(amount: bigint, from: number, to: number): bigint {
  return to >= from ? amount * 10n ** BigInt(to - from) : amount / 10n ** BigInt(from - to);
}

/** A quote the fake gave: the parsed request plus what it priced. */
export interface RelayFakeQuote extends Omit<ParsedQuoteBody, 'slippageBps' | 'appFeeBps' | 'tradeType'> {
  readonly requestId: Hex;
  readonly out: bigint;
  readonly minimumOut: bigint;
  readonly body: Record<string, unknown>;
}

export interface RelayFakeStatus {
  readonly status: string;
  readonly details?: string;
  readonly inTxHashes?: readonly string[];
  readonly txHashes?: readonly string[];
  /** What `/requests/v2` reports delivered (defaults to the quoted output). */
  readonly receivedAmount?: bigint;
}

export interface RelayFake {
  readonly url: string;
  readonly server: FakeServer;
  /** Every quote answered, by request id. */
  readonly quotes: ReadonlyMap<string, RelayFakeQuote>;
  /** Origin tx hash (lowercase) → request id, from `POST /transactions/index`. */
  readonly indexed: ReadonlyMap<string, string>;
  close(): Promise<void>;
  /** Scripted status of a request (without a settlement); default `waiting`. */
  setStatus(requestId: string, status: string | RelayFakeStatus): void;
  /** Amounts below this answer `AMOUNT_TOO_LOW` (with `errorData.minAmount` when `withLimit`). */
  setMinimum(amount: bigint | null, withLimit?: boolean): void;
  /** Amounts above this answer `SOLVER_CAPACITY_EXCEEDED` with `errorData.maxAmount`. */
  setMaximum(amount: bigint | null): void;
  /** Answers every quote with this error until cleared. */
  setQuoteError(error: { status: number; body: unknown } | null): void;
  /** `transfer` (Relay's ERC-20 shape, default) or `depository` (approve step + depository call). */
  setDepositMode(mode: 'transfer' | 'depository'): void;
  /** Points the deposit transaction somewhere else (to test the adapter's allow-list). */
  setDepositTarget(to: Address | null): void;
}

export async function startRelayFake(options: { settlement?: FakeSettlement; port?: number } = {}): Promise<RelayFake> {
  const quotes = new Map<string, RelayFakeQuote>();
  const indexed = new Map<string, string>();
  const scripted = new Map<string, RelayFakeStatus>();
  const fills = onceByKey<Hex>();
  const paid = new Map<string, { inTx: Hex; outTx: Hex }>();
  let minimum: { amount: bigint; withLimit: boolean } | null = null;
  let maximum: bigint | null = null;
  let quoteError: { status: number; body: unknown } | null = null;
  let depositMode: 'transfer' | 'depository' = 'transfer';
  let depositTarget: Address | null = null;
  const settlement = options.settlement;

  function quote(request: FakeRequest): FakeReply {
    if (quoteError) return quoteError;
    const parsed = parseQuoteBody(request.body);
    if (typeof parsed === 'string') return relayError(400, parsed, 'INVALID_INPUT');
    const { originChainId, destinationChainId, originCurrency, destinationCurrency } = parsed;
    if (!TOKENS[originChainId] || !TOKENS[destinationChainId] || DESTINATION_ONLY.has(originChainId)) return relayError(400, 'Unsupported chain', 'UNSUPPORTED_CHAIN');
    const inMeta = TOKENS[originChainId]?.[originCurrency];
    const outMeta = TOKENS[destinationChainId]?.[destinationCurrency];
    if (!inMeta || !outMeta) return relayError(400, 'Unsupported currency', 'UNSUPPORTED_CURRENCY');
    // EXACT_OUTPUT names the output: the input is the least that prices to it (the same fees, inverted).
    const exactOutput = parsed.tradeType === 'EXACT_OUTPUT';
    const amount = exactOutput ? inputFor(rescaleUp(parsed.amount, outMeta.decimals, inMeta.decimals)) : parsed.amount;
    if (minimum && amount < minimum.amount) {
      return relayError(400, 'Amount is too low', 'AMOUNT_TOO_LOW', minimum.withLimit ? JSON.stringify({ minAmount: minimum.amount.toString() }) : undefined);
    }
    if (maximum !== null && amount > maximum) return relayError(400, 'Solver capacity exceeded', 'SOLVER_CAPACITY_EXCEEDED', JSON.stringify({ maxAmount: maximum.toString() }));
    const service = (amount * RELAY_FAKE_SERVICE_BPS) / 10_000n;
    const app = (amount * parsed.appFeeBps) / 10_000n;
    const outIn = amount - service - RELAY_FAKE_RELAYER_GAS - app;
    if (outIn <= 0n) return relayError(400, 'Amount is too low', 'AMOUNT_TOO_LOW');
    // Priced in the input's units, stated in the output's (HyperCore counts USDC in 8 decimals).
    const out = exactOutput ? parsed.amount : rescale(outIn, inMeta.decimals, outMeta.decimals);
    const minimumOut = exactOutput ? out : out - (out * parsed.slippageBps) / 10_000n;
    const requestId = `0x${randomBytes(32).toString('hex')}` as Hex;
    const { slippageBps: _slippage, appFeeBps: _appFee, tradeType: _tradeType, ...asked } = parsed;
    const q: RelayFakeQuote = { ...asked, amount, requestId, out, minimumOut, body: request.body as Record<string, unknown> };
    quotes.set(requestId, q);
    const template = TEMPLATES.bridge;
    const details = template.details as Json;
    const currencyIn = currencyOf(details.currencyIn, originChainId, originCurrency, inMeta, amount);
    const currencyOut = currencyOf(details.currencyOut, destinationChainId, destinationCurrency, outMeta, out);
    const fees = template.fees as Record<string, Json>;
    const nativeIn = TOKENS[originChainId]?.[RELAY_NATIVE_EVM] ?? { symbol: 'ETH', decimals: 18 };
    const feeIn = (name: string, value: bigint) => currencyOf(fees[name], originChainId, originCurrency, inMeta, value);
    return {
      body: {
        ...template,
        steps: stepsFor(q),
        fees: {
          ...fees,
          gas: currencyOf(fees.gas, originChainId, RELAY_NATIVE_EVM, nativeIn, 2_100_000_000_000n),
          relayer: feeIn('relayer', service + RELAY_FAKE_RELAYER_GAS),
          relayerGas: feeIn('relayerGas', RELAY_FAKE_RELAYER_GAS),
          relayerService: feeIn('relayerService', service),
          app: feeIn('app', app),
        },
        breakdown: (template.breakdown as Json[]).map((leg) => ({ ...leg, value: out.toString(), timeEstimate: RELAY_FAKE_TIME_ESTIMATE })),
        details: {
          ...details,
          sender: parsed.user,
          recipient: parsed.recipient,
          currencyIn,
          currencyOut,
          rate: '1',
          // The recorded answer states the destination slippage; the fake holds to what was asked.
          slippageTolerance: slippageOf(details.slippageTolerance, out - minimumOut, parsed.slippageBps),
        },
      },
    };
  }

  function stepsFor(q: RelayFakeQuote): unknown[] {
    const native = q.originCurrency === RELAY_NATIVE_EVM;
    const token = native ? null : getAddress(q.originCurrency);
    const from = q.user;
    let deposit: { to: string; data: Hex; value: bigint };
    const steps: unknown[] = [];
    if (depositMode === 'depository') {
      deposit = token
        ? { to: RELAY_FAKE_DEPOSITORY, data: encodeFunctionData({ abi: depositoryAbi, functionName: 'depositErc20', args: [getAddress(q.user), token, q.amount, q.requestId] }), value: 0n }
        : { to: RELAY_FAKE_DEPOSITORY, data: encodeFunctionData({ abi: depositoryAbi, functionName: 'depositNative', args: [getAddress(q.user), q.requestId] }), value: q.amount };
      if (token) {
        const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [RELAY_FAKE_DEPOSITORY, q.amount] });
        steps.push(step(approveTemplate(), { to: token.toLowerCase(), data, value: '0', chainId: q.originChainId }));
      }
    } else {
      deposit = token
        ? { to: token, data: concat([encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RELAY_FAKE_SOLVER, q.amount] }), q.requestId]), value: 0n }
        : { to: RELAY_RECEIVER, data: q.requestId, value: q.amount };
    }
    const to = (depositTarget ?? deposit.to).toLowerCase();
    const tx = { from, to, data: deposit.data, value: deposit.value.toString(), maxFeePerGas: '1000000000', maxPriorityFeePerGas: '1000000', chainId: q.originChainId };
    steps.push(step((TEMPLATES.bridge.steps as Json[])[0] as Json, tx, `/intents/status?requestId=${q.requestId}`));
    return steps;
  }

  function index(request: FakeRequest): FakeReply {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body.txHash !== 'string' || typeof body.chainId !== 'string') return { status: 400, body: { message: 'txHash and chainId are required' } };
    if (typeof body.requestId === 'string' && quotes.has(body.requestId)) indexed.set(body.txHash.toLowerCase(), body.requestId);
    return { body: { message: 'Success' } };
  }

  async function statusOf(q: RelayFakeQuote): Promise<RelayFakeStatus> {
    const script = scripted.get(q.requestId);
    if (script) return script;
    if (!settlement) return { status: 'waiting' };
    const done = paid.get(q.requestId);
    if (done) return { status: 'success', inTxHashes: [done.inTx], txHashes: [done.outTx] };
    const txHash = [...indexed].find(([, id]) => id === q.requestId)?.[0] as Hex | undefined;
    if (!txHash) return { status: 'waiting' };
    const tx = await settlement.findTransaction(q.originChainId, txHash);
    if (!tx) return { status: 'waiting' };
    const problem = depositProblem(q, tx);
    if (problem) return { status: 'failure', details: problem, inTxHashes: [txHash], txHashes: [] };
    // A HyperCore credit would be paid here, but the sandbox has no HyperCore ledger the fake can
    // credit: the deposit is seen and the request honestly stays pending (never a fake success).
    if (q.destinationChainId === RELAY_HYPERCORE_CHAIN_ID) return { status: 'pending', details: 'the sandbox has no HyperCore to credit', inTxHashes: [txHash], txHashes: [] };
    const token = q.destinationCurrency === RELAY_NATIVE_EVM ? null : getAddress(q.destinationCurrency);
    try {
      const outTx = await fills.run(q.requestId, () => settlement.pay(q.destinationChainId, token, getAddress(q.recipient), q.out));
      paid.set(q.requestId, { inTx: txHash, outTx });
      return { status: 'success', inTxHashes: [txHash], txHashes: [outTx] };
    } catch (error) {
      return { status: 'pending', details: `fill failed: ${(error as Error).message}`, inTxHashes: [txHash], txHashes: [] };
    }
  }

  async function status(request: FakeRequest): Promise<FakeReply> {
    const q = quotes.get(request.query.get('requestId') ?? '');
    if (!q) return { status: 404, body: { message: 'Request not found' } };
    const s = await statusOf(q);
    const hashes = s.status === 'success' || s.status === 'refund' ? [keccak256(q.requestId)] : [];
    const { status: _status, ...rest } = TEMPLATES.status;
    return {
      body: {
        status: s.status,
        ...(s.details === undefined ? {} : { details: s.details }),
        ...rest,
        inTxHashes: s.inTxHashes ?? [...indexed].filter(([, id]) => id === q.requestId).map(([hash]) => hash),
        txHashes: s.txHashes ?? hashes,
        updatedAt: Date.now(),
        originChainId: q.originChainId,
        destinationChainId: q.destinationChainId,
      },
    };
  }

  async function requests(request: FakeRequest): Promise<FakeReply> {
    const hash = request.query.get('hash')?.toLowerCase();
    const id = request.query.get('id') ?? (hash ? indexed.get(hash) : undefined);
    const q = id ? quotes.get(id) : undefined;
    if (!q) return { body: { requests: [] } };
    const s = await statusOf(q);
    const template = TEMPLATES.request;
    const data = template.data as Json;
    const metadata = data.metadata as Json;
    const outMeta = TOKENS[q.destinationChainId]?.[q.destinationCurrency] ?? { symbol: '?', decimals: 0 };
    const inMeta = TOKENS[q.originChainId]?.[q.originCurrency] ?? { symbol: '?', decimals: 0 };
    return {
      body: {
        requests: [
          {
            ...template,
            id: q.requestId,
            status: s.status,
            user: q.user.toLowerCase(),
            recipient: q.recipient,
            data: {
              ...data,
              failReason: s.status === 'failure' ? (s.details ?? 'UNKNOWN') : 'N/A',
              inTxs: (s.inTxHashes ?? []).map((hash) => ({ chainId: q.originChainId, hash })),
              outTxs: s.status === 'success' ? (s.txHashes ?? []).map((hash) => ({ chainId: q.destinationChainId, hash })) : [],
              appFees: [],
              paidAppFees: [],
              metadata: {
                ...metadata,
                sender: q.user,
                recipient: q.recipient,
                currencyIn: settledCurrencyOf(metadata.currencyIn, q.originChainId, q.originCurrency, inMeta, q.amount),
                currencyOut: settledCurrencyOf(metadata.currencyOut, q.destinationChainId, q.destinationCurrency, outMeta, s.receivedAmount ?? q.out),
              },
            },
            createdAt: new Date(0).toISOString(),
            updatedAt: new Date().toISOString(),
          },
        ],
      },
    };
  }

  const server = await startFakeServer(
    { 'POST /quote/v2': quote, 'POST /transactions/index': index, 'GET /intents/status/v3': status, 'GET /requests/v2': requests, 'GET /chains': chains },
    { port: options.port },
  );
  return {
    url: server.url,
    server,
    quotes,
    indexed,
    close: () => server.close(),
    setStatus(requestId, next) {
      scripted.set(requestId, typeof next === 'string' ? { status: next } : next);
    },
    setMinimum(amount, withLimit = false) {
      minimum = amount === null ? null : { amount, withLimit };
    },
    setMaximum(amount) {
      maximum = amount;
    },
    setQuoteError(error) {
      quoteError = error;
    },
    setDepositMode(mode) {
      depositMode = mode;
    },
    setDepositTarget(to) {
      depositTarget = to;
    },
  };
}

/** A recorded step with this transaction's data in its recorded item (and its status check, when it has one). */
function step(template: Json, data: Json, checkEndpoint?: string): Json {
  const item = (template.items as Json[])[0] as Json;
  const recordedData = item.data as Json;
  const filled: Json = {};
  // The recorded key order; `from` and the fee fields only where the recording has them.
  for (const key of Object.keys(recordedData)) if (data[key] !== undefined) filled[key] = data[key];
  for (const [key, value] of Object.entries(data)) if (!(key in filled) && key !== 'from') filled[key] = value;
  const check = item.check as Json | undefined;
  return { ...template, items: [{ ...item, data: filled, ...(check && checkEndpoint ? { check: { ...check, endpoint: checkEndpoint } } : {}) }] };
}

function approveTemplate(): Json {
  const approve = (TEMPLATES.withApproval.steps as Json[]).find((s) => s.id === 'approve');
  if (!approve) throw new Error('the recorded approval quote has no approve step');
  return { ...approve, description: 'Sign an approval' };
}

/** A recorded `{ currency, amount, amountFormatted, amountUsd }` with this currency and amount. */
function currencyOf(template: unknown, chainId: number, address: string, meta: TokenMeta, amount: bigint): Json {
  const recordedAmount = template as Json;
  const currency = recordedAmount.currency as Json;
  return {
    ...recordedAmount,
    currency: { ...currency, chainId, address, symbol: meta.symbol, name: meta.symbol, decimals: meta.decimals, ...('metadata' in currency ? { metadata: { ...(currency.metadata as Json), isNative: address === RELAY_NATIVE_EVM } } : {}) },
    amount: amount.toString(),
    amountFormatted: formatUnits(amount, meta.decimals),
    amountUsd: '0',
  };
}

/** A request's settled amount: the live item also states it at today's price and as its floor. */
function settledCurrencyOf(template: unknown, chainId: number, address: string, meta: TokenMeta, amount: bigint): Json {
  return { ...currencyOf(template, chainId, address, meta, amount), amountUsdCurrent: '0', minimumAmount: amount.toString() };
}

/** The recorded `slippageTolerance` with the destination slippage the fake holds to. */
function slippageOf(template: unknown, destinationValue: bigint, bps: bigint): Json {
  const recordedSlippage = template as Json;
  return { ...recordedSlippage, destination: { ...(recordedSlippage.destination as Json), value: destinationValue.toString(), percent: (Number(bps) / 100).toString() } };
}

/** The recorded error body with this code and message (and `errorData`, as Relay documents it, when given). */
function relayError(status: number, message: string, errorCode: string, errorData?: string): FakeReply {
  return { status, body: { ...TEMPLATES.error, message, errorCode, ...(errorData === undefined ? {} : { errorData }) } };
}

/** `GET /chains` in the quickstart sample's shape, listing exactly the chains and tokens the fake quotes. */
function chains(): FakeReply {
  const template = (TEMPLATES.chains.chains as Json[])[0] as Json;
  const currencyTemplate = template.currency as Json;
  const erc20Template = (template.erc20Currencies as Json[])[0] as Json;
  const listed = Object.entries(TOKENS).map(([id, tokens]) => {
    const native = tokens[RELAY_NATIVE_EVM];
    const svm = Number(id) === 792703809;
    const hypercore = Number(id) === RELAY_HYPERCORE_CHAIN_ID;
    // HyperCore has no native gas asset to list: its `currency` is perps USDC (relay-kit types it `hypevm`).
    const hyperCurrency = { ...currencyTemplate, id: 'usdc', symbol: 'USDC', name: 'USDC', address: RELAY_HYPERCORE_PERPS_USDC, decimals: RELAY_HYPERCORE_DECIMALS, supportsBridging: true };
    const solCurrency = { ...currencyTemplate, id: 'sol', symbol: 'SOL', name: 'Solana', address: '11111111111111111111111111111111', decimals: 9, supportsBridging: false };
    return {
      ...template,
      id: Number(id),
      name: svm ? 'solana' : hypercore ? 'hyperliquid' : `chain-${id}`,
      tokenSupport: 'Limited',
      vmType: svm ? 'svm' : hypercore ? 'hypevm' : 'evm',
      currency: native
        ? { ...currencyTemplate, id: native.symbol.toLowerCase(), symbol: native.symbol, name: native.symbol, decimals: native.decimals, supportsBridging: true }
        : hypercore ? hyperCurrency : solCurrency,
      erc20Currencies: Object.entries(tokens)
        .filter(([address]) => address !== RELAY_NATIVE_EVM && !(hypercore && address === RELAY_HYPERCORE_PERPS_USDC))
        .map(([address, meta]) => ({ ...erc20Template, id: meta.symbol.toLowerCase(), symbol: meta.symbol, name: meta.symbol, address, decimals: meta.decimals, supportsBridging: true })),
    };
  });
  return { body: { chains: listed } };
}
