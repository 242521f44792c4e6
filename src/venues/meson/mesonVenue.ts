import { concat, encodePacked, getAddress, isAddress, keccak256, toPrefixedMessage, type Address, type Hex } from 'viem';
import { Value } from 'typebox/value';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueCoverage, type VenueMessageSubmission, type VenueQuote, type VenueQuoteRequest, type VenueSignatureReceipt, type VenueStatus } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { MESON_CHAINS, MESON_CONTRACT, mesonChain, mesonToken, type MesonChain, type MesonToken } from './mesonChains.ts';
import { decodeMesonSwap } from './mesonEncodedSwap.ts';
import { MESON_ERROR_CODES, mesonAmount, mesonUnits, toMesonStatus, translateMesonError } from './mesonMapping.ts';
import { whyNotMesonMessages } from './mesonMessages.ts';
import { MesonContextSchema, MesonEncodeSchema, MesonErrorSchema, MesonPriceSchema, MesonStatusSchema, MesonSubmitSchema, MesonSwapDataSchema, type MesonContext, type MesonSwapData } from './mesonSchemas.ts';

/** The relayer publishes no quote lifetime; its fee is fixed when the swap is encoded at build. */
const QUOTE_TTL_MS = 60_000;
/** meson.dev check-swap: "A swap typically completes within 1-2 minutes". */
const ESTIMATED_SECONDS = 120;
/** The window an encoded swap's expiry must fall in at build: long enough to sign, no standing order. */
const MIN_EXPIRY_S = 10 * 60;
const MAX_EXPIRY_S = 3 * 60 * 60;

/**
 * Meson (stablecoin swaps settled by LPs through a hash-time-lock contract on each chain) through its
 * relayer: `POST /api/v1/price` quotes, `POST /api/v1/swap` encodes the swap at build, the wallet
 * `personal_sign`s the request (the 32-byte encoded swap) and the release (the swap and the
 * recipient) — a `message` step — and `POST /api/v1/swap/{encoded}` hands both signatures to the
 * relayer, which posts the swap: the Meson contract then pulls the amount from the sender with
 * `transferFrom`, hence the exact-amount approve step before. `GET /api/v1/swap/{swapId}` tracks it.
 *
 * What is signed is checked at build and at submit against the transfer (mesonMessages.ts: amount,
 * source chain and token, destination chain, recipient, a non-typed swap paying the recipient itself);
 * build also checks the destination token, the fee against the quote and the expiry window. Not
 * built: 18-decimal stablecoins and native coins, conversion routes, Tron and non-EVM chains, the
 * contract-initiated path (`postSwapFromContract`).
 */
