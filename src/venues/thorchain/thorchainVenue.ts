import { getAddress, isAddress, type Address } from 'viem';
import { Value } from 'typebox/value';
import { chainInfo } from '../../domain/chains.ts';
import { tokensOn } from '../../domain/tokens.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueCoverage, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { fromThorUnits, quotableSymbol, THORCHAIN_CHAINS, thorchainAsset, thorchainChain, thorchainChainByEvmId, toThorUnits, type ThorchainChain } from './thorchainChains.ts';
import { ceilFromThorUnits, THORCHAIN_ERROR_CODES, toThorchainStatus, translateThorchainError } from './thorchainMapping.ts';
import { memoAssetMatches, parseSwapMemo, whyNotThorchainUtxoMemo, type SwapMemo } from './thorchainMemo.ts';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { encodeDeposit, THORCHAIN_ROUTER_SELECTORS, whyNotThorchainCall } from './thorchainRouterCalls.ts';
import { ThorchainContextSchema, ThorchainErrorSchema, ThorchainInboundAddressesSchema, ThorchainQuoteSchema, ThorchainTxStatusSchema, type ThorchainContext, type ThorchainQuote } from './thorchainSchemas.ts';

const ZERO: Address = '0x0000000000000000000000000000000000000000';
const QUOTE = '/thorchain/quote/swap';
const INBOUND = '/thorchain/inbound_addresses';
/**
 * The price limit Strait asks THORNode to write into the memo (`tolerance_bps`): the swap refunds
 * rather than pay out less than the expected amount minus 1 %. The limit is what `minAmountOut` says.
 */
export const THORCHAIN_TOLERANCE_BPS = 100;
/** THORChain's memo limit on BTC, BCH, LTC and DOGE (dev.thorchain.org "Sending Transactions"). */
const UTXO_MEMO_BYTES = 80;

/**
 * THORChain (native cross-chain swaps through its vaults) via THORNode: `GET /thorchain/quote/swap`
 * prices and writes the memo, `GET /thorchain/inbound_addresses` says which chains are halted or
 * paused (checked on every quote and build: a halted chain is a typed rejection, never a stale row),
 * `GET /thorchain/tx/status/{hash}` tracks. Built: EVM sources (ETH, AVAX, BSC, BASE), one
 * `depositWithExpiry` call to the pinned router whose memo is decoded and compared with the transfer
 * (thorchainRouterCalls.ts), with an exact approval for a token; and Bitcoin and Litecoin sources,
 * one `utxo` step paying the live vault at VOUT0 with the memo as OP_RETURN (buildUtxo). Quote only:
 * Dogecoin, Bitcoin Cash and Cosmos sources (chains/utxo/utxoNetworks.ts says why). Strait sends no
 * affiliate, so its cuts stay fee steps, and refuses any memo naming one.
 */
