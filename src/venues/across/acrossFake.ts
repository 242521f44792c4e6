import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import { readFileSync } from 'node:fs';
import { decodeEventLog, erc20Abi, isAddress, isHash, parseAbi, type Address, type Hex } from 'viem';
import { onceByKey } from '../fake/onceByKey.ts';
import type { FakeSettlement, MinedTransaction } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { hyperCoreSwapApproval } from './acrossHyperCoreFake.ts';
import { ACROSS_ORIGINS, acrossChain, acrossChainById, assetOfAddress, deliversNative, isKnownSpokePool, type AcrossAsset, type AcrossChain } from './acrossChains.ts';

/** The event the SpokePool (and the sandbox stand-in at its address) emits for every `depositV3`. */
export const v3FundsDepositedAbi = parseAbi([
  'event V3FundsDeposited(address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 indexed destinationChainId, uint32 indexed depositId, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, address indexed depositor, address recipient, address exclusiveRelayer, bytes message)',
]);

/** Relayer capital fee of the fake: 2.5 bps of the input. */
const CAPITAL_FEE_BPS_X10 = 25n;
/** Relayer gas fee of the fake, in input-token units. */
const GAS_FEE = 38_750n;
const FILL_DEADLINE_SECONDS = 3 * 3600;
const DECIMALS: Readonly<Record<AcrossAsset, number>> = { USDC: 6, USDT: 6, WETH: 18 };
/** Default deposit limits per asset, in its atomic units. */
const DEFAULT_LIMITS: Readonly<Record<AcrossAsset, { min: bigint; max: bigint }>> = {
  USDC: { min: 500_000n, max: 1_500_000_000_000n },
  USDT: { min: 500_000n, max: 1_500_000_000_000n },
  WETH: { min: 100_000_000_000_000n, max: 500n * 10n ** 18n },
};

export interface AcrossFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /**
   * Overrides the deposit limits `/suggested-fees` and `/limits` state for every asset (defaults:
   * 500000 and 1500000000000 for USDC/USDT, 1e14 and 500e18 for WETH); `undefined` restores a default.
   */
  setLimits(limits: { minDeposit?: bigint; maxDeposit?: bigint }): void;
  /** Scripts the `/deposit/status` answer for one origin tx hash; `null` forgets it. */
  setStatus(depositTxnRef: string, body: Record<string, unknown> | null): void;
  /** Merges fields over every `/suggested-fees` answer (e.g. a foreign `spokePoolAddress`); `null` clears. */
  patchQuote(patch: Record<string, unknown> | null): void;
  /** Answers every `/swap/approval` with this reply (e.g. HYPERCORE_ACCOUNT_NOT_INITIALIZED) until cleared. */
  setSwapError(reply: { status: number; body: unknown } | null): void;
  /** Fills paid in sandbox mode, by origin tx hash. */
  readonly fills: ReadonlyMap<string, { destinationChainId: number; fillTxnRef: Hex; outputAmount: bigint }>;
}

type StatusBody = Record<string, unknown>;

/**
 * The fake answers from Across's real answers (fixtures/real, see SOURCES.json), substituting only
 * ids, amounts, addresses and times: it cannot drift into a shape the real API never sent.
 */
function realAnswer(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as unknown;
}
const SUGGESTED_FEES = realAnswer('suggested-fees-eth-ethereum-optimism.json') as Record<string, unknown>;
const LIMITS = realAnswer('limits-eth-ethereum-optimism.json') as Record<string, unknown>;
const ROUTE = (realAnswer('available-routes-eth-ethereum-optimism.json') as Record<string, unknown>[])[0] ?? {};
const DEPOSIT_STATUS = realAnswer('deposit-status-filled.json') as Record<string, unknown>;
const API_ERROR = realAnswer('error-invalid-param.json') as Record<string, unknown>;
const NOT_FOUND = realAnswer('error-deposit-not-found.json');

/** A copy of a real answer with some of its fields replaced; a field the real answer lacks is a bug of the fake. */
function fromTemplate(template: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(values)) if (!(key in template)) throw new Error(`the real Across answer has no '${key}'`);
  return { ...structuredClone(template), ...values };
}

function acrossError(status: number, code: string, message: string, param?: string): FakeReply {
  const { param: _param, ...withoutParam } = API_ERROR;
  return { status, body: param ? fromTemplate(API_ERROR, { code, status, message, param }) : fromTemplate(withoutParam, { code, status, message }) };
}

