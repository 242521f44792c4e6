import { Compile } from 'typebox/compile';
import { decodeFunctionData, erc20Abi, getAddress, slice, size, type Hex } from 'viem';
import type { EvmStep } from '../../domain/steps.ts';
import { VenueRejection, type Approval, type CallContext, type Corridor, type StepsPlan, type Venue, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { RELAY_ORIGINS, relayChain, relayTransferRecipients, type Address, type RelayChain } from './relayChains.ts';
import { createRelayCoverage, relayCurrencyOf, staticSupport } from './relayCoverage.ts';
import { RELAY_ERROR_CODES, deliveredOf, depositItemOf, mapRelayStatus, outAmountsOf, outScaleOf, readRelayContext, toVenueQuote, toVenueStatus, translateRelayError } from './relayMapping.ts';
import { RelayContextSchema, RelayIndexSchema, RelayIntentStatusSchema, RelayQuoteSchema, RelayRequestsSchema, RelayTransactionDataSchema, type RelayQuote, type RelayTransactionData } from './relaySchemas.ts';

/** Slippage we ask Relay to guarantee, in bps (Relay takes a bps string). */
export const RELAY_SLIPPAGE_BPS = 50;
/** Relay counts app referrals by this name. */
export const RELAY_REFERRER = 'strait';

const txData = Compile(RelayTransactionDataSchema);
// How many indexed origin hashes an adapter remembers, so a long-lived process stays bounded.
const INDEXED_MEMORY = 10_000;

/**
 * Relay (intent venue): the user deposits on the origin chain, a Relay solver fills on the
 * destination. Relay's quote is also its build: `POST /quote/v2` answers with executable steps, so
 * build re-quotes live. Only EVM origins are served (Relay's SVM steps are instruction lists the
 * service cannot sign as built); Solana is served as a destination, and so is HyperCore: Relay
 * credits a Hyperliquid account's perps or spot USDC itself (chain 1337, amounts in 8 decimals that
 * the rows state in Strait's 6, rounded down).
 */
export const relayVenue: VenueModule = {
  id: 'relay',
  // venue-param: appFees; Relay deducts the fee from the input and credits it to the recipient's app balance.
  capabilities: { archetype: 'intent', tradeTypes: ['EXACT_IN', 'EXACT_OUT'], executionShapes: ['evm_calldata'], feeCapture: 'venue-param', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  sandboxFake: async ({ settlement }) => (await import('./relayFake.ts')).startRelayFake({ settlement }),
  defaultBaseUrl: 'https://api.relay.link',
  headers(credentials): Record<string, string> {
    const key = credentials.API_KEY;
    return key ? { 'x-api-key': key } : {};
  },
  contextSchema: RelayContextSchema,
  errorCodes: RELAY_ERROR_CODES,
  create: createRelayVenue,
  // The pinned depository and receiver (opaque calldata: Relay's own encoding), and the solver as
  // the only payee of an ERC-20 deposit.
  allowList: {
    calls: RELAY_ORIGINS.flatMap((key) => {
      const chain = relayChain(key);
      return chain ? chain.contracts.map((to) => ({ chainId: chain.relayChainId, to, selectors: 'any' as const })) : [];
    }),
    transferRecipients: RELAY_ORIGINS.flatMap((key) => {
      const chain = relayChain(key);
      return chain ? relayTransferRecipients(chain).map((recipient) => ({ chainId: chain.relayChainId, recipient })) : [];
    }),
  },
};

interface Pair {
  readonly origin: RelayChain;
  readonly destination: RelayChain;
}

function createRelayVenue(deps: VenueDeps): Venue {
  const indexed = new Set<string>();
  const published = createRelayCoverage(deps.http, deps.now);

  async function requestQuote(request: VenueQuoteRequest, pair: Pair, call: CallContext): Promise<{ quote: RelayQuote; requestId: string; tx: RelayTransactionData }> {
    let quote: RelayQuote;
    try {
      quote = await deps.http.post('/quote/v2', quoteBody(request, pair), RelayQuoteSchema, call);
    } catch (error) {
      throw translateRelayError(error);
    }
    checkCorridor(quote, pair);
    // An exact input priced for another input amount ranks an output the user would not get.
    if (request.exactOut === undefined && quote.details.currencyIn.amount !== request.amountIn.toString()) {
      throw bad(`Relay priced an input of ${quote.details.currencyIn.amount}, not ${request.amountIn}`, '/details/currencyIn/amount');
    }
    if (pair.destination.vm === 'hypercore') checkHyperCoreOut(quote, pair.destination, relayCurrencyOf(pair.destination, request.toToken.address));
    const { requestId, data } = depositItemOf(quote);
    if (!txData.Check(data)) throw new VenueRejection('venue_bad_response', 'Relay deposit step is not an EVM transaction', { path: '/steps/deposit/items/0/data' });
    // Checked at quote too, not only at build: a row must not be priced from another corridor's answer.
    if (data.chainId !== pair.origin.relayChainId) throw bad(`Relay deposit is on chain ${data.chainId}, not ${pair.origin.relayChainId}`, '/steps/deposit/items/0/data/chainId');
    return { quote, requestId, tx: data };
  }

  async function indexOnce(chainId: number, txHash: string, requestId: string, call: CallContext): Promise<void> {
    const key = txHash.toLowerCase();
    if (indexed.has(key)) return;
    try {
      // Relay's body types chainId as a string for this endpoint.
      await deps.http.post('/transactions/index', { chainId: String(chainId), txHash, requestId }, RelayIndexSchema, call);
    } catch {
      return; // Only a speed-up: Relay detects the deposit without it; the next poll tries again.
    }
    indexed.add(key);
    if (indexed.size > INDEXED_MEMORY) indexed.delete(indexed.values().next().value as string);
  }

  async function delivered(requestId: string, destination: RelayChain | undefined, straitDecimals: number, call: CallContext): Promise<{ amount: bigint; asset: string | null } | null> {
    try {
      const scaleFor = (stated: number | null | undefined) => (destination ? outScaleOf(destination, stated, straitDecimals) : null);
      return deliveredOf(await deps.http.get('/requests/v2', { id: requestId }, RelayRequestsSchema, call), { requestId, destinationChainId: destination?.relayChainId ?? null }, scaleFor);
    } catch {
      return null;
    }
  }

  return {
    id: relayVenue.id,
    supports: published.supports,
    coverage: () => published.coverage,
    snapshot: published.snapshot,
    tokens: published.tokens,

    async quote(request, call) {
      const pair = pairOf(request);
      const { quote, requestId, tx } = await requestQuote(request, pair, call);
      const priced = toVenueQuote(quote, { requestId, tx }, deps.now(), RELAY_SLIPPAGE_BPS, scaleOf(quote, pair, request));
      return request.exactOut === undefined ? priced : exactOutputOf(priced, request.exactOut);
    },

    async build({ request: asked }, call): Promise<StepsPlan> {
      const pair = pairOf(asked);
      const { quote, requestId, tx } = await requestQuote(asked, pair, call);
      const extra = quote.steps.find((s) => s.id !== 'approve' && s.id !== 'deposit');
      if (extra) throw bad(`Relay asks for a '${extra.id}' step the service cannot execute`, '/steps');
      // An exact output: Relay decides the input, which the deposit must move exactly, within the bound asked.
      const request = asked.exactOut === undefined ? asked : { ...asked, amountIn: exactOutputInput(quote, asked.amountIn) };
      vetDeposit(tx, request, pair.origin, requestId);
      const main: EvmStep = { vm: 'evm', step: 'main', chainId: tx.chainId, to: getAddress(tx.to), data: tx.data as Hex, value: BigInt(tx.value ?? '0') };
      const out = outAmountsOf(quote, RELAY_SLIPPAGE_BPS, scaleOf(quote, pair, request));
      return {
        shape: 'steps',
        steps: [main],
        approval: approvalOf(quote, request, pair.origin) ?? impliedApproval(tx, request, pair.origin),
        ...(asked.exactOut === undefined ? out : { ...exactOutputOf({ ...out, amountIn: request.amountIn }, asked.exactOut), amountIn: request.amountIn }),
        context: { requestId },
      };
    },

    async status(request: VenueStatusRequest, call) {
      const origin = relayChain(request.fromChain);
      if (!origin) throw new VenueRejection('route_not_served', `Relay does not serve ${request.fromChain}`);
      const context = readRelayContext(request.context);
      const requestId = context.requestId ?? (await recoverRequestId(request.sourceTxHash, call));
      if (requestId === null) return notIndexed(`Relay knows no request for ${request.sourceTxHash} yet`);
      await indexOnce(origin.relayChainId, request.sourceTxHash, requestId, call);
      // A request Relay has not indexed yet (right after submission) is answered 404: still pending.
      const status = await deps.http.get('/intents/status/v3', { requestId }, RelayIntentStatusSchema, call, { notFoundAs: null }).catch((error: unknown) => {
        throw translateRelayError(error);
      });
      if (status === null) return notIndexed(`Relay knows no request ${requestId} yet`);
      const destination = relayChain(request.toChain);
      const vm = destination?.vm ?? 'evm';
      if (mapRelayStatus(status.status).state !== 'completed') return toVenueStatus(status, null, vm);
      // The status body carries no amount; without `/requests/v2` we report what was expected.
      return toVenueStatus(status, (await delivered(requestId, destination, request.toToken.decimals, call)) ?? { amount: request.expectedOut, asset: null }, vm);
    },
  };

  /** The request id Relay filed the deposit under, or `null` while Relay has not indexed it (an empty list or a 404). */
  async function recoverRequestId(sourceTxHash: string, call: CallContext): Promise<string | null> {
    const found = await deps.http.get('/requests/v2', { hash: sourceTxHash }, RelayRequestsSchema, call, { notFoundAs: null }).catch((error: unknown) => {
      throw translateRelayError(error);
    });
    return found?.requests[0]?.id ?? null;
  }
}

/** A deposit Relay has not indexed yet: normal right after submission, so pending, never a fault. */
function notIndexed(detail: string): VenueStatus {
  return { state: 'pending', venueStatus: 'notIndexed', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail };
}

function pairOf(corridor: Corridor): Pair {
  const answer = staticSupport(corridor);
  if (!answer.served) throw new VenueRejection(answer.code, answer.message);
  return { origin: relayChain(corridor.fromChain) as RelayChain, destination: relayChain(corridor.toChain) as RelayChain };
}

/** An answer whose stated input or output chain is not the corridor asked prices another transfer. */
function checkCorridor(quote: RelayQuote, pair: Pair): void {
  const inChain = quote.details.currencyIn.currency?.chainId;
  if (inChain != null && inChain !== pair.origin.relayChainId) throw bad(`Relay priced an input on chain ${inChain}, not ${pair.origin.relayChainId}`, '/details/currencyIn/currency/chainId');
  const outChain = quote.details.currencyOut.currency?.chainId;
  if (outChain != null && outChain !== pair.destination.relayChainId) throw bad(`Relay priced an output on chain ${outChain}, not ${pair.destination.relayChainId}`, '/details/currencyOut/currency/chainId');
}

/**
 * On HyperCore the two USDC balances differ only by currency id: an answer that names another chain
 * or another currency than asked would credit the wrong balance (and its decimals would mislead).
 */
function checkHyperCoreOut(quote: RelayQuote, destination: RelayChain, currency: string | null): void {
  const out = quote.details.currencyOut.currency;
  if (out?.chainId != null && out.chainId !== destination.relayChainId) throw bad(`Relay priced an output on chain ${out.chainId}, not HyperCore`, '/details/currencyOut/currency/chainId');
  if (out?.address != null && out.address.toLowerCase() !== currency) throw bad(`Relay priced ${out.address}, not the HyperCore balance asked (${String(currency)})`, '/details/currencyOut/currency/address');
}

/** How the answer's output converts to Strait's units of the requested token (HyperCore: 8 → 6 decimals). */
function scaleOf(quote: RelayQuote, pair: Pair, request: VenueQuoteRequest) {
  return outScaleOf(pair.destination, quote.details.currencyOut.currency?.decimals, request.toToken.decimals);
}

/**
 * Relay's EXACT_OUTPUT delivers `amount` exactly (its slippage applies to the input): a row whose
 * output is below the exact amount is refused, and the guaranteed output is the exact amount.
 */
function exactOutputOf<Q extends { amountIn: bigint; amountOut: bigint; minAmountOut: bigint }>(priced: Q, exactOut: bigint): Q {
  if (priced.amountOut < exactOut) throw bad(`Relay priced ${priced.amountOut} for an exact output of ${exactOut}`, '/details/currencyOut/amount');
  return { ...priced, minAmountOut: exactOut };
}

/** The input an exact-output answer takes: stated by Relay, never above the bound Strait gave. */
function exactOutputInput(quote: RelayQuote, bound: bigint): bigint {
  const taken = BigInt(quote.details.currencyIn.amount);
  if (taken <= 0n || taken > bound) throw bad(`Relay asks ${taken} for the exact output, outside 1..${bound}`, '/details/currencyIn/amount');
  return taken;
}

function quoteBody(request: VenueQuoteRequest, pair: Pair): Record<string, unknown> {
  if (request.exactOut !== undefined) {
    if (pair.destination.vm === 'hypercore') throw new VenueRejection('trade_type_not_supported', 'Relay credits HyperCore for an exact input only here', { tradeTypes: ['EXACT_IN'] });
    return { ...exactInputBody(request, pair), amount: request.exactOut.toString(), tradeType: 'EXACT_OUTPUT' };
  }
  return exactInputBody(request, pair);
}

function exactInputBody(request: VenueQuoteRequest, pair: Pair): Record<string, unknown> {
  return {
    user: request.sender,
    recipient: request.recipient,
    originChainId: pair.origin.relayChainId,
    destinationChainId: pair.destination.relayChainId,
    originCurrency: relayCurrencyOf(pair.origin, request.fromToken.address),
    destinationCurrency: relayCurrencyOf(pair.destination, request.toToken.address),
    amount: request.amountIn.toString(),
    tradeType: 'EXACT_INPUT',
    slippageTolerance: String(RELAY_SLIPPAGE_BPS),
    referrer: RELAY_REFERRER,
    ...(request.integratorFee ? { appFees: [{ recipient: request.integratorFee.recipient, fee: String(request.integratorFee.bps) }] } : {}),
  };
}

function bad(message: string, path: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path });
}

