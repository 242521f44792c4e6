import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { base58 } from '@scure/base';
import { Value } from 'typebox/value';
import { tokensOn } from '../../domain/tokens.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueCoverage, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { DEBRIDGE_CHAINS, DEBRIDGE_ROUTER, DEBRIDGE_SOLANA_CHAIN_ID, DEBRIDGE_SOLANA_NATIVE, debridgeChain, DLN_SOLANA_SOURCE, DLN_SOURCE, type DebridgeChain } from './debridgeChains.ts';
import { DEBRIDGE_ERROR_CODES, toDebridgeStatus, translateDebridgeError } from './debridgeMapping.ts';
import { decodeDlnCall, DEBRIDGE_ROUTER_SELECTORS, DLN_SOURCE_SELECTORS, whyNotDebridgeCall } from './debridgeOrderCalls.ts';
import { debridgeSolanaStep } from './debridgeSolanaStep.ts';
import { whyNotDlnSolanaOrder } from './dlnSolanaOrder.ts';
import { DebridgeContextSchema, DebridgeCreateTxSchema, DebridgeErrorSchema, DebridgeOrderIdsSchema, DebridgeOrderStatusSchema, type DebridgeContext, type DebridgeCreateTx } from './debridgeSchemas.ts';

const ZERO: Address = '0x0000000000000000000000000000000000000000';
/** deBridge publishes no quote lifetime (its transactions have no TTL); build asks again for fresh calldata. */
const QUOTE_TTL_MS = 60_000;
const CREATE_TX = '/v1.0/dln/order/create-tx';

/**
 * deBridge DLN (intent orders filled by solvers) through `GET /v1.0/dln/order/create-tx`, which is
 * the quote and the transaction at once, and `GET /v1.0/dln/order/{id}/status`. EXACT_IN market
 * orders (`dstChainTokenOutAmount=auto`) between the EVM chains of debridgeChains.ts; every built
 * call is decoded and must place an order paying the recipient on the requested chain
 * (debridgeOrderCalls.ts), at build and again at submit.
 *
 * Every DLN order also pays a flat fee (`fixFee`) in the source chain's native asset as value beside
 * the call. For an ERC-20 input that fee is the plan's declared native fee (bounded by Strait and
 * stated in the build); for a native input the adapter asks deBridge to give `amountIn` minus that
 * fee, so give plus fee is what the user sends.
 *
 * From Solana (USDC and SOL, the inputs deBridge places without a Jupiter pre-swap) the answer is a
 * 0x-hex VersionedTransaction: decoded, its DlnSource order compared with the quote and the transfer,
 * and handed out as an `svm` step (debridgeSolanaStep.ts); the flat fee is paid in SOL beside it.
 * Not built yet: Solana destinations (a 32-byte `receiverDst` the call check does not compare yet),
 * Tron, and EXACT_OUT.
 */
