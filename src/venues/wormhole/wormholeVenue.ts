import { Value } from 'typebox/value';
import { decodeEventLog, decodeFunctionData, encodeFunctionData, getAbiItem, isAddress, toFunctionSelector, zeroAddress, type Address, type Hex, type PublicClient } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import { resolveToken, tokensOn } from '../../domain/tokens.ts';
import type { CallIntent } from '../allowList.ts';
import { VenueRejection, type CallContext, type Corridor, type CoverageAnswer, type Venue, type VenueBuildPlan, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { WORMHOLE_CHAINS, coreBridgeAbi, logMessagePublishedEvent, tokenBridgeAbi, transferRedeemedEvent, wormholeChain, wormholeChainByEvmId, type WormholeChain } from './wormholeChains.ts';
import { GOVERNOR_DELAY_SECONDS, QUOTE_TTL_MS, REDEEM_SECONDS, governorDelays, WORMHOLE_ERROR_CODES, mapRedemption, operationVaa, pendingStatus, selectOperation, sourceStatusOf, translateWormholescanError } from './wormholeMapping.ts';
import { checkRedeemCall, redeemStep, whyNotOurTransfer, type ExpectedTransfer } from './wormholeRedeem.ts';
import { GovernorNotional, WormholeContextSchema, WormholescanOperations, WormholescanVaa, type WormholeContext } from './wormholeSchemas.ts';
import { denormalizeAmount, normalizeAmount, parseTransferPayload, parseVaa, universalAddress, wrappedDecimals } from './wormholeVaa.ts';

/** How far back the adapter looks for the destination `TransferRedeemed` log (public RPCs cap ranges). */
const REDEEM_LOG_LOOKBACK_BLOCKS = 10_000n;

/**
 * Wormhole Portal Token Bridge, ERC-20 sources on the EVM chains of wormholeChains.ts, priced locally
 * (no quote API: the bridge moves the amount truncated to 8 decimals, for the core bridge's message
 * fee). Portal delivers the token's wrapped representation on the destination (USDC from Base arrives
 * as Portal-wrapped USDC, not native USDC), read from the destination Token Bridge's `wrappedAsset`.
 * Without a relayer the transfer carries a claim: once the guardians sign the VAA, anyone sends
 * `completeTransfer(vaa)` on the destination Token Bridge.
 */
export const wormholeVenue: VenueModule = {
  id: 'wormhole',
  capabilities: { archetype: 'canonical', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: 'https://api.wormholescan.io',
  contextSchema: WormholeContextSchema,
  errorCodes: WORMHOLE_ERROR_CODES,
  sandboxFake: async ({ settlement }) => (await import('./wormholeFake.ts')).startWormholeFake({ settlement }),
  allowList: {
    calls: WORMHOLE_CHAINS.map((chain) => ({ chainId: chain.chainId, to: chain.tokenBridge, selectors: [toFunctionSelector(getAbiItem({ abi: tokenBridgeAbi, name: 'transferTokens' }))], check: checkTransferCall })),
    transferRecipients: [],
    redeemCalls: WORMHOLE_CHAINS.map((chain) => ({ chainId: chain.chainId, to: chain.tokenBridge, selectors: [toFunctionSelector(getAbiItem({ abi: tokenBridgeAbi, name: 'completeTransfer' }))], check: checkRedeemCall })),
  },
  create(deps: VenueDeps): Venue {
    return new WormholeVenue(deps);
  },
};

interface Route {
  readonly from: WormholeChain;
  readonly to: WormholeChain;
}

/** The message the source transaction published through the core bridge, as its receipt shows it. */
type Published = { readonly kind: 'found'; readonly sequence: bigint; readonly payload: Hex } | { readonly kind: 'none'; readonly why: string };

class WormholeVenue implements Venue {
  readonly id = wormholeVenue.id;

  constructor(private readonly deps: VenueDeps) {}

  supports(corridor: Corridor): CoverageAnswer {
    const from = wormholeChain(corridor.fromChain);
    const to = wormholeChain(corridor.toChain);
    if (!from || !to || from === to) return { served: false, code: 'route_not_served', message: `Portal (through Strait) does not serve ${corridor.fromChain} → ${corridor.toChain}` };
    if (!corridor.fromToken.address || !isAddress(corridor.fromToken.address)) return { served: false, code: 'token_not_supported', message: 'Strait bridges ERC-20 tokens through Portal, not native coins' };
    if (!corridor.toToken.address || !isAddress(corridor.toToken.address)) return { served: false, code: 'token_not_supported', message: 'Portal delivers a wrapped ERC-20, not a native coin' };
    // The registry lists canonical tokens (native USDC, USDT…); Portal mints its own wrapped asset,
    // a different token: a native destination is no route of Portal's.
    if (isRegistryToken(corridor.toChain, corridor.toToken.address)) {
      return { served: false, code: 'route_not_served', message: `Portal delivers its wrapped ${corridor.fromToken.symbol} on ${corridor.toChain}, not the chain's ${corridor.toToken.symbol}; ask for the wrapped token's address` };
    }
    return { served: true };
  }

  coverage() {
    // Coverage lists routes between registry symbols (GET /bridge/routes, /bridge/source-chains), and
    // a Portal destination is always a wrapped asset named by address, never a registry token: no
    // origin has such a route. Quotes reach the venue through `supports`, which serves them.
    return { origins: [], tokenSymbols: (): readonly string[] => [] };
  }

  async quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
    const { from, to } = this.route(request);
    const token = request.fromToken.address;
    if (!token || !isAddress(token)) throw new VenueRejection('token_not_supported', 'Strait bridges ERC-20 tokens through Portal, not native coins');
    const decimals = request.fromToken.decimals;
    const normalized = normalizeAmount(request.amountIn, decimals);
    if (normalized === 0n) throw new VenueRejection('below_min', 'Portal moves at most 8 decimals: the amount rounds to nothing', { minAmountAtomic: denormalizeAmount(1n, decimals).toString() });
    // The Governor's limits only move the ETA: an unreadable answer never stops a chain-priced quote.
    const governor = this.deps.http.get('/v1/governor/available_notional_by_chain', {}, GovernorNotional, call).catch(() => null);
    const [wrapped, messageFee, notional] = await Promise.all([
      this.read(to.key, 'wrappedAsset', (client) => client.readContract({ address: to.tokenBridge, abi: tokenBridgeAbi, functionName: 'wrappedAsset', args: [from.whChainId, universalAddress(token)] })),
      this.read(from.key, 'messageFee', (client) => client.readContract({ address: from.core, abi: coreBridgeAbi, functionName: 'messageFee' })),
      governor,
    ]);
    const delayed = governorDelays(notional, from.whChainId, request.fromToken.symbol, request.amountIn, decimals) === true;
    if (wrapped === zeroAddress) throw new VenueRejection('token_not_supported', `${request.fromToken.symbol} of ${from.key} has no Portal-wrapped asset on ${to.key} (never attested)`);
    if (!request.toToken.address || request.toToken.address.toLowerCase() !== wrapped.toLowerCase()) {
      throw new VenueRejection('token_not_supported', `Portal delivers ${request.fromToken.symbol} of ${from.key} as its wrapped asset ${wrapped} on ${to.key}, not ${request.toToken.address ?? 'the native coin'}`, { wrappedToken: wrapped });
    }
    if (request.toToken.decimals !== wrappedDecimals(decimals)) throw new VenueRejection('venue_bad_response', `the wrapped asset has ${request.toToken.decimals} decimals where Portal mints ${wrappedDecimals(decimals)}`, { path: 'wrappedAsset' });
    const context: WormholeContext = {
      fromWhChain: from.whChainId,
      toWhChain: to.whChainId,
      token,
      tokenDecimals: decimals,
      bridgedAmount: denormalizeAmount(normalized, decimals).toString(),
      normalizedAmount: normalized.toString(),
      messageFee: messageFee.toString(),
      wrappedToken: wrapped,
    };
    return {
      amountIn: request.amountIn,
      // The wrapped asset carries min(decimals, 8) decimals: the normalised amount is its atomic amount.
      amountOut: normalized,
      minAmountOut: normalized,
      estimatedSeconds: from.finalitySeconds + REDEEM_SECONDS + (delayed ? GOVERNOR_DELAY_SECONDS : 0),
      expiresAt: this.deps.now() + QUOTE_TTL_MS,
      context,
      claim: { chain: to.key, actions: ['completeTransfer'], signer: 'anyone' },
    };
  }

  async build({ request, quote }: VenueBuildRequest): Promise<VenueBuildPlan> {
    const { from, to } = this.route(request);
    if (!isAddress(request.recipient)) throw new VenueRejection('invalid_input', `recipient ${request.recipient} is not an EVM address`);
    const context = readContext(quote.context);
    if (context.fromWhChain !== from.whChainId || context.toWhChain !== to.whChainId) throw new VenueRejection('invalid_input', 'the stored Portal quote is for another corridor');
    const bridged = BigInt(context.bridgedAmount);
    const messageFee = BigInt(context.messageFee);
    const recipient = universalAddress(request.recipient);
    const data = encodeFunctionData({ abi: tokenBridgeAbi, functionName: 'transferTokens', args: [context.token as Address, bridged, to.whChainId, recipient, 0n, 0] });
    return {
      shape: 'steps',
      steps: [{ vm: 'evm', step: 'main', chainId: from.chainId, to: from.tokenBridge, data, value: messageFee }],
      approval: { chainId: from.chainId, token: context.token as Address, spender: from.tokenBridge, amount: bridged },
      amountOut: quote.amountOut,
      minAmountOut: quote.minAmountOut,
      ...(bridged < request.amountIn ? { amountIn: bridged } : {}),
      ...(messageFee > 0n ? { nativeFee: messageFee } : {}),
      context: { ...context, recipient },
      tagMain: true,
      claim: { chain: to.key, actions: ['completeTransfer'], signer: 'anyone', reason: `Portal without a relayer: the wrapped ${request.fromToken.symbol} is minted on ${to.key} by a completeTransfer transaction carrying the VAA, once the guardians sign it` },
    };
  }

  async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
    const { from, to } = this.route(request);
    const context = readContext(request.context);
    const emitter = universalAddress(from.tokenBridge);
    const recipient = (context.recipient as Hex | undefined) ?? universalAddress(request.recipient as Address);
    const expected: ExpectedTransfer = { fromWhChain: from.whChainId, emitter, toWhChain: to.whChainId, tokenChain: from.whChainId, tokenAddress: universalAddress(context.token as Address), recipient, normalizedAmount: BigInt(context.normalizedAmount) };
    const published = await this.publishedMessage(from, request.sourceTxHash, expected);
    const sequence = published.kind === 'found' ? published.sequence : null;

    let answer: WormholescanOperations | null;
    try {
      answer = await this.deps.http.get('/api/v1/operations', { txHash: request.sourceTxHash }, WormholescanOperations, call, { notFoundAs: null });
    } catch (error) {
      throw translateWormholescanError(error, 'operations');
    }
    const op = selectOperation(answer?.operations ?? [], from.whChainId, emitter, sequence);
    const source = sourceStatusOf(op);
    const redemption = mapRedemption(op);
    if (redemption?.state === 'completed') {
      return { state: 'completed', venueStatus: redemption.venueStatus, destinationTxHash: redemption.txHash, receivedAmount: BigInt(context.normalizedAmount), receivedAsset: context.wrappedToken, detail: null };
    }
    const venueStatus = redemption?.venueStatus ?? source.venueStatus;
    const unrecognized = redemption?.unrecognized ?? source.unrecognized;

    let vaa = operationVaa(op);
    if (!vaa && sequence !== null) vaa = await this.signedVaa(from, emitter, sequence, call);
    if (!vaa) return waitingClaim(pendingStatus(venueStatus, op ? 'waiting for the guardians to sign the VAA' : 'Wormholescan has not indexed the source transaction yet', unrecognized));
    if (published.kind !== 'found') return waitingClaim(pendingStatus(venueStatus, `the VAA is signed, but ${published.why}: no claim is handed out until the VAA is bound to the source transaction`, unrecognized));
    const why = whyNotOurTransfer(vaa, { ...expected, sequence: published.sequence, payload: published.payload });
    if (why) return waitingClaim(pendingStatus(venueStatus, `Wormholescan's VAA ${why}; no claim is handed out`, unrecognized));

    const hash = parseVaa(vaa).hash;
    const client = this.deps.evm(to.key);
    if (client) {
      let done: boolean;
      try {
        done = await client.readContract({ address: to.tokenBridge, abi: tokenBridgeAbi, functionName: 'isTransferCompleted', args: [hash] });
      } catch (error) {
        return waitingClaim(pendingStatus(venueStatus, `the VAA is signed; could not read the redeem on ${to.key}: ${(error as Error).message.split('\n')[0] ?? 'RPC error'}`, unrecognized));
      }
      if (done) {
        const txHash = await findRedeemTransaction(client, to.tokenBridge, from.whChainId, emitter, published.sequence).catch(() => null);
        return { state: 'completed', venueStatus: 'redeemed', destinationTxHash: txHash, receivedAmount: BigInt(context.normalizedAmount), receivedAsset: context.wrappedToken, detail: txHash ? null : `redeemed on ${to.key}; the redeem transaction was not found in recent blocks` };
      }
    }
    const detail = client ? `the VAA is signed; waiting for completeTransfer on ${to.key}` : `the VAA is signed; no RPC configured for ${to.key} to confirm the redeem`;
    return {
      ...pendingStatus(venueStatus, detail, unrecognized),
      claim: { status: 'ready', claimableAt: null, steps: [redeemStep(to.chainId, to.tokenBridge, vaa)], detail: `sign completeTransfer on ${to.key} to mint the wrapped ${request.toToken.symbol}` },
    };
  }

  private route(request: { fromChain: ChainKey; toChain: ChainKey }): Route {
    const from = wormholeChain(request.fromChain);
    const to = wormholeChain(request.toChain);
    if (!from || !to || from === to) throw new VenueRejection('route_not_served', `Portal (through Strait) does not serve ${request.fromChain} → ${request.toChain}`);
    return { from, to };
  }

  private async read<T>(chain: ChainKey, what: string, run: (client: PublicClient) => Promise<T>): Promise<T> {
    const client = this.deps.evm(chain);
    if (!client) throw new VenueRejection('venue_disabled', `Portal is priced from ${chain}'s chain and no RPC is configured for it (STRAIT_RPC_${chain.toUpperCase()})`, { chain, reason: 'no_rpc' });
    try {
      return await run(client);
    } catch (error) {
      throw new VenueRejection('venue_error', `could not read ${what} on ${chain}: ${(error as Error).message.split('\n')[0] ?? 'RPC error'}`);
    }
  }

  /** The source receipt's `LogMessagePublished` of the Token Bridge that pays this transfer's recipient. */
  private async publishedMessage(from: WormholeChain, txHash: string, expected: ExpectedTransfer): Promise<Published> {
    const client = this.deps.evm(from.key);
    if (!client) return { kind: 'none', why: `no RPC is configured for ${from.key} to read the source receipt` };
    if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) return { kind: 'none', why: 'the source transaction hash is not an EVM hash' };
    let logs;
    try {
      const receipt = await client.getTransactionReceipt({ hash: txHash as Hex });
      if (receipt.status !== 'success') return { kind: 'none', why: 'the source transaction reverted' };
      logs = receipt.logs;
    } catch (error) {
      return { kind: 'none', why: `the source receipt could not be read (${(error as Error).message.split('\n')[0] ?? 'RPC error'})` };
    }
    for (const log of logs) {
      if (log.address.toLowerCase() !== from.core.toLowerCase()) continue;
      try {
        const { args } = decodeEventLog({ abi: [logMessagePublishedEvent], data: log.data, topics: log.topics });
        if (args.sender.toLowerCase() !== from.tokenBridge.toLowerCase()) continue;
        const transfer = parseTransferPayload(args.payload);
        if (transfer.toChain === expected.toWhChain && transfer.to.toLowerCase() === expected.recipient.toLowerCase()) return { kind: 'found', sequence: args.sequence, payload: args.payload };
      } catch {
        continue;
      }
    }
    return { kind: 'none', why: 'the source receipt shows no Token Bridge message to this recipient' };
  }

  private async signedVaa(from: WormholeChain, emitter: Hex, sequence: bigint, call: CallContext): Promise<Hex | null> {
    let answer: WormholescanVaa | null;
    try {
      answer = await this.deps.http.get(`/api/v1/vaas/${from.whChainId}/${emitter.slice(2)}/${sequence}`, {}, WormholescanVaa, call, { notFoundAs: null });
    } catch (error) {
      throw translateWormholescanError(error, 'vaas');
    }
    return operationVaa(answer ? { id: '', emitterChain: answer.data.emitterChain, emitterAddress: { hex: answer.data.emitterAddr }, sequence: answer.data.sequence, vaa: { raw: answer.data.vaa } } : undefined);
  }
}

