import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { tokensOn } from '../../domain/tokens.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueCoverage, type VenueQuote, type VenueStatus } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { ALLBRIDGE_BRIDGE_SELECTORS, decodeSwapAndBridge, receiveTokenOf, whyNotAllbridgeCall, whyNotAllbridgeTronCall } from './allbridgeBridgeCalls.ts';
import { ALLBRIDGE_CHAINS, ALLBRIDGE_EVM_CHAINS, ALLBRIDGE_TRON, allbridgeChain, type AllbridgeChain } from './allbridgeChains.ts';
import { buildFromTron } from './allbridgeTronBuild.ts';
import { ALLBRIDGE_ERROR_CODES, allbridgeOption, toAllbridgeStatus, translateAllbridgeError } from './allbridgeMapping.ts';
import { AllbridgeContextSchema, AllbridgeErrorSchema, AllbridgeQuoteSchema, AllbridgeRawEvmTxSchema, AllbridgeTransferStatusSchema, type AllbridgeContext } from './allbridgeSchemas.ts';

/**
 * Allbridge's pools move value at the price of the moment; the REST API publishes no quote lifetime,
 * so a stored quote is trusted this long and build asks again for fresh calldata.
 */
const QUOTE_TTL_MS = 60_000;
/** No public host exists: the default names none (RFC 6761 `.invalid`), and the adapter refuses locally until one is set. */
const NO_BASE_URL = 'http://allbridge-rest-api.invalid';
const NOT_INDEXED = { state: 'pending', venueStatus: 'not_indexed', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'not indexed by Allbridge yet' } as const satisfies VenueStatus;

/**
 * Allbridge Core (stablecoin pools on each chain, value messaged across) through the Allbridge Core
 * REST API — which Allbridge does not host: every integrator runs the `allbridge/io.allbridge.rest-api`
 * container (allbridge-core-rest-api) and points `STRAIT_VENUE_ALLBRIDGE_BASE_URL` at it. There is
 * no public default, so the module's default is an unroutable placeholder and the adapter refuses
 * every corridor (`venue_disabled`, naming the setting) until it is set. Status goes through the same server's
 * `/transfer/status`, which reads Allbridge's hosted core API.
 *
 * Built: EXACT_IN USDC/USDT between the EVM chains of allbridgeChains.ts over Allbridge's own
 * messenger, the relayer fee paid in the source chain's native asset as the plan's declared native
 * fee; the bridge call is decoded and checked (token, amount, recipient, Allbridge destination
 * number) at build and at submit. Not built: Tron, Solana and the other non-EVM chains (their
 * transactions are not verified by Strait yet), the CCTP/Wormhole/OFT/xReserve messengers (other
 * contracts), fees paid in stablecoin or ABR, and EXACT_OUT.
 */
