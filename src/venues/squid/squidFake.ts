import { decodeAbiParameters, decodeFunctionData, encodeAbiParameters, encodeFunctionData, keccak256, parseAbi, parseAbiParameters, type Address, type Hex } from 'viem';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest } from '../fake/startFakeServer.ts';
import { switchableFake, type SwitchableFake } from '../fake/switchableFake.ts';
import { SQUID_NATIVE, squidChainByAxelarName, squidChainById } from './squidChains.ts';

/**
 * A loopback Squid v2 for tests. `POST /v2/route` answers in the layout of Brave's recorded route
 * (fixtures/real/quote-arbitrum-eth-to-bnb-callbridgecall.json) with the request's chains, tokens,
 * amounts and addresses put in, `params` and `quoteId` added as squid-types' RouteResponse has them,
 * and a `transactionRequest` to the chain's Squid router whose calldata is a real `callBridgeCall`
 * (the layout of fixtures/real/calldata-*.hex: the destination payload ends in a sweep of the full
 * balance to the recipient, who is also the refund recipient). `GET /v2/status` answers in the layout
 * of Squid's docs example (fixtures/real/status-success-arbitrum-base-docs.json). `tamper` makes the
 * calldata lie so tests can prove the adapter and the engine refuse it; `error` answers every route
 * request with a Squid error body. With a `settlement` (the sandbox) it settles for real: `/v2/status`
 * decodes the mined source transaction's `callBridgeCall` (sent to the router stand-in,
 * src/sandbox/contracts/SandboxSquidRouter.sol) and pays the recipient on the destination chain once.
 */

export interface SquidFakeOptions {
  /** Output as a share of the input, in basis points (default 9 970). */
  readonly outBps?: bigint;
  /** Axelar gas Squid asks beside the call, in source-chain native units (default 0). */
  readonly nativeFee?: bigint;
  /** Fields of the router call to replace with a lie. */
  readonly tamper?: Partial<{ recipient: Address; refundRecipient: Address; destinationChain: string; token: Address; amount: bigint; destinationAddress: string }>;
  /** Overrides of `transactionRequest` (e.g. another `routeType` or `target`). */
  readonly transaction?: Readonly<Record<string, unknown>>;
  /** Answers every route request with this error. */
  readonly error?: { readonly status: number; readonly body: unknown };
  /** The `squidTransactionStatus` `/v2/status` answers without a settlement (default success). */
  readonly status?: string;
  /** Settles on the sandbox chains (and then `/v2/status` reports what happened on chain). */
  readonly settlement?: FakeSettlement;
}

export type SquidFake = SwitchableFake<SquidFakeOptions>;

const QUOTE = recordedAnswer(new URL('./fixtures/real/quote-arbitrum-eth-to-bnb-callbridgecall.json', import.meta.url)) as { route: { estimate: Record<string, unknown>; transactionRequest: Record<string, unknown> } };
const STATUS = recordedAnswer(new URL('./fixtures/real/status-success-arbitrum-base-docs.json', import.meta.url));

const abi = parseAbi([
  'struct Call { uint8 callType; address target; uint256 value; bytes callData; bytes payload; }',
  'function callBridgeCall(address token, uint256 amount, Call[] calls, string bridgedTokenSymbol, string destinationChain, string destinationAddress, bytes payload, address gasRefundRecipient, bool enableExpress) payable',
]);
const erc20 = parseAbi(['function transfer(address to, uint256 amount)']);
const PAYLOAD = parseAbiParameters('(uint8 callType, address target, uint256 value, bytes callData, bytes payload)[] calls, address refundRecipient');

interface Payout {
  readonly txHash: Hex;
  readonly amount: bigint;
  readonly token: Address;
  readonly chainId: number;
}

