import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { StepsPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest, VenueTransferState } from '../Venue.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';
import { decodeDirectDeposit } from './gaszipCalldata.ts';

/**
 * Gas.zip v2. The real answers (fixtures/real/) are the two example responses of Gas.zip's own API
 * documentation (gasdotzip/documentation, call-data.mdx): a single-outbound quote whose calldata pays
 * the sender (`01`) and a two-outbound quote whose calldata names the recipient (`02`); and two
 * `/v2/deposit` answers an integrator (nuanu-ai/agent-payment-node) recorded unmodified: Base → Sei and
 * Base → MegaETH, both CONFIRMED; and a live per-chain refusal another integrator (toomingos/dMemo)
 * recorded inline: `Quote: Insufficent Liquidity` for 0G, the `{chain, error}` entry alone. The other
 * status values are written in the published types (fixtures/synthetic/).
 */

const ME = '0x7Ed2A81B7054Dc5D393234B7a3A33B9ba125cAc9';
const AMOUNT = 600_000_000_000_000n;
const EXPECTED = 599_131_010_000_000n;
const NOW = 1_767_225_600_000;

const REQUEST: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'arbitrum',
  fromToken: token('ethereum', null),
  toToken: token('arbitrum', null),
  amountIn: AMOUNT,
  sender: ME,
  recipient: ME,
  userIp: null,
  integratorFee: null,
};

const quoted = (file: string, kind: 'real' | 'synthetic' = 'real'): ServedRoute => ({ method: 'GET', path: /^\/v2\/quotes\/1\/\d+\/42161$/, answer: { file: `${kind}/${file}` } });
const deposit = (file: string): ServedRoute => ({ method: 'GET', path: /^\/v2\/deposit\/0x[0-9a-f]+$/, answer: { file: `synthetic/${file}` } });

const QUOTE: VenueQuote = { amountIn: AMOUNT, amountOut: EXPECTED, minAmountOut: EXPECTED, estimatedSeconds: 7, expiresAt: NOW + 60_000, context: { depositChainId: 1, outboundChainId: 42161, short: 57, recipient: ME, expected: EXPECTED.toString() } };

const STATUS: VenueStatusRequest = { fromChain: 'ethereum', toChain: 'arbitrum', toToken: token('arbitrum', null), sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: ME, amountIn: AMOUNT, expectedOut: EXPECTED, context: QUOTE.context };

const statusCase = (name: string, file: string, state: VenueTransferState, extra: Partial<Extract<ContractCase['expect'], { kind: 'status' }>> = {}): ContractCase => ({
  name,
  routes: [deposit(file)],
  call: { kind: 'status', request: STATUS },
  expect: { kind: 'status', state, ...extra },
  now: NOW,
});

/** The recorded Base → Sei deposit (fixtures/real/): 0.00001 ETH in, 0.357842846112727872 SEI out to the sender. */
const SEI_RECIPIENT = '0x991e254b5c8e0aaf6c244eaa2706bad059809b04';
const SEI_STATUS: VenueStatusRequest = {
  fromChain: 'base',
  toChain: 'sei',
  toToken: token('sei', null),
  sourceTxHash: '0xd7b7d1b84490b1730d6a5026bec78d042687eb77ed5f205ba950454ee7085578',
  recipient: SEI_RECIPIENT,
  amountIn: 10_000_000_000_000n,
  expectedOut: 357_842_846_112_727_872n,
  context: { depositChainId: 8453, outboundChainId: 1329, short: 246, recipient: SEI_RECIPIENT, expected: '357842846112727872' },
};
const realDeposit = (file: string): ServedRoute => ({ method: 'GET', path: /^\/v2\/deposit\/0x[0-9a-f]+$/, answer: { file: `real/${file}` } });