/** A `/deposit/status` answer in the real shape; hashes the caller does not name are null. */
export function acrossStatusBody(values: { status: string; originChainId: number; destinationChainId: number; depositId: string | number; depositTxnRef: string; fillTxnRef?: string | null; depositRefundTxnRef?: string | null }): StatusBody {
  return fromTemplate(DEPOSIT_STATUS, { fillTxnRef: null, depositRefundTxnRef: null, ...values, depositId: String(values.depositId) });
}

interface Route {
  readonly origin: AcrossChain;
  readonly destination: AcrossChain;
  readonly asset: AcrossAsset;
  readonly inputToken: Address;
  readonly outputToken: Address;
}

/** Parses the route params every Across endpoint shares, or the error Across would answer. */
function parseRoute(query: URLSearchParams): Route | FakeReply {
  for (const name of ['inputToken', 'outputToken', 'originChainId', 'destinationChainId']) {
    if (!query.get(name)) return acrossError(400, 'MISSING_PARAM', `Missing parameter ${name}`, name);
  }
  const inputToken = query.get('inputToken') ?? '';
  const outputToken = query.get('outputToken') ?? '';
  if (!isAddress(inputToken, { strict: false })) return acrossError(400, 'INVALID_PARAM', 'inputToken is not an address', 'inputToken');
  if (!isAddress(outputToken, { strict: false })) return acrossError(400, 'INVALID_PARAM', 'outputToken is not an address', 'outputToken');
  const origin = acrossChainById(Number(query.get('originChainId')));
  const destination = acrossChainById(Number(query.get('destinationChainId')));
  const asset = origin && assetOfAddress(origin, inputToken);
  if (!origin || !destination || origin === destination || !asset || assetOfAddress(destination, outputToken) !== asset) {
    return acrossError(400, 'ROUTE_NOT_ENABLED', 'Route is not enabled.');
  }
  return { origin, destination, asset, inputToken, outputToken };
}

const isReply = (value: Route | FakeReply): value is FakeReply => 'body' in value;

/**
 * A loopback Across API: `/suggested-fees`, `/limits`, `/deposit/status` in the real dialect, and
 * `/swap/approval` for HyperCore credits (acrossHyperCoreFake.ts).
 * With a settlement (sandbox) it relays for real: on a status poll it reads the deposit's
 * `V3FundsDeposited` log from the origin chain, checks the SpokePool was paid, pays `outputAmount` to
 * the recipient on the destination chain once, and then reports `filled` with that payment's hash.
 */
