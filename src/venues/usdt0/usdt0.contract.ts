import { getAddress, type Hex } from 'viem';
import type { ContractCase, RecordedRpcCall, VenueContract } from '../contract/ContractCase.ts';
import { onlyEvmStep } from '../contract/onlyEvmStep.ts';
import { knownToken } from '../fake/testVenueDeps.ts';
import { decodeOftSend } from '../layerzero/oftSend.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { usdt0Chain } from './usdt0Chains.ts';

/**
 * USDT0 against LayerZero Scan's real answers (fixtures/real/SOURCES.json). USDT0 has no quote API:
 * quotes are eth_calls to the source chain's messenger, served here by the runner's JSON-RPC replay
 * (`rpc`, contract/rpcReplay.ts). No recorded answer of the real messengers was found, so the priced
 * row, the refusals the messenger decides (NoPeer, its limits, another token) and the build read
 * synthetic node answers: anvil's answers for the stand-ins at the real addresses
 * (fixtures/synthetic/SOURCES.json; the same stand-ins usdt0Venue.test.ts and usdt0Transfer.test.ts
 * run). That is why `usdt0` is not registered yet: test/venueContract.test.ts requires a quote case
 * that read fixtures/real/. The refusals that need no chain (no RPC, a token or route USDT0 does not
 * serve) need no answer at all.
 */

const RECIPIENT = '0x4444444444444444444444444444444444444444';
const SENDER = '0x5555555555555555555555555555555555555555';

const usdtOn = (chain: string) => ({ chain, symbol: 'USDT', address: usdt0Chain(chain)!.token, decimals: 6 }) as VenueQuoteRequest['fromToken'];

