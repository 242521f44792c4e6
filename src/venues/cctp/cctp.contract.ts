import { readFileSync } from 'node:fs';
import { decodeFunctionData, pad } from 'viem';
import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { MESSAGE_TRANSMITTER_V2, TOKEN_MESSENGER_V2, cctpChain, messageTransmitterV2Abi, tokenMessengerV2Abi } from './cctpChains.ts';
import { FORWARD_HOOK_DATA } from './cctpMessage.ts';
import { quoteRequest, RECIPIENT } from './cctpTestSupport.ts';

/**
 * CCTP against Circle's real answers (fixtures/real/SOURCES.json: Circle's docs examples, and an
 * integrator's logs of Iris: a pending answer, the attested bytes of plain burns, and two whole live
 * complete answers, one without decodedMessage). Iris error
 * bodies and the other pending shapes were found recorded nowhere with provenance: those cases serve
 * synthetic variants of the docs' message answer. A complete message only completes once the
 * destination chain shows the nonce used, which needs an RPC the contract runner does not give, so
 * attested answers here stay pending (the mint check has its own tests in cctpStatus.test.ts).
 */

const NOW = 1_750_000_000_000;
const feesAt = (src: number, dst: number, file: string, status = 200) => ({ method: 'GET' as const, path: new RegExp(`^/v2/burn/USDC/fees/${src}/${dst}$`), answer: { file, status } });

/** Base → Avalanche, the pair of Circle's Forwarding Service how-to. */
const baseToAvalanche: VenueQuoteRequest = quoteRequest('base', 'avalanche', 1_000_000_000n);

/** What quote stores for the docs' forward fee table without a readable fast allowance (standard). */
const standardQuote: VenueQuote = {
  amountIn: 1_000_000_000n,
  amountOut: 1_000_000_000n - 207_543n,
  minAmountOut: 1_000_000_000n - 209_052n,
  estimatedSeconds: 1_080,
  expiresAt: NOW + 60_000,
  context: { srcDomain: 6, dstDomain: 1, minFinalityThreshold: 2000, maxFee: '209052', protocolFee: '0', forwardFee: '207543' },
};

function statusRequest(fromChain: string, toChain: string): VenueStatusRequest {
  const from = cctpChain(fromChain);
  const to = cctpChain(toChain);
  if (!from || !to) throw new Error('CCTP chain');
  return {
    fromChain,
    toChain,
    toToken: { chain: toChain, symbol: 'USDC', address: to.usdc, decimals: 6 } as VenueStatusRequest['toToken'],
    sourceTxHash: `0x${'4e'.repeat(32)}`,
    recipient: RECIPIENT,
    amountIn: 1_000_000_000n,
    expectedOut: 999_792_457n,
    context: { srcDomain: from.domain, dstDomain: to.domain, minFinalityThreshold: 2000, maxFee: '209052', protocolFee: '0', forwardFee: '207543', mintRecipient: pad(RECIPIENT, { size: 32 }) },
  };
}

/** The real attested message of a plain burn OP → Arbitrum (fixtures/real, from an integrator's log). */
const ATTESTED_OP_ARBITRUM = JSON.parse(readFileSync(new URL('./fixtures/real/message-attested-op-arbitrum-log.json', import.meta.url), 'utf8')) as { message: string; attestation: string };

/** The transfer that burn would be: 100 units to the log's recipient, built on the manual route. */
function manualStatusRequest(): VenueStatusRequest {
  return { ...statusRequest('optimism', 'arbitrum'), recipient: '0xfD08836eeE6242092a9c869237a8d122275b024A', amountIn: 100n, expectedOut: 50n, context: { srcDomain: 2, dstDomain: 3, minFinalityThreshold: 1000, maxFee: '50', protocolFee: '50', forwardFee: '0', route: 'manual', burnAmount: '100' } };
}

/** Iris's whole live answer for a fast burn Base → Avalanche (fixtures/real, from an integrator's notes). */
const ATTESTED_BASE_AVALANCHE = (JSON.parse(readFileSync(new URL('./fixtures/real/messages-complete-fast-base-avalanche-notes.json', import.meta.url), 'utf8')) as { messages: { message: string; attestation: string }[] }).messages[0];

/** That burn as a manual transfer: 1 USDC to the notes' recipient, fast (maxFee 100, threshold 500). */
function fastManualBaseAvalanche(recipient = '0x5c2632cedb167609c7f12e9bbfbc5665cfd66d40'): VenueStatusRequest {
  return { ...statusRequest('base', 'avalanche'), recipient, amountIn: 1_000_000n, expectedOut: 999_900n, context: { srcDomain: 6, dstDomain: 1, minFinalityThreshold: 500, maxFee: '100', protocolFee: '100', forwardFee: '0', route: 'manual', burnAmount: '1000000' } };
}

/** Iris's whole live answer for a fast burn Arbitrum → Linea, decodedMessage and all (fixtures/real, an integrator's evidence). */
const ATTESTED_ARBITRUM_LINEA = (JSON.parse(readFileSync(new URL('./fixtures/real/messages-complete-fast-arbitrum-linea-evidence.json', import.meta.url), 'utf8')) as { messages: { message: string; attestation: string }[] }).messages[0];