/**
 * Refuses a deposit that could lose the user's funds: another chain, a target we have not pinned,
 * an ERC-20 transfer to anyone but Relay or without the request id Relay attributes it by, or a
 * value beyond the amount asked.
 */
function vetDeposit(tx: RelayTransactionData, request: VenueQuoteRequest, origin: RelayChain, requestId: string): void {
  const path = '/steps/deposit/items/0/data';
  if (tx.chainId !== origin.relayChainId) throw bad(`Relay deposit is on chain ${tx.chainId}, not ${origin.relayChainId}`, `${path}/chainId`);
  const to = tx.to.toLowerCase() as Address;
  const value = BigInt(tx.value ?? '0');
  const token = request.fromToken.address?.toLowerCase() ?? null;
  if (token === null ? value > request.amountIn : value !== 0n) throw bad(`Relay deposit sends ${value} native units`, `${path}/value`);
  if (token !== null && to === token) {
    vetTransfer(tx.data as Hex, request.amountIn, origin, requestId, path);
    return;
  }
  if (!origin.contracts.includes(to)) throw bad(`Relay deposit targets ${tx.to}, not a pinned Relay contract on ${origin.key}`, `${path}/to`);
}

function vetTransfer(data: Hex, amountIn: bigint, origin: RelayChain, requestId: string, path: string): void {
  if (size(data) !== 100) throw bad('Relay token deposit is not a transfer carrying a request id', `${path}/data`);
  const decoded = decodeErc20(slice(data, 0, 68), 'Relay token deposit calldata does not decode', `${path}/data`);
  if (decoded.functionName !== 'transfer') throw bad(`Relay token deposit calls ${decoded.functionName}, not transfer`, `${path}/data`);
  const [recipient, amount] = decoded.args;
  if (!relayTransferRecipients(origin).includes(recipient.toLowerCase() as Address)) throw bad(`Relay token deposit pays ${recipient}, not Relay`, `${path}/data`);
  if (amount !== amountIn) throw bad(`Relay token deposit moves ${amount}, not ${amountIn}`, `${path}/data`);
  if (slice(data, 68).toLowerCase() !== requestId.toLowerCase()) throw bad('Relay token deposit does not carry its request id', `${path}/data`);
}

