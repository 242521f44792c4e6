import { decodeEventLog, isAddress, isHash, type Address, type Hex, type PublicClient } from 'viem';
import { Value } from 'typebox/value';
import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import type { ChainKey } from '../../domain/chains.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { VenueRejection, type CallContext, type Corridor, type CoverageAnswer, type StepsPlan, type Venue, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { cbridgeBridgeAbi, cbridgeSendProblem, cbridgeTransferId, encodeCbridgeSend, SEND_NATIVE_SELECTOR, SEND_SELECTOR } from './cbridgeCalls.ts';
import { CBRIDGE_CHAINS, CBRIDGE_ORIGINS, cbridgeChain, cbridgeChainById, cbridgeSide, cbridgeTokenSymbols, type CbridgeChain, type CbridgeSide } from './cbridgeChains.ts';
import { CBRIDGE_ERROR_CODES, checkCbridgeLimits, cbridgeErrCode, toCbridgeQuote, toCbridgeStatus, translateCbridgeErr, type CbridgeLimits } from './cbridgeMapping.ts';
import { CbridgeContextSchema, CbridgeEstimateSchema, CbridgeLatencySchema, CbridgeTransferStatusSchema, type CbridgeContext, type CbridgeEstimate } from './cbridgeSchemas.ts';

/**
 * The slippage tolerance Strait asks the gateway to price with, in pips (0.5 %, the gateway's own
 * default). The gateway answers the `max_slippage` to sign, fees included.
 */
export const CBRIDGE_SLIPPAGE_TOLERANCE = 5_000;

/**
 * Celer cBridge, pool-based transfers (xLiquidity) through its gateway v2: `estimateAmt` prices, the
 * adapter encodes `Bridge.send` / `sendNative` itself against the pinned Bridge, and
 * `getTransferStatus` tracks the transfer by the id the Bridge computes from the send. Pegged
 * (mint/burn) tokens are not served.
 */
