import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import { knownToken } from '../fake/testVenueDeps.ts';
import type { VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { usdt0Chain } from './usdt0Chains.ts';

/**
 * USDT0 against LayerZero Scan's real answers (fixtures/real/SOURCES.json). USDT0 has no quote API:
 * quotes are eth_calls to the source chain's messenger, which the contract runner does not provide
 * (its `evm` answers null), so the quote cases here prove the refusals that need no chain — no RPC for
 * the source chain, a token or route USDT0 does not serve. The priced row, its limits and the built
 * `send` are proven on anvil with stand-ins at the real addresses (usdt0Venue.test.ts,
 * usdt0Transfer.test.ts). No recorded real `quoteOFT`/`quoteSend` answer was found.
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

const scanAnswer = (file: string) => [{ method: 'GET' as const, path: /^\/messages\/tx\/0x[0-9a-f]{64}$/, answer: { file } }];

const cases: ContractCase[] = [
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