export const mesonVenue: VenueModule = {
  id: 'meson',
  capabilities: { archetype: 'intent', tradeTypes: ['EXACT_IN'], executionShapes: ['intent_signature'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: 'https://relayer.meson.fi',
  contextSchema: MesonContextSchema,
  errorCodes: MESON_ERROR_CODES,
  // The wallet calls nothing of Meson's: the contract is only the approve's spender, and the signed messages are checked.
  allowList: {
    calls: MESON_CHAINS.map((chain) => ({ chainId: chain.chainId, to: MESON_CONTRACT, selectors: [] })),
    transferRecipients: [],
    messages: MESON_CHAINS.map((chain) => ({ chainId: chain.chainId, check: whyNotMesonMessages })),
  },
  rateLimit: () => null,
  sandboxFake: async ({ settlement }) => (await import('./mesonFake.ts')).startMesonFake({ settlement }),
  create(deps) {
    return createMesonVenue(deps);
  },
};

interface Resolved {
  readonly from: MesonChain;
  readonly to: MesonChain;
  readonly fromToken: MesonToken;
  readonly toToken: MesonToken;
}

function resolve(corridor: Corridor): Resolved | Extract<CoverageAnswer, { served: false }> {
  const from = mesonChain(corridor.fromChain);
  const to = mesonChain(corridor.toChain);
  if (!from || !to || from.key === to.key) return { served: false, code: 'route_not_served', message: `Meson is built between the EVM chains of mesonChains.ts, not ${corridor.fromChain} → ${corridor.toChain}` };
  const fromToken = mesonToken(from, corridor.fromToken.address);
  const toToken = mesonToken(to, corridor.toToken.address);
  if (!fromToken || !toToken || corridor.fromToken.decimals !== 6 || corridor.toToken.decimals !== 6) return { served: false, code: 'token_not_supported', message: `Meson is built for the 6-decimal stablecoins of mesonChains.ts, not ${corridor.fromToken.symbol} → ${corridor.toToken.symbol}` };
  return { from, to, fromToken, toToken };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
const asset = (chain: MesonChain, token: MesonToken) => `${chain.id}:${token.id}`;

function createMesonVenue(deps: VenueDeps): Venue {
  const coverage: VenueCoverage = {
    origins: MESON_CHAINS.map((c) => c.key),
    tokenSymbols(fromChain, toChain) {
      const from = mesonChain(fromChain);
      const to = mesonChain(toChain);
      if (!from || !to || from === to) return [];
      return from.tokens.filter((t) => to.tokens.some((u) => u.symbol === t.symbol)).map((t) => t.symbol);
    },
  };

  async function post<T>(path: string, body: unknown, schema: Parameters<typeof deps.http.post>[2], call: CallContext): Promise<T> {
    try {
      return (await deps.http.post(path, body, schema, call)) as T;
    } catch (error) {
      if (!(error instanceof VenueHttpError)) throw error;
      throw translateMesonError(error, Value.Check(MesonErrorSchema, error.body) ? error.body : null);
    }
  }

  /** The encoded swap, from `result` or from the allowance error that carries it (the approve step comes first). */
  async function encode(request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<MesonSwapData> {
    const body = { from: asset(resolved.from, resolved.fromToken), to: asset(resolved.to, resolved.toToken), amount: mesonAmount(request.amountIn), fromAddress: evmAddress(request.sender, 'sender'), recipient: evmAddress(request.recipient, 'recipient') };
    try {
      return (await deps.http.post('/api/v1/swap', body, MesonEncodeSchema, call)).result;
    } catch (error) {
      if (!(error instanceof VenueHttpError)) throw error;
      const envelope = Value.Check(MesonErrorSchema, error.body) ? error.body : null;
      const swapData = (envelope?.error.data as { swapData?: unknown } | undefined)?.swapData;
      if (error.status < 500 && envelope?.error.message === 'insufficient-allowance' && Value.Check(MesonSwapDataSchema, swapData)) return swapData;
      throw translateMesonError(error, envelope);
    }
  }

  return {
    id: mesonVenue.id,
    supports(corridor) {
      const resolved = resolve(corridor);
      return 'served' in resolved ? resolved : { served: true };
    },
    coverage: () => coverage,

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      if (request.amountIn <= 0n) throw new VenueRejection('below_min', 'Meson needs a positive amount', { minAmountAtomic: '1' });
      const from = asset(resolved.from, resolved.fromToken);
      const to = asset(resolved.to, resolved.toToken);
      const amount = mesonAmount(request.amountIn);
      const body = await post<{ result: { totalFee: string; converted?: unknown } }>('/api/v1/price', { from, to, amount, fromAddress: request.sender }, MesonPriceSchema, call);
      if (body.result.converted !== undefined) throw new VenueRejection('route_not_served', 'Meson prices this pair as a token conversion, which is not built');
      const fee = units(body.result.totalFee, '/result/totalFee');
      if (fee >= request.amountIn) throw new VenueRejection('below_min', `Meson's fee of ${body.result.totalFee} takes all of ${amount}`, { minAmountAtomic: (fee + 1n).toString() });
      const context: MesonContext = { from, to, amount, totalFee: body.result.totalFee };
      // A fixed fee out of the amount: the swap delivers exactly this or nothing.
      const out = request.amountIn - fee;
      return { amountIn: request.amountIn, amountOut: out, minAmountOut: out, estimatedSeconds: ESTIMATED_SECONDS, expiresAt: deps.now() + QUOTE_TTL_MS, context };
    },

    async build({ request, quote }, call): Promise<StepsPlan> {
      const resolved = resolveOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.from !== asset(resolved.from, resolved.fromToken) || stored.to !== asset(resolved.to, resolved.toToken)) throw new VenueRejection('invalid_input', 'the stored Meson quote was priced for another corridor');
      const swap = await encode(request, resolved, call);
      const encoded = swap.encoded.toLowerCase() as Hex;
      const sender = getAddress(request.sender);
      const recipient = getAddress(request.recipient);
      if (swap.fromContract !== undefined || swap.fromAddress === undefined || !same(swap.fromAddress, sender)) throw unsafe(`Meson encoded a swap from ${swap.fromContract ?? swap.fromAddress ?? 'nobody'}, not the sender ${sender}`);
      if (swap.initiator !== undefined && !same(swap.initiator, sender)) throw unsafe(`Meson names initiator ${swap.initiator}, not the sender`);
      if (!same(swap.recipient, recipient)) throw unsafe(`Meson encoded a swap for ${swap.recipient}, not the recipient ${recipient}`);
      if (swap.converted !== undefined) throw unsafe('Meson encoded a token conversion');
      const messages: Hex[] = [encoded, concat([encoded, recipient.toLowerCase() as Hex])];
      const why = whyNotMesonMessages(messages, { sourceChainId: resolved.from.chainId, sourceToken: resolved.fromToken.address, amount: request.amountIn, recipient, destinationChainId: resolved.to.chainId });
      if (why !== null) throw unsafe(`Meson's swap ${why}`);
      const decoded = decodeMesonSwap(encoded);
      if (decoded.outToken !== resolved.toToken.index) throw unsafe(`Meson's swap pays Meson token ${decoded.outToken}, not ${resolved.toToken.symbol} (${resolved.toToken.index})`);
      const nowS = Math.floor(deps.now() / 1000);
      if (decoded.expireTs < nowS + MIN_EXPIRY_S || decoded.expireTs > nowS + MAX_EXPIRY_S) throw unsafe(`Meson's swap expires at ${decoded.expireTs}, outside ${MIN_EXPIRY_S / 60} minutes to ${MAX_EXPIRY_S / 3600} hours from now`);
      if (decoded.lpFee !== units(swap.fee.lpFee, '/result/fee/lpFee')) throw unsafe(`Meson's swap carries an LP fee of ${decoded.lpFee} units, not the ${swap.fee.lpFee} it states`);
      refuseOtherSigningData(swap, messages);
      const fee = units(swap.fee.totalFee, '/result/fee/totalFee');
      if (fee >= request.amountIn) throw unsafe(`Meson's fee of ${swap.fee.totalFee} takes the whole amount`);
      const out = request.amountIn - fee;
      const swapId = keccak256(encodePacked(['bytes32', 'address'], [encoded, sender]));
      const context: MesonContext = { ...stored, totalFee: swap.fee.totalFee, encoded, initiator: sender, recipient, swapId };
      return {
        shape: 'steps',
        steps: [{ vm: 'message', step: 'main', chainId: resolved.from.chainId, method: 'personal_sign', messages }],
        approval: { chainId: resolved.from.chainId, token: resolved.fromToken.address, spender: MESON_CONTRACT, amount: request.amountIn },
        amountOut: out,
        minAmountOut: out,
        context,
      };
    },

    async submitMessageSignatures(submission: VenueMessageSubmission, call: CallContext): Promise<VenueSignatureReceipt> {
      const context = readContext(submission.context);
      const [request] = submission.messages;
      if (!context.encoded || !context.swapId || !context.initiator || !context.recipient || request !== context.encoded) throw new Error('the stored Meson build does not name the swap signed');
      const why = whyNotStoredSwap(context);
      if (why !== null) throw new Error(`the signed Meson swap ${why}; nothing was sent`);
      if (decodeMesonSwap(context.encoded).expireTs * 1000 <= deps.now()) throw new Error('the Meson swap has expired; build again');
      const body = await post<{ result: { swapId: string } }>(`/api/v1/swap/${context.encoded}`, { fromAddress: context.initiator, recipient: context.recipient, signatures: submission.signatures }, MesonSubmitSchema, call);
      // keccak256(encoded ‖ initiator) is the swap's id on chain: any other answer names another swap.
      if (!same(body.result.swapId, context.swapId)) throw new Error(`Meson answered swap ${body.result.swapId}, not ${context.swapId}`);
      return { orderId: context.swapId };
    },

    async status(request, call): Promise<VenueStatus> {
      const swapId = /^0x[0-9a-fA-F]{64}$/.test(request.sourceTxHash) ? request.sourceTxHash : readContext(request.context).swapId;
      if (!swapId) return { state: 'pending', venueStatus: 'NONE', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'no swap id yet' };
      try {
        const body = await deps.http.get(`/api/v1/swap/${swapId}`, {}, MesonStatusSchema, call, { notFoundAs: null });
        if (body === null) return { state: 'pending', venueStatus: 'NONE', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'not indexed by Meson yet' };
        return toMesonStatus(body, request.expectedOut);
      } catch (error) {
        if (!(error instanceof VenueHttpError)) throw error;
        throw translateMesonError(error, Value.Check(MesonErrorSchema, error.body) ? error.body : null);
      }
    },
  };
}

/**
 * What the allow-list check cannot see, again at submit: the signed swap still names the stored
 * quote's assets (source and destination chain and token, as `"<chain>:<token>"`) and amount.
 */
function whyNotStoredSwap(context: MesonContext): string | null {
  const swap = decodeMesonSwap(context.encoded as Hex);
  const named = (asset: string, coinType: number, index: number) => {
    const [chainId, tokenId] = asset.split(':');
    const chain = MESON_CHAINS.find((c) => c.id === chainId);
    return chain !== undefined && chain.coinType === coinType && chain.tokens.some((t) => t.id === tokenId && t.index === index);
  };
  if (!named(context.from, swap.inChain, swap.inToken)) return `spends another asset than ${context.from}`;
  if (!named(context.to, swap.outChain, swap.outToken)) return `pays another asset than ${context.to}`;
  if (mesonUnits(context.amount) !== swap.amount) return `moves ${swap.amount} units, not the ${context.amount} asked`;
  return null;
}

/** The relayer's own signing data must be exactly the personal_sign of the messages Strait hands out. */
function refuseOtherSigningData(swap: MesonSwapData, messages: readonly Hex[]): void {
  const expected = messages.map((raw) => toPrefixedMessage({ raw }).toLowerCase());
  const given = swap.dataToSign ?? (swap.signingRequest ? [swap.signingRequest] : []);
  if (given.length === 0) throw unsafe('Meson answered no data to sign');
  const offset = given.length === 1 ? 1 : 0;
  if (given.length > 2) throw unsafe(`Meson asks for ${given.length} signatures`);
  for (const [i, entry] of given.entries()) {
    if (entry.message.toLowerCase() !== expected[i + offset]) throw unsafe(`Meson's data to sign ${i} is not the personal_sign of the ${i + offset === 0 ? 'request' : 'release'}`);
    if (!same(keccak256(entry.message as Hex), entry.hash)) throw unsafe(`Meson's hash to sign ${i} is not the hash of its message`);
  }
}

function units(value: string, path: string): bigint {
  const parsed = mesonUnits(value);
  if (parsed === null) throw new VenueRejection('venue_bad_response', `Meson's fee '${value}' is not a 6-decimal amount`, { path });
  return parsed;
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/result' });
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `Meson needs an EVM ${field}, got '${value}'`, { field });
  return getAddress(value);
}

function readContext(context: unknown): MesonContext {
  if (!Value.Check(MesonContextSchema, context)) {
    const first = Value.Errors(MesonContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Meson context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