/** The allowance the deposit spends, read from Relay's `approve` step (which is not emitted itself). */
function approvalOf(quote: RelayQuote, request: VenueQuoteRequest, origin: RelayChain): Approval | null {
  const step = quote.steps.find((s) => s.id === 'approve');
  if (!step) return null;
  const path = '/steps/approve/items/0/data';
  const token = request.fromToken.address;
  const item = step.items[0]?.data;
  if (token === null || !txData.Check(item)) throw bad('Relay approve step is not an ERC-20 approval of the origin token', path);
  if (item.to.toLowerCase() !== token.toLowerCase() || item.chainId !== origin.relayChainId) throw bad(`Relay approve step targets ${item.to} on chain ${item.chainId}`, path);
  const decoded = decodeErc20(item.data as Hex, 'Relay approve calldata does not decode', `${path}/data`);
  if (decoded.functionName !== 'approve') throw bad(`Relay approve step calls ${decoded.functionName}`, `${path}/data`);
  const [spender] = decoded.args;
  if (!origin.contracts.includes(spender.toLowerCase() as Address)) throw bad(`Relay approval spender ${spender} is not a pinned Relay contract`, `${path}/data`);
  // The engine approves exactly what the deposit moves, whatever allowance Relay suggests.
  return { chainId: origin.relayChainId, token: getAddress(token), spender: getAddress(spender), amount: request.amountIn };
}

/**
 * A token deposit that calls a Relay contract pulls the tokens, so it needs an allowance even when
 * Relay left out the approve step (Relay omits it when the wallet's allowance already suffices).
 */
function impliedApproval(tx: RelayTransactionData, request: VenueQuoteRequest, origin: RelayChain): Approval | null {
  const token = request.fromToken.address;
  if (token === null || tx.to.toLowerCase() === token.toLowerCase()) return null;
  return { chainId: origin.relayChainId, token: getAddress(token), spender: getAddress(tx.to), amount: request.amountIn };
}

function decodeErc20(data: Hex, message: string, path: string) {
  try {
    return decodeFunctionData({ abi: erc20Abi, data });
  } catch {
    throw bad(message, path);
  }
}
