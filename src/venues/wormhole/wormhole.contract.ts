import { decodeFunctionData } from 'viem';
import type { ContractCase, RecordedRpcCall, VenueContract } from '../contract/ContractCase.ts';
import { knownToken } from '../fake/testVenueDeps.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { tokenBridgeAbi, wormholeChain } from './wormholeChains.ts';
import { universalAddress } from './wormholeVaa.ts';

/**
 * Portal against Wormholescan's real answers (fixtures/real/SOURCES.json): operations recorded live by
 * an integrator, a signed VAA from Wormhole's own Rust SDK, and the Governor's documented answer.
 * Quotes are priced on chain (`wrappedAsset`, `messageFee`): those node answers are synthetic, and
 * the Governor's real answer decides the ETA. The recorded operations are other chains' and other
 * apps' messages, so they prove the adapter reads the real shapes and hands nothing out for a
 * message that is not the transfer's; the redemption statuses are synthetic variants of them.
 */

const NOW = 1_767_225_600_000;
const RECIPIENT = '0x9999999999999999999999999999999999999999';
const WRAPPED_BASE_USDC_ON_ARBITRUM = '0x16843eF26d6FAaDb103623EcfaEFAc950D00984a';
const governor = (file = 'real/governor-available-notional-docs.json') => [{ method: 'GET' as const, path: '/v1/governor/available_notional_by_chain', answer: { file } }];
const operations = (file: string) => [{ method: 'GET' as const, path: '/api/v1/operations', answer: { file } }];

const wrappedOn = (chain: string): TokenInfo => ({ chain, symbol: 'USDC', address: WRAPPED_BASE_USDC_ON_ARBITRUM, decimals: 6 }) as TokenInfo;

function quoteRequest(fromChain: string, amountIn: bigint, toToken: TokenInfo = wrappedOn('arbitrum'), fromSymbol = 'USDC'): VenueQuoteRequest {
  return { fromChain, toChain: 'arbitrum', fromToken: knownToken(fromChain, fromSymbol), toToken, amountIn, sender: RECIPIENT, recipient: RECIPIENT, userIp: null, integratorFee: null } as VenueQuoteRequest;
}

function chainReads(fromChain: string, wrappedFile = 'synthetic/rpc-arbitrum-wrapped-asset.json'): RecordedRpcCall[] {
  const from = wormholeChain(fromChain)!;
  const to = wormholeChain('arbitrum')!;
  return [
    { chain: 'arbitrum', method: 'eth_call', to: to.tokenBridge, selector: '0x1ff1e286', answer: { file: wrappedFile } },
    { chain: from.key, method: 'eth_call', to: from.core, selector: '0x1a90a219', answer: { file: 'synthetic/rpc-message-fee-zero.json' } },
  ];
}

const baseContext = {
  fromWhChain: 30,
  toWhChain: 23,
  token: knownToken('base', 'USDC').address!,
  tokenDecimals: 6,
  bridgedAmount: '250000000',
  normalizedAmount: '250000000',
  messageFee: '0',
  wrappedToken: WRAPPED_BASE_USDC_ON_ARBITRUM,
};

const builtQuote: VenueQuote = { amountIn: 250_000_000n, amountOut: 250_000_000n, minAmountOut: 250_000_000n, estimatedSeconds: 1_260, expiresAt: NOW + 60_000, context: baseContext };

function statusRequest(): VenueStatusRequest {
  return { fromChain: 'base', toChain: 'arbitrum', toToken: wrappedOn('arbitrum'), sourceTxHash: `0x${'7c'.repeat(32)}`, recipient: RECIPIENT, amountIn: 250_000_000n, expectedOut: 250_000_000n, context: { ...baseContext, recipient: universalAddress(RECIPIENT) } };
}