/** That burn as a manual transfer: 40100 units to the evidence's recipient, fast (maxFee 100, threshold 1000 executed). */
function fastManualArbitrumLinea(): VenueStatusRequest {
  return { ...statusRequest('arbitrum', 'linea'), recipient: '0xf41170df51aab52aaa04fbc3ff325cf051644aca', amountIn: 40_100n, expectedOut: 40_000n, context: { srcDomain: 3, dstDomain: 11, minFinalityThreshold: 1000, maxFee: '100', protocolFee: '100', forwardFee: '0', route: 'manual', burnAmount: '40100' } };
}

const messagesAt = (domain: number, file: string, status = 200) => [{ method: 'GET' as const, path: `/v2/messages/${domain}`, answer: { file, status } }];

/**
 * A status case whose attested message makes a ready claim: one `receiveMessage` on the destination's
 * MessageTransmitterV2 (chain id `chainId`) carrying exactly the attested message and attestation.
 */
function readyClaim(name: string, routes: ContractCase['routes'], request: VenueStatusRequest, chainId: number, attested: { message: string; attestation: string } | undefined): ContractCase {
  return {
    name,
    routes,
    call: { kind: 'status', request },
    expect: {
      kind: 'status',
      state: 'pending',
      destinationTxHash: null,
      unrecognized: false,
      check: (status) => {
        const step = status.claim?.steps[0];
        if (status.claim?.status !== 'ready' || step?.to !== MESSAGE_TRANSMITTER_V2 || step.chainId !== chainId) throw new Error(`claim ${JSON.stringify(status.claim, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
        const { args } = decodeFunctionData({ abi: messageTransmitterV2Abi, data: step.data });
        if (args[0] !== attested?.message || args[1] !== attested.attestation) throw new Error('the redeem does not carry the attested bytes');
      },
    },
  };
}

/** A status case whose answer still waits for Circle's attestation (`pending_confirmations`). */
function awaitingAttestation(name: string, routes: ContractCase['routes'], request: VenueStatusRequest): ContractCase {
  return {
    name,
    routes,
    call: { kind: 'status', request },
    expect: {
      kind: 'status',
      state: 'pending',
      unrecognized: false,
      check: (status) => {
        if (status.venueStatus !== 'pending_confirmations') throw new Error(status.venueStatus);
      },
    },
  };
}

const cases: ContractCase[] = [
  {
    name: "the docs' forward fee table (Base → Avalanche) prices standard when no fast allowance is readable, maxFee covering the high forward estimate",
    routes: [feesAt(6, 1, 'real/fees-forward-6-1-docs.json')],
    call: { kind: 'quote', request: baseToAvalanche },
    now: NOW,
    expect: {
      kind: 'row',
      amountOut: 1_000_000_000n - 207_543n,
      minAmountOut: 1_000_000_000n - 209_052n,
      estimatedSeconds: 1_080,
      expiresAt: NOW + 60_000,
      check: (quote) => {
        if (quote.context.maxFee !== '209052' || quote.context.minFinalityThreshold !== 2000) throw new Error(`burn terms ${JSON.stringify(quote.context)}`);
      },
    },
  },
  {
    name: 'a fee table without forwardFee (no forwarding to the destination) prices the manual route: a plain burn whose transfer needs a claim',
    routes: [feesAt(0, 6, 'real/fees-0-26-docs.json')],
    call: { kind: 'quote', request: quoteRequest('ethereum', 'base', 1_000_000_000n) },
    now: NOW,
    expect: {
      kind: 'row',
      // No readable fast allowance: standard, whose fee in the table is 0; no forward fee either.
      amountOut: 1_000_000_000n,
      minAmountOut: 1_000_000_000n,
      estimatedSeconds: 1_080,
      expiresAt: NOW + 60_000,
      check: (quote) => {
        if (quote.context.route !== 'manual' || quote.context.forwardFee !== '0') throw new Error(`burn terms ${JSON.stringify(quote.context)}`);
      },
    },
  },
  {
    name: 'the standard quote burns with the forwarding hook and the stored maxFee',
    routes: [],
    call: { kind: 'build', request: { request: baseToAvalanche, quote: standardQuote } },
    expect: {
      kind: 'plan',
      check: (plan) => {
        const step = plan.shape === 'steps' ? plan.steps[0] : undefined;
        if (step?.vm !== 'evm' || step.to !== TOKEN_MESSENGER_V2 || step.chainId !== 8453) throw new Error('expected TokenMessengerV2 on Base');
        const { functionName, args } = decodeFunctionData({ abi: tokenMessengerV2Abi, data: step.data });
        if (functionName !== 'depositForBurnWithHook') throw new Error(functionName);
        const [amount, domain, recipient, , , maxFee, finality, hook] = args;
        if (amount !== 1_000_000_000n || domain !== 1 || recipient !== pad(RECIPIENT, { size: 32 }) || maxFee !== 209_052n || finality !== 2000 || hook !== FORWARD_HOOK_DATA) {
          throw new Error(`burn args ${String(args)}`);
        }
      },
    },
  },
  {
    name: "Circle's complete example (cctpVersion \"2\", decimal nonce, empty hookData) decoded for another destination is not this burn: pending, not a bad answer",
    routes: messagesAt(0, 'real/messages-complete-docs.json'),
    call: { kind: 'status', request: statusRequest('ethereum', 'base') },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, unrecognized: false },
  },
  {
    name: "Circle's older example mixing a v1 and a v2 message (numbers for domains and amounts) is read, neither to this recipient",
    routes: messagesAt(0, 'real/messages-v1-and-v2-docs.json'),
    call: { kind: 'status', request: statusRequest('ethereum', 'avalanche') },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null },
  },
  awaitingAttestation("Iris sandbox's recorded pending answer (message \"0x\", attestation \"PENDING\", decodedMessage null) waits for the attestation", messagesAt(2, 'real/messages-pending-sandbox-log.json'), statusRequest('optimism', 'arbitrum')),
  readyClaim('a manual burn attested with real mainnet bytes (OP → Arbitrum) is a ready claim: receiveMessage of exactly the attested message and attestation', messagesAt(2, 'synthetic/messages-complete-manual-op-arbitrum.json'), manualStatusRequest(), 42161, ATTESTED_OP_ARBITRUM),
  readyClaim("Iris's live complete answer without decodedMessage or delayReason (a fast burn Base → Avalanche) is a ready claim read from the raw message: receiveMessage of exactly its bytes", messagesAt(6, 'real/messages-complete-fast-base-avalanche-notes.json'), fastManualBaseAvalanche(), 43114, ATTESTED_BASE_AVALANCHE),
  readyClaim("Iris's live complete answer with decodedMessage (hookData, decodedCctpXMessageBody and delayReason null, a top-level sourceTxHash; Arbitrum → Linea) is a ready claim of exactly its bytes", messagesAt(3, 'real/messages-complete-fast-arbitrum-linea-evidence.json'), fastManualArbitrumLinea(), 59144, ATTESTED_ARBITRUM_LINEA),
  {
    name: 'the same live Arbitrum → Linea answer for a forwarded transfer is attested and waits for the mint (no destination RPC here): pending, not a bad answer',
    routes: messagesAt(3, 'real/messages-complete-fast-arbitrum-linea-evidence.json'),
    call: { kind: 'status', request: { ...statusRequest('arbitrum', 'linea'), recipient: '0xf41170df51aab52aaa04fbc3ff325cf051644aca' } },
    expect: {
      kind: 'status',
      state: 'pending',
      destinationTxHash: null,
      receivedAmount: null,
      unrecognized: false,
      check: (status) => {
        if (status.venueStatus !== 'complete' || !status.detail?.startsWith('attested')) throw new Error(`${status.venueStatus}: ${String(status.detail)}`);
      },
    },
  },
  {
    name: "the same live answer asked for another recipient's transfer hands out no claim (the raw message mints to someone else)",
    routes: messagesAt(6, 'real/messages-complete-fast-base-avalanche-notes.json'),
    call: { kind: 'status', request: fastManualBaseAvalanche(RECIPIENT) },
    expect: {
      kind: 'status',
      state: 'pending',
      destinationTxHash: null,
      check: (status) => {
        if (status.claim?.status !== 'waiting' || status.claim.steps.length !== 0) throw new Error(`claim ${JSON.stringify(status.claim)}`);
      },
    },
  },
  awaitingAttestation('pending_confirmations with message and decodedMessage null waits for the attestation', messagesAt(3, 'synthetic/messages-pending.json'), statusRequest('arbitrum', 'base')),
  {
    name: 'a delay reason (insufficient_fee) is reported, still pending',
    routes: messagesAt(3, 'synthetic/messages-pending-insufficient-fee.json'),
    call: { kind: 'status', request: statusRequest('arbitrum', 'base') },
    expect: {
      kind: 'status',
      state: 'pending',
      check: (status) => {
        if (!status.detail?.includes('insufficient_fee')) throw new Error(String(status.detail));
      },
    },
  },
  {
    name: 'an unknown Iris status is pending and flagged',
    routes: messagesAt(3, 'synthetic/messages-unknown-status.json'),
    call: { kind: 'status', request: statusRequest('arbitrum', 'base') },
    expect: { kind: 'status', state: 'pending', unrecognized: true },
  },
  {
    name: 'no message yet (200 with an empty list)',
    routes: messagesAt(3, 'synthetic/messages-empty.json'),
    call: { kind: 'status', request: statusRequest('arbitrum', 'base') },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null },
  },
  {
    name: 'not indexed yet (404)',
    routes: messagesAt(3, 'synthetic/messages-empty.json', 404),
    call: { kind: 'status', request: statusRequest('arbitrum', 'base') },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null },
  },
];

export const contract: VenueContract = { venue: 'cctp', cases };
