import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { Value } from 'typebox/value';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { LIFI_BRIDGE_SELECTORS, whyNotLifiBridgeCall } from './lifiBridgeCalls.ts';
import { createLifiCoverage } from './lifiCoverage.ts';
import { LIFI_CHAINS, lifiChain, type LifiChain } from './lifiChains.ts';
import { LIFI_ERROR_CODES, toLifiStatus, translateLifiError } from './lifiMapping.ts';
import { LifiContextSchema, LifiErrorSchema, LifiQuoteSchema, LifiStatusSchema, type LifiContext, type LifiQuote } from './lifiSchemas.ts';

const ZERO = '0x0000000000000000000000000000000000000000';
/** LI.FI publishes no quote lifetime; its docs ask for a fresh quote before executing, and build asks again. */
const QUOTE_TTL_MS = 60_000;
const SLIPPAGE = '0.005';

/**
 * LI.FI (an aggregator of bridges and DEXs) through `GET /v1/quote` (EXACT_IN) and `GET /v1/status`.
 * Its diamond executes whatever route the calldata names, so every built call is decoded and must
 * pay the requested recipient on the requested chain with the amount sent (lifiBridgeCalls.ts), at
 * build and again at submit. EVM to EVM only: for a non-EVM destination LI.FI names a sentinel
 * receiver Strait cannot check, and its Solana, UTXO and Tron answers are not built yet.
 */
