import { BaseError, ContractFunctionRevertedError, getAddress, isAddress, type Address, type Hex, type PublicClient, type TransactionReceipt } from 'viem';
import { Value } from 'typebox/value';
import type { ChainKey } from '../../domain/chains.ts';
import { VenueRejection, type CallContext, type ClaimTerms, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { ARBITRUM_CALLS, ARBITRUM_REDEEM_CALLS, ethDepositStep, ethWithdrawalStep, retryableFee, ticketRedeemStep, tokenDepositStep, tokenWithdrawalStep, type RetryableTerms } from './arbitrumCalls.ts';
import {
  ARB_RETRYABLE_TX,
  CHILD_CHAIN,
  CHILD_CHAIN_ID,
  CONFIRM_PERIOD_BLOCKS,
  INBOX,
  L1_GATEWAY_ROUTER,
  L2_GATEWAY_ROUTER,
  NODE_INTERFACE,
  OUTBOX,
  PARENT_CHAIN,
  arbRetryableTxAbi,
  gatewayTokenByL1,
  gatewayTokenByL2,
  inboxAbi,
  l1GatewayRouterAbi,
  l2GatewayRouterAbi,
  nodeInterfaceAbi,
  outboxAbi,
  redeemScheduledEvent,
  type GatewayToken,
} from './arbitrumChains.ts';
import { depositStatus, withdrawalStatus } from './arbitrumMapping.ts';
import { l1ToL2Alias, retryableTicketId, retryablesOf, type RetryableMessage } from './arbitrumRetryable.ts';
import { ArbitrumContextSchema, type ArbitrumContext } from './arbitrumSchemas.ts';
import { executeStep, l2ToL1MessagesOf, whyNotOurWithdrawal, type L2ToL1Message } from './arbitrumWithdrawal.ts';

/** Gas prices move: a row holds a minute, and build reads the chains again. */
const QUOTE_TTL_MS = 60_000;
/** L1 finality before the sequencer includes a deposit, then the ticket's redeem (approximate). */
const DEPOSIT_SECONDS = 900;
/** The challenge period (Rollup.confirmPeriodBlocks × 12 s) plus about an hour until an assertion covers the message. */
const CHALLENGE_SECONDS = CONFIRM_PERIOD_BLOCKS * 12 + 3_600;
/**
 * Headroom over the reads, as arbitrum-sdk sizes retryables (+300 % submission fee, +500 % L2 gas
 * price): the ticket refunds whatever it does not spend, to the recipient on Arbitrum.
 */
const SUBMISSION_FEE_MULTIPLIER = 4n;
const GAS_PRICE_MULTIPLIER = 6n;
/**
 * L2 gas a ticket buys: a plain ETH payment, and a gateway's `finalizeInboundTransfer` (arbitrum-sdk's
 * floor for custom gateways is 275 000; a standard-gateway DAI deposit used 96 298). Unspent gas is refunded.
 */
const ETH_TICKET_GAS = 100_000n;
const TOKEN_TICKET_GAS = 300_000n;
/** Upper bound of a gateway ticket's call data (finalizeInboundTransfer with the token's name and symbol: 740 bytes for DAI). */
const TOKEN_TICKET_DATA_BYTES = 1_024n;
/** L1 gas of `Outbox.executeTransaction` (an ETH withdrawal used 88 952; a gateway release more). */
const CLAIM_GAS = 200_000n;
/** How far back status looks for the Outbox's logs on Ethereum (public RPCs cap log ranges). */
const OUTBOX_LOG_LOOKBACK_BLOCKS = 5_000n;

/**
 * Arbitrum One's native bridge: ETH and the gateway tokens of `arbitrumChains.ts` (WETH, USDC → its
 * bridged USDC.e) between Ethereum and Arbitrum One, priced from the two chains. A deposit is a
 * retryable ticket paid beside the amount (the plan's native fee); a withdrawal is an L2→L1 message
 * that the recipient (or anyone) executes on Ethereum after the challenge period: the transfer's
 * claim. A deposit whose automatic redeem fails is claimed too, by redeeming the ticket.
 */
export const arbitrumVenue: VenueModule = {
  id: 'arbitrum',
  capabilities: { archetype: 'canonical', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  // No API: every answer is a JSON-RPC read of STRAIT_RPC_ETHEREUM and STRAIT_RPC_ARBITRUM.
  defaultBaseUrl: 'https://arb1.arbitrum.io/rpc',
  contextSchema: ArbitrumContextSchema,
  allowList: { calls: ARBITRUM_CALLS, transferRecipients: [], redeemCalls: ARBITRUM_REDEEM_CALLS },
  create: (deps) => createArbitrumVenue(deps),
};

interface Route {
  readonly direction: 'deposit' | 'withdrawal';
  /** `null` for ETH. */
  readonly token: GatewayToken | null;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

const NATIVE_USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const same = (a: string | null, b: string | null): boolean => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

function resolve(corridor: Corridor): Route | NotServed {
  const deposit = corridor.fromChain === PARENT_CHAIN && corridor.toChain === CHILD_CHAIN;
  const withdrawal = corridor.fromChain === CHILD_CHAIN && corridor.toChain === PARENT_CHAIN;
  if (!deposit && !withdrawal) return { served: false, code: 'route_not_served', message: "Arbitrum's native bridge serves ethereum ↔ arbitrum only" };
  const from = corridor.fromToken.address;
  const to = corridor.toToken.address;
  if (from === null && to === null) return { direction: deposit ? 'deposit' : 'withdrawal', token: null };
  const token = from === null ? undefined : deposit ? gatewayTokenByL1(from) : gatewayTokenByL2(from);
  if (token && same(to, deposit ? token.l2 : token.l1)) return { direction: deposit ? 'deposit' : 'withdrawal', token };
  if (token && (same(to, NATIVE_USDC_ARBITRUM) || same(from, NATIVE_USDC_ARBITRUM))) {
    return { served: false, code: 'token_not_supported', message: `the standard gateway moves USDC to bridged USDC.e (${token.l2}) on Arbitrum, never native USDC (cctp carries that)` };
  }
  if (same(from, NATIVE_USDC_ARBITRUM) || same(to, NATIVE_USDC_ARBITRUM)) {
    return { served: false, code: 'token_not_supported', message: 'native USDC on Arbitrum is not a gateway token (cctp carries it); the gateway delivers bridged USDC.e' };
  }
  return { served: false, code: 'token_not_supported', message: `Arbitrum's native bridge moves ETH and ${GATEWAY_TOKENS_TEXT} here, each to its gateway counterpart` };
}

const GATEWAY_TOKENS_TEXT = 'WETH, USDC (as USDC.e)';

function routeOrThrow(corridor: Corridor): Route {
  const route = resolve(corridor);
  if ('served' in route) throw new VenueRejection(route.code, route.message);
  return route;
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `Arbitrum's bridge needs an EVM ${field}, got '${value}'`, { field });
  return getAddress(value);
}

/** What the chains said: a deposit's retryable or a withdrawal's claim cost. */
interface Priced {
  readonly terms: RetryableTerms | null;
  readonly claimFee: bigint | null;
}

const CLAIM_ACTIONS = { deposit: ['redeem'], withdrawal: ['executeTransaction'] } as const;

function claimTerms(route: Route): ClaimTerms {
  return route.direction === 'withdrawal'
    ? { chain: PARENT_CHAIN, actions: [...CLAIM_ACTIONS.withdrawal], signer: 'anyone', reason: "an Arbitrum withdrawal is paid on Ethereum by Outbox.executeTransaction once the rollup confirms the L2 block (about 7 days)" }
    : { chain: CHILD_CHAIN, actions: [...CLAIM_ACTIONS.deposit], signer: 'anyone', reason: 'only if the ticket\'s automatic redeem on Arbitrum fails (L2 gas spiked): ArbRetryableTx.redeem, before the ticket expires' };
}

function createArbitrumVenue(deps: VenueDeps): Venue {
  function clientFor(chain: ChainKey): PublicClient {
    const client = deps.evm(chain);
    if (client === null) throw new VenueRejection('venue_disabled', `Arbitrum's bridge is priced and tracked on ${chain} and no RPC is configured for it (STRAIT_RPC_${chain.toUpperCase()})`, { chain, reason: 'no_rpc' });
    return client;
  }

  async function read<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof VenueRejection) throw error;
      throw new VenueRejection('venue_error', `reading ${what} failed: ${((error as Error).message ?? '').split('\n')[0] ?? 'RPC error'}`, { path: what }, { cause: error });
    }
  }

  /** The router must still send the token through its pinned gateway to its pinned counterpart. */
  async function confirmGateway(token: GatewayToken, direction: Route['direction']): Promise<void> {
    if (direction === 'deposit') {
      const l1 = clientFor(PARENT_CHAIN);
      const [gateway, l2] = await Promise.all([
        read('L1GatewayRouter.getGateway', () => l1.readContract({ address: L1_GATEWAY_ROUTER, abi: l1GatewayRouterAbi, functionName: 'getGateway', args: [token.l1] })),
        read('L1GatewayRouter.calculateL2TokenAddress', () => l1.readContract({ address: L1_GATEWAY_ROUTER, abi: l1GatewayRouterAbi, functionName: 'calculateL2TokenAddress', args: [token.l1] })),
      ]);
      if (!same(gateway, token.l1Gateway) || !same(l2, token.l2)) throw moved(token, gateway, l2);
      return;
    }
    const l2 = clientFor(CHILD_CHAIN);
    const counterpart = await read('L2GatewayRouter.calculateL2TokenAddress', () => l2.readContract({ address: L2_GATEWAY_ROUTER, abi: l2GatewayRouterAbi, functionName: 'calculateL2TokenAddress', args: [token.l1] }));
    if (!same(counterpart, token.l2)) throw moved(token, token.l2Gateway, counterpart);
  }

  async function price(route: Route): Promise<Priced> {
    const l1 = clientFor(PARENT_CHAIN);
    const l2 = clientFor(CHILD_CHAIN);
    if (route.token) await confirmGateway(route.token, route.direction);
    if (route.direction === 'withdrawal') {
      const l1GasPrice = await read('the Ethereum gas price', () => l1.getGasPrice());
      return { terms: null, claimFee: l1GasPrice * CLAIM_GAS };
    }
    const block = await read('the Ethereum base fee', () => l1.getBlock());
    const baseFee = block.baseFeePerGas;
    if (baseFee === null || baseFee === undefined) throw new VenueRejection('venue_bad_response', 'the Ethereum block has no base fee', { path: 'baseFeePerGas' });
    const dataLength = route.token ? TOKEN_TICKET_DATA_BYTES : 0n;
    const [submissionFee, gasPrice] = await Promise.all([
      read('Inbox.calculateRetryableSubmissionFee', () => l1.readContract({ address: INBOX, abi: inboxAbi, functionName: 'calculateRetryableSubmissionFee', args: [dataLength, baseFee] })),
      read('the Arbitrum gas price', () => l2.getGasPrice()),
    ]);
    if (gasPrice === 0n) throw new VenueRejection('venue_bad_response', 'Arbitrum answered a gas price of 0', { path: 'eth_gasPrice' });
    const terms = { maxSubmissionCost: submissionFee * SUBMISSION_FEE_MULTIPLIER, gasLimit: route.token ? TOKEN_TICKET_GAS : ETH_TICKET_GAS, maxFeePerGas: gasPrice * GAS_PRICE_MULTIPLIER };
    return { terms, claimFee: null };
  }

  function contextOf(route: Route, priced: Priced): ArbitrumContext {
    return {
      direction: route.direction,
      ...(route.token ? { l1Token: getAddress(route.token.l1), l2Token: getAddress(route.token.l2) } : {}),
      ...(priced.terms
        ? { maxSubmissionCost: priced.terms.maxSubmissionCost.toString(), gasLimit: priced.terms.gasLimit.toString(), maxFeePerGas: priced.terms.maxFeePerGas.toString(), retryableFee: retryableFee(priced.terms).toString() }
        : {}),
      ...(priced.claimFee !== null ? { claimGas: CLAIM_GAS.toString(), claimFeeEstimate: priced.claimFee.toString() } : {}),
    };
  }

  return {
    id: arbitrumVenue.id,
    supports(corridor): CoverageAnswer {
      const route = resolve(corridor);
      return 'served' in route ? route : { served: true };
    },
    coverage: () => ({
      origins: [PARENT_CHAIN, CHILD_CHAIN],
      tokenSymbols(fromChain, toChain) {
        const pair = (fromChain === PARENT_CHAIN && toChain === CHILD_CHAIN) || (fromChain === CHILD_CHAIN && toChain === PARENT_CHAIN);
        return pair ? ['ETH', 'WETH'] : [];
      },
    }),

    async quote(request: VenueQuoteRequest): Promise<VenueQuote> {
      const route = routeOrThrow(request);
      evmAddress(request.recipient, 'recipient');
      if (request.amountIn <= 0n) throw new VenueRejection('below_min', 'the bridge moves a positive amount', { minAmountAtomic: '1' });
      const priced = await price(route);
      const claim = claimTerms(route);
      return {
        amountIn: request.amountIn,
        // The bridge moves the amount 1:1; a deposit's ticket is paid in ETH beside it (context.retryableFee).
        amountOut: request.amountIn,
        minAmountOut: request.amountIn,
        estimatedSeconds: route.direction === 'deposit' ? DEPOSIT_SECONDS : CHALLENGE_SECONDS,
        expiresAt: deps.now() + QUOTE_TTL_MS,
        context: contextOf(route, priced),
        // A deposit's claim is contingent (a failed automatic redeem): only a withdrawal's is disclosed on the row.
        ...(route.direction === 'withdrawal' ? { claim: { chain: claim.chain, actions: claim.actions, signer: claim.signer } } : {}),
      };
    },

    async build({ request, quote }): Promise<StepsPlan> {
      const route = routeOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.direction !== route.direction || (stored.l1Token ?? '').toLowerCase() !== (route.token?.l1 ?? '').toLowerCase()) throw new VenueRejection('invalid_input', 'the stored Arbitrum quote was priced for another corridor');
      const recipient = evmAddress(request.recipient, 'recipient');
      const amount = quote.amountIn;
      const priced = await price(route);
      const common = { amountOut: amount, minAmountOut: amount, context: contextOf(route, priced), claim: claimTerms(route) };
      if (route.direction === 'withdrawal') {
        const step = route.token ? tokenWithdrawalStep(getAddress(route.token.l1), recipient, amount) : ethWithdrawalStep(recipient, amount);
        // ArbSys is a precompile, not Solidity: an ETH withdrawal's calldata stays as encoded.
        return { shape: 'steps', steps: [step], approval: null, ...common, tagMain: route.token !== null };
      }
      const terms = priced.terms as RetryableTerms;
      const step = route.token ? tokenDepositStep(getAddress(route.token.l1), recipient, amount, terms) : ethDepositStep(recipient, amount, terms);
      const approval = route.token ? { chainId: step.chainId, token: getAddress(route.token.l1), spender: getAddress(route.token.l1Gateway), amount } : null;
      return { shape: 'steps', steps: [step], approval, nativeFee: retryableFee(terms), ...common, tagMain: true };
    },

    async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
      void call;
      if (!/^0x[0-9a-fA-F]{64}$/.test(request.sourceTxHash)) throw new VenueRejection('invalid_input', `'${request.sourceTxHash}' is not an EVM transaction hash`);
      const context = readContext(request.context);
      return context.direction === 'deposit' ? depositProgress(request, context) : withdrawalProgress(request, context);
    },
  };

  async function receiptOf(client: PublicClient, hash: Hex): Promise<TransactionReceipt | null> {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
      throw error;
    }
  }

  async function depositProgress(request: VenueStatusRequest, context: ArbitrumContext): Promise<VenueStatus> {
    const l1 = clientFor(PARENT_CHAIN);
    const l2 = clientFor(CHILD_CHAIN);
    const receipt = await read('the deposit receipt', () => receiptOf(l1, request.sourceTxHash as Hex));
    if (!receipt) return depositStatus('SOURCE_PENDING', 'the deposit is not mined on Ethereum yet');
    if (receipt.status !== 'success') return depositStatus('SOURCE_REVERTED', 'the deposit reverted on Ethereum');
    const retryable = retryablesOf(receipt.logs).find((message) => whyNotOurRetryable(message, request, context) === null);
    if (!retryable) return depositStatus('NOT_YET_CREATED', 'the Ethereum transaction opened no retryable ticket of this transfer');
    const ticketId = retryableTicketId(CHILD_CHAIN_ID, retryable);
    const delivered = (txHash: string) => ({ txHash, amount: request.amountIn, asset: request.toToken.address });
    const ticket = await read('the ticket on Arbitrum', () => receiptOf(l2, ticketId));
    if (!ticket) return (depositStatus('NOT_YET_CREATED', `ticket ${ticketId} is not created on Arbitrum yet`));
    if (ticket.status !== 'success') return depositStatus('CREATION_FAILED', `ticket ${ticketId} could not be created on Arbitrum`);
    // The automatic redeem is scheduled in the creation's own receipt; later redeems log the same event.
    const scheduled = ticket.logs.filter((log) => same(log.address, ARB_RETRYABLE_TX) && log.topics[0] === REDEEM_SCHEDULED_TOPIC && same(log.topics[1] ?? null, ticketId));
    for (const log of scheduled) {
      const retry = log.topics[2] as Hex | undefined;
      const attempt = retry ? await read('the automatic redeem', () => receiptOf(l2, retry)) : null;
      if (attempt?.status === 'success') return depositStatus('REDEEMED', 'redeemed on Arbitrum', delivered(attempt.transactionHash));
    }
    const alive = await ticketTimeout(l2, ticketId);
    if (alive !== null) {
      return {
        ...depositStatus('FUNDS_DEPOSITED_ON_CHILD', `ticket ${ticketId}'s automatic redeem failed; anyone may redeem it until ${new Date(Number(alive) * 1000).toISOString()}`),
        claim: { status: 'ready', claimableAt: null, steps: [ticketRedeemStep(ticketId)], detail: `sign ArbRetryableTx.redeem on arbitrum to deliver the deposit (ticket ${ticketId})` },
      };
    }
    // Gone: redeemed by hand (a later RedeemScheduled with a successful retry) or expired.
    const later = await read('the ticket\'s redeems', () => l2.getLogs({ address: ARB_RETRYABLE_TX, event: redeemScheduledEvent, args: { ticketId }, fromBlock: ticket.blockNumber, toBlock: 'latest' }));
    for (const log of later) {
      const attempt = log.args.retryTxHash ? await read('a redeem', () => receiptOf(l2, log.args.retryTxHash as Hex)) : null;
      if (attempt?.status === 'success') return depositStatus('REDEEMED', 'redeemed on Arbitrum', delivered(attempt.transactionHash));
    }
    return depositStatus('EXPIRED', `ticket ${ticketId} expired or was cancelled without a successful redeem; its value went to the refund address (the recipient)`);
  }

  /**
   * The ticket's expiry (seconds), or `null` once ArbOS no longer holds it (redeemed or expired: the
   * precompile reverts). A transport fault is thrown, never read as a vanished ticket.
   */
  async function ticketTimeout(l2: PublicClient, ticketId: Hex): Promise<bigint | null> {
    try {
      return await l2.readContract({ address: ARB_RETRYABLE_TX, abi: arbRetryableTxAbi, functionName: 'getTimeout', args: [ticketId] });
    } catch (error) {
      if (error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError) !== null) return null;
      throw new VenueRejection('venue_error', `reading ArbRetryableTx.getTimeout failed: ${((error as Error).message ?? '').split('\n')[0] ?? 'RPC error'}`, { path: 'getTimeout' }, { cause: error });
    }
  }

  async function withdrawalProgress(request: VenueStatusRequest, context: ArbitrumContext): Promise<VenueStatus> {
    const l1 = clientFor(PARENT_CHAIN);
    const l2 = clientFor(CHILD_CHAIN);
    const receipt = await read('the withdrawal receipt', () => receiptOf(l2, request.sourceTxHash as Hex));
    if (!receipt) return waitingWithdrawal(withdrawalStatus('SOURCE_PENDING', 'the withdrawal is not mined on Arbitrum yet'), null);
    if (receipt.status !== 'success') return withdrawalStatus('SOURCE_REVERTED', 'the withdrawal reverted on Arbitrum');
    const expected = { l2Token: context.l2Token ?? null, recipient: request.recipient, amount: request.amountIn };
    const message = l2ToL1MessagesOf(receipt.logs).find((m) => whyNotOurWithdrawal(m, expected) === null);
    if (!message) return waitingWithdrawal(withdrawalStatus('UNCONFIRMED', 'the Arbitrum transaction sent no L2→L1 message of this transfer; no claim is handed out'), null);
    const claimableAt = (Number(message.timestamp) + CHALLENGE_SECONDS) * 1000;
    const spent = await read('Outbox.isSpent', () => l1.readContract({ address: OUTBOX, abi: outboxAbi, functionName: 'isSpent', args: [message.position] }));
    if (spent) {
      const txHash = await executionOf(l1, message).catch(() => null);
      return withdrawalStatus('EXECUTED', txHash ? 'executed on Ethereum' : 'executed on Ethereum; the execution was not found in recent blocks', { txHash, amount: request.amountIn, asset: request.toToken.address });
    }
    const confirmed = await confirmedSends(l1, l2);
    if (!confirmed || confirmed.sendCount <= message.position) {
      return waitingWithdrawal(withdrawalStatus('UNCONFIRMED', `L2→L1 message ${message.position} waits for the rollup to confirm its block (challenge period)`), claimableAt);
    }
    const { root, proof } = await read('NodeInterface.constructOutboxProof', () => l2.readContract({ address: NODE_INTERFACE, abi: nodeInterfaceAbi, functionName: 'constructOutboxProof', args: [confirmed.sendCount, message.position] })).then(([, r, p]) => ({ root: r, proof: p }));
    if (!same(root, confirmed.outputRoot)) {
      return waitingWithdrawal(withdrawalStatus('CONFIRMED', `the proof of message ${message.position} ends in ${root}, not the confirmed root ${confirmed.outputRoot}; no claim is handed out`), claimableAt);
    }
    return {
      ...withdrawalStatus('CONFIRMED', `confirmed; the claim is ready: Outbox.executeTransaction on ethereum pays the withdrawal`),
      claim: { status: 'ready', claimableAt, steps: [executeStep(message, proof)], detail: 'sign Outbox.executeTransaction on ethereum to receive the withdrawal' },
    };
  }

  /** The latest send root the rollup confirmed on Ethereum and how many L2→L1 messages it covers. */
  async function confirmedSends(l1: PublicClient, l2: PublicClient): Promise<{ outputRoot: Hex; sendCount: bigint } | null> {
    const latest = await read('the Ethereum block number', () => l1.getBlockNumber());
    const fromBlock = latest > OUTBOX_LOG_LOOKBACK_BLOCKS ? latest - OUTBOX_LOG_LOOKBACK_BLOCKS : 0n;
    const logs = await read('the Outbox send roots', () => l1.getLogs({ address: OUTBOX, event: outboxAbi[3], fromBlock, toBlock: latest }));
    const last = logs.at(-1);
    if (!last?.args.outputRoot || !last.args.l2BlockHash) return null;
    const block = await read('the confirmed Arbitrum block', () => l2.getBlock({ blockHash: last.args.l2BlockHash as Hex }));
    // Arbitrum's blocks carry the count of L2→L1 messages sent so far (`sendCount`) beside the standard fields.
    const raw = (block as unknown as { sendCount?: unknown }).sendCount;
    if (typeof raw !== 'string' && typeof raw !== 'bigint') return null;
    return { outputRoot: last.args.outputRoot, sendCount: BigInt(raw) };
  }

  async function executionOf(l1: PublicClient, message: L2ToL1Message): Promise<Hex | null> {
    const latest = await l1.getBlockNumber();
    const fromBlock = latest > OUTBOX_LOG_LOOKBACK_BLOCKS ? latest - OUTBOX_LOG_LOOKBACK_BLOCKS : 0n;
    const logs = await l1.getLogs({ address: OUTBOX, event: outboxAbi[4], args: { to: message.destination }, fromBlock, toBlock: latest });
    return logs.find((log) => log.args.transactionIndex === message.position)?.transactionHash ?? null;
  }
}