export async function startSquidFake(initial: SquidFakeOptions = {}): Promise<SquidFake> {
  let options = initial;
  let sequence = 0;
  /** What each built call delivers, by calldata hash: the destination token and amount. */
  const quoted = new Map<Hex, { toToken: Address; out: bigint }>();
  const payouts = new Map<string, Promise<Payout>>();

  function route(request: FakeRequest): FakeReply {
    if (options.error) return { status: options.error.status, body: options.error.body };
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (key: string): string => (typeof body[key] === 'string' ? body[key] : '');
    const from = squidChainById(Number(text('fromChain')));
    const to = squidChainById(Number(text('toChain')));
    const integrator = request.headers['x-integrator-id'];
    if (!integrator) return { status: 401, body: { message: 'Missing integrator id', statusCode: '401', type: 'UNAUTHORIZED' } };
    if (!from || !to || !/^[0-9]+$/.test(text('fromAmount')) || !text('fromAddress') || !text('toAddress')) {
      return { status: 400, body: { message: 'The request is missing a required parameter.', statusCode: '400', type: 'SCHEMA_VALIDATION_ERROR' } };
    }
    const fromToken = text('fromToken') as Address;
    const toToken = text('toToken') as Address;
    const sender = text('fromAddress') as Address;
    const recipient = text('toAddress') as Address;
    const amount = BigInt(text('fromAmount'));
    const out = (amount * (options.outBps ?? 9_970n)) / 10_000n;
    const fee = options.nativeFee ?? 0n;
    const quoteId = `${(++sequence).toString(16).padStart(8, '0')}${'0'.repeat(24)}`;
    const template = QUOTE.route;
    const token = (address: string, chainId: number): Record<string, unknown> => overlay(template.estimate.fromToken as Record<string, unknown>, { address, chainId: String(chainId) });
    const feeCosts = (template.estimate.feeCosts as Record<string, unknown>[]).map((entry, index) => overlay(entry, { amount: index === 0 ? fee.toString() : '0', token: token(SQUID_NATIVE, from.chainId) }));
    const estimate = overlay(template.estimate, {
      actions: [],
      fromAmount: amount.toString(),
      sendAmount: amount.toString(),
      toAmount: out.toString(),
      toAmountMin: out.toString(),
      fromToken: token(fromToken, from.chainId),
      toToken: token(toToken, to.chainId),
      feeCosts,
      estimatedRouteDuration: '20',
    });
    const answer: Record<string, unknown> = { estimate };
    if (body.quoteOnly !== true) {
      const data = routerCall({ fromToken, toToken, amount, recipient, sender, toAxelarName: to.axelarName, toRouter: to.router });
      quoted.set(keccak256(data), { toToken, out });
      const native = fromToken.toLowerCase() === SQUID_NATIVE.toLowerCase();
      answer.transactionRequest = overlay(template.transactionRequest, { target: from.router, data, value: ((native ? amount : 0n) + fee).toString(), requestId: quoteId, ...options.transaction });
    }
    answer.params = { fromChain: text('fromChain'), toChain: text('toChain'), fromToken, toToken, fromAmount: amount.toString(), fromAddress: sender, toAddress: recipient, slippage: body.slippage };
    answer.quoteId = quoteId;
    return { body: { route: answer } };
  }

  function routerCall(call: { fromToken: Address; toToken: Address; amount: bigint; recipient: Address; sender: Address; toAxelarName: string; toRouter: Address }): Hex {
    const lie = options.tamper ?? {};
    const recipient = lie.recipient ?? call.recipient;
    const sweep =
      call.toToken.toLowerCase() === SQUID_NATIVE.toLowerCase()
        ? { callType: 2, target: recipient, value: 0n, callData: '0x' as Hex, payload: '0x' as Hex }
        : { callType: 1, target: call.toToken, value: 0n, callData: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [recipient, 0n] }), payload: encodeAbiParameters(parseAbiParameters('address, uint256'), [call.toToken, 1n]) };
    const payload = encodeAbiParameters(PAYLOAD, [[sweep], lie.refundRecipient ?? call.recipient]);
    return encodeFunctionData({
      abi,
      functionName: 'callBridgeCall',
      args: [lie.token ?? call.fromToken, lie.amount ?? call.amount, [], 'USDC', lie.destinationChain ?? call.toAxelarName, lie.destinationAddress ?? call.toRouter, payload, call.sender, true],
    });
  }

  /** Decodes the mined router call and pays its recipient once, on the chain it names. */
  async function settle(settlement: FakeSettlement, fromChain: number, hash: Hex): Promise<Payout | null | 'failed'> {
    const mined = await settlement.findTransaction(fromChain, hash);
    if (!mined) return null;
    if (!mined.success || !mined.to || mined.to.toLowerCase() !== squidChainById(fromChain)?.router.toLowerCase()) return 'failed';
    let payout = payouts.get(hash);
    if (!payout) {
      let decoded;
      try {
        decoded = decodeFunctionData({ abi, data: mined.input });
      } catch {
        return 'failed';
      }
      const [, amount, , , destinationChain, , payload] = decoded.args;
      const target = squidChainByAxelarName(destinationChain);
      const [calls] = decodeAbiParameters(PAYLOAD, payload);
      const last = calls.at(-1);
      if (!target || !last) return 'failed';
      const native = last.callType === 2;
      const recipient = native ? last.target : decodeFunctionData({ abi: erc20, data: last.callData }).args[0];
      const token = native ? SQUID_NATIVE : last.target;
      const known = quoted.get(keccak256(mined.input));
      const out = known?.out ?? (amount * (options.outBps ?? 9_970n)) / 10_000n;
      payout = settlement.pay(target.chainId, native ? null : token, recipient, out).then((txHash) => ({ txHash, amount: out, token, chainId: target.chainId }));
      payouts.set(hash, payout);
    }
    return payout;
  }

  async function status(request: FakeRequest): Promise<FakeReply> {
    const hash = request.query.get('transactionId');
    if (!hash) return { status: 400, body: { message: 'transactionId is required', statusCode: '400', type: 'SCHEMA_VALIDATION_ERROR' } };
    const template = STATUS as { fromChain: Record<string, unknown>; toChain: Record<string, unknown> };
    const answer = (squidTransactionStatus: string, destination: Hex | null): FakeReply => ({
      body: overlay(STATUS, {
        id: hash,
        fromChain: overlay(template.fromChain, { transactionId: hash }),
        toChain: overlay(template.toChain, { transactionId: destination ?? '' }),
        routeStatus: [{ chainId: request.query.get('fromChainId'), txHash: hash, status: 'success', action: 'send' }],
        squidTransactionStatus,
      }),
    });
    if (!options.settlement) {
      const chosen = options.status ?? 'success';
      return answer(chosen, chosen === 'success' || chosen === 'partial_success' ? (template.toChain.transactionId as Hex) : null);
    }
    const settled = await settle(options.settlement, Number(request.query.get('fromChainId')), hash as Hex);
    if (settled === null) return { status: 404, body: { message: 'Transaction not found', statusCode: '404', type: 'NOT_FOUND' } };
    if (settled === 'failed') return answer('failed_on_destination', null);
    return answer('success', settled.txHash);
  }

  const server = await startFakeServer({ 'POST /v2/route': route, 'GET /v2/status': status });
  return switchableFake<SquidFakeOptions>(server, (next) => {
    options = next;
  });
}