export const allbridgeVenue: VenueModule = {
  id: 'allbridge',
  // Allbridge Core has no integrator fee parameter: Strait's cuts stay fee steps.
  capabilities: { archetype: 'pool', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata', 'tron_tx'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: NO_BASE_URL,
  // Allbridge Core's REST API is run by each integrator: no public default to fall back on.
  requiresBaseUrl: true,
  contextSchema: AllbridgeContextSchema,
  errorCodes: ALLBRIDGE_ERROR_CODES,
  allowList: {
    calls: ALLBRIDGE_EVM_CHAINS.map((chain) => ({ chainId: chain.chainId, to: chain.bridge, selectors: ALLBRIDGE_BRIDGE_SELECTORS, check: whyNotAllbridgeCall })),
    transferRecipients: [],
    tronCalls: [{ contract: ALLBRIDGE_TRON.bridge, selectors: ALLBRIDGE_BRIDGE_SELECTORS.map((selector) => selector.slice(2)), check: whyNotAllbridgeTronCall }],
  },
  sandboxFake: async ({ settlement }) => (await import('./allbridgeFake.ts')).startAllbridgeFake({ settlement }),
  create(deps) {
    return createAllbridgeVenue(deps);
  },
};

export interface Resolved {
  readonly from: AllbridgeChain;
  readonly to: AllbridgeChain;
  /** EVM checksummed, or base58 on Tron. */
  readonly fromToken: string;
  readonly toToken: Address;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

const NON_EVM = new Set(['tron', 'solana', 'stellar', 'sui', 'algorand']);

/** A token address as the REST API and the call name it: checksummed on EVM, base58 as is on Tron. */
const tokenAddress = (chain: AllbridgeChain, address: string): string => (chain.chainId === null ? address : getAddress(address));

function resolve(corridor: Corridor): Resolved | NotServed {
  const from = allbridgeChain(corridor.fromChain);
  const to = allbridgeChain(corridor.toChain);
  if (!from || !to) {
    const missing = !from ? corridor.fromChain : corridor.toChain;
    const why = NON_EVM.has(missing) ? 'its transactions on that chain are not verified by Strait yet' : 'its chain number there is not confirmed by a source';
    return { served: false, code: 'route_not_served', message: `Allbridge Core is not served for ${missing}: ${why}` };
  }
  if (from.key === to.key) return { served: false, code: 'route_not_served', message: 'Allbridge Core bridges between chains only' };
  if (to.chainId === null) return { served: false, code: 'route_not_served', message: `Allbridge Core is not served to ${to.key}: Strait builds transfers from it, not to it` };
  for (const [chain, token] of [[from, corridor.fromToken], [to, corridor.toToken]] as const) {
    if (token.address === null || !chain.symbols.includes(token.symbol)) {
      return { served: false, code: 'token_not_supported', message: `Allbridge Core has no ${token.symbol} pool on ${chain.key} (pools: ${chain.symbols.join(', ')})` };
    }
  }
  return { from, to, fromToken: tokenAddress(from, corridor.fromToken.address as string), toToken: getAddress(corridor.toToken.address as string) };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function createAllbridgeVenue(deps: VenueDeps): Venue {
  const configured = !deps.baseUrl.startsWith(NO_BASE_URL);
  const unconfigured: NotServed = { served: false, code: 'venue_disabled', message: 'Allbridge Core needs the base URL of a self-hosted Allbridge Core REST API (STRAIT_VENUE_ALLBRIDGE_BASE_URL); Allbridge hosts none' };

  function resolveHere(corridor: Corridor): Resolved {
    if (!configured) throw new VenueRejection(unconfigured.code, unconfigured.message);
    return resolveOrThrow(corridor);
  }

  async function get<S extends TSchema>(path: string, query: Record<string, string>, schema: S, call: CallContext): Promise<Static<S>> {
    try {
      return await deps.http.get(path, query, schema, call);
    } catch (error) {
      if (!(error instanceof VenueHttpError)) throw error;
      throw translateAllbridgeError(error, Value.Check(AllbridgeErrorSchema, error.body) ? error.body : null);
    }
  }

  const coverage: VenueCoverage = {
    origins: ALLBRIDGE_CHAINS.map((chain) => chain.key),
    tokenSymbols(fromChain, toChain) {
      const from = allbridgeChain(fromChain);
      const to = allbridgeChain(toChain);
      if (!from || !to || from.key === to.key || to.chainId === null) return [];
      const known = new Set(tokensOn(fromChain).map((token) => token.symbol));
      return from.symbols.filter((symbol) => to.symbols.includes(symbol) && known.has(symbol));
    },
  };

  return {
    id: allbridgeVenue.id,
    supports(corridor): CoverageAnswer {
      if (!configured) return unconfigured;
      const resolved = resolve(corridor);
      return 'served' in resolved ? resolved : { served: true };
    },
    coverage: () => coverage,

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveHere(request);
      const body = await get('/bridge/quote', { amount: request.amountIn.toString(), sourceToken: resolved.fromToken, destinationToken: resolved.toToken }, AllbridgeQuoteSchema, call);
      if (BigInt(body.amountInt) !== request.amountIn) throw new VenueRejection('venue_bad_response', `Allbridge priced ${body.amountInt}, not the ${request.amountIn} asked`, { path: '/amountInt' });
      const option = allbridgeOption(body);
      if (option === null) throw new VenueRejection('route_not_served', 'Allbridge offers no transfer over its own messenger with the fee paid in native for this pair', { messengers: body.options.map((candidate) => candidate.messenger) });
      const { method, estimatedSeconds } = option;
      const amountOut = BigInt(method.estimatedAmount.max);
      const minAmountOut = BigInt(method.estimatedAmount.min);
      const context: AllbridgeContext = {
        sourceChainId: resolved.from.chainId ?? 0,
        destinationChainId: resolved.to.chainId ?? 0,
        sourceToken: resolved.fromToken,
        destinationToken: resolved.toToken,
        messenger: 'ALLBRIDGE',
        feePaymentMethod: 'WITH_NATIVE_CURRENCY',
        nativeFee: method.fee,
        amountOut: amountOut.toString(),
        minAmountOut: minAmountOut.toString(),
        sourceSymbol: resolved.from.symbol,
      };
      return {
        amountIn: request.amountIn,
        // The pools' fees and adjustments are in the estimate; the relayer fee rides beside in native.
        // `swapAndBridge` carries no minimum: the destination pool prices the payout when the message
        // lands, so the minimum is Allbridge's estimate (min = max in today's REST API), not enforced.
        amountOut,
        minAmountOut: minAmountOut < amountOut ? minAmountOut : amountOut,
        estimatedSeconds,
        expiresAt: deps.now() + QUOTE_TTL_MS,
        context,
      };
    },

    async build({ request, quote }, call): Promise<StepsPlan> {
      const resolved = resolveHere(request);
      const stored = readContext(quote.context);
      if (stored.sourceChainId !== (resolved.from.chainId ?? 0) || stored.destinationChainId !== resolved.to.chainId || !same(stored.sourceToken, resolved.fromToken) || !same(stored.destinationToken, resolved.toToken)) {
        throw new VenueRejection('invalid_input', 'the stored Allbridge quote was priced for another corridor');
      }
      if (resolved.from.chainId === null) return buildFromTron({ get, request, resolved, stored, call });
      const sender = evmAddress(request.sender, 'sender');
      const recipient = evmAddress(request.recipient, 'recipient');
      const nativeFee = BigInt(stored.nativeFee);
      const tx = await get(
        '/raw/bridge',
        {
          amount: request.amountIn.toString(),
          sender,
          recipient,
          sourceToken: resolved.fromToken,
          destinationToken: resolved.toToken,
          messenger: 'ALLBRIDGE',
          feePaymentMethod: 'WITH_NATIVE_CURRENCY',
          // Pins the relayer fee to the one quoted (and declared as the native fee).
          fee: stored.nativeFee,
          outputFormat: 'json',
        },
        AllbridgeRawEvmTxSchema,
        call,
      );
      if (!same(tx.to, resolved.from.bridge)) throw unsafe(`Allbridge's transaction calls ${tx.to}, not the ${resolved.from.key} bridge ${resolved.from.bridge}`);
      if (!same(tx.from, sender)) throw unsafe(`Allbridge's transaction is from ${tx.from}, not the sender ${sender}`);
      const data = hexData(tx.data);
      const value = quantity(tx.value);
      if (value !== nativeFee) throw unsafe(`Allbridge's transaction sends ${value} native units, not the ${nativeFee} of relayer fee quoted`);
      const why = whyNotAllbridgeCall(data, value, { sourceChainId: resolved.from.chainId, sourceToken: resolved.fromToken, amount: request.amountIn, recipient, destinationChainId: resolved.to.chainId });
      if (why !== null) throw unsafe(`Allbridge's transaction ${why}`);
      const decoded = decodeSwapAndBridge(data);
      if (typeof decoded === 'string') throw unsafe(`Allbridge's transaction ${decoded}`);
      const receiveToken = receiveTokenOf(decoded);
      if (receiveToken === null || !same(receiveToken, resolved.toToken)) throw unsafe(`Allbridge's transaction receives ${decoded.receiveToken}, not ${resolved.toToken}`);
      const chainId = resolved.from.chainId;
      const fromToken = resolved.fromToken as Address;
      return {
        shape: 'steps',
        // The pinned bridge, not the answer's spelling of it, is what the wallet signs.
        steps: [{ vm: 'evm', step: 'main', chainId, to: resolved.from.bridge as Address, data, value }],
        approval: { chainId, token: fromToken, spender: resolved.from.bridge as Address, amount: request.amountIn },
        amountOut: BigInt(stored.amountOut),
        minAmountOut: BigInt(stored.minAmountOut),
        context: stored,
        ...(nativeFee > 0n ? { nativeFee } : {}),
      };
    },

    async status(request, call): Promise<VenueStatus> {
      const context = readContext(request.context);
      try {
        // Until the source transaction is indexed the core API answers 404 (or a 400 through the REST API).
        const body = await deps.http.get('/transfer/status', { chain: context.sourceSymbol, txId: request.sourceTxHash }, AllbridgeTransferStatusSchema, call, { notFoundAs: null });
        if (body === null) return NOT_INDEXED;
        if (!same(body.txId, request.sourceTxHash)) throw new VenueRejection('venue_bad_response', `Allbridge answered the status of ${body.txId}, not ${request.sourceTxHash}`, { path: '/txId' });
        return toAllbridgeStatus(body);
      } catch (error) {
        if (!(error instanceof VenueHttpError)) throw error;
        if (error.status === 400) return NOT_INDEXED;
        throw translateAllbridgeError(error, Value.Check(AllbridgeErrorSchema, error.body) ? error.body : null);
      }
    },
  };
}

function hexData(data: string): Hex {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw unsafe(`Allbridge's transaction data is not hex calldata ('${data.slice(0, 16)}')`);
  return data as Hex;
}

function quantity(value: string): bigint {
  if (!/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) throw unsafe(`Allbridge's transaction value '${value.slice(0, 20)}' is not a quantity`);
  return BigInt(value);
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/raw/bridge' });
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `Allbridge Core needs an EVM ${field}, got '${value}'`, { field });
  return getAddress(value);
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): AllbridgeContext {
  if (!Value.Check(AllbridgeContextSchema, context)) {
    const first = Value.Errors(AllbridgeContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Allbridge context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