/** A transfer's status while nothing can be claimed yet. */
function waitingClaim(status: VenueStatus): VenueStatus {
  return { ...status, claim: { status: 'waiting', claimableAt: null, steps: [], detail: status.detail ?? 'waiting for the guardians to sign the VAA' } };
}

/** Whether `address` is a token of Strait's own registry on `chain` (not one remembered from a quote). */
function isRegistryToken(chain: ChainKey, address: string): boolean {
  return tokensOn(chain).some((token) => token.address?.toLowerCase() === address.toLowerCase());
}

/** The stored Portal terms (build has no network to re-derive them), validated once and read typed. */
function readContext(context: unknown): WormholeContext {
  if (!Value.Check(WormholeContextSchema, context)) {
    const first = Value.Errors(WormholeContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `the stored Portal quote context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}

async function findRedeemTransaction(client: PublicClient, tokenBridge: Address, emitterChainId: number, emitterAddress: Hex, sequence: bigint): Promise<Hex | null> {
  const latest = await client.getBlockNumber();
  const fromBlock = latest > REDEEM_LOG_LOOKBACK_BLOCKS ? latest - REDEEM_LOG_LOOKBACK_BLOCKS : 0n;
  const logs = await client.getLogs({ address: tokenBridge, event: transferRedeemedEvent, args: { emitterChainId, emitterAddress, sequence }, fromBlock, toBlock: latest });
  return logs.at(-1)?.transactionHash ?? null;
}

/**
 * The allow-list check of the source `transferTokens` against the transfer: the token, the amount
 * (at most what the step moves, equal once normalised), the destination, the recipient, no arbiter
 * fee, and the declared message fee as value.
 */
export function checkTransferCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  let args: readonly unknown[];
  try {
    const decoded = decodeFunctionData({ abi: tokenBridgeAbi, data });
    if (decoded.functionName !== 'transferTokens') return `calls ${decoded.functionName}, not transferTokens`;
    args = decoded.args;
  } catch {
    return 'is not a transferTokens call Strait can read';
  }
  const [token, amount, recipientChain, recipient, arbiterFee] = args as [Address, bigint, number, Hex, bigint, number];
  const from = wormholeChainByEvmId(intent.sourceChainId);
  const to = intent.destinationChainId === null ? undefined : wormholeChainByEvmId(intent.destinationChainId);
  if (!from || !to) return 'is not on a Portal corridor Strait serves';
  if (intent.sourceToken === null || token.toLowerCase() !== intent.sourceToken.toLowerCase()) return `bridges ${token}, not the transfer's token`;
  if (recipientChain !== to.whChainId) return `goes to Wormhole chain ${recipientChain}, not ${to.whChainId}`;
  if (!isAddress(intent.recipient) || recipient.toLowerCase() !== universalAddress(intent.recipient).toLowerCase()) return `pays ${recipient}, not the transfer's recipient`;
  if (arbiterFee !== 0n) return `pays an arbiter fee of ${arbiterFee}`;
  if (amount > intent.amount) return `bridges ${amount}, more than the transfer's ${intent.amount}`;
  const decimals = resolveToken(from.key, intent.sourceToken)?.decimals;
  if (decimals !== undefined && normalizeAmount(amount, decimals) !== normalizeAmount(intent.amount, decimals)) return `bridges ${amount}, not the transfer's amount truncated to 8 decimals`;
  if (intent.nativeFee !== undefined && value !== intent.nativeFee) return `carries ${value} native units, not the message fee ${intent.nativeFee}`;
  return null;
}
