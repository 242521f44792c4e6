import { getAddress, isAddress, type Address } from 'viem';
import { Value } from 'typebox/value';
import { chainInfo } from '../../../domain/chains.ts';
import { tokensOn } from '../../../domain/tokens.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueCoverage, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../../Venue.ts';
import { VenueHttpError } from '../../venueHttpClient.ts';
import type { VenueDeps } from '../../VenueModule.ts';
import { toPoolStatus, translatePoolError } from './poolMapping.ts';
import { ceilFromE8, fromE8, poolAsset, poolChainByKey, quotableSymbol, toE8, type PoolChain, type PoolNetwork } from './poolNetwork.ts';
import { PoolContextSchema, PoolErrorSchema, PoolInboundAddressesSchema, PoolQuoteSchema, PoolTxStatusSchema, type PoolContext, type PoolQuote } from './poolSchemas.ts';
import { encodeDeposit, whyNotRouterDeposit } from './routerDeposit.ts';
import { memoAssetChain, memoAssetMatches, parseSwapMemo, whyNotPoolUtxoMemo, type SwapMemo } from './swapMemo.ts';
import { isValidAddress } from '../../../domain/addresses/isValidAddress.ts';

const ZERO: Address = '0x0000000000000000000000000000000000000000';

interface Resolved {
  readonly from: PoolChain;
  readonly to: PoolChain;
  readonly fromAsset: string;
  readonly toAsset: string;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The family's memo limit on BTC, BCH, LTC and DOGE (dev.thorchain.org "Sending Transactions"). */
const UTXO_MEMO_BYTES = 80;

/**
 * The node's recommended fee rate for a UTXO inbound ("use a high enough gas_rate to be included":
 * a delayed inbound may reach a vault that has churned), when given in sat/vB.
 */
function gasRateOf(body: PoolQuote): { minFeeRate?: number } {
  if (body.recommended_gas_rate === undefined || (body.gas_rate_units !== undefined && body.gas_rate_units !== 'satsperbyte')) return {};
  const rate = Number(body.recommended_gas_rate);
  return Number.isSafeInteger(rate) && rate > 0 ? { minFeeRate: rate } : {};
}

function unsafe(message: string, path: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path });
}

/**
 * The adapter of one THORChain-family network (poolNetwork.ts) via its node:
 * `GET /<prefix>/quote/swap` prices and writes the memo, `GET /<prefix>/inbound_addresses` says which
 * chains are halted or paused (checked on every quote and build: a halted chain or paused trading is
 * a typed rejection, never a stale row), `GET /<prefix>/tx/status/{hash}` tracks. Built: EVM sources,
 * one `depositWithExpiry` call to the pinned router whose memo is decoded and compared with the
 * transfer (routerDeposit.ts), with an exact approval for a token. Quote only: UTXO and Cosmos
 * sources (their memo transactions are not a step Strait can verify yet). Strait sends no affiliate,
 * so its cuts stay fee steps, and refuses any memo naming one.
 */