function quoteRequest(fromChain: string, toChain: string, overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest {
  return { fromChain, toChain, fromToken: overrides.fromToken ?? usdtOn(fromChain), toToken: overrides.toToken ?? usdtOn(toChain), amountIn: 1_500_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides };
}

const statusRequest: VenueStatusRequest = {
  fromChain: 'arbitrum',
  toChain: 'ethereum',
  toToken: usdtOn('ethereum'),
  sourceTxHash: `0x${'ab'.repeat(32)}`,
  recipient: RECIPIENT,
  amountIn: 1_500_000_000n,
  expectedOut: 1_500_000_000n,
  context: { srcEid: 30110, dstEid: 30101, messenger: usdt0Chain('arbitrum')!.messenger, amountLD: '1500000000', minAmountLD: '1500000000', nativeFee: '84000000000000' },
};

const ARBITRUM_MESSENGER = usdt0Chain('arbitrum')!.messenger;
const ETHEREUM_MESSENGER = usdt0Chain('ethereum')!.messenger;
const LZ_FEE = 84_000_000_000_000n;

/** One recorded `eth_call` answer of a messenger (by selector: token, sharedDecimals, quoteOFT, quoteSend). */
function messengerCall(chain: 'arbitrum' | 'ethereum', selector: Hex, file: string): RecordedRpcCall {
  return { chain, method: 'eth_call', to: chain === 'arbitrum' ? ARBITRUM_MESSENGER : ETHEREUM_MESSENGER, selector, answer: { file } };
}
const TOKEN = '0xfc0c546a';
const SHARED_DECIMALS = '0x857749b0';
const QUOTE_OFT = '0x0d35b415';
const QUOTE_SEND = '0x3b6f743b';
const arbitrumMessenger = (quoteOft: string): RecordedRpcCall[] => [
  messengerCall('arbitrum', TOKEN, 'synthetic/rpc-arbitrum-token.json'),
  messengerCall('arbitrum', SHARED_DECIMALS, 'synthetic/rpc-arbitrum-shared-decimals.json'),
  messengerCall('arbitrum', QUOTE_OFT, quoteOft),
  messengerCall('arbitrum', QUOTE_SEND, 'synthetic/rpc-arbitrum-quote-send.json'),
];

const storedQuote: VenueQuote = {
  amountIn: 1_500_000_000n,
  amountOut: 1_500_000_000n,
  minAmountOut: 1_500_000_000n,
  estimatedSeconds: 60,
  expiresAt: 1_767_225_660_000,
  context: statusRequest.context,
};

const scanAnswer = (file: string) => [{ method: 'GET' as const, path: /^\/messages\/tx\/0x[0-9a-f]{64}$/, answer: { file } }];

const cases: ContractCase[] = [
  {
    name: "Arbitrum → Ethereum priced from the messenger's quoteOFT and quoteSend: the amount delivered is the floor, the LayerZero fee in the context",
    routes: [],
    rpc: arbitrumMessenger('synthetic/rpc-arbitrum-quote-oft.json'),
    call: { kind: 'quote', request: quoteRequest('arbitrum', 'ethereum') },
    now: 1_767_225_600_000,
    expect: {
      kind: 'row',
      amountOut: 1_500_000_000n,
      minAmountOut: 1_500_000_000n,
      estimatedSeconds: 60,
      expiresAt: 1_767_225_660_000,
      check: (quote) => {
        if (quote.context.nativeFee !== LZ_FEE.toString() || quote.context.dstEid !== 30101) throw new Error(`context ${JSON.stringify(quote.context)}`);
      },
    },
  },
  {
    name: 'a NoPeer revert of quoteOFT (no messenger on the destination endpoint) is route_not_served',
    routes: [],
    rpc: arbitrumMessenger('synthetic/rpc-arbitrum-quote-oft-no-peer.json'),
    call: { kind: 'quote', request: quoteRequest('arbitrum', 'unichain') },
    expect: { kind: 'rejection', code: 'route_not_served' },
  },
  {
    name: "below the messenger's OFTLimit.minAmountLD: below_min with the limit",
    routes: [],
    rpc: arbitrumMessenger('synthetic/rpc-arbitrum-quote-oft-limits.json'),
    call: { kind: 'quote', request: quoteRequest('arbitrum', 'ethereum', { amountIn: 999_999n }) },
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '1000000' } },
  },
  {
    name: "a messenger whose token() names another token than the table's is venue_bad_response, never priced",
    routes: [],
    // Ethereum's adapter answering with Arbitrum's USDT0 address, as a wrong table row would read.
    rpc: [
      messengerCall('ethereum', TOKEN, 'synthetic/rpc-arbitrum-token.json'),
      messengerCall('ethereum', SHARED_DECIMALS, 'synthetic/rpc-arbitrum-shared-decimals.json'),
      messengerCall('ethereum', QUOTE_OFT, 'synthetic/rpc-arbitrum-quote-oft.json'),
    ],
    call: { kind: 'quote', request: quoteRequest('ethereum', 'arbitrum') },
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: "the build reads the messenger again and sends to it with the fee as value; the OFT burns the caller's USDT0, so no approval",
    routes: [],
    rpc: arbitrumMessenger('synthetic/rpc-arbitrum-quote-oft.json'),
    call: { kind: 'build', request: { request: quoteRequest('arbitrum', 'ethereum'), quote: storedQuote } },
    expect: {
      kind: 'plan',
      check: (plan) => {
        const { step, approval } = onlyEvmStep(plan, { to: getAddress(ARBITRUM_MESSENGER), chainId: 42161, value: LZ_FEE });
        const send = decodeOftSend(step.data as Hex);
        if (send === null || send.dstEid !== 30101 || send.amountLD !== 1_500_000_000n || send.minAmountLD !== 1_500_000_000n || send.refundAddress.toLowerCase() !== SENDER) throw new Error(`send ${JSON.stringify(send, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
        if (approval !== null || plan.shape !== 'steps' || plan.nativeFee !== LZ_FEE) throw new Error('no approval, the fee declared as the native fee');
      },
    },
  },
  {
    name: 'no RPC for the source chain: venue_disabled naming the chain, never a guessed price',
    routes: [],
    call: { kind: 'quote', request: quoteRequest('arbitrum', 'ethereum') },
    expect: { kind: 'rejection', code: 'venue_disabled', details: { chain: 'arbitrum', reason: 'no_rpc' } },
  },
  {
    name: "OP Mainnet's legacy bridged USDT is not USDT0: token_not_supported",
    routes: [],
    call: { kind: 'quote', request: quoteRequest('arbitrum', 'optimism', { toToken: knownToken('optimism', 'USDT') }) },
    expect: { kind: 'rejection', code: 'token_not_supported' },
  },
  {
    name: 'a chain without a USDT0 messenger: route_not_served',
    routes: [],
    call: { kind: 'quote', request: quoteRequest('ethereum', 'base', { toToken: knownToken('base', 'USDC') }) },
    expect: { kind: 'rejection', code: 'route_not_served' },
  },
  {
    name: 'a real in-flight OFT message (INFLIGHT, destination WAITING without tx) is pending',
    routes: scanAnswer('real/scan-messages-latest-inflight-oft.json'),
    call: { kind: 'status', request: statusRequest },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, unrecognized: false },
  },
  {
    name: 'a real DELIVERED answer completes with its destination tx; its payload (a Stargate taxi) pays no OFT recipient, so no amount is claimed',
    routes: scanAnswer('real/scan-messages-tx-delivered-stargate-sepolia.json'),
    call: { kind: 'status', request: statusRequest },
    expect: { kind: 'status', state: 'completed', receivedAmount: null, destinationTxHash: '0xbb879586c6c36a898bbcd9a8f2bfe0f8caa55c035e21bb9da4b06177c138b2d8' },
  },
  {
    name: 'a USDT0 message DELIVERED to the recipient: completed with the amount its OFT message carries',
    routes: scanAnswer('synthetic/scan-messages-tx-usdt0-delivered.json'),
    call: { kind: 'status', request: statusRequest },
    expect: { kind: 'status', state: 'completed', destinationTxHash: `0x${'dd'.repeat(32)}`, receivedAmount: 1_500_000_000n },
  },
  {
    name: 'DELIVERED to someone else: completed, no amount claimed for the recipient',
    routes: scanAnswer('synthetic/scan-messages-tx-usdt0-delivered-other-recipient.json'),
    call: { kind: 'status', request: statusRequest },
    expect: { kind: 'status', state: 'completed', receivedAmount: null },
  },
  {
    name: 'INFLIGHT USDT0 message is pending',
    routes: scanAnswer('synthetic/scan-messages-tx-usdt0-inflight.json'),
    call: { kind: 'status', request: statusRequest },
    expect: { kind: 'status', state: 'pending' },
  },
  {
    name: 'PAYLOAD_STORED stays pending (delivery can be retried)',
    routes: scanAnswer('synthetic/scan-messages-tx-usdt0-payload-stored.json'),
    call: { kind: 'status', request: statusRequest },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null },
  },
  {
    name: 'FAILED is failed',
    routes: scanAnswer('synthetic/scan-messages-tx-usdt0-failed.json'),
    call: { kind: 'status', request: statusRequest },
    expect: { kind: 'status', state: 'failed' },
  },
  {
    name: 'an unknown status value is pending and flagged',
    routes: scanAnswer('synthetic/scan-messages-tx-usdt0-unknown-status.json'),
    call: { kind: 'status', request: statusRequest },
    expect: { kind: 'status', state: 'pending', unrecognized: true },
  },
];

export const contract: VenueContract = { venue: 'usdt0', cases };