export const cbridgeVenue: VenueModule = {
  id: 'cbridge',
  capabilities: { archetype: 'pool', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: 'https://cbridge-prod2.celer.app',
  contextSchema: CbridgeContextSchema,
  errorCodes: CBRIDGE_ERROR_CODES,
  // The Bridge pays whoever `_receiver` names: every call is decoded and compared with the transfer.
  allowList: {
    calls: CBRIDGE_CHAINS.map((chain) => ({ chainId: chain.chainId, to: chain.bridge, selectors: [SEND_SELECTOR, SEND_NATIVE_SELECTOR], check: cbridgeSendProblem(chain.chainId) })),
    transferRecipients: [],
  },
  create(deps) {
    return createCbridgeVenue(deps);
  },
};

interface Resolved {
  readonly from: CbridgeChain;
  readonly to: CbridgeChain;
  readonly input: CbridgeSide;
  readonly output: CbridgeSide;
}

function resolve(corridor: Corridor): { ok: true; value: Resolved } | { ok: false; answer: Extract<CoverageAnswer, { served: false }> } {
  const from = cbridgeChain(corridor.fromChain);
  const to = cbridgeChain(corridor.toChain);
  if (!from || !to || from === to) return { ok: false, answer: { served: false, code: 'route_not_served', message: `cBridge (pool) does not serve ${corridor.fromChain} → ${corridor.toChain}` } };
  const input = cbridgeSide(from, corridor.fromToken, 'input');
  const output = cbridgeSide(to, corridor.toToken, 'output');
  if (!input || !output || input.asset !== output.asset) {
    return { ok: false, answer: { served: false, code: 'token_not_supported', message: `cBridge does not move ${corridor.fromToken.symbol} on ${from.key} to ${corridor.toToken.symbol} on ${to.key}` } };
  }
  return { ok: true, value: { from, to, input, output } };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolution = resolve(corridor);
  if (!resolution.ok) throw new VenueRejection(resolution.answer.code, resolution.answer.message);
  return resolution.value;
}

function createCbridgeVenue(deps: VenueDeps): Venue {
  /** The source Bridge's limits for a token, or `null` without an RPC (or when it fails). */
  async function readLimits(chain: CbridgeChain, token: Address): Promise<CbridgeLimits | null> {
    const client = deps.evm(chain.key);
    if (!client) return null;
    try {
      const [minSend, maxSend, minimalMaxSlippage] = await Promise.all([
        client.readContract({ address: chain.bridge, abi: cbridgeBridgeAbi, functionName: 'minSend', args: [token] }),
        client.readContract({ address: chain.bridge, abi: cbridgeBridgeAbi, functionName: 'maxSend', args: [token] }),
        client.readContract({ address: chain.bridge, abi: cbridgeBridgeAbi, functionName: 'minimalMaxSlippage' }),
      ]);
      return { minSend, maxSend, minimalMaxSlippage };
    } catch {
      return null;
    }
  }

  async function estimate(request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<CbridgeEstimate> {
    const query = {
      src_chain_id: resolved.from.chainId,
      dst_chain_id: resolved.to.chainId,
      token_symbol: resolved.input.asset,
      amt: request.amountIn.toString(),
      usr_addr: request.sender,
      slippage_tolerance: CBRIDGE_SLIPPAGE_TOLERANCE,
    };
    return deps.http.get('/v2/estimateAmt', query, CbridgeEstimateSchema, call);
  }

  async function latencySeconds(resolved: Resolved, call: CallContext): Promise<number | null> {
    const body = await deps.http.get('/v2/getLatest7DayTransferLatencyForQuery', { src_chain_id: resolved.from.chainId, dst_chain_id: resolved.to.chainId }, CbridgeLatencySchema, call).catch(() => null);
    const seconds = body && !body.err ? body.median_transfer_latency_in_second : undefined;
    return seconds === undefined || seconds <= 0 ? null : Math.round(seconds);
  }

  async function price(request: VenueQuoteRequest, call: CallContext): Promise<{ resolved: Resolved; quote: VenueQuote }> {
    const resolved = resolveOrThrow(request);
    evmAddress(request.sender, 'sender');
    evmAddress(request.recipient, 'recipient');
    const limits = await readLimits(resolved.from, resolved.input.token.address);
    checkCbridgeLimits(request.amountIn, limits);
    const [body, seconds] = await Promise.all([estimate(request, resolved, call), latencySeconds(resolved, call)]);
    const quote = toCbridgeQuote(body, {
      amountIn: request.amountIn,
      srcDecimals: resolved.input.token.decimals,
      dstDecimals: resolved.output.token.decimals,
      estimatedSeconds: seconds,
      limits,
      context: {
        srcChainId: resolved.from.chainId,
        dstChainId: resolved.to.chainId,
        tokenSymbol: resolved.input.asset,
        token: resolved.input.token.address,
        isNative: resolved.input.isNative,
        bridge: resolved.from.bridge,
      },
    });
    return { resolved, quote };
  }

  return {
    id: cbridgeVenue.id,
    supports(corridor: Corridor): CoverageAnswer {
      const resolution = resolve(corridor);
      return resolution.ok ? { served: true } : resolution.answer;
    },
    coverage: () => ({ origins: CBRIDGE_ORIGINS, tokenSymbols: (fromChain: ChainKey, toChain: ChainKey) => cbridgeTokenSymbols(fromChain, toChain) }),

    async quote(request, call) {
      return (await price(request, call)).quote;
    },

    async build({ request, quote }: VenueBuildRequest, call): Promise<StepsPlan> {
      const stored = readContext(quote.context);
      const sender = evmAddress(request.sender, 'sender');
      const receiver = evmAddress(request.recipient, 'recipient');
      const expected = resolveOrThrow(request);
      if (stored.srcChainId !== expected.from.chainId || stored.dstChainId !== expected.to.chainId || !sameEvmAddress(stored.token, expected.input.token.address)) {
        throw new VenueRejection('invalid_input', 'the stored cBridge quote was priced for another corridor');
      }
      // The gateway's max_slippage moves with the pool: re-estimate and sign the fresh one.
      const { resolved, quote: fresh } = await price({ ...request, amountIn: quote.amountIn }, call);
      const maxSlippage = readContext(fresh.context).maxSlippage;
      const nonce = BigInt(deps.now());
      const token = resolved.input.token.address;
      const data = encodeCbridgeSend({ receiver, token, amount: quote.amountIn, dstChainId: resolved.to.chainId, nonce, maxSlippage, native: resolved.input.isNative });
      const transferId = cbridgeTransferId({ sender, receiver, token, amount: quote.amountIn, dstChainId: resolved.to.chainId, nonce, srcChainId: resolved.from.chainId });
      const bridge = resolved.from.bridge;
      const context: Partial<CbridgeContext> & JsonObject = {
        maxSlippage,
        estimatedReceive: fresh.amountOut.toString(),
        bridge,
        nonce: nonce.toString(),
        sender,
        receiver,
        amount: quote.amountIn.toString(),
        transferId,
      };
      return {
        shape: 'steps',
        steps: [{ vm: 'evm', step: 'main', chainId: resolved.from.chainId, to: bridge, data, value: resolved.input.isNative ? quote.amountIn : 0n }],
        approval: resolved.input.isNative ? null : { chainId: resolved.from.chainId, token, spender: bridge, amount: quote.amountIn },
        amountOut: fresh.amountOut,
        minAmountOut: fresh.minAmountOut,
        context,
        tagMain: true,
      };
    },

    async status(request: VenueStatusRequest, call): Promise<VenueStatus> {
      const context = readContext(request.context);
      const src = cbridgeChainById(context.srcChainId);
      const dst = cbridgeChainById(context.dstChainId);
      const transferId = (src && (await sentTransferId(deps.evm(src.key), request.sourceTxHash, src.bridge))) ?? context.transferId;
      if (!transferId) throw new VenueRejection('invalid_input', 'the stored cBridge context has no transfer id (built before tracking was possible)', { path: 'context/transferId' });
      const body = await deps.http.post('/v2/getTransferStatus', { transfer_id: transferId.slice(2).toUpperCase() }, CbridgeTransferStatusSchema, call);
      if (body.err) {
        // The gateway indexes a send some blocks after it is mined; until then it does not know the id.
        if (cbridgeErrCode(body.err) === '500' && /not found/i.test(body.err.msg ?? '')) {
          return { state: 'pending', venueStatus: 'notIndexed', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'transfer not indexed by cBridge yet' };
        }
        throw translateCbridgeErr(body.err, null);
      }
      const mapped = toCbridgeStatus(body, { amount: null, asset: null });
      if (mapped.state !== 'completed' || !mapped.destinationTxHash || !dst) return mapped;
      const amount = await relayedAmount(deps.evm(dst.key), mapped.destinationTxHash, dst.bridge, request.recipient, transferId);
      return amount === null ? mapped : { ...mapped, receivedAmount: amount, receivedAsset: request.toToken.address };
    },
  };
}

/** The transfer id of the `Send` the source transaction emitted at the Bridge, when an RPC can tell. */
async function sentTransferId(client: PublicClient | null, txHash: string, bridge: Address): Promise<Hex | null> {
  if (!client || !isHash(txHash)) return null;
  try {
    const { logs } = await client.getTransactionReceipt({ hash: txHash });
    for (const log of logs) {
      if (!sameEvmAddress(log.address, bridge)) continue;
      const event = decodeSafely(log.data, log.topics);
      if (event?.eventName === 'Send') return event.args.transferId;
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * What reached the recipient: the amount of the destination Bridge's `Relay` event for this
 * transfer (`srcTransferId`), or `null` without an RPC, on failure, or when no such event is found.
 */
async function relayedAmount(client: PublicClient | null, txHash: string, bridge: Address, recipient: string, transferId: string): Promise<bigint | null> {
  if (!client || !isHash(txHash)) return null;
  try {
    const { logs } = await client.getTransactionReceipt({ hash: txHash });
    for (const log of logs) {
      if (!sameEvmAddress(log.address, bridge)) continue;
      const event = decodeSafely(log.data, log.topics);
      if (event?.eventName === 'Relay' && sameEvmAddress(event.args.receiver, recipient) && event.args.srcTransferId.toLowerCase() === transferId.toLowerCase()) return event.args.amount;
    }
  } catch {
    return null;
  }
  return null;
}

function decodeSafely(data: Hex, topics: [Hex, ...Hex[]] | []) {
  try {
    return decodeEventLog({ abi: cbridgeBridgeAbi, data, topics });
  } catch {
    return null;
  }
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `cBridge needs an EVM ${field}, got '${value}'`, { field });
  return value;
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): CbridgeContext {
  if (!Value.Check(CbridgeContextSchema, context)) {
    const first = Value.Errors(CbridgeContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored cBridge context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