export const lifiVenue: VenueModule = {
  id: 'lifi',
  // No `fee` parameter: LI.FI collects it through a source swap into its FeeCollector, credited to
  // the integrator only after LI.FI verifies the integrator; Strait's cuts stay fee steps.
  capabilities: { archetype: 'aggregator', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: 'https://li.quest/v1',
  sandboxFake: async ({ settlement }) => (await import('./lifiFake.ts')).startLifiFake({ settlement }),
  contextSchema: LifiContextSchema,
  errorCodes: LIFI_ERROR_CODES,
  // The diamond of each chain, its bridge entry points only, each call checked against the transfer.
  allowList: {
    calls: LIFI_CHAINS.map((chain) => ({ chainId: chainIdOf(chain.key), to: chain.diamond, selectors: LIFI_BRIDGE_SELECTORS, check: whyNotLifiBridgeCall })),
    transferRecipients: [],
  },
  headers(credentials): Record<string, string> {
    return credentials.API_KEY ? { 'x-lifi-api-key': credentials.API_KEY } : {};
  },
  create(deps) {
    return createLifiVenue(deps);
  },
};

function chainIdOf(key: ChainKey): number {
  const id = chainInfo(key).chainId;
  if (id === null) throw new Error(`LI.FI chain table names non-EVM chain ${key}`);
  return id;
}

interface Resolved {
  readonly from: LifiChain;
  readonly to: LifiChain;
  readonly fromToken: Address;
  readonly toToken: Address;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Resolved | NotServed {
  const from = lifiChain(corridor.fromChain);
  const to = lifiChain(corridor.toChain);
  if (!from || !to) {
    return { served: false, code: 'route_not_served', message: `LI.FI is built for EVM chains with a known diamond only (not ${!from ? corridor.fromChain : corridor.toChain}); a non-EVM receiver cannot be checked` };
  }
  return { from, to, fromToken: (corridor.fromToken.address ?? ZERO) as Address, toToken: (corridor.toToken.address ?? ZERO) as Address };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function createLifiVenue(deps: VenueDeps): Venue {
  const integrator = deps.credentials.INTEGRATOR ?? 'strait';

  async function fetchQuote(request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<LifiQuote> {
    const query = {
      fromChain: chainIdOf(resolved.from.key),
      toChain: chainIdOf(resolved.to.key),
      fromToken: resolved.fromToken,
      toToken: resolved.toToken,
      fromAmount: request.amountIn.toString(),
      fromAddress: evmAddress(request.sender, 'sender'),
      toAddress: evmAddress(request.recipient, 'recipient'),
      integrator,
      slippage: SLIPPAGE,
      order: 'CHEAPEST',
      // A destination call is something Strait refuses anyway (lifiBridgeCalls.ts).
      allowDestinationCall: false,
    };
    let body: LifiQuote;
    try {
      body = await deps.http.get('/quote', query, LifiQuoteSchema, call);
    } catch (error) {
      if (!(error instanceof VenueHttpError)) throw error;
      throw translateLifiError(error, Value.Check(LifiErrorSchema, error.body) ? error.body : null);
    }
    refuseOtherTransfer(body, request, resolved);
    // A fee paid on top of the amount rides as native value beside the call; Strait's checks accept
    // only the amount itself, so such a route is not offered rather than refused at build.
    const extra = (body.estimate.feeCosts ?? []).find((fee) => fee.included === false && fee.amount !== undefined && /^[0-9]+$/.test(fee.amount) && BigInt(fee.amount) > 0n);
    if (extra) {
      throw new VenueRejection('no_liquidity', `LI.FI's ${body.tool} route charges ${extra.name ?? 'a fee'} of ${extra.amount} outside the amount sent, which Strait cannot carry`, { venueTool: body.tool });
    }
    return body;
  }

  const published = createLifiCoverage(deps.http, deps.now);

  return {
    id: lifiVenue.id,
    supports: published.supports,
    coverage: () => published.coverage,
    snapshot: published.snapshot,

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      const body = await fetchQuote(request, resolved, call);
      const context: LifiContext = {
        fromChainId: chainIdOf(resolved.from.key),
        toChainId: chainIdOf(resolved.to.key),
        fromToken: resolved.fromToken,
        toToken: resolved.toToken,
        tool: body.tool,
        toAmount: body.estimate.toAmount,
        toAmountMin: body.estimate.toAmountMin,
        ...(body.transactionId ? { transactionId: body.transactionId } : {}),
      };
      return {
        amountIn: request.amountIn,
        // LI.FI's toAmount is already net of every fee it marks `included` (its own, the bridge's).
        amountOut: BigInt(body.estimate.toAmount),
        minAmountOut: BigInt(body.estimate.toAmountMin),
        estimatedSeconds: durationOf(body.estimate.executionDuration),
        expiresAt: deps.now() + QUOTE_TTL_MS,
        context,
      };
    },

    async build({ request, quote }, call): Promise<StepsPlan> {
      const resolved = resolveOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.fromChainId !== chainIdOf(resolved.from.key) || stored.toChainId !== chainIdOf(resolved.to.key) || !same(stored.fromToken, resolved.fromToken) || !same(stored.toToken, resolved.toToken)) {
        throw new VenueRejection('invalid_input', 'the stored LI.FI quote was priced for another corridor');
      }
      // Fresh calldata for exactly this request: LI.FI's transaction is only valid briefly.
      const body = await fetchQuote(request, resolved, call);
      const tx = body.transactionRequest;
      if (!tx) throw unsafe('LI.FI answered the quote without a transaction request');
      const diamond = resolved.from.diamond;
      if (!same(tx.to, diamond)) throw unsafe(`LI.FI's transaction calls ${tx.to}, not its diamond ${diamond} on ${resolved.from.key}`);
      if (tx.chainId !== undefined && tx.chainId !== chainIdOf(resolved.from.key)) throw unsafe(`LI.FI's transaction is for chain ${tx.chainId}, not ${resolved.from.key}`);
      const isNative = request.fromToken.address === null;
      if (!isNative && body.estimate.approvalAddress !== undefined && !same(body.estimate.approvalAddress, diamond)) {
        throw unsafe(`LI.FI asks to approve ${body.estimate.approvalAddress}, not its diamond ${diamond}`);
      }
      const data = hexData(tx.data);
      const value = quantity(tx.value ?? '0');
      const why = whyNotLifiBridgeCall(data, value, {
        sourceChainId: chainIdOf(resolved.from.key),
        sourceToken: request.fromToken.address,
        amount: request.amountIn,
        recipient: request.recipient,
        destinationChainId: chainIdOf(resolved.to.key),
      });
      if (why !== null) throw unsafe(`LI.FI's transaction ${why}`);
      const chainId = chainIdOf(resolved.from.key);
      return {
        shape: 'steps',
        // The known diamond, not LI.FI's spelling of it, is what the wallet signs.
        steps: [{ vm: 'evm', step: 'main', chainId, to: getAddress(diamond), data, value }],
        approval: isNative ? null : { chainId, token: resolved.fromToken, spender: getAddress(diamond), amount: request.amountIn },
        amountOut: BigInt(body.estimate.toAmount),
        minAmountOut: BigInt(body.estimate.toAmountMin),
        context: { diamond: getAddress(diamond), tool: body.tool, toAmount: body.estimate.toAmount, toAmountMin: body.estimate.toAmountMin, ...(body.transactionId ? { transactionId: body.transactionId } : {}) },
      };
    },

    async status(request, call): Promise<VenueStatus> {
      const context = readContext(request.context);
      const query = { txHash: request.sourceTxHash, fromChain: context.fromChainId, toChain: context.toChainId, bridge: context.tool };
      try {
        // LI.FI answers 404 for a hash it has not indexed yet.
        const body = await deps.http.get('/status', query, LifiStatusSchema, call, { notFoundAs: null });
        if (body === null) return { state: 'pending', venueStatus: 'NOT_FOUND', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'not indexed by LI.FI yet' };
        return toLifiStatus(body);
      } catch (error) {
        if (error instanceof VenueHttpError) throw translateLifiError(error, Value.Check(LifiErrorSchema, error.body) ? error.body : null);
        throw error;
      }
    },
  };
}

/** An answer for another transfer than the one asked (chains, tokens, amount) is impossible, never priced. */
function refuseOtherTransfer(body: LifiQuote, request: VenueQuoteRequest, resolved: Resolved): void {
  const { action, estimate } = body;
  const problems: string[] = [];
  if (action.fromChainId !== chainIdOf(resolved.from.key) || action.toChainId !== chainIdOf(resolved.to.key)) problems.push(`chains ${action.fromChainId} → ${action.toChainId}`);
  if (!same(action.fromToken.address, resolved.fromToken) || !same(action.toToken.address, resolved.toToken)) problems.push(`tokens ${action.fromToken.address} → ${action.toToken.address}`);
  if (BigInt(action.fromAmount) !== request.amountIn) problems.push(`amount ${action.fromAmount}`);
  if (action.toAddress !== undefined && !same(action.toAddress, request.recipient)) problems.push(`recipient ${action.toAddress}`);
  if (BigInt(estimate.toAmountMin) > BigInt(estimate.toAmount)) problems.push(`a minimum ${estimate.toAmountMin} above its estimate ${estimate.toAmount}`);
  if (problems.length > 0) throw new VenueRejection('venue_bad_response', `LI.FI priced another transfer than the one asked: ${problems.join(', ')}`, { path: '/action' });
}

function durationOf(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  const seconds = Math.round(Number(value));
  return Number.isFinite(seconds) ? seconds : null;
}

function hexData(data: string): Hex {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw unsafe(`LI.FI's transaction data is not hex calldata ('${data.slice(0, 16)}')`);
  return data as Hex;
}

function quantity(value: string): bigint {
  if (!/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) throw unsafe(`LI.FI's transaction value '${value.slice(0, 20)}' is not a quantity`);
  return BigInt(value);
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/transactionRequest' });
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `LI.FI needs an EVM ${field}, got '${value}'`, { field });
  return value;
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): LifiContext {
  if (!Value.Check(LifiContextSchema, context)) {
    const first = Value.Errors(LifiContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored LI.FI context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
