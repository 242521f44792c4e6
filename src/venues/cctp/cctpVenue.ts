import { encodeFunctionData, getAbiItem, isAddress, isHex, toFunctionSelector, type Hex, type PublicClient } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import { Value } from 'typebox/value';
import { VenueRejection, type CallContext, type Corridor, type CoverageAnswer, type Venue, type VenueBuildPlan, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { CCTP_CHAINS, MESSAGE_TRANSMITTER_V2, TOKEN_MESSENGER_V2, cctpChain, messageReceivedEvent, messageTransmitterV2Abi, tokenMessengerV2Abi, type CctpChain } from './cctpChains.ts';
import { NOT_INDEXED, attestedBurn, mapAttested, mapUnattested, noMessageFor, priceQuote, scaledDecimal, selectMessage, translateIrisError, unreadableAttestation, type MintEvidence } from './cctpMapping.ts';
import { FORWARD_HOOK_DATA, addressToBytes32 } from './cctpMessage.ts';
import { CctpContextSchema, IrisAllowance, IrisFees, IrisMessages, type CctpContext, type IrisMessage } from './cctpSchemas.ts';
import { checkRedeemCall, redeemStep, whyNotOurMint, type ExpectedMint } from './cctpRedeem.ts';

/** How far back the adapter looks for the destination `MessageReceived` log (public RPCs cap ranges). */
const MINT_LOG_LOOKBACK_BLOCKS = 10_000n;
const ZERO_BYTES32: Hex = `0x${'0'.repeat(64)}`;
const USDC_DECIMALS_SCALE = 6;

/**
 * Circle CCTP v2, USDC only, priced locally from Iris fee tables. Where Circle's Forwarding Service
 * serves the pair, the user signs one burn (`depositForBurnWithHook` with the forwarding hook) and
 * Circle broadcasts the mint on the destination, taking `forwardFee` out of the minted amount. Where
 * it does not (Iris prices no forward fee), the burn is plain `depositForBurn` and the transfer
 * carries a claim: once Iris attests, `receiveMessage(message, attestation)` on the destination.
 */
export const cctpVenue: VenueModule = {
  id: 'cctp',
  capabilities: { archetype: 'canonical', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  sandboxFake: async ({ settlement }) => (await import('./cctpFake.ts')).startCctpFake({ settlement }),
  defaultBaseUrl: 'https://iris-api.circle.com',
  contextSchema: CctpContextSchema,
  // TokenMessengerV2's burns, at its one CREATE2 address on every CCTP chain; the claim of a burn
  // without forwarding is MessageTransmitterV2's mint on the destination, checked against the transfer.
  allowList: {
    calls: CCTP_CHAINS.map((chain) => ({ chainId: chain.chainId, to: TOKEN_MESSENGER_V2, selectors: [toFunctionSelector(getAbiItem({ abi: tokenMessengerV2Abi, name: 'depositForBurnWithHook' })), toFunctionSelector(getAbiItem({ abi: tokenMessengerV2Abi, name: 'depositForBurn' }))] })),
    transferRecipients: [],
    redeemCalls: CCTP_CHAINS.map((chain) => ({ chainId: chain.chainId, to: MESSAGE_TRANSMITTER_V2, selectors: [toFunctionSelector(getAbiItem({ abi: messageTransmitterV2Abi, name: 'receiveMessage' }))], check: checkRedeemCall })),
  },
  create(deps: VenueDeps): Venue {
    return new CctpVenue(deps);
  },
};

interface CctpRoute {
  readonly from: CctpChain;
  readonly to: CctpChain;
}

class CctpVenue implements Venue {
  readonly id = cctpVenue.id;

  constructor(private readonly deps: VenueDeps) {}

  supports(corridor: Corridor): CoverageAnswer {
    const from = cctpChain(corridor.fromChain);
    const to = cctpChain(corridor.toChain);
    if (!from || !to || from === to) {
      return { served: false, code: 'route_not_served', message: `CCTP v2 does not serve ${corridor.fromChain} → ${corridor.toChain}` };
    }
    const isUsdc = (token: Corridor['fromToken'], chain: CctpChain) => token.address?.toLowerCase() === chain.usdc.toLowerCase();
    if (!isUsdc(corridor.fromToken, from) || !isUsdc(corridor.toToken, to)) {
      return { served: false, code: 'token_not_supported', message: 'CCTP moves native USDC only' };
    }
    return { served: true };
  }

  coverage() {
    return {
      origins: CCTP_CHAINS.map((c) => c.key),
      tokenSymbols(fromChain: ChainKey, toChain: ChainKey): readonly string[] {
        const from = cctpChain(fromChain);
        const to = cctpChain(toChain);
        return from && to && from !== to ? ['USDC'] : [];
      },
    };
  }

  async quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
    const { from, to } = this.route(request);
    const feesCall = this.deps.http.get(`/v2/burn/USDC/fees/${from.domain}/${to.domain}`, { forward: 'true' }, IrisFees, call);
    // Without a readable allowance the burn is priced standard, which Circle always honours.
    const allowanceCall = from.fastSource ? this.deps.http.get('/v2/fastBurn/USDC/allowance', {}, IrisAllowance, call).catch(() => null) : null;
    const [fees, allowance] = await Promise.all([
      feesCall.catch((error: unknown) => {
        throw translateIrisError(error, 'fees');
      }),
      allowanceCall,
    ]);
    const quote = priceQuote({
      amount: request.amountIn,
      srcDomain: from.domain,
      dstDomain: to.domain,
      fees,
      // A partial atomic unit of allowance cannot be used: round down.
      fastAllowance: allowance ? scaledDecimal(allowance.allowance, USDC_DECIMALS_SCALE, 'down') : null,
      now: this.deps.now(),
    });
    return quote.context.route === 'manual' ? { ...quote, claim: { chain: to.key, actions: ['receiveMessage'], signer: 'anyone' } } : quote;
  }

  async build({ request, quote }: VenueBuildRequest): Promise<VenueBuildPlan> {
    const { from, to } = this.route(request);
    if (!isAddress(request.recipient)) throw new VenueRejection('invalid_input', `recipient ${request.recipient} is not an EVM address`);
    const { maxFee, minFinalityThreshold } = readContext(quote.context);
    if (BigInt(maxFee) >= quote.amountIn) throw new VenueRejection('invalid_input', 'the quoted maxFee is not below the amount');
    const manual = quote.context.route === 'manual';
    const common = [quote.amountIn, to.domain, addressToBytes32(request.recipient), from.usdc, ZERO_BYTES32, BigInt(maxFee), minFinalityThreshold] as const;
    const data = manual
      ? encodeFunctionData({ abi: tokenMessengerV2Abi, functionName: 'depositForBurn', args: common })
      : encodeFunctionData({ abi: tokenMessengerV2Abi, functionName: 'depositForBurnWithHook', args: [...common, FORWARD_HOOK_DATA] });
    return {
      shape: 'steps',
      steps: [{ vm: 'evm', step: 'main', chainId: from.chainId, to: TOKEN_MESSENGER_V2, data, value: 0n }],
      approval: { chainId: from.chainId, token: from.usdc, spender: TOKEN_MESSENGER_V2, amount: quote.amountIn },
      amountOut: quote.amountOut,
      minAmountOut: quote.minAmountOut,
      context: { srcDomain: from.domain, dstDomain: to.domain, mintRecipient: addressToBytes32(request.recipient), burnAmount: quote.amountIn.toString() },
      tagMain: true,
      ...(manual ? { claim: { chain: to.key, actions: ['receiveMessage'], signer: 'anyone' as const, reason: `Circle's Forwarding Service does not serve ${from.key} → ${to.key}: the USDC is minted by a receiveMessage transaction on ${to.key} once Circle attests the burn` } } : {}),
    };
  }

  async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
    const { from, to } = this.route(request);
    let answer: IrisMessages | null;
    try {
      // 404 is Iris's "not indexed yet"; a reverted burn is never indexed and stays here too.
      answer = await this.deps.http.get(`/v2/messages/${from.domain}`, { transactionHash: request.sourceTxHash }, IrisMessages, call, { notFoundAs: null });
    } catch (error) {
      throw translateIrisError(error, 'messages');
    }
    const manual = request.context.route === 'manual';
    if (answer === null || answer.messages.length === 0) return manual ? waitingClaim(NOT_INDEXED) : NOT_INDEXED;
    const message = selectMessage(answer.messages, to.domain, request.recipient);
    if (!message) return manual ? waitingClaim(noMessageFor(to.domain, answer.messages.length)) : noMessageFor(to.domain, answer.messages.length);
    if (message.status !== 'complete') return manual ? waitingClaim(mapUnattested(message)) : mapUnattested(message);
    const burn = attestedBurn(message);
    if (!burn) return manual ? waitingClaim(unreadableAttestation(message)) : unreadableAttestation(message);
    const client = this.deps.evm(to.key);
    const evidence: MintEvidence = client ? await confirmMint(client, burn.nonce) : { kind: 'no_rpc' };
    const mapped = mapAttested(message, burn, evidence, to.key, to.usdc);
    if (!manual || mapped.state !== 'pending') return mapped;
    if (evidence.kind === 'unreadable') return waitingClaim(mapped);
    return claimOf(mapped, message, { srcDomain: from.domain, dstDomain: to.domain, burnToken: from.usdc, recipient: request.recipient, amount: burnAmountOf(request) }, to);
  }

  private route(request: { fromChain: ChainKey; toChain: ChainKey }): CctpRoute {
    const from = cctpChain(request.fromChain);
    const to = cctpChain(request.toChain);
    if (!from || !to || from === to) throw new VenueRejection('route_not_served', `CCTP v2 does not serve ${request.fromChain} → ${request.toChain}`);
    return { from, to };
  }
}