export const contract: VenueContract = {
  venue: 'gaszip',
  cases: [
    {
      name: 'the docs’ single-outbound quote: expected is the guaranteed output, the pay-the-sender calldata agrees because recipient = sender (real)',
      routes: [quoted('quote-eth-to-arbitrum-self.json')],
      call: { kind: 'quote', request: REQUEST },
      expect: { kind: 'row', amountOut: EXPECTED, minAmountOut: EXPECTED, estimatedSeconds: 7, expiresAt: NOW + 60_000 },
      now: NOW,
    },
    {
      name: 'the same answer for another recipient is refused: its calldata would pay the sender (real)',
      routes: [quoted('quote-eth-to-arbitrum-self.json')],
      call: { kind: 'quote', request: { ...REQUEST, recipient: '0x3333333333333333333333333333333333333333' } },
      expect: { kind: 'rejection', code: 'venue_bad_response' },
      now: NOW,
    },
    {
      name: 'the docs’ two-outbound quote read for Arbitrum: its calldata names two chains, not the one asked (real)',
      routes: [quoted('quote-eth-to-arbitrum-optimism.json')],
      call: { kind: 'quote', request: { ...REQUEST, amountIn: 11_000_000_000_000_000n } },
      expect: { kind: 'rejection', code: 'venue_bad_response' },
      now: NOW,
    },
    {
      name: 'the recorded live refusal (0G, short id 508) read for Arbitrum names no entry for 42161: refused, never priced (real)',
      routes: [quoted('quote-base-to-0g-insufficent-liquidity.json')],
      call: { kind: 'quote', request: REQUEST },
      expect: { kind: 'rejection', code: 'venue_bad_response' },
      now: NOW,
    },
    {
      name: 'a per-chain Chain Limit Exceeded is no_liquidity',
      routes: [quoted('quote-chain-limit.json', 'synthetic')],
      call: { kind: 'quote', request: REQUEST },
      expect: { kind: 'rejection', code: 'no_liquidity', details: { venueError: 'Quote: Chain Limit Exceeded' } },
      now: NOW,
    },
    {
      name: 'build sends exactly amountIn to the Direct Deposit address with data naming the recipient on short id 57',
      routes: [],
      call: { kind: 'build', request: { request: REQUEST, quote: QUOTE } },
      expect: {
        kind: 'plan',
        check(plan) {
          const [step] = (plan as StepsPlan).steps;
          if (!step || step.vm !== 'evm' || step.value !== AMOUNT || step.to !== '0x391E7C679d29bD940d63be94AD22A25d25b5A604') throw new Error('not a Direct Deposit of amountIn');
          const decoded = decodeDirectDeposit(step.data);
          if (!decoded.ok || decoded.deposit.recipient !== ME || decoded.deposit.destinations.join() !== '57') throw new Error(`data ${step.data}`);
        },
      },
      now: NOW,
    },
    {
      name: 'the recorded Base → Sei deposit: the CONFIRMED outbound on 1329 is completed with its hash and value (real)',
      routes: [realDeposit('deposit-base-to-sei-confirmed.json')],
      call: { kind: 'status', request: SEI_STATUS },
      expect: { kind: 'status', state: 'completed', destinationTxHash: '0x1b25cd1bdab8e2daa567b8355d63102bb9aa25e25a37b65c381b3e53161ac67d', receivedAmount: 357_842_846_112_727_872n },
      now: NOW,
    },
    {
      name: 'the same answer read for a payout to someone else is refused, never completed (real)',
      routes: [realDeposit('deposit-base-to-sei-confirmed.json')],
      call: { kind: 'status', request: { ...SEI_STATUS, recipient: ME } },
      expect: { kind: 'rejection', code: 'venue_bad_response' },
      now: NOW,
    },
    {
      name: 'a recorded deposit whose only outbound is on another chain (MegaETH) leaves Arbitrum pending (real)',
      routes: [realDeposit('deposit-base-to-megaeth-confirmed.json')],
      call: { kind: 'status', request: { ...STATUS, fromChain: 'base' } },
      expect: { kind: 'status', state: 'pending', destinationTxHash: null },
      now: NOW,
    },
    statusCase('SEEN deposit without an outbound transaction is pending', 'deposit-seen.json', 'pending'),
    statusCase('PENDING outbound is pending', 'deposit-outbound-pending.json', 'pending', { destinationTxHash: `0x${'cd'.repeat(32)}` }),
    statusCase('PRIORITY outbound is pending', 'deposit-outbound-priority.json', 'pending'),
    statusCase('CONFIRMED outbound is completed with its hash and value', 'deposit-outbound-confirmed.json', 'completed', { destinationTxHash: `0x${'cd'.repeat(32)}`, receivedAmount: EXPECTED }),
    statusCase('CANCELLED outbound is failed', 'deposit-outbound-cancelled.json', 'failed'),
    statusCase('a confirmed refund transaction is refunded', 'deposit-outbound-refund.json', 'refunded'),
    statusCase('an unknown outbound status stays pending, unrecognized', 'deposit-outbound-unknown.json', 'pending', { unrecognized: true }),
  ],
};
