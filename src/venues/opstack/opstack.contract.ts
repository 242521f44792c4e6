import type { ContractCase, RecordedRpcCall, VenueContract } from '../contract/ContractCase.ts';
import { knownToken } from '../fake/testVenueDeps.ts';
import type { VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { opStackChain } from './opstackChains.ts';

/**
 * The OP Stack Standard Bridge against JSON-RPC answers real nodes gave (fixtures/real/SOURCES.json):
 * rotki's recorded traffic (VCR cassettes of Etherscan's `module=proxy`, which relays its node's
 * whole JSON-RPC response) holds an Ethereum block, a real Ethereum → Base ETH deposit receipt with
 * Base's portal `TransactionDeposited`, and a real Base → Ethereum ETH withdrawal receipt with its
 * `MessagePassed`. The bridge has no API: everything is read over the runner's JSON-RPC replay
 * (contract/rpcReplay.ts). The portal reads (`paused`, `finalizedWithdrawals`) and the L2 receipt of
 * the recorded deposit were not found recorded; they are synthetic, derived from real answers
 * (fixtures/synthetic/SOURCES.json).
 */

const BASE = opStackChain('base')!;
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';

/** Block 16 440 584's base fee (the real block the quote cases serve as the latest). */
const BASE_FEE = 0x342c5fa5dn;

/** The real deposit 0xe5e26e70…: L1StandardBridge.bridgeETHTo of 2 ETH to 0x6D376A58… on Base. */
const DEPOSIT = { hash: '0xe5e26e70a257ca733042d8cbbc4764737d115016892e440ad6cea43933a655d7', recipient: '0x6D376A5863324489BD65AB2cc8E24d6cE3775848', amount: 2_000_000_000_000_000_000n } as const;
/** The Base deposit transaction its TransactionDeposited log derives (viem getL2TransactionHash). */
const DEPOSIT_L2_HASH = '0x8df52fb6950856b9a9cbdae0159051feab8b8d0761338b461a69d284db6615d5';
/** The real withdrawal 0xe451ca09…: L2StandardBridge.withdraw of 133.00839331231264871 ETH by (and to) 0x6730b1df… on Ethereum. */
const WITHDRAWAL = { hash: '0xe451ca095dd9d48f6558a226fc6cc9b28d19f39080545db63b8ba9410fe3df3e', recipient: '0x6730b1df17e50217777eee475e34815964e3bfb2', amount: 133_008_393_312_312_648_710n } as const;

const PAUSED = '0x5c975abb';
const FINALIZED_WITHDRAWALS = '0xa14238e7';

const rpc = (chain: 'ethereum' | 'base' | 'optimism', method: string, file: string, call: { to?: string; selector?: string; params?: readonly unknown[] } = {}): RecordedRpcCall => ({ chain, method, ...call, answer: { file } });
const latestBlock = rpc('ethereum', 'eth_getBlockByNumber', 'real/rpc-ethereum-block-16440584.json');
const portalPaused = (paused: boolean) => rpc('ethereum', 'eth_call', `synthetic/rpc-ethereum-portal-paused-${paused}.json`, { to: BASE.portal, selector: PAUSED });
// Receipts answer only the transaction they were recorded (or derived) for: the L2 one proves the adapter asked for the derived hash.
const depositReceipt = rpc('ethereum', 'eth_getTransactionReceipt', 'real/rpc-ethereum-receipt-deposit-eth-base.json', { params: [DEPOSIT.hash] });
const withdrawalReceipt = rpc('base', 'eth_getTransactionReceipt', 'real/rpc-base-receipt-withdraw-eth.json', { params: [WITHDRAWAL.hash] });
const baseReceipt = (file: string) => rpc('base', 'eth_getTransactionReceipt', file, { params: [DEPOSIT_L2_HASH] });

function quoteRequest(fromChain: 'ethereum' | 'base', overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest {
  const toChain = fromChain === 'ethereum' ? 'base' : 'ethereum';
  return { fromChain, toChain, fromToken: knownToken(fromChain, null), toToken: knownToken(toChain, null), amountIn: 1_000_000_000_000_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides };
}

const depositStatus = (l2Chain: 'base' | 'optimism' = 'base'): VenueStatusRequest => ({
  fromChain: 'ethereum',
  toChain: l2Chain,
  toToken: knownToken(l2Chain, null),
  sourceTxHash: DEPOSIT.hash,
  recipient: DEPOSIT.recipient,
  amountIn: DEPOSIT.amount,
  expectedOut: DEPOSIT.amount,
  context: { direction: 'deposit', l2Chain, amount: DEPOSIT.amount.toString(), sourceGas: '200000' },
});

const withdrawalStatus = (recipient: string = WITHDRAWAL.recipient): VenueStatusRequest => ({
  fromChain: 'base',
  toChain: 'ethereum',
  toToken: knownToken('ethereum', null),
  sourceTxHash: WITHDRAWAL.hash,
  recipient,
  amountIn: WITHDRAWAL.amount,
  expectedOut: WITHDRAWAL.amount,
  context: { direction: 'withdrawal', l2Chain: 'base', amount: WITHDRAWAL.amount.toString(), sourceGas: '150000', proveGas: '500000', finalizeGas: '300000' },
});

function expectVenueStatus(actual: string, expected: string): void {
  if (actual !== expected) throw new Error(`venueStatus ${actual}, expected ${expected}`);
}

const cases: ContractCase[] = [
  {
    name: "an ETH deposit to Base: 1:1, the portal not paused, the deposit transaction's cost at a real Ethereum block's base fee in the context",
    routes: [],
    rpc: [latestBlock, portalPaused(false)],
    call: { kind: 'quote', request: quoteRequest('ethereum') },
    now: 1_767_225_600_000,
    expect: {
      kind: 'row',
      amountOut: 1_000_000_000_000_000_000n,
      minAmountOut: 1_000_000_000_000_000_000n,
      estimatedSeconds: 180,
      expiresAt: 1_767_226_200_000,
      check: (quote) => {
        const context = quote.context as Record<string, unknown>;
        if (context.sourceFeeEstimate !== (200_000n * BASE_FEE).toString() || context.sourceGas !== '200000' || quote.claim !== undefined) throw new Error(`context ${JSON.stringify(context)}`);
      },
    },
  },
  {
    name: "an ETH withdrawal from Base: 1:1, the prove-and-finalize claim on the row and its cost at the real block's base fee",
    routes: [],
    rpc: [latestBlock, portalPaused(false)],
    call: { kind: 'quote', request: quoteRequest('base') },
    now: 1_767_225_600_000,
    expect: {
      kind: 'row',
      amountOut: 1_000_000_000_000_000_000n,
      estimatedSeconds: 7 * 86_400 + 3_600,
      check: (quote) => {
        const context = quote.context as Record<string, unknown>;
        if (context.claimFeeEstimate !== (800_000n * BASE_FEE).toString()) throw new Error(`context ${JSON.stringify(context)}`);
        if (quote.claim?.chain !== 'ethereum' || quote.claim.actions.join() !== 'prove,finalize' || quote.claim.signer !== 'anyone') throw new Error(`claim ${JSON.stringify(quote.claim)}`);
      },
    },
  },
  {
    name: "a paused portal starts nothing: no_liquidity",
    routes: [],
    rpc: [latestBlock, portalPaused(true)],
    call: { kind: 'quote', request: quoteRequest('ethereum') },
    expect: { kind: 'rejection', code: 'no_liquidity' },
  },
  {
    name: 'no Ethereum RPC: venue_disabled naming the chain, never an unchecked row',
    routes: [],
    call: { kind: 'quote', request: quoteRequest('ethereum') },
    expect: { kind: 'rejection', code: 'venue_disabled', details: { chain: 'ethereum', reason: 'no_rpc' } },
  },
  {
    name: "Circle's native USDC on Base is not the bridge's token: token_not_supported",
    routes: [],
    call: { kind: 'quote', request: quoteRequest('ethereum', { fromToken: knownToken('ethereum', 'USDC'), toToken: knownToken('base', 'USDC') }) },
    expect: { kind: 'rejection', code: 'token_not_supported' },
  },
  {
    name: "a real Ethereum → Base deposit receipt, no Base RPC: deposited, pending, naming the L2 deposit its TransactionDeposited derives",
    routes: [],
    rpc: [depositReceipt],
    call: { kind: 'status', request: depositStatus() },
    expect: {
      kind: 'status',
      state: 'pending',
      destinationTxHash: null,
      check: (status) => {
        expectVenueStatus(status.venueStatus, 'l2_unknown');
        if (!status.detail?.includes(DEPOSIT_L2_HASH)) throw new Error(`detail ${status.detail}`);
      },
    },
  },
  {
    name: 'the real deposit before Base includes its deposit transaction: pending',
    routes: [],
    rpc: [depositReceipt, baseReceipt('synthetic/rpc-base-receipt-null.json')],
    call: { kind: 'status', request: depositStatus() },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, check: (status) => expectVenueStatus(status.venueStatus, 'l2_pending') },
  },
  {
    name: "the real deposit relayed on Base (a deposit transaction's receipt with RelayedMessage): completed, the L2 deposit its destination",
    routes: [],
    rpc: [depositReceipt, baseReceipt('synthetic/rpc-base-receipt-deposit-relayed.json')],
    call: { kind: 'status', request: depositStatus() },
    expect: { kind: 'status', state: 'completed', destinationTxHash: DEPOSIT_L2_HASH, receivedAmount: DEPOSIT.amount },
  },
  {
    name: "the real deposit's relay failed on Base (FailedRelayedMessage): failed, replayable on the L2",
    routes: [],
    rpc: [depositReceipt, baseReceipt('synthetic/rpc-base-receipt-deposit-relay-failed.json')],
    call: { kind: 'status', request: depositStatus() },
    expect: { kind: 'status', state: 'failed', destinationTxHash: DEPOSIT_L2_HASH, check: (status) => expectVenueStatus(status.venueStatus, 'l2_relay_failed') },
  },
  {
    name: "the real Base deposit read as an OP Mainnet transfer: OP's portal made no deposit in it, failed",
    routes: [],
    rpc: [depositReceipt],
    call: { kind: 'status', request: depositStatus('optimism') },
    expect: { kind: 'status', state: 'failed', check: (status) => expectVenueStatus(status.venueStatus, 'no_deposit') },
  },
  {
    name: "a real Base withdrawal receipt's MessagePassed, finalized on Ethereum: completed with the amount",
    routes: [],
    rpc: [withdrawalReceipt, rpc('ethereum', 'eth_call', 'synthetic/rpc-ethereum-portal-finalized-true.json', { to: BASE.portal, selector: FINALIZED_WITHDRAWALS })],
    call: { kind: 'status', request: withdrawalStatus() },
    expect: { kind: 'status', state: 'completed', receivedAmount: WITHDRAWAL.amount, check: (status) => expectVenueStatus(status.venueStatus, 'finalized') },
  },
  {
    name: 'the real withdrawal, no Ethereum RPC: withdrawn on Base, the claim waits',
    routes: [],
    rpc: [withdrawalReceipt],
    call: { kind: 'status', request: withdrawalStatus() },
    expect: { kind: 'status', state: 'pending', check: (status) => { if (status.claim?.status !== 'waiting' || status.claim.steps.length !== 0) throw new Error(`claim ${JSON.stringify(status.claim)}`); } },
  },
  {
    name: "the real withdrawal checked for another recipient: not this transfer's withdrawal, failed, no claim",
    routes: [],
    rpc: [withdrawalReceipt],
    call: { kind: 'status', request: withdrawalStatus(RECIPIENT) },
    expect: { kind: 'status', state: 'failed', check: (status) => expectVenueStatus(status.venueStatus, 'no_withdrawal') },
  },
];

export const contract: VenueContract = { venue: 'opstack', cases };
