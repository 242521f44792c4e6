import { isAddress, type Address } from 'viem';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import { VenueRejection, type Corridor, type CoverageAnswer, type StepsPlan, type Venue, type VenueBuildRequest, type VenueQuote, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { badResponse } from '../depositVenueSupport.ts';
import { encodeDirectDeposit } from './gaszipCalldata.ts';
import { DIRECT_DEPOSIT_ADDRESS, GASZIP_CHAINS, gaszipChainById, gaszipChainOf, type GaszipChain } from './gaszipChains.ts';
import { GASZIP_ERROR_CODES, QUOTE_TTL_MS, checksummed, pricedFor, statusOf, venueCalldataProblem, weiOf, whyNotGaszipDeposit } from './gaszipMapping.ts';
import { GaszipContextSchema, GaszipDepositSchema, GaszipQuoteSchema, type GaszipContext } from './gaszipSchemas.ts';

/**
 * Gas.zip (v2): native gas refuel. The user sends the source chain's native coin to the Direct
 * Deposit address with data naming the recipient and Gas.zip's short id of the destination; Gas.zip
 * pays the destination's native coin from its own inventory. Quote asks `/v2/quotes`; build encodes
 * the deposit itself (the typed encoder of gaszipCalldata.ts) after checking Gas.zip's own calldata
 * says the same; the allow-list decodes the data again at build and submit; status reads
 * `/v2/deposit/{source tx hash}`.
 */
export const gaszipVenue: VenueModule = {
  id: 'gaszip',
  capabilities: { archetype: 'offchain', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: 'https://backend.gas.zip',
  contextSchema: GaszipContextSchema,
  errorCodes: GASZIP_ERROR_CODES,
  // The Direct Deposit address pays whoever the data names: every deposit is decoded and compared with the transfer.
  allowList: {
    calls: GASZIP_CHAINS.filter((c) => c.inbound).map((chain) => ({ chainId: chain.chainId, to: DIRECT_DEPOSIT_ADDRESS, selectors: 'any' as const, check: whyNotGaszipDeposit })),
    transferRecipients: [],
  },
  create(deps) {
    return createGaszipVenue(deps);
  },
};

interface Route {
  readonly from: GaszipChain;
  readonly to: GaszipChain;
}

function route(corridor: Corridor): { ok: true; route: Route } | { ok: false; answer: Extract<CoverageAnswer, { served: false }> } {
  const from = gaszipChainOf(corridor.fromChain);
  const to = gaszipChainOf(corridor.toChain);
  if (!from?.inbound || !to || from === to) return { ok: false, answer: { served: false, code: 'route_not_served', message: `Gas.zip does not refuel ${corridor.fromChain} → ${corridor.toChain}` } };
  if (corridor.fromToken.address !== null || corridor.toToken.address !== null) return { ok: false, answer: { served: false, code: 'token_not_supported', message: 'Gas.zip moves native gas coins only' } };
  return { ok: true, route: { from, to } };
}

function routeOrThrow(corridor: Corridor): Route {
  const answer = route(corridor);
  if (!answer.ok) throw new VenueRejection(answer.answer.code, answer.answer.message);
  return answer.route;
}

function evmAddress(value: string, what: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `Gas.zip pays EVM addresses: the ${what} ${value} is not one`);
  return checksummed(value);
}

const readContext = (context: unknown): GaszipContext => {
  const validator = validatorOf(GaszipContextSchema);
  if (!validator.Check(context)) throw new VenueRejection('invalid_input', 'the stored gaszip context is not one this adapter wrote');
  return context as GaszipContext;
};

export function createGaszipVenue(deps: VenueDeps): Venue {
  const evmOrigins = GASZIP_CHAINS.filter((c) => c.inbound).map((c) => c.chain);
  return {
    id: gaszipVenue.id,
    supports(corridor: Corridor): CoverageAnswer {
      const answer = route(corridor);
      return answer.ok ? { served: true } : answer.answer;
    },
    coverage: () => ({
      origins: evmOrigins,
      tokenSymbols: (fromChain: ChainKey, toChain: ChainKey) => {
        const from = gaszipChainOf(fromChain);
        const to = gaszipChainOf(toChain);
        return from?.inbound && to && from !== to ? [chainInfo(fromChain).nativeSymbol] : [];
      },
    }),

    async quote(request, call): Promise<VenueQuote> {
      const { from, to } = routeOrThrow(request);
      const sender = evmAddress(request.sender, 'sender');
      const recipient = evmAddress(request.recipient, 'recipient');
      const answer = await deps.http.get(`/v2/quotes/${from.chainId}/${request.amountIn.toString()}/${to.chainId}`, { from: sender, to: recipient }, GaszipQuoteSchema, call);
      const priced = pricedFor(answer, to);
      const problem = venueCalldataProblem(answer.calldata, { recipient, short: to.short, sender });
      if (problem) throw badResponse(problem, '/calldata');
      const expected = weiOf(priced.expected, '/quotes/expected');
      if (expected === 0n) throw new VenueRejection('no_liquidity', 'Gas.zip would deliver nothing for this amount');
      return {
        amountIn: request.amountIn,
        amountOut: expected,
        minAmountOut: expected,
        estimatedSeconds: priced.speed === undefined ? null : Math.ceil(priced.speed),
        expiresAt: answer.expires === undefined ? deps.now() + QUOTE_TTL_MS : answer.expires * 1000,
        context: { depositChainId: from.chainId, outboundChainId: to.chainId, short: to.short, recipient, expected: expected.toString() },
      };
    },

    build({ request, quote }: VenueBuildRequest): Promise<StepsPlan> {
      const { from, to } = routeOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.depositChainId !== from.chainId || stored.outboundChainId !== to.chainId) throw new VenueRejection('invalid_input', 'the stored Gas.zip quote was priced for another corridor');
      const recipient = evmAddress(request.recipient, 'recipient');
      // Strait writes the recipient out even when it is the sender: the allow-list check sees no signer.
      const data = encodeDirectDeposit({ recipient, destinations: [to.short] });
      return Promise.resolve({
        shape: 'steps',
        steps: [{ vm: 'evm', step: 'main', chainId: from.chainId, to: DIRECT_DEPOSIT_ADDRESS, data, value: quote.amountIn }],
        approval: null,
        amountOut: quote.amountOut,
        minAmountOut: quote.minAmountOut,
        context: { ...stored, calldata: data },
      });
    },

    async status(request: VenueStatusRequest, call): Promise<VenueStatus> {
      const stored = readContext(request.context);
      const outbound = stored.outboundChainId ?? null;
      if (outbound === null || !gaszipChainById(outbound)) throw new VenueRejection('invalid_input', 'gaszip status needs the outboundChainId of the quote context');
      const answer = await deps.http.get(`/v2/deposit/${encodeURIComponent(request.sourceTxHash)}`, {}, GaszipDepositSchema, call, { notFoundAs: null });
      if (answer === null) return { state: 'pending', venueStatus: 'not_seen', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'Gas.zip has not seen the deposit yet' };
      return statusOf(answer, outbound, request.recipient);
    },
  };
}
