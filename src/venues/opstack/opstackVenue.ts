import { getAbiItem, getAddress, isAddress, toFunctionSelector, type Address, type Hex, type PublicClient } from 'viem';
import { Value } from 'typebox/value';
import type { ChainKey } from '../../domain/chains.ts';
import type { CallIntent } from '../allowList.ts';
import { VenueRejection, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { depositCall, whyNotOurDeposit, whyNotOurRedeem, whyNotOurWithdrawTo, withdrawCall } from './opstackCalls.ts';
import { L1_CHAIN, L2_STANDARD_BRIDGE, l1StandardBridgeAbi, l2StandardBridgeAbi, OPSTACK_CHAINS, opStackChain, portalAbi, type OpStackChain, type OpStackTokenPair } from './opstackChains.ts';
import { aboutDuration, createOpStackL1Reads, withdrawalEtaSeconds } from './opstackL1Reads.ts';
import { OpStackContextSchema, type OpStackContext } from './opstackSchemas.ts';
import { depositStatus, withdrawalStatus } from './opstackStatus.ts';

/** Nothing in a Standard Bridge quote moves but gas: a row holds ten minutes. */
const QUOTE_TTL_MS = 600_000;
/** One Ethereum inclusion and the sequencer's pick-up of the deposit (shared/venues/opstack.md, approximate). */
const DEPOSIT_ETA_S = 180;
/**
 * Gas of each transaction, estimated from the contracts' paths (a portal deposit with its L2 gas
 * burn; a withdrawal through the messenger; a prove with its storage proof; a finalize through the
 * messenger and the bridge), disclosed in the row's context. Estimates, not reads.
 */
const GAS = { depositEth: 200_000n, depositErc20: 260_000n, withdraw: 150_000n, prove: 500_000n, finalize: 300_000n } as const;

const sel = <A extends readonly unknown[]>(abi: A, name: string): Hex => toFunctionSelector(getAbiItem({ abi: abi as never, name } as never) as never);

/**
 * The OP Stack Standard Bridge between Ethereum and OP Mainnet or Base, priced locally (1:1, no fee;
 * the user pays gas only). Deposits are relayed by the L2 itself in minutes. Withdrawals need a claim
 * on Ethereum: prove against a dispute game that covers the withdrawal's L2 block, then finalize after
 * the challenge period; status walks both steps from the portal's and the factory's reads.
 * Native USDC on the L2s is Circle's (CCTP), not the bridge's: the bridge delivers USDC.e / USDbC.
 */
export const opstackVenue: VenueModule = {
  id: 'opstack',
  capabilities: { archetype: 'canonical', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  // No API: priced and tracked from the chains' RPCs. The URL is never called.
  defaultBaseUrl: 'https://mainnet.optimism.io',
  contextSchema: OpStackContextSchema,
  allowList: {
    calls: OPSTACK_CHAINS.flatMap((chain) => [
      { chainId: 1, to: chain.l1StandardBridge, selectors: [sel(l1StandardBridgeAbi, 'depositETHTo'), sel(l1StandardBridgeAbi, 'depositERC20To')], check: forChain(chain, 'destinationChainId', whyNotOurDeposit) },
      { chainId: chain.chainId, to: L2_STANDARD_BRIDGE, selectors: [sel(l2StandardBridgeAbi, 'withdrawTo')], check: forChain(chain, 'sourceChainId', whyNotOurWithdrawTo) },
    ]),
    transferRecipients: [],
    redeemCalls: OPSTACK_CHAINS.map((chain) => ({ chainId: 1, to: chain.portal, selectors: [sel(portalAbi, 'proveWithdrawalTransaction'), sel(portalAbi, 'finalizeWithdrawalTransactionExternalProof')], check: forChain(chain, 'sourceChainId', whyNotOurRedeem) })),
  },
  create: (deps) => createOpStackVenue(deps),
};

/** A chain's contract may serve only its own chain's transfers (OP's bridge never carries a Base transfer). */
function forChain(chain: OpStackChain, side: 'sourceChainId' | 'destinationChainId', check: (data: Hex, value: bigint, intent: CallIntent) => string | null) {
  return (data: Hex, value: bigint, intent: CallIntent): string | null => (intent[side] === chain.chainId ? check(data, value, intent) : `is ${chain.key}'s bridge, not the transfer's`);
}

interface Route {
  readonly direction: 'deposit' | 'withdrawal';
  readonly chain: OpStackChain;
  readonly pair: OpStackTokenPair;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;
const same = (a: string | null, b: string | null): boolean => (a === null || b === null ? a === b : a.toLowerCase() === b.toLowerCase());

function resolve(corridor: Corridor): Route | NotServed {
  const deposit = corridor.fromChain === L1_CHAIN;
  const chain = opStackChain(deposit ? corridor.toChain : corridor.fromChain);
  if (!chain || (deposit ? false : corridor.toChain !== L1_CHAIN)) {
    return { served: false, code: 'route_not_served', message: `the OP Stack Standard Bridge joins Ethereum with ${OPSTACK_CHAINS.map((c) => c.key).join(', ')} only` };
  }
  const l1Token = deposit ? corridor.fromToken.address : corridor.toToken.address;
  const l2Token = deposit ? corridor.toToken.address : corridor.fromToken.address;
  if (l2Token !== null && same(l2Token, chain.nativeUsdc)) {
    return { served: false, code: 'token_not_supported', message: `the Standard Bridge moves bridged USDC (${chain.tokens.find((t) => t.l1 !== null)?.symbol}) on ${chain.key}, not Circle's native USDC` };
  }
  const pair = chain.tokens.find((p) => same(p.l1, l1Token) && same(p.l2, l2Token));
  if (!pair) return { served: false, code: 'token_not_supported', message: `the Standard Bridge pairs ${chain.tokens.map((t) => t.symbol).join(', ')} between Ethereum and ${chain.key}` };
  return { direction: deposit ? 'deposit' : 'withdrawal', chain, pair };
}

function routeOrThrow(corridor: Corridor): Route {
  const route = resolve(corridor);
  if ('served' in route) throw new VenueRejection(route.code, route.message);
  return route;
}

const CLAIM_ACTIONS = ['prove', 'finalize'] as const;

function createOpStackVenue(deps: VenueDeps): Venue {
  const reads = createOpStackL1Reads(deps.now);
  function l1Client(): PublicClient {
    const client = deps.evm(L1_CHAIN);
    if (!client) throw new VenueRejection('venue_disabled', 'the Standard Bridge is priced from Ethereum and no RPC is configured for it (STRAIT_RPC_ETHEREUM)', { chain: L1_CHAIN, reason: 'no_rpc' });
    return client;
  }

  /** The row's context; with Ethereum's base fee (quote time) it also states what the Ethereum transactions cost. */
  function contextOf(route: Route, amount: bigint, l1BaseFee: bigint | null = null): OpStackContext {
    const deposit = route.direction === 'deposit';
    const sourceGas = deposit ? (route.pair.l1 === null ? GAS.depositEth : GAS.depositErc20) : GAS.withdraw;
    const fees = l1BaseFee === null ? {} : deposit ? { sourceFeeEstimate: (sourceGas * l1BaseFee).toString() } : { claimFeeEstimate: ((GAS.prove + GAS.finalize) * l1BaseFee).toString() };
    return {
      direction: route.direction,
      l2Chain: route.chain.key,
      ...(route.pair.l2 ? { l2Token: getAddress(route.pair.l2) } : {}),
      amount: amount.toString(),
      sourceGas: sourceGas.toString(),
      ...(deposit ? {} : { proveGas: GAS.prove.toString(), finalizeGas: GAS.finalize.toString() }),
      ...fees,
    };
  }

  return {
    id: opstackVenue.id,
    supports(corridor): CoverageAnswer {
      const route = resolve(corridor);
      return 'served' in route ? route : { served: true };
    },
    coverage: () => ({
      origins: [L1_CHAIN, ...OPSTACK_CHAINS.map((c) => c.key)],
      tokenSymbols(fromChain: ChainKey, toChain: ChainKey): readonly string[] {
        const chain = opStackChain(fromChain === L1_CHAIN ? toChain : fromChain);
        if (!chain || (fromChain !== L1_CHAIN && toChain !== L1_CHAIN)) return [];
        return chain.tokens.map((t) => (t.l1 === null ? 'ETH' : fromChain === L1_CHAIN ? 'USDC' : t.symbol));
      },
    }),

    async quote(request: VenueQuoteRequest): Promise<VenueQuote> {
      const route = routeOrThrow(request);
      evmAddress(request.recipient, 'recipient');
      if (request.amountIn <= 0n) throw new VenueRejection('below_min', 'the Standard Bridge moves a positive amount', { minAmountAtomic: '1' });
      const l1 = l1Client();
      const failed = (what: string) => (error: unknown): never => {
        throw new VenueRejection('venue_error', `could not read ${what} on Ethereum: ${((error as Error).message.split('\n')[0] ?? '').slice(0, 200)}`);
      };
      // A paused portal takes deposits but releases no withdrawal: either way nothing should start.
      // The latest block's base fee prices the Ethereum transactions the user will send (the bridge takes no fee).
      // A withdrawal's ETA is the portal's own delays (a week on mainnet, seconds in the sandbox).
      const [paused, baseFee, delays] = await Promise.all([
        reads.paused(l1, route.chain).catch(failed(`${route.chain.key}'s OptimismPortal`)),
        reads.baseFee(l1).catch(failed('the latest block')),
        route.direction === 'withdrawal' ? reads.withdrawalDelays(l1, route.chain) : null,
      ]);
      if (paused) throw new VenueRejection('no_liquidity', `${route.chain.key}'s OptimismPortal is paused`);
      return {
        amountIn: request.amountIn,
        amountOut: request.amountIn,
        minAmountOut: request.amountIn,
        estimatedSeconds: delays === null ? DEPOSIT_ETA_S : withdrawalEtaSeconds(delays),
        expiresAt: deps.now() + QUOTE_TTL_MS,
        context: contextOf(route, request.amountIn, baseFee),
        ...(route.direction === 'withdrawal' ? { claim: { chain: L1_CHAIN, actions: [...CLAIM_ACTIONS], signer: 'anyone' as const } } : {}),
      };
    },

    async build({ request, quote }): Promise<StepsPlan> {
      const route = routeOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.direction !== route.direction || stored.l2Chain !== route.chain.key || !same(stored.l2Token ?? null, route.pair.l2)) {
        throw new VenueRejection('invalid_input', 'the stored Standard Bridge quote was priced for another corridor');
      }
      const recipient = evmAddress(request.recipient, 'recipient');
      const amount = request.amountIn;
      const base = { shape: 'steps' as const, amountOut: amount, minAmountOut: amount, context: contextOf(route, amount), tagMain: true };
      if (route.direction === 'deposit') {
        const approval = route.pair.l1 === null ? null : { chainId: 1, token: getAddress(route.pair.l1), spender: getAddress(route.chain.l1StandardBridge), amount };
        return { ...base, steps: [depositCall(route.chain, route.pair, recipient, amount)], approval };
      }
      return {
        ...base,
        // The L2 bridge burns the OptimismMintableERC20 itself: no allowance.
        steps: [withdrawCall(route.chain, route.pair, recipient, amount)],
        approval: null,
        claim: { chain: L1_CHAIN, actions: [...CLAIM_ACTIONS], signer: 'anyone', reason: `a withdrawal from ${route.chain.key} is released on Ethereum by two transactions: prove it against a dispute game once one covers its block, then finalize it after the challenge period (${quote.estimatedSeconds === null ? 'about 7 days on mainnet' : aboutDuration(quote.estimatedSeconds)})` },
      };
    },

    async status(request): Promise<VenueStatus> {
      const route = routeOrThrow({ fromChain: request.fromChain, toChain: request.toChain, ...tokensFromContext(request) });
      if (!/^0x[0-9a-fA-F]{64}$/.test(request.sourceTxHash)) throw new VenueRejection('invalid_input', `'${request.sourceTxHash}' is not an EVM transaction hash`);
      const context = readContext(request.context);
      const hash = request.sourceTxHash as Hex;
      const amount = BigInt(context.amount);
      if (route.direction === 'deposit') {
        const l1 = deps.evm(L1_CHAIN);
        if (!l1) return { state: 'pending', venueStatus: 'l1_unknown', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'no Ethereum RPC to follow the deposit' };
        return depositStatus({ l1, l2: deps.evm(route.chain.key), chain: route.chain, sourceTxHash: hash, amount });
      }
      const l2 = deps.evm(route.chain.key);
      if (!l2) return { state: 'pending', venueStatus: 'l2_unknown', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `no RPC for ${route.chain.key} to follow the withdrawal`, claim: { status: 'waiting', claimableAt: null, steps: [], detail: `no RPC for ${route.chain.key}` } };
      return withdrawalStatus({ l1: deps.evm(L1_CHAIN), l2, chain: route.chain, sourceTxHash: hash, expected: { chain: route.chain, l2Token: context.l2Token ?? null, recipient: request.recipient, amount }, now: deps.now() });
    },
  };

  /** Status knows only the destination token: the source side comes from the stored pair. */
  function tokensFromContext(request: { fromChain: ChainKey; toChain: ChainKey; toToken: Corridor['toToken']; context: unknown }): Pick<Corridor, 'fromToken' | 'toToken'> {
    const context = readContext(request.context);
    const chain = opStackChain(context.l2Chain);
    const pair = chain?.tokens.find((p) => same(p.l2, context.l2Token ?? null));
    if (!chain || !pair) throw new VenueRejection('invalid_input', `the stored Standard Bridge context names no pair of ${context.l2Chain}`);
    const l1 = { ...request.toToken, chain: L1_CHAIN, address: pair.l1 };
    const l2 = { ...request.toToken, chain: chain.key, address: pair.l2 };
    return context.direction === 'deposit' ? { fromToken: l1, toToken: l2 } : { fromToken: l2, toToken: l1 };
  }
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `the Standard Bridge needs an EVM ${field}, got '${value}'`, { field });
  return getAddress(value);
}

/** The stored context, validated once and read typed. */
function readContext(context: unknown): OpStackContext {
  if (!Value.Check(OpStackContextSchema, context)) {
    const first = Value.Errors(OpStackContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `the stored Standard Bridge context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
