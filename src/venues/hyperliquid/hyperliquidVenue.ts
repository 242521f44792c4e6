import { Type, type Static } from 'typebox';
import { encodeFunctionData, erc20Abi, getAddress, parseEventLogs, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { Value } from 'typebox/value';
import type { JsonObject } from '../../domain/steps.ts';
import { VenueRejection, type CallContext, type Venue, type VenueQuote, type VenueQuoteRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { signSpotSend, signUsdClassTransfer, signUsdSend, type HyperCoreNetwork, type SignedHyperCoreAction } from './hyperCoreActions.ts';
import { createHyperCoreApi, type ExchangeOutcome, type HyperCoreApi, type HyperCoreBalances, type HyperCoreLedgerEntry } from './hyperCoreApi.ts';
import { ARBITRUM_CHAIN_ID, ARBITRUM_USDC, BRIDGE2_ADDRESS, BRIDGE2_MIN_DEPOSIT, activationFeeFor, balanceOf, type HyperCoreBalance } from './hyperCoreConstants.ts';

/** What the relayer route stores with its row and transfer (docs/hypercore.md). */
export const HyperliquidContextSchema = Type.Object({
  relayer: Type.String(),
  balance: Type.Union([Type.Literal('perps'), Type.Literal('spot')]),
  accountExisted: Type.Boolean(),
  activationFeeAtomic: Type.String(),
  /** The venue that carries the USDC to the relayer on arbitrum, or absent when the user pays it there. */
  leg: Type.Optional(Type.Object({ venue: Type.String(), quote: Type.Record(Type.String(), Type.Unknown()) })),
  /** The leg's own stored context (its build's over its quote's), for its status. */
  legContext: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type HyperliquidContext = Static<typeof HyperliquidContextSchema>;

export function readHyperliquidContext(context: JsonObject): HyperliquidContext {
  if (!Value.Check(HyperliquidContextSchema, context)) {
    const first = Value.Errors(HyperliquidContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored hyperliquid context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}

/** How long the exchange's answer to "does this account exist" is reused (spec §1 floors). */
const ACCOUNT_CACHE_MS = 30_000;

/**
 * Strait's relayer on HyperCore: credits a user's account from Strait's own HyperCore balance, and
 * refills that balance from the USDC users paid it on arbitrum, through Bridge2.
 */
export interface HyperCoreRelayer {
  readonly address: Address;
  readonly network: HyperCoreNetwork;
  balances(call: CallContext): Promise<HyperCoreBalances>;
  /** The signed exchange request crediting `destination`, as JSON, for the given nonce (stored before it is sent). */
  signCredit(credit: { destination: Address; balance: HyperCoreBalance; amountAtomic: bigint; nonce: number }): Promise<string>;
  sendSigned(signedJson: string, call: CallContext): Promise<ExchangeOutcome>;
  /** The destination's ledger entry of this credit, once the exchange has it. */
  /**
   * The destination's ledger entry of this credit once the exchange has it: from the relayer, of
   * this balance and amount (or the amount less the activation fee, should the exchange take it from
   * the recipient), not before the credit was signed, and not an entry already matched to another credit.
   */
  findCredit(credit: { destination: Address; balance: HyperCoreBalance; amountAtomic: bigint; activationFeeAtomic: bigint; since: number; nonce: number; exclude: ReadonlySet<string> }, call: CallContext): Promise<HyperCoreLedgerEntry | null>;
  /** USDC the arbitrum transaction `txHash` paid the relayer (0 when none, or when it reverted); null when it is not mined yet. */
  paidOnArbitrum(txHash: Hex): Promise<bigint | null>;
  /** Moves the relayer's own USDC from perps to spot when spot cannot cover `needed`. */
  ensureSpot(needed: bigint, call: CallContext): Promise<void>;
  /** Deposits the relayer's arbitrum USDC through Bridge2 when it holds at least 5 USDC; the tx hash, or null. */
  topUp(): Promise<Hex | null>;
}

export interface HyperliquidVenue extends Venue {
  /** The exchange's info API: does an account exist (cached briefly). */
  accountExists(user: string, call: CallContext): Promise<boolean>;
  /** The relayer, or null when no signer key is configured. */
  readonly relayer: HyperCoreRelayer | null;
}

export function isHyperliquidVenue(venue: Venue | null | undefined): venue is HyperliquidVenue {
  return venue?.id === hyperliquidVenue.id && 'accountExists' in venue;
}

export const hyperliquidVenue: VenueModule = {
  id: 'hyperliquid',
  capabilities: { archetype: 'canonical', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: ['SIGNER_KEY'],
  defaultBaseUrl: 'https://api.hyperliquid.xyz',
  contextSchema: HyperliquidContextSchema,
  sandboxFake: async ({ chains }) => {
    const arbitrum = chains.find((chain) => chain.key === 'arbitrum');
    const { startHyperCoreFake } = await import('./hyperCoreFake.ts');
    return startHyperCoreFake(arbitrum ? { bridge2: { rpcUrl: arbitrum.rpcUrl, usdc: ARBITRUM_USDC, bridge: BRIDGE2_ADDRESS, pollMs: 250 } } : {});
  },
  create: (deps) => createHyperliquidVenue(deps),
};

export function createHyperliquidVenue(deps: VenueDeps): HyperliquidVenue {
  const api = createHyperCoreApi(deps.http);
  const known = new Map<string, { exists: boolean; at: number }>();
  const network: HyperCoreNetwork = deps.credentials.NETWORK?.toLowerCase() === 'testnet' ? 'Testnet' : 'Mainnet';
  const key = deps.credentials.SIGNER_KEY;
  const account = key && /^0x[0-9a-fA-F]{64}$/.test(key) ? privateKeyToAccount(key as Hex) : null;
  const relayer = account ? createRelayer(deps, api, account, network) : null;

  async function accountExists(user: string, call: CallContext): Promise<boolean> {
    const id = user.toLowerCase();
    const cached = known.get(id);
    if (cached && deps.now() - cached.at < ACCOUNT_CACHE_MS) return cached.exists;
    const exists = await api.accountExists(getAddress(id), call);
    // Only a seen account is remembered for long: a new one may be created by any transfer.
    known.set(id, { exists, at: deps.now() });
    return exists;
  }

  async function quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
    if (!relayer) throw new VenueRejection('venue_disabled', 'hyperliquid has no relayer key (STRAIT_VENUE_HYPERLIQUID_SIGNER_KEY)');
    const balance = balanceOf(request.toToken);
    const existed = await accountExists(request.recipient, call).catch(() => false);
    const fee = activationFeeFor(existed);
    // Gross, like every venue's answer: the engine takes the activation fee off after Strait's cuts
    // (engine/hyperCore/settleHyperCoreRows.ts), so it is never scaled by them.
    return {
      amountIn: request.amountIn,
      amountOut: request.amountIn,
      minAmountOut: request.amountIn,
      // Arbitrum inclusion, then the relayer's credit in the next HyperCore block.
      estimatedSeconds: 10,
      expiresAt: null,
      context: { relayer: relayer.address, balance, accountExisted: existed, activationFeeAtomic: fee.toString() },
    };
  }

  return {
    id: hyperliquidVenue.id,
    relayer,
    accountExists,
    supports(corridor) {
      if (corridor.toChain !== 'hypercore' || balanceOf(corridor.toToken) === null) return { served: false, code: 'route_not_served', message: 'hyperliquid credits HyperCore accounts only' };
      return { served: true };
    },
    coverage() {
      return { origins: ['arbitrum'], tokenSymbols: (fromChain, toChain) => (fromChain === 'arbitrum' && toChain === 'hypercore' ? ['USDC'] : []) };
    },
    quote,
    async build({ request, quote: stored }) {
      if (!relayer) throw new VenueRejection('venue_disabled', 'hyperliquid has no relayer key');
      if (request.fromChain !== 'arbitrum' || request.fromToken.address?.toLowerCase() !== ARBITRUM_USDC.toLowerCase()) {
        throw new VenueRejection('route_not_served', 'the relayer is paid in arbitrum USDC; other sources reach it through a venue leg');
      }
      readHyperliquidContext(stored.context);
      const out = request.amountIn;
      return {
        shape: 'steps',
        steps: [{ vm: 'evm', step: 'main', chainId: ARBITRUM_CHAIN_ID, to: ARBITRUM_USDC, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [relayer.address, request.amountIn] }) }],
        approval: null,
        amountOut: out,
        minAmountOut: out,
        context: {},
        tagMain: true,
      };
    },
    /**
     * What the account's ledger shows of the relayer's credit: a read-only view. The worker drives
     * relayer transfers itself, from the credit it stored (engine/hyperCore/advanceRelayerTransfer.ts).
     */
    async status(request, call) {
      const context = readHyperliquidContext(request.context);
      const entries = await api.ledger(getAddress(request.recipient), 0, call);
      const wanted = context.balance === 'spot' ? 'spotTransfer' : 'internalTransfer';
      const entry = entries.find(
        (e) => e.type === wanted && e.user?.toLowerCase() === context.relayer.toLowerCase() && e.destination?.toLowerCase() === request.recipient.toLowerCase() && e.usdcAtomic === request.expectedOut,
      );
      if (!entry) return { state: 'pending', venueStatus: 'awaiting_credit', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: "no credit from Strait's relayer in the account's ledger yet" };
      return { state: 'completed', venueStatus: entry.type, destinationTxHash: entry.hash, receivedAmount: entry.usdcAtomic, receivedAsset: null, detail: `credited by ${entry.type} at ${new Date(entry.time).toISOString()}` };
    },
  };
}

function createRelayer(deps: VenueDeps, api: HyperCoreApi, account: PrivateKeyAccount, network: HyperCoreNetwork): HyperCoreRelayer {
  const sign = (credit: { destination: Address; balance: HyperCoreBalance; amountAtomic: bigint; nonce: number }): Promise<SignedHyperCoreAction> =>
    credit.balance === 'spot'
      ? signSpotSend(account, { network, destination: credit.destination, amountAtomic: credit.amountAtomic, nonce: credit.nonce })
      : signUsdSend(account, { network, destination: credit.destination, amountAtomic: credit.amountAtomic, nonce: credit.nonce });
  let lastNonce = 0;
  const freshNonce = (): number => (lastNonce = Math.max(deps.now(), lastNonce + 1));
  return {
    address: account.address,
    network,
    balances: (call) => api.balances(account.address, call),
    async signCredit(credit) {
      return JSON.stringify(await sign(credit));
    },
    sendSigned: (signedJson, call) => api.send(JSON.parse(signedJson) as SignedHyperCoreAction, call),
    async findCredit(credit, call) {
      const entries = await api.ledger(credit.destination, Math.max(0, credit.since - 60_000), call);
      const wanted = credit.balance === 'spot' ? 'spotTransfer' : 'internalTransfer';
      const amounts = new Set([credit.amountAtomic, credit.amountAtomic - credit.activationFeeAtomic]);
      return (
        entries.find(
          (entry) =>
            entry.type === wanted &&
            entry.user?.toLowerCase() === account.address.toLowerCase() &&
            entry.destination?.toLowerCase() === credit.destination.toLowerCase() &&
            entry.usdcAtomic !== null &&
            amounts.has(entry.usdcAtomic) &&
            entry.time >= credit.since - 60_000 &&
            !credit.exclude.has(entry.hash.toLowerCase()) &&
            (entry.nonce === null || entry.nonce === credit.nonce),
        ) ?? null
      );
    },
    async paidOnArbitrum(txHash) {
      const rpc = deps.evm('arbitrum');
      if (!rpc) throw new Error('no arbitrum RPC configured: the relayer cannot check what it was paid');
      const receipt = await rpc.getTransactionReceipt({ hash: txHash }).catch(() => null);
      if (!receipt) return null;
      if (receipt.status !== 'success') return 0n;
      const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
      return transfers
        .filter((log) => log.address.toLowerCase() === ARBITRUM_USDC.toLowerCase() && log.args.to.toLowerCase() === account.address.toLowerCase())
        .reduce((sum, log) => sum + log.args.value, 0n);
    },
    async ensureSpot(needed, call) {
      const { spot, perps } = await api.balances(account.address, call);
      if (spot >= needed) return;
      const short = needed - spot;
      if (perps < short) return; // the credit then fails on balance and is retried after a top-up
      const outcome = await api.send(await signUsdClassTransfer(account, { network, amountAtomic: short, toPerp: false, nonce: freshNonce() }), call);
      if (outcome.status === 'err') throw new Error(`moving ${short} USDC to spot failed: ${outcome.message}`);
    },
    async topUp() {
      const rpc = deps.evm('arbitrum');
      if (!rpc) return null;
      const held = await rpc.readContract({ address: ARBITRUM_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] });
      // Bridge2 loses a deposit under 5 USDC: wait until there is at least that much.
      if (held < BRIDGE2_MIN_DEPOSIT) return null;
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BRIDGE2_ADDRESS, held] });
      const [nonce, fees, gas] = await Promise.all([
        rpc.getTransactionCount({ address: account.address, blockTag: 'pending' }),
        rpc.estimateFeesPerGas(),
        rpc.estimateGas({ account: account.address, to: ARBITRUM_USDC, data }),
      ]);
      const signed = await account.signTransaction({ chainId: ARBITRUM_CHAIN_ID, type: 'eip1559', to: ARBITRUM_USDC, data, value: 0n, nonce, gas: (gas * 12n) / 10n, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas });
      return rpc.sendRawTransaction({ serializedTransaction: signed });
    },
  };
}
