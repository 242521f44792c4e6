import { readFileSync } from 'node:fs';
import { encodeAbiParameters, encodeFunctionData, erc20Abi, parseAbiParameters, type Address, type Hex } from 'viem';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { ECO_CHAINS, ECO_HYPER_PROVER, ECO_PORTAL } from './ecoChains.ts';

/**
 * A loopback Eco quote service for tests: `POST /api/v3/quotes/exactIn` answers (HTTP 201) in the
 * layout of fixtures/synthetic/quote-exactin-usdc-arbitrum-to-base.json (no real answer was found;
 * see eco.contract.ts) with the request's chains, tokens, amount and addresses substituted and an
 * `encodedRoute` that really encodes a transfer of the quoted amount to the recipient;
 * `POST /api/v3/intents/intentStatus` answers in the layout of the status fixtures. `tamper` makes
 * the route or contracts lie, so tests can prove the adapter refuses them.
 */

export interface EcoFakeOptions {
  /** destinationAmount as a share of sourceAmount, in basis points (default 9 940). */
  readonly outBps?: bigint;
  /** Answer `data: []` (no solver quoted). */
  readonly noQuotes?: boolean;
  readonly tamper?: Partial<{ recipient: Address; portal: Address; sourcePortal: Address; prover: Address; callTarget: Address; routeAmount: bigint; extraCall: boolean }>;
  /** `status.subStatus` the status endpoint answers (default Fulfilled); `null` answers 404. */
  readonly subStatus?: string | null;
}

export interface EcoFake {
  readonly url: string;
  readonly server: FakeServer;
  setOptions(options: EcoFakeOptions): void;
  close(): Promise<void>;
}

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/synthetic/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

interface QuoteTemplate {
  data: { quoteID: string; solverID: string; receiveSignedIntentUrl: string; quoteData: { quoteResponse: Record<string, unknown>; contracts: Record<string, unknown> } }[];
}
const QUOTE = fixture('quote-exactin-usdc-arbitrum-to-base.json') as unknown as QuoteTemplate;
const STATUS = fixture('status-fulfilled.json') as { data: Record<string, unknown> };

const ROUTE = parseAbiParameters('(bytes32 salt, uint64 deadline, address portal, uint256 nativeAmount, (address token, uint256 amount)[] tokens, (address target, bytes data, uint256 value)[] calls)');
const PARENT_STATUS: Readonly<Record<string, string>> = { WaitingToFulfill: 'Pending', WaitingForRefund: 'Pending', Fulfilled: 'Completed', Refunded: 'Completed' };

export async function startEcoFake(initial: EcoFakeOptions = {}): Promise<EcoFake> {
  let options = initial;
  let sequence = 0;

  function exactIn(request: FakeRequest): FakeReply {
    const body = request.body as { dAppID?: unknown; intentExecutionTypes?: unknown; quoteRequest?: Record<string, unknown> } | undefined;
    const q = body?.quoteRequest;
    if (!q || typeof body.dAppID !== 'string' || !Array.isArray(body.intentExecutionTypes) || typeof q.sourceAmount !== 'string' || !/^[0-9]+$/.test(q.sourceAmount)) {
      return { status: 400, body: { statusCode: 400, message: ['quoteRequest must be an object'], error: 'Bad Request' } };
    }
    const known = (id: unknown) => ECO_CHAINS.some((chain) => chain.chainId === id);
    if (options.noQuotes || !known(q.sourceChainID) || !known(q.destinationChainID)) return { status: 201, body: { data: [] } };
    const tamper = options.tamper ?? {};
    const amount = (BigInt(q.sourceAmount) * (options.outBps ?? 9_940n)) / 10_000n;
    const recipient = (tamper.recipient ?? q.recipient) as Address;
    const destinationToken = q.destinationToken as Address;
    const target = tamper.callTarget ?? destinationToken;
    const transfer = { target, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, tamper.routeAmount ?? amount] }), value: 0n };
    sequence += 1;
    const salt = `0x${sequence.toString(16).padStart(64, '0')}` as Hex;
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 7_200);
    const encodedRoute = encodeAbiParameters(ROUTE, [
      { salt, deadline, portal: tamper.portal ?? ECO_PORTAL, nativeAmount: 0n, tokens: [{ token: target, amount: tamper.routeAmount ?? amount }], calls: tamper.extraCall ? [transfer, transfer] : [transfer] },
    ]);
    const template = QUOTE.data[QUOTE.data.length - 1];
    if (!template) throw new Error('the quote template has no entry');
    const entry = {
      ...template,
      quoteID: `eco-fake-${sequence}`,
      quoteData: {
        quoteResponse: {
          ...template.quoteData.quoteResponse,
          sourceChainID: q.sourceChainID,
          destinationChainID: q.destinationChainID,
          sourceToken: q.sourceToken,
          destinationToken,
          sourceAmount: q.sourceAmount,
          destinationAmount: amount.toString(),
          funder: q.funder,
          refundRecipient: q.refundRecipient ?? q.funder,
          recipient: q.recipient,
          deadline: Number(deadline) + 3_600,
          encodedRoute,
        },
        contracts: { sourcePortal: tamper.sourcePortal ?? ECO_PORTAL, destinationPortal: ECO_PORTAL, prover: tamper.prover ?? ECO_HYPER_PROVER },
      },
    };
    return { status: 201, body: { data: [entry] } };
  }

  function intentStatus(request: FakeRequest): FakeReply {
    const body = request.body as { intentCreatedHash?: unknown } | undefined;
    const subStatus = options.subStatus === undefined ? 'Fulfilled' : options.subStatus;
    if (subStatus === null || typeof body?.intentCreatedHash !== 'string') return { status: 404, body: { statusCode: 404, message: 'Intent not found', error: 'Not Found' } };
    const { fulfillment, ...rest } = STATUS.data;
    return {
      body: {
        data: {
          ...rest,
          status: { status: PARENT_STATUS[subStatus] ?? 'Pending', subStatus, subStatusMessage: `The intent is ${subStatus}` },
          intentCreated: { ...(rest.intentCreated as Record<string, unknown>), transactionHash: body.intentCreatedHash },
          ...(subStatus === 'Fulfilled' ? { fulfillment } : {}),
        },
      },
    };
  }

  const server = await startFakeServer({
    'POST /api/v3/quotes/exactIn': exactIn,
    'POST /api/v3/intents/intentStatus': intentStatus,
  });
  return {
    url: server.url,
    server,
    setOptions(next) {
      options = next;
    },
    close: () => server.close(),
  };
}