const cases: ContractCase[] = [
  {
    name: "Base USDC → its Portal-wrapped asset on arbitrum: out = the amount (6 decimals travel whole), the Governor's documented answer does not govern Base",
    routes: governor(),
    rpc: chainReads('base'),
    call: { kind: 'quote', request: quoteRequest('base', 250_000_000n) },
    now: NOW,
    expect: {
      kind: 'row',
      amountOut: 250_000_000n,
      minAmountOut: 250_000_000n,
      estimatedSeconds: 1_260,
      expiresAt: NOW + 60_000,
      check: (quote) => {
        if (quote.claim?.actions[0] !== 'completeTransfer' || quote.claim.chain !== 'arbitrum') throw new Error(`claim ${JSON.stringify(quote.claim)}`);
        if (quote.context.wrappedToken !== WRAPPED_BASE_USDC_ON_ARBITRUM || quote.context.messageFee !== '0') throw new Error(JSON.stringify(quote.context));
      },
    },
  },
  {
    name: "Ethereum USDC above the Governor's documented big-transaction size (10,000 USD on chain 2) adds the Governor's 24 h to the ETA",
    routes: governor(),
    rpc: chainReads('ethereum'),
    call: { kind: 'quote', request: quoteRequest('ethereum', 20_000_000_000n) },
    now: NOW,
    expect: { kind: 'row', amountOut: 20_000_000_000n, estimatedSeconds: 1_100 + 60 + 86_400 },
  },
  {
    name: 'a token never attested on the destination (wrappedAsset answers zero) is not carried',
    routes: governor(),
    rpc: chainReads('base', 'synthetic/rpc-arbitrum-wrapped-asset-none.json'),
    call: { kind: 'quote', request: quoteRequest('base', 250_000_000n) },
    expect: { kind: 'rejection', code: 'token_not_supported' },
  },
  {
    name: "arbitrum's native USDC as destination is not what Portal delivers: the wrapped asset's address is in the rejection",
    routes: governor(),
    rpc: chainReads('base'),
    call: { kind: 'quote', request: quoteRequest('base', 250_000_000n, knownToken('arbitrum', 'USDC')) },
    expect: { kind: 'rejection', code: 'token_not_supported', details: { wrappedToken: WRAPPED_BASE_USDC_ON_ARBITRUM } },
  },
  {
    name: '1 wei of an 18-decimal token normalises to nothing: below_min with the smallest amount that travels',
    routes: governor(),
    rpc: chainReads('base'),
    call: { kind: 'quote', request: quoteRequest('base', 1n, wrappedOn('arbitrum'), 'WETH') },
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '10000000000' } },
  },
  {
    name: 'the build calls transferTokens on the source Token Bridge with the recipient as a universal address and no arbiter fee',
    routes: [],
    call: { kind: 'build', request: { request: quoteRequest('base', 250_000_000n), quote: builtQuote } },
    expect: {
      kind: 'plan',
      check: (plan) => {
        if (plan.shape !== 'steps' || plan.claim?.actions[0] !== 'completeTransfer') throw new Error('expected steps with a claim');
        const step = plan.steps[0];
        if (step?.vm !== 'evm' || step.to !== wormholeChain('base')!.tokenBridge || step.chainId !== 8453) throw new Error('expected the Base Token Bridge');
        const { functionName, args } = decodeFunctionData({ abi: tokenBridgeAbi, data: step.data });
        if (functionName !== 'transferTokens') throw new Error(functionName);
        const [token, amount, chain, recipient, fee] = args;
        if (token !== baseContext.token || amount !== 250_000_000n || chain !== 23 || recipient !== universalAddress(RECIPIENT) || fee !== 0n) throw new Error(`args ${String(args)}`);
        if (plan.approval?.spender !== wormholeChain('base')!.tokenBridge) throw new Error('approval to the Token Bridge');
      },
    },
  },
  {
    name: "a real redeemed operation of another corridor (Solana → BNB) is not this transfer's message: pending, no claim handed out",
    routes: operations('real/operations-sol-to-bsc-completed-anveshak.json'),
    call: { kind: 'status', request: statusRequest() },
    expect: {
      kind: 'status',
      state: 'pending',
      destinationTxHash: null,
      receivedAmount: null,
      unrecognized: false,
      check: (status) => {
        if (status.claim?.status !== 'waiting' || status.claim.steps.length !== 0) throw new Error(JSON.stringify(status.claim));
      },
    },
  },
  {
    name: "real operations of other apps (a generic message, an unsigned one, an OMNI_BRIDGE transfer) are read and none is taken for the transfer's",
    routes: operations('real/operations-mixed-pending-anveshak.json'),
    call: { kind: 'status', request: statusRequest() },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, unrecognized: false },
  },
  {
    name: "the real signed VAA answer of another emitter is no claim: without the source receipt the VAA is never bound to the transfer",
    routes: [...operations('synthetic/operations-base-arbitrum-failed.json'), { method: 'GET', path: /^\/api\/v1\/vaas\//, answer: { file: 'real/vaa-bsc-token-bridge-276319-sdk-rs.json' } }],
    call: { kind: 'status', request: statusRequest() },
    expect: {
      kind: 'status',
      state: 'pending',
      check: (status) => {
        if (status.claim?.status !== 'waiting') throw new Error(JSON.stringify(status.claim));
      },
    },
  },
  {
    name: "targetChain.status 'completed' completes with Wormholescan's redeem transaction and the normalised amount in the wrapped asset",
    routes: operations('synthetic/operations-base-arbitrum-completed.json'),
    call: { kind: 'status', request: statusRequest() },
    expect: { kind: 'status', state: 'completed', destinationTxHash: '0xb97f1a9463b4215606b606b46079fc15df50e3bc69315790fcef061385bbca74', receivedAmount: 250_000_000n },
  },
  {
    name: "targetChain.status 'failed' (a reverted redeem) stays pending: a VAA can be redeemed again",
    routes: operations('synthetic/operations-base-arbitrum-failed.json'),
    call: { kind: 'status', request: statusRequest() },
    expect: { kind: 'status', state: 'pending', unrecognized: false },
  },
  {
    name: 'an undocumented targetChain.status is pending and flagged',
    routes: operations('synthetic/operations-base-arbitrum-unknown-status.json'),
    call: { kind: 'status', request: statusRequest() },
    expect: { kind: 'status', state: 'pending', unrecognized: true },
  },
];

export const contract: VenueContract = { venue: 'wormhole', cases };