/** What the burn moved: the build's amount (older builds stored none: the transfer's amount). */
function burnAmountOf(request: VenueStatusRequest): bigint {
  const stored = request.context.burnAmount;
  return typeof stored === 'string' && /^[0-9]+$/.test(stored) ? BigInt(stored) : request.amountIn;
}

/** A manual burn's status while nothing can be claimed yet. */
function waitingClaim(status: VenueStatus): VenueStatus {
  return { ...status, claim: { status: 'waiting', claimableAt: null, steps: [], detail: status.detail ?? 'waiting for Circle to attest the burn' } };
}

/**
 * Iris attested and the destination shows no mint: the claim is ready, with the attested bytes in one
 * `receiveMessage`, unless the message is not this transfer's mint (then nothing is handed out).
 */
function claimOf(status: VenueStatus, message: IrisMessage, expected: ExpectedMint, to: CctpChain): VenueStatus {
  const raw = message.message;
  const attestation = message.attestation;
  if (!raw || !isHex(raw) || !attestation || !isHex(attestation) || attestation.length <= 2) {
    return waitingClaim({ ...status, detail: 'attested, but Iris gave no message bytes and attestation to mint with yet' });
  }
  const why = whyNotOurMint(raw, expected);
  if (why) return waitingClaim({ ...status, detail: `Iris attested a message that ${why}; no claim is handed out` });
  return { ...status, detail: `attested; the claim is ready: receiveMessage on ${to.key} mints the USDC`, claim: { status: 'ready', claimableAt: null, steps: [redeemStep(to.chainId, raw, attestation)], detail: `sign receiveMessage on ${to.key} to mint the USDC` } };
}