export const debridgeVenue: VenueModule = {
  id: 'debridge',
  // Strait sends no `affiliateFeePercent`: its cuts stay fee steps.
  capabilities: { archetype: 'intent', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata', 'svm_serialized'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: 'https://dln.debridge.finance',
  contextSchema: DebridgeContextSchema,
  errorCodes: DEBRIDGE_ERROR_CODES,
  // DlnSource places orders; DeBridgeRouter pre-swaps and then calls DlnSource. Both checked against the transfer.
  allowList: {
    calls: DEBRIDGE_CHAINS.flatMap((chain) => [
      { chainId: chain.chainId, to: DLN_SOURCE, selectors: DLN_SOURCE_SELECTORS, check: whyNotDebridgeCall },
      { chainId: chain.chainId, to: DEBRIDGE_ROUTER, selectors: DEBRIDGE_ROUTER_SELECTORS, check: whyNotDebridgeCall },
    ]),
    transferRecipients: [],
    solanaPrograms: [DLN_SOLANA_SOURCE],
    solanaCheck: whyNotDlnSolanaOrder,
  },
  // docs.debridge.com "Authentication": 50 requests a minute without an access token, 300 with one.
  rateLimit: (credentials) => ({ requests: credentials.ACCESS_TOKEN ? 300 : 50, perMs: 60_000 }),
  sandboxFake: async ({ settlement }) => (await import('./debridgeFake.ts')).startDebridgeFake({ settlement }),
  create(deps) {
    return createDebridgeVenue(deps);
  },
};

/** The source chain of an order: an EVM chain of the table, or Solana (no EVM chain id). */
interface SourceChain {
  readonly key: DebridgeChain['key'];
  readonly chainId: number | null;
  readonly debridgeChainId: number;
}

const SOLANA_SOURCE: SourceChain = { key: 'solana', chainId: null, debridgeChainId: DEBRIDGE_SOLANA_CHAIN_ID };
/** Solana inputs deBridge places directly; any other is pre-swapped through Jupiter, a program Strait does not allow. */
const SOLANA_SOURCE_SYMBOLS: ReadonlySet<string> = new Set(['USDC', 'SOL']);

interface Resolved {
  readonly from: SourceChain;
  readonly to: DebridgeChain;
  /** An EVM address, or on Solana the mint (`11111111111111111111111111111111` for SOL, deBridge's spelling). */
  readonly fromToken: string;
  readonly toToken: Address;
  readonly solana: boolean;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Resolved | NotServed {
  const solana = corridor.fromChain === 'solana';
  const from = solana ? SOLANA_SOURCE : debridgeChain(corridor.fromChain);
  const to = debridgeChain(corridor.toChain);
  if (!from || !to) {
    const missing = !from ? corridor.fromChain : corridor.toChain;
    const why = missing === 'solana' ? 'Solana receivers are not built yet' : 'it is built for the EVM chains of its deployment list and Solana sources only';
    return { served: false, code: 'route_not_served', message: `deBridge is not served for ${missing}: ${why}` };
  }
  if (solana && !SOLANA_SOURCE_SYMBOLS.has(corridor.fromToken.symbol)) {
    return { served: false, code: 'token_not_supported', message: `deBridge pre-swaps ${corridor.fromToken.symbol} on Solana through Jupiter, whose program Strait does not allow; USDC and SOL are built` };
  }
  const fromToken = solana ? (corridor.fromToken.address ?? DEBRIDGE_SOLANA_NATIVE) : ((corridor.fromToken.address ?? ZERO) as Address);
  return { from, to, fromToken, toToken: (corridor.toToken.address ?? ZERO) as Address, solana };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
/** Base58 is case-sensitive: a Solana token must match exactly. */
const sameSourceToken = (resolved: Resolved, a: string): boolean => (resolved.solana ? a === resolved.fromToken : same(a, resolved.fromToken));

function createDebridgeVenue(deps: VenueDeps): Venue {
  /** The flat fee last seen per source chain: a native input then costs one call, not two. */
  const knownFixFee = new Map<number, bigint>();

  async function createTx(request: VenueQuoteRequest, resolved: Resolved, giveAmount: bigint, call: CallContext, strict: boolean): Promise<DebridgeCreateTx> {
    const query: Record<string, string | number> = {
      srcChainId: resolved.from.debridgeChainId,
      srcChainTokenIn: resolved.fromToken,
      srcChainTokenInAmount: giveAmount.toString(),
      dstChainId: resolved.to.debridgeChainId,
      dstChainTokenOut: resolved.toToken,
      dstChainTokenOutAmount: 'auto',
      dstChainTokenOutRecipient: evmAddress(request.recipient, 'recipient'),
      senderAddress: resolved.solana ? solanaAddress(request.sender) : evmAddress(request.sender, 'sender'),
      srcChainOrderAuthorityAddress: request.sender,
      srcChainRefundAddress: request.sender,
      // The recipient alone may cancel the order or lower what it takes (debridgeOrderCalls.ts).
      dstChainOrderAuthorityAddress: request.recipient,
      // Operating expenses come out of the output, so the order gives exactly what the user sends.
      prependOperatingExpenses: 'false',
      ...(deps.credentials.REFERRAL_CODE ? { referralCode: deps.credentials.REFERRAL_CODE } : {}),
      ...(deps.credentials.ACCESS_TOKEN ? { accesstoken: deps.credentials.ACCESS_TOKEN } : {}),
    };
    let body: DebridgeCreateTx;
    try {
      body = await deps.http.get(CREATE_TX, query, DebridgeCreateTxSchema, call);
    } catch (error) {
      if (!(error instanceof VenueHttpError)) throw error;
      throw translateDebridgeError(error, Value.Check(DebridgeErrorSchema, error.body) ? error.body : null);
    }
    refuseOtherTransfer(body, resolved, strict ? giveAmount : null);
    return body;
  }

  /**
   * The order Strait can carry for `request` and what it gives. A native input pays the flat fee out
   * of `amountIn` (learned from a first answer when unknown); an ERC-20 input carries it beside the
   * call as the plan's declared native fee (docs/steps.md#native-fees).
   */
  async function carriedOrder(request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<{ body: DebridgeCreateTx; giveAmount: bigint; fixFee: bigint }> {
    const native = request.fromToken.address === null;
    let assumedFee = native ? knownFixFee.get(resolved.from.debridgeChainId) : 0n;
    if (assumedFee === undefined) {
      // A first look only to learn the fee: its amounts are not the order's.
      const first = await createTx(request, resolved, request.amountIn, call, false);
      assumedFee = fixFeeOf(first, true, request.amountIn);
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const giveAmount = request.amountIn - assumedFee;
      if (giveAmount <= 0n) throw new VenueRejection('below_min', `deBridge's flat fee of ${assumedFee} native units leaves nothing of ${request.amountIn} to give`, { minAmountAtomic: (assumedFee + 1n).toString() });
      const body = await createTx(request, resolved, giveAmount, call, true);
      const fixFee = fixFeeOf(body, native, giveAmount);
      // An ERC-20 input gives all of it; the flat fee rides beside as the plan's declared native fee.
      if (!native) return { body, giveAmount, fixFee };
      knownFixFee.set(resolved.from.debridgeChainId, fixFee);
      if (fixFee === assumedFee) return { body, giveAmount, fixFee };
      assumedFee = fixFee;
    }
    throw new VenueRejection('no_liquidity', `deBridge's flat fee on ${resolved.from.key} changed between answers`);
  }

  const coverage: VenueCoverage = {
    origins: [...DEBRIDGE_CHAINS.map((chain) => chain.key), SOLANA_SOURCE.key],
    // The symbols both chains know (a native input pays the flat fee out of the amount, a token beside it).
    tokenSymbols(fromChain, toChain) {
      const solana = fromChain === 'solana';
      if ((!solana && !debridgeChain(fromChain)) || !debridgeChain(toChain)) return [];
      const there = new Set(tokensOn(toChain).map((token) => token.symbol));
      return tokensOn(fromChain).flatMap((token) => (there.has(token.symbol) && (!solana || SOLANA_SOURCE_SYMBOLS.has(token.symbol)) ? [token.symbol] : []));
    },
  };

  return {
    id: debridgeVenue.id,
    supports(corridor): CoverageAnswer {
      const resolved = resolve(corridor);
      if ('served' in resolved) return resolved;
      return { served: true };
    },
    coverage: () => coverage,

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      const { body, giveAmount, fixFee } = await carriedOrder(request, resolved, call);
      if (resolved.solana && body.estimation.srcChainTokenOut !== undefined) {
        throw new VenueRejection('token_not_supported', `deBridge pre-swaps ${request.fromToken.symbol} on Solana into ${body.estimation.srcChainTokenOut.address}, through a program Strait does not allow`);
      }
      const takeAmount = BigInt(body.estimation.dstChainTokenOut.amount);
      const context: DebridgeContext = {
        srcChainId: resolved.from.debridgeChainId,
        dstChainId: resolved.to.debridgeChainId,
        srcToken: resolved.fromToken,
        dstToken: resolved.toToken,
        giveAmount: giveAmount.toString(),
        fixFee: fixFee.toString(),
        takeAmount: takeAmount.toString(),
      };
      return {
        amountIn: request.amountIn,
        // The take amount is net of the protocol fee, the solver's margin and operating expenses, and
        // DLN fills it exactly or not at all: expected and minimum are the same.
        amountOut: takeAmount,
        minAmountOut: takeAmount,
        estimatedSeconds: body.order?.approximateFulfillmentDelay ?? null,
        expiresAt: deps.now() + QUOTE_TTL_MS,
        context,
      };
    },

    async build({ request, quote }, call): Promise<StepsPlan> {
      const resolved = resolveOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.srcChainId !== resolved.from.debridgeChainId || stored.dstChainId !== resolved.to.debridgeChainId || !sameSourceToken(resolved, stored.srcToken) || !same(stored.dstToken, resolved.toToken)) {
        throw new VenueRejection('invalid_input', 'the stored deBridge quote was priced for another corridor');
      }
      // Fresh calldata for exactly this request (the order's salt and amounts are set per answer).
      const { body, giveAmount, fixFee } = await carriedOrder(request, resolved, call);
      const tx = body.tx;
      if (!tx) throw unsafe('deBridge answered without a transaction');
      if (!body.orderId) throw unsafe('deBridge answered without the order id');
      if (resolved.solana) return solanaPlan(request, resolved, stored, body, giveAmount, fixFee);
      const chainId = resolved.from.chainId;
      if (tx.to === undefined || chainId === null) throw unsafe('deBridge answered an EVM transaction without a target');
      const evmTo = tx.to;
      const target = [DLN_SOURCE, DEBRIDGE_ROUTER].find((known) => same(known, evmTo));
      if (!target) throw unsafe(`deBridge's transaction calls ${tx.to}, neither DlnSource nor DeBridgeRouter`);
      const native = request.fromToken.address === null;
      if (!native && tx.allowanceTarget !== undefined && !same(tx.allowanceTarget, target)) throw unsafe(`deBridge asks to approve ${tx.allowanceTarget}, not the ${target} its transaction calls`);
      const data = hexData(tx.data);
      const value = quantity(tx.value ?? '0');
      if (value !== (native ? giveAmount : 0n) + fixFee) throw unsafe(`deBridge's transaction sends ${value} native units, not the ${native ? `${giveAmount} given plus ` : ''}${fixFee} of flat fee it quoted`);
      const why = whyNotDebridgeCall(data, value, {
        sourceChainId: chainId,
        sourceToken: request.fromToken.address,
        amount: request.amountIn,
        recipient: request.recipient,
        destinationChainId: resolved.to.chainId,
      });
      if (why !== null) throw unsafe(`deBridge's transaction ${why}`);
      const decoded = decodeDlnCall(data);
      if (typeof decoded === 'string') throw unsafe(`deBridge's transaction ${decoded}`);
      const takeAmount = BigInt(body.estimation.dstChainTokenOut.amount);
      if (!same(decoded.order.takeToken, resolved.toToken)) throw unsafe(`deBridge's order takes ${decoded.order.takeToken}, not ${resolved.toToken}`);
      if (decoded.order.takeAmount !== takeAmount) throw unsafe(`deBridge's order takes ${decoded.order.takeAmount}, not the ${takeAmount} it quoted`);
      if (decoded.inputAmount !== giveAmount) throw unsafe(`deBridge's transaction takes ${decoded.inputAmount}, not the ${giveAmount} asked`);
      const context: DebridgeContext = { ...stored, giveAmount: giveAmount.toString(), fixFee: fixFee.toString(), takeAmount: takeAmount.toString(), orderId: body.orderId, dlnTarget: getAddress(target) };
      return {
        shape: 'steps',
        // The pinned contract, not deBridge's spelling of it, is what the wallet signs.
        steps: [{ vm: 'evm', step: 'main', chainId, to: getAddress(target), data, value }],
        approval: native ? null : { chainId, token: resolved.fromToken as Address, spender: getAddress(target), amount: giveAmount },
        amountOut: takeAmount,
        minAmountOut: takeAmount,
        context,
        // The flat fee beside an ERC-20 input; a native input pays it out of the amount.
        ...(!native && fixFee > 0n ? { nativeFee: fixFee } : {}),
      };
    },

    async status(request, call): Promise<VenueStatus> {
      const context = readContext(request.context);
      const takeAmount = BigInt(context.takeAmount);
      try {
        // The order the source transaction really placed; the one built is the fallback while deBridge
        // has not indexed the transaction yet.
        const orderId = (await orderIdOf(request.sourceTxHash, call)) ?? context.orderId ?? null;
        if (orderId === null) return { state: 'pending', venueStatus: 'None', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'no order indexed for the source transaction yet' };
        // deBridge answers 400 UNKNOWN_ORDER (or 404) for an order it has not indexed yet.
        const body = await deps.http.get(`/v1.0/dln/order/${orderId}/status`, {}, DebridgeOrderStatusSchema, call, { notFoundAs: null });
        if (body === null) return { state: 'pending', venueStatus: 'None', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'not indexed by deBridge yet' };
        return toDebridgeStatus(body, takeAmount);
      } catch (error) {
        if (!(error instanceof VenueHttpError)) throw error;
        const body = Value.Check(DebridgeErrorSchema, error.body) ? error.body : null;
        if (error.status === 400 && body?.errorId === 'UNKNOWN_ORDER') return { state: 'pending', venueStatus: 'None', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'not indexed by deBridge yet' };
        throw translateDebridgeError(error, body);
      }
    },
  };

  /** The Solana-source plan: one `svm` step placing the quoted order; SPL inputs pay the flat fee in SOL beside it. */
  function solanaPlan(request: VenueQuoteRequest, resolved: Resolved, stored: DebridgeContext, body: DebridgeCreateTx, giveAmount: bigint, fixFee: bigint): StepsPlan {
    const takeAmount = BigInt(body.estimation.dstChainTokenOut.amount);
    const step = debridgeSolanaStep(body.tx?.data ?? '', {
      sender: request.sender,
      takeToken: resolved.toToken,
      takeAmount,
      giveAmount,
      intent: { sourceChainId: -1, sourceToken: request.fromToken.address, amount: request.amountIn, recipient: request.recipient, destinationChainId: resolved.to.chainId },
    });
    const native = request.fromToken.address === null;
    const context: DebridgeContext = { ...stored, giveAmount: giveAmount.toString(), fixFee: fixFee.toString(), takeAmount: takeAmount.toString(), ...(body.orderId ? { orderId: body.orderId } : {}) };
    return { shape: 'steps', steps: [step], approval: null, amountOut: takeAmount, minAmountOut: takeAmount, context, ...(!native && fixFee > 0n ? { nativeFee: fixFee } : {}) };
  }

  /** The order the source transaction created (the first: Strait's transaction creates one). */
  async function orderIdOf(txHash: string, call: CallContext): Promise<string | null> {
    const body = await deps.http.get(`/v1.0/dln/tx/${txHash}/order-ids`, {}, DebridgeOrderIdsSchema, call, { notFoundAs: null });
    const first = body?.orderIds[0];
    if (first === undefined) return null;
    return typeof first === 'string' ? first : first.stringValue;
  }
}

/** An answer for another transfer than the one asked (chains, tokens, amount given) is impossible, never priced. */
function refuseOtherTransfer(body: DebridgeCreateTx, resolved: Resolved, giveAmount: bigint | null): void {
  const { srcChainTokenIn: given, dstChainTokenOut: taken } = body.estimation;
  const problems: string[] = [];
  if (given.chainId !== resolved.from.debridgeChainId || taken.chainId !== resolved.to.debridgeChainId) problems.push(`chains ${given.chainId} → ${taken.chainId}`);
  if (!sameSourceToken(resolved, given.address) || !same(taken.address, resolved.toToken)) problems.push(`tokens ${given.address} → ${taken.address}`);
  if (giveAmount !== null && BigInt(given.amount) !== giveAmount) problems.push(`a give amount of ${given.amount}${given.mutatedWithOperatingExpense === true ? ' (operating expenses prepended)' : ''}`);
  if (problems.length > 0) throw new VenueRejection('venue_bad_response', `deBridge priced another transfer than the one asked: ${problems.join(', ')}`, { path: '/estimation' });
}

/** The flat fee of an answer: `fixFee`, or what `tx.value` carries beyond the amount given. */
function fixFeeOf(body: DebridgeCreateTx, native: boolean, giveAmount: bigint): bigint {
  if (body.fixFee !== undefined) return BigInt(body.fixFee);
  if (body.tx?.value === undefined) return 0n;
  const fee = quantity(body.tx.value) - (native ? giveAmount : 0n);
  if (fee < 0n) throw unsafe(`deBridge's transaction sends ${body.tx.value} native units, less than the ${giveAmount} given`);
  return fee;
}

function hexData(data: string): Hex {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw unsafe(`deBridge's transaction data is not hex calldata ('${data.slice(0, 16)}')`);
  return data as Hex;
}

function quantity(value: string): bigint {
  if (!/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) throw unsafe(`deBridge's transaction value '${value.slice(0, 20)}' is not a quantity`);
  return BigInt(value);
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/tx' });
}

function solanaAddress(value: string): string {
  let bytes: Uint8Array | null;
  try {
    bytes = base58.decode(value);
  } catch {
    bytes = null;
  }
  if (bytes?.length !== 32) throw new VenueRejection('invalid_input', `deBridge needs a Solana sender, got '${value}'`, { field: 'sender' });
  return value;
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `deBridge needs an EVM ${field}, got '${value}'`, { field });
  return value;
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): DebridgeContext {
  if (!Value.Check(DebridgeContextSchema, context)) {
    const first = Value.Errors(DebridgeContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored deBridge context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