export async function startAcrossFake(options: { settlement?: FakeSettlement; port?: number; now?: () => number } = {}): Promise<AcrossFake> {
  const now = options.now ?? Date.now;
  let limitOverrides: { minDeposit?: bigint; maxDeposit?: bigint } = {};
  let quotePatch: Record<string, unknown> | null = null;
  let swapError: { status: number; body: unknown } | null = null;
  const scripted = new Map<string, StatusBody>();
  const fills = new Map<string, { destinationChainId: number; fillTxnRef: Hex; outputAmount: bigint }>();
  const settling = onceByKey<StatusBody | null>((body) => body !== null);

  const limitsOf = (asset: AcrossAsset, full: boolean) => {
    const minDeposit = limitOverrides.minDeposit ?? DEFAULT_LIMITS[asset].min;
    const maxDeposit = limitOverrides.maxDeposit ?? DEFAULT_LIMITS[asset].max;
    const amounts = {
      minDeposit: minDeposit.toString(),
      maxDeposit: maxDeposit.toString(),
      maxDepositInstant: ((maxDeposit * 4n) / 15n).toString(),
      maxDepositShortDelay: ((maxDeposit * 4n) / 5n).toString(),
      recommendedDepositInstant: ((maxDeposit * 4n) / 15n).toString(),
    };
    // `/limits` answers the fee details too (kept from the real answer); `/suggested-fees` nests only the amounts.
    return full ? fromTemplate(LIMITS, amounts) : amounts;
  };
  const limitsNumbers = (asset: AcrossAsset) => ({ minDeposit: limitOverrides.minDeposit ?? DEFAULT_LIMITS[asset].min, maxDeposit: limitOverrides.maxDeposit ?? DEFAULT_LIMITS[asset].max });

  function suggestedFees(request: FakeRequest): FakeReply {
    const route = parseRoute(request.query);
    if (isReply(route)) return route;
    const rawAmount = request.query.get('amount');
    if (!rawAmount) return acrossError(400, 'MISSING_PARAM', 'Missing parameter amount', 'amount');
    if (!/^[0-9]{1,78}$/.test(rawAmount)) return acrossError(400, 'INVALID_PARAM', 'amount must be an integer string', 'amount');
    const amount = BigInt(rawAmount);
    const { minDeposit, maxDeposit } = limitsNumbers(route.asset);
    const skipLimits = request.query.get('skipAmountLimit') === 'true';
    if (!skipLimits && amount < minDeposit) return acrossError(400, 'AMOUNT_TOO_LOW', 'Sent amount is too low relative to fees', 'amount');
    if (!skipLimits && amount > maxDeposit) return acrossError(400, 'AMOUNT_TOO_HIGH', `Amount exceeds max. deposit limit: ${maxDeposit}`, 'amount');
    const capital = (amount * CAPITAL_FEE_BPS_X10) / 100_000n;
    const total = capital + GAS_FEE;
    const pct = (fee: bigint) => (amount === 0n ? '0' : ((fee * 10n ** 18n) / amount).toString());
    const seconds = Math.floor(now() / 1000);
    const token = (chain: AcrossChain, address: Address) => ({ address, symbol: route.asset, decimals: DECIMALS[route.asset], chainId: chain.chainId });
    const body = fromTemplate(SUGGESTED_FEES, {
      estimatedFillTimeSec: 4,
      capitalFeePct: pct(capital),
      capitalFeeTotal: capital.toString(),
      relayGasFeePct: pct(GAS_FEE),
      relayGasFeeTotal: GAS_FEE.toString(),
      relayFeePct: pct(total),
      relayFeeTotal: total.toString(),
      lpFeePct: '0',
      timestamp: seconds.toString(),
      isAmountTooLow: amount < minDeposit,
      exclusiveRelayer: '0x0000000000000000000000000000000000000000',
      exclusivityDeadline: 0,
      spokePoolAddress: route.origin.spokePool,
      destinationSpokePoolAddress: route.destination.spokePool,
      totalRelayFee: { pct: pct(total), total: total.toString() },
      relayerCapitalFee: { pct: pct(capital), total: capital.toString() },
      relayerGasFee: { pct: pct(GAS_FEE), total: GAS_FEE.toString() },
      lpFee: { pct: '0', total: '0' },
      limits: limitsOf(route.asset, false),
      fillDeadline: (seconds + FILL_DEADLINE_SECONDS).toString(),
      outputAmount: (amount - total).toString(),
      inputToken: token(route.origin, route.inputToken),
      outputToken: token(route.destination, route.outputToken),
      id: `fake-${now()}-${route.origin.chainId}`,
    });
    // Fields a test removes (`undefined`) are left out, as an older API release would.
    return { body: JSON.parse(JSON.stringify({ ...body, ...quotePatch })) as unknown };
  }

  async function depositStatus(request: FakeRequest): Promise<FakeReply> {
    const originChainId = request.query.get('originChainId');
    const hash = request.query.get('depositTxnRef') ?? request.query.get('depositTxHash');
    if (!originChainId) return acrossError(400, 'MISSING_PARAM', 'Missing parameter originChainId', 'originChainId');
    if (!hash) return acrossError(400, 'MISSING_PARAM', 'Missing parameter depositTxnRef', 'depositTxnRef');
    const script = scripted.get(hash.toLowerCase());
    if (script) return { body: script };
    // A HyperCore credit (the periphery's depositForBurn) would be credited on HyperCore here, but the
    // sandbox has no HyperCore ledger the fake can pay into: such a deposit carries no
    // V3FundsDeposited log, so it is never settled and stays "not found" (pending), never filled.
    if (options.settlement && isHash(hash)) {
      const filled = await settleOnce(options.settlement, Number(originChainId), hash);
      if (filled) return { body: filled };
    }
    return { status: 404, body: NOT_FOUND };
  }

  /** One relay per deposit, however many polls race for it; a failed attempt is retried on the next poll. */
  function settleOnce(settlement: FakeSettlement, originChainId: number, hash: Hex): Promise<StatusBody | null> {
    return settling.run(hash.toLowerCase(), () => relay(settlement, originChainId, hash));
  }

  async function relay(settlement: FakeSettlement, originChainId: number, hash: Hex): Promise<StatusBody | null> {
    const tx = await settlement.findTransaction(originChainId, hash);
    // A reverted deposit never reaches the indexer, so it stays "not found".
    if (!tx || !tx.success) return null;
    const deposit = findDeposit(originChainId, tx);
    if (!deposit) return null;
    const destinationChainId = Number(deposit.destinationChainId);
    const payToken = deliversNative(destinationChainId, deposit.outputToken) ? null : deposit.outputToken;
    const fillTxnRef = await settlement.pay(destinationChainId, payToken, deposit.recipient, deposit.outputAmount);
    fills.set(hash.toLowerCase(), { destinationChainId, fillTxnRef, outputAmount: deposit.outputAmount });
    return acrossStatusBody({ status: 'filled', originChainId, destinationChainId, depositId: deposit.depositId, depositTxnRef: hash, fillTxnRef });
  }

  /** Every route the adapter's tables know, in the shape of the real `/available-routes` answer. */
  function availableRoutes(): FakeReply {
    const routes: Record<string, unknown>[] = [];
    for (const fromKey of ACROSS_ORIGINS) {
      for (const toKey of ACROSS_ORIGINS) {
        const from = acrossChain(fromKey);
        const to = acrossChain(toKey);
        if (!from || !to || from === to) continue;
        for (const asset of Object.keys(from.tokens) as AcrossAsset[]) {
          const originToken = from.tokens[asset];
          const destinationToken = to.tokens[asset];
          if (!originToken || !destinationToken) continue;
          const entry = { originChainId: from.chainId, originToken, destinationChainId: to.chainId, destinationToken, originTokenSymbol: asset, destinationTokenSymbol: asset, isNative: false };
          routes.push(fromTemplate(ROUTE, entry));
          if (asset === 'WETH' && from.nativeEth) routes.push(fromTemplate(ROUTE, { ...entry, originTokenSymbol: 'ETH', destinationTokenSymbol: 'ETH', isNative: true }));
        }
      }
    }
    return { body: routes };
  }

  const server = await startFakeServer(
    {
      'GET /suggested-fees': suggestedFees,
      'GET /limits': (request) => {
        const route = parseRoute(request.query);
        return isReply(route) ? route : { body: limitsOf(route.asset, true) };
      },
      'GET /deposit/status': depositStatus,
      'GET /available-routes': availableRoutes,
      'GET /swap/approval': (request) => swapError ?? hyperCoreSwapApproval(request, now(), acrossError),
    },
    { port: options.port },
  );

  return {
    url: server.url,
    server,
    close: () => server.close(),
    setLimits(limits) {
      limitOverrides = { ...limits };
    },
    setStatus(depositTxnRef, body) {
      if (body) scripted.set(depositTxnRef.toLowerCase(), body);
      else scripted.delete(depositTxnRef.toLowerCase());
    },
    patchQuote(patch) {
      quotePatch = patch;
    },
    setSwapError(reply) {
      swapError = reply;
    },
    fills,
  };
}

/**
 * The deposit a mined origin transaction made: the `V3FundsDeposited` log of the known SpokePool,
 * backed by the funds actually reaching it (native value, or an ERC-20 `Transfer` into the pool).
 */
function findDeposit(originChainId: number, tx: MinedTransaction) {
  for (const log of tx.logs) {
    if (!isKnownSpokePool(originChainId, log.address)) continue;
    let args;
    try {
      ({ args } = decodeEventLog({ abi: v3FundsDepositedAbi, data: log.data, topics: log.topics }));
    } catch {
      continue;
    }
    if (args.outputAmount <= 0n || !acrossChainById(Number(args.destinationChainId))) continue;
    if (paidIn(tx, log.address, args.inputToken, args.inputAmount)) return args;
  }
  return undefined;
}

function paidIn(tx: MinedTransaction, pool: Address, inputToken: Address, inputAmount: bigint): boolean {
  if (tx.value > 0n) return tx.value === inputAmount;
  return tx.logs.some((log) => {
    if (!sameEvmAddress(log.address, inputToken)) return false;
    try {
      const { eventName, args } = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics });
      return eventName === 'Transfer' && sameEvmAddress(args.to, pool) && args.value >= inputAmount;
    } catch {
      return false;
    }
  });
}
