import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import type { VenueQuoteRequest } from '../Venue.ts';
import { ARBITRUM_USDC, BRIDGE2_ADDRESS } from './hyperCoreConstants.ts';

/**
 * The relayer route against the exchange's real answers (fixtures/real/SOURCES.json): account
 * existence from `userRole` (docs examples of a known and a missing account), and the credit read
 * from `userNonFundingLedgerUpdates` (the Python SDK's recorded cassette, whose `spotTransfer` of
 * 10.5 USDC to a new account is what a relayer's `spotSend` leaves in the ledger).
 */
function token(chain: string, symbol: string): TokenInfo {
  const found = resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol} on ${chain}`);
  return found;
}

/** Anvil's first development key: public, holds nothing; the relayer key of these cases. */
const SIGNER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const SIGNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USER = '0x5555555555555555555555555555555555555555';
const credentials = { SIGNER_KEY };
const info = (file: string) => [{ method: 'POST' as const, path: '/info', answer: { file } }];

const request = (toToken: string): VenueQuoteRequest => ({
  fromChain: 'arbitrum',
  toChain: 'hypercore',
  fromToken: token('arbitrum', 'USDC'),
  toToken: token('hypercore', toToken),
  amountIn: 20_000_000n,
  sender: USER,
  recipient: USER,
  userIp: null,
  integratorFee: null,
});

/** The cassette's spot credit: from 0x2ba5… (standing in for the relayer) to a new account. */
const LEDGER_SENDER = '0x2ba553d9f990a3b66b03b2dc0d030dfc1c061036';
const LEDGER_DESTINATION = '0xaaa0c2769cb990f4f37db951a9e48de2385c2733';
const statusRequest = (expectedOut: bigint) => ({
  fromChain: 'arbitrum' as const,
  toChain: 'hypercore' as const,
  toToken: token('hypercore', 'USDC (spot)'),
  sourceTxHash: `0x${'1'.repeat(64)}`,
  recipient: LEDGER_DESTINATION,
  amountIn: expectedOut + 1_000_000n,
  expectedOut,
  context: { relayer: LEDGER_SENDER, balance: 'spot', accountExisted: false, activationFeeAtomic: '1000000' },
});

const cases: ContractCase[] = [
  {
    name: 'quotes a known account gross, without an activation fee (userRole: user)',
    routes: info('real/user-role-user-docs.json'),
    credentials,
    call: { kind: 'quote', request: request('USDC (perps)') },
    expect: { kind: 'row', amountOut: 20_000_000n, minAmountOut: 20_000_000n, check: (quote) => expectContext(quote.context, { accountExisted: true, activationFeeAtomic: '0', balance: 'perps', relayer: SIGNER }) },
  },
  {
    name: 'quotes an account the exchange never saw with the 1 USDC activation fee in its context (userRole: missing)',
    routes: info('real/user-role-missing-docs.json'),
    credentials,
    call: { kind: 'quote', request: request('USDC (spot)') },
    expect: { kind: 'row', amountOut: 20_000_000n, check: (quote) => expectContext(quote.context, { accountExisted: false, activationFeeAtomic: '1000000', balance: 'spot' }) },
  },
  {
    name: 'refuses to quote without a relayer key',
    routes: info('real/user-role-user-docs.json'),
    call: { kind: 'quote', request: request('USDC (perps)') },
    expect: { kind: 'rejection', code: 'venue_disabled' },
  },
  {
    name: 'builds one USDC transfer to the relayer on arbitrum, nothing else (never to Bridge2 for the user)',
    routes: [],
    credentials,
    call: {
      kind: 'build',
      request: { request: request('USDC (perps)'), quote: { amountIn: 20_000_000n, amountOut: 20_000_000n, minAmountOut: 20_000_000n, estimatedSeconds: 10, expiresAt: null, context: { relayer: SIGNER, balance: 'perps', accountExisted: true, activationFeeAtomic: '0' } } },
    },
    expect: {
      kind: 'plan',
      check: (plan) => {
        if (plan.shape !== 'steps' || plan.steps.length !== 1) throw new Error('one step expected');
        const step = plan.steps[0]!;
        if (step.vm !== 'evm' || step.to !== ARBITRUM_USDC || step.chainId !== 42161) throw new Error('a USDC call on arbitrum expected');
        if (!step.data.toLowerCase().includes(SIGNER.slice(2).toLowerCase()) || step.data.toLowerCase().includes(BRIDGE2_ADDRESS.slice(2).toLowerCase())) throw new Error('the transfer must pay the relayer');
        if (plan.approval !== null) throw new Error('a transfer needs no approval');
      },
    },
  },
  {
    name: "reads the relayer's spot credit from the account's ledger (spotTransfer with the activation fee)",
    routes: info('real/ledger-updates-deposit-class-spot.json'),
    call: { kind: 'status', request: statusRequest(10_500_000n) },
    expect: { kind: 'status', state: 'completed', destinationTxHash: '0x2ceac78e94d15a1af8660417f418400175003b84f5f2d86615b352360e4d48ac', receivedAmount: 10_500_000n },
  },
  {
    name: 'is pending while the ledger has no matching credit (another amount)',
    routes: info('real/ledger-updates-deposit-class-spot.json'),
    call: { kind: 'status', request: statusRequest(10_000_000n) },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null },
  },
  {
    name: 'is pending on an empty ledger',
    routes: info('real/ledger-updates-empty.json'),
    call: { kind: 'status', request: statusRequest(10_500_000n) },
    expect: { kind: 'status', state: 'pending' },
  },
];

function expectContext(context: Record<string, unknown>, wanted: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(wanted)) {
    if (context[key] !== value) throw new Error(`context.${key} is ${JSON.stringify(context[key])}, expected ${JSON.stringify(value)}`);
  }
}

export const contract: VenueContract = { venue: 'hyperliquid', cases };