export function createPoolVenue(id: string, network: PoolNetwork, deps: VenueDeps): Venue {
  const name = network.name;
  const quotePath = `${network.apiPrefix}/quote/swap`;
  const inboundPath = `${network.apiPrefix}/inbound_addresses`;

  function resolve(corridor: Corridor): Resolved | NotServed {
    const from = poolChainByKey(network, corridor.fromChain);
    const to = poolChainByKey(network, corridor.toChain);
    if (!from || !to) {
      const missing = !from ? corridor.fromChain : corridor.toChain;
      return { served: false, code: 'route_not_served', message: `${name} is not served for ${missing}` };
    }
    const fromAsset = poolAsset(network, from, corridor.fromToken);
    const toAsset = poolAsset(network, to, corridor.toToken);
    if (fromAsset === null || toAsset === null) {
      const token = fromAsset === null ? corridor.fromToken : corridor.toToken;
      return { served: false, code: 'token_not_supported', message: `${name} has no pool Strait quotes for ${token.symbol} on ${token.chain}` };
    }
    if (fromAsset === toAsset) return { served: false, code: 'route_not_served', message: `${name} swaps between different assets only` };
    return { from, to, fromAsset, toAsset };
  }

  function resolveOrThrow(corridor: Corridor): Resolved {
    const resolved = resolve(corridor);
    if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
    return resolved;
  }

  /**
   * The corridor of a request whose recipient the network can pay: a non-EVM payout goes to whatever
   * the memo names, so an address form the network would lose (e.g. taproot on Maya) is refused
   * before asking, rather than after the wallet signed.
   */
  function resolveRequest(request: VenueQuoteRequest): Resolved {
    const resolved = resolveOrThrow(request);
    const addressForm = resolved.to.chainId === null ? network.nonEvmAddress[resolved.to.poolChain] : undefined;
    if (addressForm !== undefined && !addressForm.test(request.recipient)) {
      throw new VenueRejection('invalid_input', `${request.recipient} is not a ${resolved.to.poolChain} address ${name} pays out to`, { field: 'recipient' });
    }
    return resolved;
  }

  /** Refuses a halted or paused chain; returns the source chain's inbound entry (vault and router). */
  async function liveInbound(resolved: Resolved, call: CallContext) {
    const list = await deps.http.get(inboundPath, {}, PoolInboundAddressesSchema, call);
    let source: (typeof list)[number] | undefined;
    for (const chain of [resolved.from, resolved.to]) {
      const entry = list.find((candidate) => candidate.chain === chain.poolChain);
      if (!entry) throw new VenueRejection('route_not_served', `${name} lists no inbound address for ${chain.poolChain}`, { chain: chain.poolChain });
      const paused = entry.chain_trading_paused === true || entry.global_trading_paused === true;
      if (entry.halted || paused) {
        throw new VenueRejection('route_not_served', `${name} ${entry.halted ? 'has halted' : 'has paused trading on'} ${chain.poolChain}`, { chain: chain.poolChain, halted: entry.halted, tradingPaused: paused });
      }
      if (chain === resolved.from) source = entry;
    }
    if (!source) throw new VenueRejection('route_not_served', `${name} lists no inbound address for ${resolved.from.poolChain}`);
    return source;
  }

  async function quoteSwap(request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<{ body: PoolQuote; amountE8: bigint }> {
    const amountE8 = toE8(request.amountIn, request.fromToken.decimals);
    if (amountE8 === 0n) throw new VenueRejection('below_min', `${name} counts in 1e8 units and the amount is below one`, { minAmountAtomic: ceilFromE8(1n, request.fromToken.decimals).toString() });
    const query: Record<string, string | number> = {
      from_asset: resolved.fromAsset,
      to_asset: resolved.toAsset,
      amount: amountE8.toString(),
      destination: request.recipient,
      // A UTXO inbound is refunded to its VIN0 address (the sender, held at submit); naming it again
      // would only lengthen a memo that must fit 80 bytes.
      ...(chainInfo(resolved.from.key).vm === 'utxo' ? {} : { refund_address: request.sender }),
      tolerance_bps: network.toleranceBps,
      ...(network.streaming ? { streaming_interval: network.streaming.interval, streaming_quantity: network.streaming.quantity } : {}),
    };
    let body: PoolQuote;
    try {
      body = await deps.http.get(quotePath, query, PoolQuoteSchema, call);
    } catch (error) {
      if (!(error instanceof VenueHttpError)) throw error;
      throw translatePoolError(name, error, Value.Check(PoolErrorSchema, error.body) ? error.body : null, request.fromToken.decimals);
    }
    // Older nodes price amounts below the recommended minimum; the swap would be refunded (minus fees).
    const min = body.recommended_min_amount_in === undefined ? 0n : BigInt(body.recommended_min_amount_in);
    if (amountE8 < min) {
      throw new VenueRejection('below_min', `${name} recommends at least ${min} (1e8 units of ${resolved.fromAsset})`, { minAmountAtomic: ceilFromE8(min, request.fromToken.decimals).toString(), venueCode: 'recommended_min_amount_in' });
    }
    return { body, amountE8 };
  }

  /** The memo of an answer, which must pay the requested recipient the requested asset. */
  function checkedMemo(body: PoolQuote, request: VenueQuoteRequest, resolved: Resolved): SwapMemo | null {
    if (body.memo === undefined || body.memo === '') return null;
    const memo = parseSwapMemo(body.memo);
    if (typeof memo === 'string') throw unsafe(`${name}'s memo ${memo}`, '/memo');
    if (!memoAssetMatches(memo.asset, resolved.toAsset)) throw unsafe(`${name}'s memo pays out ${memo.asset}, not ${resolved.toAsset}`, '/memo');
    const evmDestination = resolved.to.chainId !== null;
    if (evmDestination ? !same(memo.destination, request.recipient) : memo.destination !== request.recipient) throw unsafe(`${name}'s memo pays ${memo.destination}, not the recipient`, '/memo');
    return memo;
  }

  /**
   * A Bitcoin-family source: one `utxo` step paying the live vault exactly the amount at VOUT0 with
   * the node's memo as OP_RETURN (the engine composes the PSBT: engine/utxoSteps.ts). The vault must
   * be an address of the chain and the inbound address of the moment, the memo at most 80 bytes and
   * paying the recipient with a limit, no affiliate and no refund address (VIN0 is the refund address).
   */
  async function buildUtxo(request: VenueQuoteRequest, resolved: Resolved, stored: PoolContext, call: CallContext): Promise<StepsPlan> {
    const { from } = resolved;
    const inbound = await liveInbound(resolved, call);
    const { body } = await quoteSwap(request, resolved, call);
    const memo = checkedMemo(body, request, resolved);
    if (memo === null || body.memo === undefined) throw unsafe(`${name} answered without a memo`, '/memo');
    // The build holds the memo to the destination's own chain (a non-EVM destination included), stricter than submit's network-wide check.
    const why = memoAssetChain(memo.asset) === resolved.to.poolChain ? whyNotPoolUtxoMemo(network, body.memo, { recipient: request.recipient, destinationChainId: resolved.to.chainId }) : `pays out ${memo.asset}, not on ${resolved.to.poolChain}`;
    if (why !== null) throw unsafe(`${name}'s memo ${why}`, '/memo');
    const memoBytes = new TextEncoder().encode(body.memo).length;
    if (memoBytes > UTXO_MEMO_BYTES) throw unsafe(`${name}'s memo is ${memoBytes} bytes, above the ${UTXO_MEMO_BYTES} an OP_RETURN carries`, '/memo');
    const vault = body.inbound_address;
    if (vault === undefined || !isValidAddress(from.key, vault)) throw unsafe(`${name}'s inbound address '${vault ?? ''}' is not a ${chainInfo(from.key).name} address`, '/inbound_address');
    if (inbound.address === undefined || inbound.address !== vault) throw unsafe(`${name}'s quote names vault ${vault}, not the inbound address ${inbound.address ?? 'none'} of ${from.poolChain}`, '/inbound_address');
    if (body.router !== undefined) throw unsafe(`${name} names a router (${body.router}) for ${from.poolChain}, which has none`, '/router');
    if (body.expiry === undefined || body.expiry * 1000 <= deps.now()) throw unsafe(`${name} answered ${body.expiry === undefined ? 'without an expiry' : 'with an expired quote'}`, '/expiry');
    const dust = inbound.dust_threshold === undefined ? 0n : BigInt(inbound.dust_threshold);
    if (toE8(request.amountIn, request.fromToken.decimals) < dust) {
      throw new VenueRejection('below_min', `${name} ignores ${from.poolChain} inbounds below its dust threshold of ${dust}`, { minAmountAtomic: ceilFromE8(dust, request.fromToken.decimals).toString(), venueCode: 'dust_threshold' });
    }
    const expectedOutE8 = BigInt(body.expected_amount_out);
    const limitE8 = memo.limit > expectedOutE8 ? expectedOutE8 : memo.limit;
    const context: PoolContext = { ...stored, expectedOutThor: expectedOutE8.toString(), limitThor: memo.limit.toString(), expiry: body.expiry, inboundAddress: vault, memo: body.memo };
    return {
      shape: 'steps',
      steps: [{ vm: 'utxo', step: 'main', chain: from.key, psbt: null, outputs: [{ address: vault, amount: request.amountIn }], memo: body.memo, ...gasRateOf(body) }],
      approval: null,
      amountOut: fromE8(expectedOutE8, request.toToken.decimals),
      minAmountOut: fromE8(limitE8, request.toToken.decimals),
      context,
    };
  }

  /** The stored quote (and build) context, validated once and read typed. */
  function readContext(context: unknown): PoolContext {
    if (!Value.Check(PoolContextSchema, context)) {
      const first = Value.Errors(PoolContextSchema, context)[0];
      throw new VenueRejection('invalid_input', `stored ${name} context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
    }
    return context;
  }

  const coverage: VenueCoverage = {
    origins: network.chains.map((chain) => chain.key),
    tokenSymbols(fromChain, toChain) {
      const from = poolChainByKey(network, fromChain);
      const to = poolChainByKey(network, toChain);
      if (!from || !to || from === to) return [];
      const symbols = (chain: PoolChain) => tokensOn(chain.key).flatMap((token) => (quotableSymbol(network, chain, token.symbol, token.address === null) ? [token.symbol] : []));
      const there = new Set(symbols(to));
      return symbols(from).filter((symbol) => there.has(symbol));
    },
  };

  return {
    id,
    supports(corridor): CoverageAnswer {
      const resolved = resolve(corridor);
      return 'served' in resolved ? resolved : { served: true };
    },
    coverage: () => coverage,

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveRequest(request);
      await liveInbound(resolved, call);
      const { body, amountE8 } = await quoteSwap(request, resolved, call);
      const memo = checkedMemo(body, request, resolved);
      const expectedOutE8 = BigInt(body.expected_amount_out);
      const limitE8 = memo?.limit ?? 0n;
      const context: PoolContext = {
        fromAsset: resolved.fromAsset,
        toAsset: resolved.toAsset,
        amountThor: amountE8.toString(),
        expectedOutThor: expectedOutE8.toString(),
        limitThor: limitE8.toString(),
        toleranceBps: network.toleranceBps,
        ...(body.expiry !== undefined ? { expiry: body.expiry } : {}),
        ...(body.inbound_address !== undefined ? { inboundAddress: body.inbound_address } : {}),
        ...(body.router !== undefined ? { router: body.router } : {}),
        ...(body.memo !== undefined ? { memo: body.memo } : {}),
        ...(body.recommended_gas_rate !== undefined ? { recommendedGasRate: body.recommended_gas_rate } : {}),
        ...(body.gas_rate_units !== undefined ? { gasRateUnits: body.gas_rate_units } : {}),
      };
      return {
        amountIn: request.amountIn,
        // expected_amount_out is net of the liquidity, outbound and affiliate fees (all in the output asset).
        amountOut: fromE8(expectedOutE8, request.toToken.decimals),
        // The memo's limit is what the network enforces (it refunds below it); no limit guarantees nothing.
        minAmountOut: fromE8(limitE8 > expectedOutE8 ? expectedOutE8 : limitE8, request.toToken.decimals),
        estimatedSeconds: swapSecondsOf(body),
        expiresAt: body.expiry === undefined ? null : body.expiry * 1000,
        context,
      };
    },

    async build({ request, quote }, call): Promise<StepsPlan> {
      const resolved = resolveRequest(request);
      const stored = readContext(quote.context);
      if (stored.fromAsset !== resolved.fromAsset || stored.toAsset !== resolved.toAsset) throw new VenueRejection('invalid_input', `the stored ${name} quote was priced for another corridor`);
      const { from } = resolved;
      if (from.buildable && chainInfo(from.key).vm === 'utxo') return buildUtxo(request, resolved, stored, call);
      if (!from.buildable || from.chainId === null || from.router === null) {
        throw new VenueRejection('route_not_served', `${name} transfers from ${from.key} are quote only: Strait builds no ${chainInfo(from.key).vm} memo transactions yet`);
      }
      // Vaults churn and quotes expire: a fresh quote and a fresh vault for exactly this request.
      const inbound = await liveInbound(resolved, call);
      const { body } = await quoteSwap(request, resolved, call);
      const memo = checkedMemo(body, request, resolved);
      if (memo === null || body.memo === undefined) throw unsafe(`${name} answered without a memo`, '/memo');
      if (memo.affiliate !== null) throw unsafe(`${name}'s memo names an affiliate (${memo.affiliate}) Strait did not ask for`, '/memo');
      if (memo.refundAddress !== null && !same(memo.refundAddress, request.sender)) throw unsafe(`${name}'s memo refunds ${memo.refundAddress}, not the sender`, '/memo');
      if (memo.limit === 0n) throw unsafe(`${name}'s memo sets no price limit`, '/memo');
      const router = from.router;
      if (body.router === undefined || !same(body.router, router) || (inbound.router !== undefined && !same(inbound.router, router))) {
        throw unsafe(`${name} names router ${body.router ?? inbound.router ?? 'none'}, not the pinned ${router} on ${from.poolChain}`, '/router');
      }
      const vault = body.inbound_address;
      if (vault === undefined || !isAddress(vault, { strict: false })) throw unsafe(`${name}'s inbound address '${vault ?? ''}' is not an EVM address`, '/inbound_address');
      if (inbound.address === undefined || !same(inbound.address, vault)) throw unsafe(`${name}'s quote names vault ${vault}, not the inbound address ${inbound.address ?? 'none'} of ${from.poolChain}`, '/inbound_address');
      // depositWithExpiry needs the quote's own expiry: the vault refunds a deposit arriving after it.
      if (body.expiry === undefined || body.expiry * 1000 <= deps.now()) throw unsafe(`${name} answered ${body.expiry === undefined ? 'without an expiry' : 'with an expired quote'}`, '/expiry');
      const native = request.fromToken.address === null;
      const asset = native ? ZERO : getAddress(request.fromToken.address ?? ZERO);
      const value = native ? request.amountIn : 0n;
      const data = encodeDeposit({ vault: getAddress(vault), asset, amount: request.amountIn, memo: body.memo, expiry: BigInt(body.expiry) });
      const why = whyNotRouterDeposit(network, data, value, { sourceChainId: from.chainId, sourceToken: request.fromToken.address, amount: request.amountIn, recipient: request.recipient, destinationChainId: resolved.to.chainId });
      if (why !== null) throw unsafe(`${name}'s deposit ${why}`, '/memo');
      const expectedOutE8 = BigInt(body.expected_amount_out);
      const limitE8 = memo.limit > expectedOutE8 ? expectedOutE8 : memo.limit;
      const context: PoolContext = {
        ...stored,
        expectedOutThor: expectedOutE8.toString(),
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
        amountOut: fromE8(expectedOutE8, request.toToken.decimals),
        minAmountOut: fromE8(limitE8, request.toToken.decimals),
        context,
        tagMain: true,
      };
    },

    async status(request, call): Promise<VenueStatus> {
      // The node keys transactions by upper-case hex without 0x.
      const hash = request.sourceTxHash.replace(/^0x/i, '').toUpperCase();
      if (!/^[0-9A-F]{64}$/.test(hash)) throw new VenueRejection('invalid_input', `'${request.sourceTxHash}' is not a transaction hash ${name} tracks`);
      try {
        const body = await deps.http.get(`${network.apiPrefix}/tx/status/${hash}`, {}, PoolTxStatusSchema, call, { notFoundAs: null });
        if (body === null) return { state: 'pending', venueStatus: 'not_observed', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `${name} has not observed the inbound transaction yet` };
        return toPoolStatus(name, body, request.toToken, typeof request.context.toAsset === 'string' ? request.context.toAsset : null, chainInfo(request.toChain).vm === 'evm', request.recipient);
      } catch (error) {
        if (!(error instanceof VenueHttpError)) throw error;
        throw translatePoolError(name, error, Value.Check(PoolErrorSchema, error.body) ? error.body : null, 8);
      }
    },
  };
}

/**
 * The quote's ETA. Nodes older than `total_swap_seconds` (the MAYAChain docs' quickstart answer) give
 * its parts only: the inbound confirmation wait and the outbound delay (plus a streaming swap's
 * duration when streaming), which the docs add up themselves ("3285 seconds all up").
 */
function swapSecondsOf(body: PoolQuote): number | null {
  if (body.total_swap_seconds !== undefined) return body.total_swap_seconds;
  const parts = [body.inbound_confirmation_seconds, body.outbound_delay_seconds, body.streaming_swap_seconds];
  if (parts.every((part) => part === undefined)) return null;
  return parts.reduce<number>((sum, part) => sum + (part ?? 0), 0);
}