/** The stored burn terms (build has no network to re-derive them), validated once and read typed. */
function readContext(context: unknown): CctpContext {
  if (!Value.Check(CctpContextSchema, context)) {
    const first = Value.Errors(CctpContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `the stored CCTP quote context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}

/**
 * Proof of the mint: MessageTransmitterV2 marks an attested nonce used when it mints. The mint
 * transaction is found through the nonce-indexed `MessageReceived` log of recent blocks; an RPC
 * fault is reported as pending, never as completion and never as a fault of Iris.
 */
async function confirmMint(client: PublicClient, nonce: Hex): Promise<MintEvidence> {
  let used: bigint;
  try {
    used = await client.readContract({ address: MESSAGE_TRANSMITTER_V2, abi: messageTransmitterV2Abi, functionName: 'usedNonces', args: [nonce] });
  } catch (error) {
    return { kind: 'unreadable', reason: (error as Error).message.split('\n')[0] ?? 'RPC error' };
  }
  if (used === 0n) return { kind: 'not_minted' };
  const txHash = await findMintTransaction(client, nonce).catch(() => null);
  return { kind: 'minted', txHash };
}

async function findMintTransaction(client: PublicClient, nonce: Hex): Promise<Hex | null> {
  const latest = await client.getBlockNumber();
  const fromBlock = latest > MINT_LOG_LOOKBACK_BLOCKS ? latest - MINT_LOG_LOOKBACK_BLOCKS : 0n;
  const logs = await client.getLogs({
    address: MESSAGE_TRANSMITTER_V2,
    event: messageReceivedEvent,
    args: { nonce },
    fromBlock,
    toBlock: latest,
  });
  return logs.at(-1)?.transactionHash ?? null;
}