const REDEEM_SCHEDULED_TOPIC = '0x5ccd009502509cf28762c67858994d85b163bb6e451f5e9df7c5e18c9c2e123e';

/** Why the ticket is not this transfer's deposit, or `null`. Its fields bind the recipient, amount and refunds. */
export function whyNotOurRetryable(message: RetryableMessage, request: Pick<VenueStatusRequest, 'recipient' | 'amountIn'>, context: ArbitrumContext): string | null {
  if (!context.l1Token) {
    if (!same(message.to, request.recipient)) return `pays ${message.to}, not the recipient`;
    if (message.l2CallValue !== request.amountIn) return `moves ${message.l2CallValue}, not ${request.amountIn}`;
    if (message.data !== '0x') return 'carries call data';
    return refundsToRecipient(message, request.recipient) ? null : 'refunds its value elsewhere';
  }
  const token = gatewayTokenByL1(context.l1Token);
  if (!token) return 'is not a gateway token of this venue';
  if (!same(message.to, token.l2Gateway)) return `calls ${message.to}, not the token's L2 gateway`;
  // The ticket calls finalizeInboundTransfer(l1Token, from, to, amount, data) on the L2 gateway: the
  // same call a withdrawal makes on L1, so the same reading binds token, recipient and amount.
  const why = whyNotOurWithdrawal({ caller: token.l2Gateway, destination: token.l1Gateway, callvalue: message.l2CallValue, data: message.data }, { l2Token: token.l2, recipient: request.recipient, amount: request.amountIn });
  return why ?? (refundsToRecipient(message, request.recipient) ? null : 'refunds its value elsewhere');
}

/** The ticket refunds to the recipient, or to its alias where the recipient has code on Ethereum (the Inbox aliases contracts). */
function refundsToRecipient(message: RetryableMessage, recipient: string): boolean {
  return same(message.callValueRefundAddress, recipient) || (isAddress(recipient, { strict: false }) && same(message.callValueRefundAddress, l1ToL2Alias(getAddress(recipient))));
}

function waitingWithdrawal(status: VenueStatus, claimableAt: number | null): VenueStatus {
  return { ...status, claim: { status: 'waiting', claimableAt, steps: [], detail: status.detail ?? 'waiting for the challenge period' } };
}

function moved(token: GatewayToken, gateway: string, counterpart: string): VenueRejection {
  return new VenueRejection('route_not_served', `Arbitrum's router now sends ${token.l1} through ${gateway} to ${counterpart}, not the pinned ${token.l1Gateway} → ${token.l2}`, { token: token.l1 });
}

/** The stored context, validated once and read typed. */
function readContext(context: unknown): ArbitrumContext {
  if (!Value.Check(ArbitrumContextSchema, context)) {
    const first = Value.Errors(ArbitrumContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `the stored Arbitrum context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