export const thorchainVenue: VenueModule = {
  id: 'thorchain',
  capabilities: { archetype: 'pool', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata', 'utxo_memo'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  // The gateway xchainjs and Edge default to; it asks integrators to identify with x-client-id.
  defaultBaseUrl: 'https://gateway.liquify.com/chain/thorchain_api',
  headers: (credentials): Record<string, string> => (credentials.CLIENT_ID ? { 'x-client-id': credentials.CLIENT_ID } : {}),
  contextSchema: ThorchainContextSchema,
  errorCodes: THORCHAIN_ERROR_CODES,
  allowList: {
    calls: THORCHAIN_CHAINS.flatMap((chain) => (chain.chainId !== null && chain.router !== null ? [{ chainId: chain.chainId, to: chain.router, selectors: THORCHAIN_ROUTER_SELECTORS, check: whyNotThorchainCall }] : [])),
    transferRecipients: [],
    utxoMemo: (memo, intent) => whyNotThorchainUtxoMemo(memo, intent, (chainId, memoChain) => (chainId === null ? THORCHAIN_CHAINS.some((c) => c.chainId === null && c.thorChain === memoChain) : thorchainChainByEvmId(chainId)?.thorChain === memoChain)),
  },
  // dev.thorchain.org Quickstart "Additional Considerations": 1 request per second per IP on /quote.
  rateLimit: () => ({ requests: 60, perMs: 60_000 }),
  // In the sandbox the fake observes Bitcoin inbounds on the Esplora stand-in and pays out on base from the solver.
  sandboxFake: async ({ settlement, utxoIndexers }) => (await import('./thorchainFake.ts')).startThorchainFake({}, { settlement, utxoIndexers: utxoIndexers ?? {} }),
  create(deps) {
    return createThorchainVenue(deps);
  },
};

interface Resolved {
  readonly from: ThorchainChain;
  readonly to: ThorchainChain;
  readonly fromAsset: string;
  readonly toAsset: string;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Resolved | NotServed {
  const from = thorchainChain(corridor.fromChain);
  const to = thorchainChain(corridor.toChain);
  if (!from || !to) {
    const missing = !from ? corridor.fromChain : corridor.toChain;
    return { served: false, code: 'route_not_served', message: `THORChain is not served for ${missing}` };
  }
  const fromAsset = thorchainAsset(from, corridor.fromToken);
  const toAsset = thorchainAsset(to, corridor.toToken);
  if (fromAsset === null || toAsset === null) {
    const token = fromAsset === null ? corridor.fromToken : corridor.toToken;
    return { served: false, code: 'token_not_supported', message: `THORChain has no pool Strait quotes for ${token.symbol} on ${token.chain}` };
  }
  if (fromAsset === toAsset) return { served: false, code: 'route_not_served', message: 'THORChain swaps between different assets only' };
  return { from, to, fromAsset, toAsset };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function createThorchainVenue(deps: VenueDeps): Venue {
  /** Refuses a halted or paused chain; returns the source chain's inbound entry (vault and router). */
  async function liveInbound(resolved: Resolved, call: CallContext) {
    const list = await deps.http.get(INBOUND, {}, ThorchainInboundAddressesSchema, call);
    let source: (typeof list)[number] | undefined;
    for (const chain of [resolved.from, resolved.to]) {
      const entry = list.find((candidate) => candidate.chain === chain.thorChain);
      if (!entry) throw new VenueRejection('route_not_served', `THORChain lists no inbound address for ${chain.thorChain}`, { chain: chain.thorChain });
      const paused = entry.chain_trading_paused === true || entry.global_trading_paused === true;
      if (entry.halted || paused) {
        throw new VenueRejection('route_not_served', `THORChain ${entry.halted ? 'has halted' : 'has paused trading on'} ${chain.thorChain}`, { chain: chain.thorChain, halted: entry.halted, tradingPaused: paused });
      }
      if (chain === resolved.from) source = entry;
    }
    if (!source) throw new VenueRejection('route_not_served', `THORChain lists no inbound address for ${resolved.from.thorChain}`);
    return source;
  }

  /**
   * A Bitcoin-family source: one `utxo` step paying the live vault exactly the amount at VOUT0 with
   * THORNode's memo as OP_RETURN (the engine composes the PSBT: engine/utxoSteps.ts). The vault must
   * be an address of the chain and the inbound address of the moment, the memo at most 80 bytes and
   * paying the recipient with a limit, no affiliate and no refund address (VIN0 is the refund address).
   */
  async function buildUtxo(request: VenueQuoteRequest, resolved: Resolved, stored: ThorchainContext, call: CallContext): Promise<StepsPlan> {
    const { from } = resolved;
    const inbound = await liveInbound(resolved, call);
    const { body } = await quoteSwap(request, resolved, call);
    const memo = checkedMemo(body, request, resolved);
    if (memo === null || body.memo === undefined) throw unsafe('THORChain answered without a memo', '/memo');
    const why = whyNotThorchainUtxoMemo(body.memo, { recipient: request.recipient, destinationChainId: resolved.to.chainId }, (_, memoChain) => memoChain === resolved.to.thorChain);
    if (why !== null) throw unsafe(`THORChain's memo ${why}`, '/memo');
    const memoBytes = new TextEncoder().encode(body.memo).length;
    if (memoBytes > UTXO_MEMO_BYTES) throw unsafe(`THORChain's memo is ${memoBytes} bytes, above the ${UTXO_MEMO_BYTES} an OP_RETURN carries`, '/memo');
    const vault = body.inbound_address;
    if (vault === undefined || !isValidAddress(from.key, vault)) throw unsafe(`THORChain's inbound address '${vault ?? ''}' is not a ${chainInfo(from.key).name} address`, '/inbound_address');
    if (inbound.address === undefined || inbound.address !== vault) throw unsafe(`THORChain's quote names vault ${vault}, not the inbound address ${inbound.address ?? 'none'} of ${from.thorChain}`, '/inbound_address');
    if (body.router !== undefined) throw unsafe(`THORChain names a router (${body.router}) for ${from.thorChain}, which has none`, '/router');
    if (body.expiry * 1000 <= deps.now()) throw unsafe('THORChain answered with an expired quote', '/expiry');
    const dust = inbound.dust_threshold === undefined ? 0n : BigInt(inbound.dust_threshold);
    if (toThorUnits(request.amountIn, request.fromToken.decimals) < dust) {
      throw new VenueRejection('below_min', `THORChain ignores ${from.thorChain} inbounds below its dust threshold of ${dust}`, { minAmountAtomic: ceilFromThorUnits(dust, request.fromToken.decimals).toString(), venueCode: 'dust_threshold' });
    }
    const expectedOutThor = BigInt(body.expected_amount_out);
    const limitThor = memo.limit > expectedOutThor ? expectedOutThor : memo.limit;
    const context: ThorchainContext = { ...stored, expectedOutThor: expectedOutThor.toString(), limitThor: memo.limit.toString(), expiry: body.expiry, inboundAddress: vault, memo: body.memo };
    return {
      shape: 'steps',
      steps: [{ vm: 'utxo', step: 'main', chain: from.key, psbt: null, outputs: [{ address: vault, amount: request.amountIn }], memo: body.memo, ...gasRateOf(body) }],
      approval: null,
      amountOut: fromThorUnits(expectedOutThor, request.toToken.decimals),
      minAmountOut: fromThorUnits(limitThor, request.toToken.decimals),
      context,
    };
  }

  async function quoteSwap(request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<{ body: ThorchainQuote; amountThor: bigint }> {
    const amountThor = toThorUnits(request.amountIn, request.fromToken.decimals);
    if (amountThor === 0n) throw new VenueRejection('below_min', 'THORChain counts in 1e8 units and the amount is below one', { minAmountAtomic: ceilFromThorUnits(1n, request.fromToken.decimals).toString() });
    const query = {
      from_asset: resolved.fromAsset,
      to_asset: resolved.toAsset,
      amount: amountThor.toString(),
      destination: request.recipient,
      // A UTXO inbound is refunded to its VIN0 address (the sender, held at submit); naming it again
      // would only lengthen a memo that must fit 80 bytes.
      ...(chainInfo(resolved.from.key).vm === 'utxo' ? {} : { refund_address: request.sender }),
      tolerance_bps: THORCHAIN_TOLERANCE_BPS,
    };
    let body: ThorchainQuote;
    try {
      body = await deps.http.get(QUOTE, query, ThorchainQuoteSchema, call);
    } catch (error) {
      if (!(error instanceof VenueHttpError)) throw error;
      throw translateThorchainError(error, Value.Check(ThorchainErrorSchema, error.body) ? error.body : null, request.fromToken.decimals);
    }
    // Older nodes price amounts below the recommended minimum; the swap would be refunded (minus fees).
    const min = body.recommended_min_amount_in === undefined ? 0n : BigInt(body.recommended_min_amount_in);
    if (amountThor < min) {
      throw new VenueRejection('below_min', `THORChain recommends at least ${min} (1e8 units of ${resolved.fromAsset})`, { minAmountAtomic: ceilFromThorUnits(min, request.fromToken.decimals).toString(), venueCode: 'recommended_min_amount_in' });
    }
    return { body, amountThor };
  }

  /** The memo of an answer, which must pay the requested recipient the requested asset. */
  function checkedMemo(body: ThorchainQuote, request: VenueQuoteRequest, resolved: Resolved): SwapMemo | null {
    if (body.memo === undefined || body.memo === '') return null;
    const memo = parseSwapMemo(body.memo);
    if (typeof memo === 'string') throw unsafe(`THORChain's memo ${memo}`, '/memo');
    if (!memoAssetMatches(memo.asset, resolved.toAsset)) throw unsafe(`THORChain's memo pays out ${memo.asset}, not ${resolved.toAsset}`, '/memo');
    const evmDestination = resolved.to.chainId !== null;
    if (evmDestination ? !same(memo.destination, request.recipient) : memo.destination !== request.recipient) throw unsafe(`THORChain's memo pays ${memo.destination}, not the recipient`, '/memo');
    return memo;
  }

  const coverage: VenueCoverage = {
    origins: THORCHAIN_CHAINS.map((chain) => chain.key),
    tokenSymbols(fromChain, toChain) {
      const from = thorchainChain(fromChain);
      const to = thorchainChain(toChain);
      if (!from || !to || from === to) return [];
      const symbols = (chain: ThorchainChain) => tokensOn(chain.key).flatMap((token) => (quotableSymbol(chain, token.symbol, token.address === null) ? [token.symbol] : []));
      const there = new Set(symbols(to));
      return symbols(from).filter((symbol) => there.has(symbol));
    },
  };

  return {
    id: thorchainVenue.id,
    supports(corridor): CoverageAnswer {
      const resolved = resolve(corridor);
      return 'served' in resolved ? resolved : { served: true };
    },
    coverage: () => coverage,

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      await liveInbound(resolved, call);
      const { body, amountThor } = await quoteSwap(request, resolved, call);
      const memo = checkedMemo(body, request, resolved);
      const expectedOutThor = BigInt(body.expected_amount_out);
      const limitThor = memo?.limit ?? 0n;
      const context: ThorchainContext = {
        fromAsset: resolved.fromAsset,
        toAsset: resolved.toAsset,
        amountThor: amountThor.toString(),
        expectedOutThor: expectedOutThor.toString(),
        limitThor: limitThor.toString(),
        toleranceBps: THORCHAIN_TOLERANCE_BPS,
        expiry: body.expiry,
        ...(body.inbound_address !== undefined ? { inboundAddress: body.inbound_address } : {}),
        ...(body.router !== undefined ? { router: body.router } : {}),
        ...(body.memo !== undefined ? { memo: body.memo } : {}),
      };
      return {
        amountIn: request.amountIn,
        // expected_amount_out is net of the liquidity, outbound and affiliate fees (all in the output asset).
        amountOut: fromThorUnits(expectedOutThor, request.toToken.decimals),
        // The memo's limit is what the network enforces (it refunds below it); no limit guarantees nothing.
        minAmountOut: fromThorUnits(limitThor > expectedOutThor ? expectedOutThor : limitThor, request.toToken.decimals),
        estimatedSeconds: body.total_swap_seconds ?? null,
        expiresAt: body.expiry * 1000,
        context,
      };
    },

    async build({ request, quote }, call): Promise<StepsPlan> {
      const resolved = resolveOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.fromAsset !== resolved.fromAsset || stored.toAsset !== resolved.toAsset) throw new VenueRejection('invalid_input', 'the stored THORChain quote was priced for another corridor');
      const { from } = resolved;
      if (from.buildable && chainInfo(from.key).vm === 'utxo') return buildUtxo(request, resolved, stored, call);
      if (!from.buildable || from.chainId === null || from.router === null) {
        throw new VenueRejection('route_not_served', `THORChain transfers from ${from.key} are quote only: Strait builds no ${chainInfo(from.key).vm} memo transactions yet`);
      }
      // Vaults churn and quotes expire: a fresh quote and a fresh vault for exactly this request.
      const inbound = await liveInbound(resolved, call);
      const { body } = await quoteSwap(request, resolved, call);
      const memo = checkedMemo(body, request, resolved);
      if (memo === null || body.memo === undefined) throw unsafe('THORChain answered without a memo', '/memo');
      if (memo.affiliate !== null) throw unsafe(`THORChain's memo names an affiliate (${memo.affiliate}) Strait did not ask for`, '/memo');
      if (memo.refundAddress !== null && !same(memo.refundAddress, request.sender)) throw unsafe(`THORChain's memo refunds ${memo.refundAddress}, not the sender`, '/memo');
      if (memo.limit === 0n) throw unsafe("THORChain's memo sets no price limit", '/memo');
      const router = from.router;
      if (body.router === undefined || !same(body.router, router) || (inbound.router !== undefined && !same(inbound.router, router))) {
        throw unsafe(`THORChain names router ${body.router ?? inbound.router ?? 'none'}, not the pinned ${router} on ${from.thorChain}`, '/router');
      }
      const vault = body.inbound_address;
      if (vault === undefined || !isAddress(vault, { strict: false })) throw unsafe(`THORChain's inbound address '${vault ?? ''}' is not an EVM address`, '/inbound_address');
      if (inbound.address === undefined || !same(inbound.address, vault)) throw unsafe(`THORChain's quote names vault ${vault}, not the inbound address ${inbound.address ?? 'none'} of ${from.thorChain}`, '/inbound_address');
      if (body.expiry * 1000 <= deps.now()) throw unsafe('THORChain answered with an expired quote', '/expiry');
      const native = request.fromToken.address === null;
      const asset = native ? ZERO : getAddress(request.fromToken.address ?? ZERO);
      const value = native ? request.amountIn : 0n;
      const data = encodeDeposit({ vault: getAddress(vault), asset, amount: request.amountIn, memo: body.memo, expiry: BigInt(body.expiry) });
      const why = whyNotThorchainCall(data, value, { sourceChainId: from.chainId, sourceToken: request.fromToken.address, amount: request.amountIn, recipient: request.recipient, destinationChainId: resolved.to.chainId });
      if (why !== null) throw unsafe(`THORChain's deposit ${why}`, '/memo');
      const expectedOutThor = BigInt(body.expected_amount_out);
      const limitThor = memo.limit > expectedOutThor ? expectedOutThor : memo.limit;
      const context: ThorchainContext = {
        ...stored,
        expectedOutThor: expectedOutThor.toString(),
        limitThor: memo.limit.toString(),
        expiry: body.expiry,
        inboundAddress: vault,
        router,
        memo: body.memo,
      };
      return {
        shape: 'steps',
        steps: [{ vm: 'evm', step: 'main', chainId: from.chainId, to: router, data, value }],
        approval: native ? null : { chainId: from.chainId, token: asset, spender: router, amount: request.amountIn },
        amountOut: fromThorUnits(expectedOutThor, request.toToken.decimals),
        minAmountOut: fromThorUnits(limitThor, request.toToken.decimals),
        context,
      };
    },

    async status(request, call): Promise<VenueStatus> {
      // THORNode keys transactions by upper-case hex without 0x.
      const hash = request.sourceTxHash.replace(/^0x/i, '').toUpperCase();
      if (!/^[0-9A-F]{64}$/.test(hash)) throw new VenueRejection('invalid_input', `'${request.sourceTxHash}' is not a transaction hash THORChain tracks`);
      try {
        const body = await deps.http.get(`/thorchain/tx/status/${hash}`, {}, ThorchainTxStatusSchema, call, { notFoundAs: null });
        if (body === null) return { state: 'pending', venueStatus: 'not_observed', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'THORChain has not observed the inbound transaction yet' };
        return toThorchainStatus(body, request.toToken, chainInfo(request.toChain).vm === 'evm');
      } catch (error) {
        if (!(error instanceof VenueHttpError)) throw error;
        throw translateThorchainError(error, Value.Check(ThorchainErrorSchema, error.body) ? error.body : null, 8);
      }
    },
  };
}

/**
 * THORChain's recommended fee rate for a UTXO inbound ("use a high enough gas_rate to be included":
 * a delayed inbound may reach a vault that has churned), when given in sat/vB.
 */
function gasRateOf(body: ThorchainQuote): { minFeeRate?: number } {
  if (body.recommended_gas_rate === undefined || (body.gas_rate_units !== undefined && body.gas_rate_units !== 'satsperbyte')) return {};
  const rate = Number(body.recommended_gas_rate);
  return Number.isSafeInteger(rate) && rate > 0 ? { minFeeRate: rate } : {};
}

function unsafe(message: string, path: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path });
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): ThorchainContext {
  if (!Value.Check(ThorchainContextSchema, context)) {
    const first = Value.Errors(ThorchainContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored THORChain context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
