import type { ContractCase, RecordedRpcCall, VenueContract } from '../contract/ContractCase.ts';
import { knownToken } from '../fake/testVenueDeps.ts';
import type { VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { CONFIRM_PERIOD_BLOCKS, INBOX, OUTBOX } from './arbitrumChains.ts';

/**
 * Arbitrum's native bridge against JSON-RPC answers real nodes gave (fixtures/real/SOURCES.json):
 * rotki's recorded traffic (VCR cassettes of Etherscan's `module=proxy`, which relays its node's
 * whole JSON-RPC response) holds an Ethereum block, a real Arbitrum One `ArbSys.withdrawEth`
 * receipt with its `L2ToL1Tx`, and a real Ethereum `depositEth` receipt. The bridge has no API:
 * everything is read over the runner's JSON-RPC replay (contract/rpcReplay.ts). The Inbox's
 * submission fee, Arbitrum's gas price and the Outbox reads were not found recorded; they are
 * synthetic answers computed from the real ones (fixtures/synthetic/SOURCES.json).
 */

const RECIPIENT = '0x2222222222222222222222222222222222222222';
const SENDER = '0x1111111111111111111111111111111111111111';

/** The real withdrawal (0xdb8e29f2…): 98.347591230481410000 ETH from and to 0x5ea45c8e…, L2→L1 message 82576. */
const WITHDRAWAL = {
  hash: '0xdb8e29f27a7b7b416f168e8135347703268a142b6776503e26419dbfc43bcabf',
  recipient: '0x5ea45c8e36704d7f4053bb0e23cdd96e4d8b80f7',
  amount: 98_347_591_230_481_410_000n,
  timestamp: 0x649ef894,
} as const;
/** The real deposit (0xbe5b7471…): Inbox.depositEth, Bridge message kind 12. */
const DEPOSIT_HASH = '0xbe5b747193c68a7d1844053996e1a27a1279a4f1743f4b9a00e5a14152ee8641';
/** Block 16 440 584's base fee (real block) and Arbitrum's 0.1 gwei floor (the real receipts' effectiveGasPrice). */
const BASE_FEE = 0x342c5fa5dn;
const ARBITRUM_GAS_PRICE = 100_000_000n;

const CALCULATE_RETRYABLE_SUBMISSION_FEE = '0xa66b327d';
const IS_SPENT = '0x5a129efe';

const rpc = (chain: 'ethereum' | 'arbitrum', method: string, file: string, call: { to?: string; selector?: string; params?: readonly unknown[] } = {}): RecordedRpcCall => ({ chain, method, ...call, answer: { file } });
const ethereumBlock = rpc('ethereum', 'eth_getBlockByNumber', 'real/rpc-ethereum-block-16440584.json');
const arbitrumGasPrice = rpc('arbitrum', 'eth_gasPrice', 'synthetic/rpc-arbitrum-gas-price.json');
const submissionFee = rpc('ethereum', 'eth_call', 'synthetic/rpc-ethereum-inbox-submission-fee.json', { to: INBOX, selector: CALCULATE_RETRYABLE_SUBMISSION_FEE });
const withdrawalReceipt = rpc('arbitrum', 'eth_getTransactionReceipt', 'real/rpc-arbitrum-receipt-withdraw-eth.json', { params: [WITHDRAWAL.hash] });
const isSpent = (spent: boolean) => rpc('ethereum', 'eth_call', `synthetic/rpc-ethereum-outbox-is-spent-${spent}.json`, { to: OUTBOX, selector: IS_SPENT });

function quoteRequest(fromChain: 'ethereum' | 'arbitrum', amountIn: bigint): VenueQuoteRequest {
  const toChain = fromChain === 'ethereum' ? 'arbitrum' : 'ethereum';
  return { fromChain, toChain, fromToken: knownToken(fromChain, null), toToken: knownToken(toChain, null), amountIn, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null };
}

const withdrawalStatus: VenueStatusRequest = {
  fromChain: 'arbitrum',
  toChain: 'ethereum',
  toToken: knownToken('ethereum', null),
  sourceTxHash: WITHDRAWAL.hash,
  recipient: WITHDRAWAL.recipient,
  amountIn: WITHDRAWAL.amount,
  expectedOut: WITHDRAWAL.amount,
  context: { direction: 'withdrawal', claimGas: '200000', claimFeeEstimate: '0' },
};

const depositStatus: VenueStatusRequest = {
  fromChain: 'ethereum',
  toChain: 'arbitrum',
  toToken: knownToken('arbitrum', null),
  sourceTxHash: DEPOSIT_HASH,
  recipient: '0x4e7df0fda2d203f5dfbaa34b9fb64dde5133196e',
  amountIn: 8_374_552_015_335_015n,
  expectedOut: 8_374_552_015_335_015n,
  context: { direction: 'deposit', maxSubmissionCost: '0', gasLimit: '100000', maxFeePerGas: '0', retryableFee: '0' },
};

const submission = 1400n * BASE_FEE * 4n;
const maxFeePerGas = ARBITRUM_GAS_PRICE * 6n;

const cases: ContractCase[] = [
  {
    name: "an ETH deposit is priced from a real Ethereum block's base fee: the Inbox's submission fee ×4 and Arbitrum's gas price ×6 make the ticket fee, the amount arrives 1:1",
    routes: [],
    rpc: [ethereumBlock, submissionFee, arbitrumGasPrice],
    call: { kind: 'quote', request: quoteRequest('ethereum', 1_000_000_000_000_000_000n) },
    now: 1_767_225_600_000,
    expect: {
      kind: 'row',
      amountOut: 1_000_000_000_000_000_000n,
      minAmountOut: 1_000_000_000_000_000_000n,
      estimatedSeconds: 900,
      expiresAt: 1_767_225_660_000,
      check: (quote) => {
        const context = quote.context as Record<string, unknown>;
        const expected = { maxSubmissionCost: submission.toString(), gasLimit: '100000', maxFeePerGas: maxFeePerGas.toString(), retryableFee: (submission + 100_000n * maxFeePerGas).toString() };
        for (const [key, value] of Object.entries(expected)) if (context[key] !== value) throw new Error(`context.${key} ${String(context[key])}, expected ${value}`);
      },
    },
  },
  {
    name: 'no Arbitrum RPC: venue_disabled naming the chain, never a guessed ticket',
    routes: [],
    rpc: [ethereumBlock],
    call: { kind: 'quote', request: quoteRequest('ethereum', 1_000_000_000_000_000_000n) },
    expect: { kind: 'rejection', code: 'venue_disabled', details: { chain: 'arbitrum', reason: 'no_rpc' } },
  },
  {
    name: 'native USDC on Arbitrum is not a gateway token: token_not_supported',
    routes: [],
    call: { kind: 'quote', request: { ...quoteRequest('ethereum', 1_000_000n), fromToken: knownToken('ethereum', 'USDC'), toToken: knownToken('arbitrum', 'USDC') } },
    expect: { kind: 'rejection', code: 'token_not_supported' },
  },
  {
    name: "a real withdrawEth receipt's L2ToL1Tx, executed by the Outbox: completed with the amount",
    routes: [],
    rpc: [withdrawalReceipt, isSpent(true)],
    call: { kind: 'status', request: withdrawalStatus },
    expect: { kind: 'status', state: 'completed', receivedAmount: WITHDRAWAL.amount, check: (status) => expectVenueStatus(status.venueStatus, 'EXECUTED') },
  },
  {
    name: 'the same real withdrawal before the rollup confirmed its block: UNCONFIRMED, the claim waits until the challenge period ends',
    routes: [],
    rpc: [withdrawalReceipt, isSpent(false), rpc('ethereum', 'eth_blockNumber', 'synthetic/rpc-ethereum-block-number.json'), rpc('ethereum', 'eth_getLogs', 'synthetic/rpc-ethereum-logs-empty.json')],
    call: { kind: 'status', request: withdrawalStatus },
    expect: {
      kind: 'status',
      state: 'pending',
      destinationTxHash: null,
      check: (status) => {
        expectVenueStatus(status.venueStatus, 'UNCONFIRMED');
        const claimableAt = (WITHDRAWAL.timestamp + CONFIRM_PERIOD_BLOCKS * 12 + 3_600) * 1000;
        if (status.claim?.status !== 'waiting' || status.claim.claimableAt !== claimableAt || status.claim.steps.length !== 0) throw new Error(`claim ${JSON.stringify(status.claim)}`);
      },
    },
  },
  {
    name: "the real withdrawal checked for another recipient: not this transfer's message, no claim handed out",
    routes: [],
    // The Ethereum entry only gives the adapter an Ethereum client: nothing on Ethereum is read.
    rpc: [withdrawalReceipt, isSpent(false)],
    call: { kind: 'status', request: { ...withdrawalStatus, recipient: RECIPIENT } },
    expect: { kind: 'status', state: 'pending', check: (status) => { if (status.claim?.steps.length !== 0) throw new Error('a claim step for a message of someone else'); } },
  },
  {
    name: 'a real Inbox.depositEth receipt (Bridge message kind 12) opens no retryable ticket: none is followed',
    routes: [],
    // The Arbitrum entry only gives the adapter an Arbitrum client: no ticket is looked up there.
    rpc: [rpc('ethereum', 'eth_getTransactionReceipt', 'real/rpc-ethereum-receipt-deposit-eth.json', { params: [DEPOSIT_HASH] }), arbitrumGasPrice],
    call: { kind: 'status', request: depositStatus },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, check: (status) => expectVenueStatus(status.venueStatus, 'NOT_YET_CREATED') },
  },
];

function expectVenueStatus(actual: string, expected: string): void {
  if (actual !== expected) throw new Error(`venueStatus ${actual}, expected ${expected}`);
}

export const contract: VenueContract = { venue: 'arbitrum', cases };
