import { encodeFunctionData, pad, type Address, type Hex } from 'viem';
import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest } from '../fake/startFakeServer.ts';
import { switchableFake, type SwitchableFake } from '../fake/switchableFake.ts';
import { XY_BRIDGE_2024_ABI } from './xyfinanceBridgeCalls.ts';
import { xyChainById } from './xyfinanceChains.ts';

/**
 * A loopback XY Finance for tests, answering in the layout of XY's own examples: `/quote` fills the
 * docs' yBridge route (fixtures/real/quote-arbitrum-usdce-linea-eth-ybridge.json) with the request's
 * chains, tokens and amounts and the source chain's YBridge; `/buildTx` returns that route and a
 * YBridge `swapWithReferrer` call encoded with the YBridge ABI; `/crossChainStatus` answers with the
 * docs' status examples. `tamper` makes the calldata lie (another receiver, chain, token, amount or
 * contract) so tests can prove the adapter and the engine refuse it. XY answers refusals with HTTP 200
 * and `success: false`, and so does the fake (`minAmount`, `routerOnly`).
 */

export interface XyFinanceFakeOptions {
  /** Output as a share of the input, in basis points (default 9 970). */
  readonly outBps?: bigint;
  /** Below this amount `/quote` answers XY's minimum refusal (in the source token's units). */
  readonly minAmount?: { readonly atomic: bigint; readonly display: string; readonly symbol: string };
  /** Answer only routes through the XY Router (another bridge provider), which Strait cannot verify. */
  readonly routerOnly?: boolean;
  /** Route through a source swap into this vault token (a `srcSwapDescription`, an adaptor in the call). */
  readonly sourceSwapInto?: Address;
  /** Fields of the built call to replace with a lie. */
  readonly tamper?: Partial<{ receiver: Address; dstChainId: number; srcToken: Address; amount: bigint; to: Address; value: bigint }>;
  /** The status `/crossChainStatus` answers (a docs status value; default Done with a hash). */
  readonly status?: string;
}

export type XyFinanceFake = SwitchableFake<XyFinanceFakeOptions>;

const fixture = (name: string) => recordedAnswer(new URL(`./fixtures/real/${name}`, import.meta.url));
const QUOTE = fixture('quote-arbitrum-usdce-linea-eth-ybridge.json');
const STATUS = {
  done: fixture('status-done.json'),
  processing: fixture('status-processing.json'),
  notFound: fixture('status-not-found.json'),
  bridgeToken: fixture('status-receive-bridge-token.json'),
  pendingRefund: fixture('status-pending-refund.json'),
};
const ROUTE = (QUOTE.routes as Record<string, unknown>[])[0]!;
const BRIDGE = ROUTE.bridgeDescription as Record<string, unknown>;
const ZERO = '0x0000000000000000000000000000000000000000';
/** A stand-in for a DEX adaptor the YBridge whitelists (its address is never checked by Strait). */
const XY_SWAP_ADAPTOR = '0x00000000000000000000000000000000000adab7';
/** The Arbitrum XY Router (DefiLlama's XY adapter): where XY's non-yBridge routes go. */
const XY_ROUTER = '0x062b1Db694F6A437e3c028FC60dd6feA7444308c';

export async function startXyFinanceFake(initial: XyFinanceFakeOptions = {}): Promise<XyFinanceFake> {
  let options = initial;
  let sequence = 0;

  /** The route XY would answer for this request, or its refusal. */
  function routeFor(q: URLSearchParams): { route: Record<string, unknown> } | FakeReply {
    const srcChainId = Number(q.get('srcChainId'));
    const dstChainId = Number(q.get('dstChainId'));
    const amountText = q.get('srcQuoteTokenAmount') ?? '';
    const src = xyChainById(srcChainId);
    if (!src || !xyChainById(dstChainId) || !/^[0-9]+$/.test(amountText) || !q.get('slippage')) return { body: { success: false, errorCode: 10001, errorMsg: 'Invalid parameters' } };
    const amount = BigInt(amountText);
    const min = options.minAmount;
    if (min && amount < min.atomic) return { body: { success: false, errorCode: 20004, errorMsg: `The minimum swap amount for this trading pair should be equivalent to ${min.display} ${min.symbol}.` } };
    const srcToken = q.get('srcQuoteTokenAddress') ?? '';
    const dstToken = q.get('dstQuoteTokenAddress') ?? '';
    const bridged = (amount * 9_985n) / 10_000n;
    const out = (amount * (options.outBps ?? 9_970n)) / 10_000n;
    const bridgeDescription = overlay(BRIDGE, {
      provider: options.routerOnly ? 'Across' : 'yBridge',
      srcChainId,
      srcBridgeTokenAddress: options.sourceSwapInto ?? srcToken,
      dstChainId,
      dstBridgeTokenAddress: dstToken,
      srcBridgeTokenAmount: amount.toString(),
      dstBridgeTokenAmount: bridged.toString(),
      bridgeContractAddress: src.yBridge,
      bridgeFeeAmount: (amount - bridged).toString(),
    });
    const route = overlay(ROUTE, {
      srcChainId,
      srcQuoteTokenAddress: srcToken,
      srcQuoteTokenAmount: amount.toString(),
      dstChainId,
      dstQuoteTokenAddress: dstToken,
      ...(options.sourceSwapInto ? { srcSwapDescription: { chainId: String(srcChainId), provider: 'OneInch V5 DexAggregator', srcTokenAddress: srcToken, dstTokenAddress: options.sourceSwapInto, srcTokenAmount: amount.toString(), dstTokenAmount: amount.toString(), dexNames: ['UniswapV3'] } } : {}),
      bridgeDescription,
      dstSwapDescription: null,
      dstQuoteTokenAmount: out.toString(),
      minReceiveAmount: ((out * 99n) / 100n).toString(),
      contractAddress: options.routerOnly ? XY_ROUTER : src.yBridge,
    });
    return { route };
  }

  function quote(request: FakeRequest): FakeReply {
    const found = routeFor(request.query);
    if (!('route' in found)) return found;
    return { body: overlay(QUOTE, { routes: [found.route] }) };
  }

  function buildTx(request: FakeRequest): FakeReply {
    const q = request.query;
    const found = routeFor(q);
    if (!('route' in found)) return found;
    const receiver = q.get('receiver');
    if (!receiver || q.get('bridgeProvider') !== 'yBridge') return { body: { success: false, errorCode: 10001, errorMsg: 'Invalid parameters' } };
    const route = found.route;
    const srcToken = route.srcQuoteTokenAddress as Address;
    const lie = options.tamper ?? {};
    const amount = lie.amount ?? BigInt(route.srcQuoteTokenAmount as string);
    const vaultToken = options.sourceSwapInto ?? lie.srcToken ?? srcToken;
    const data = encodeFunctionData({
      abi: XY_BRIDGE_2024_ABI,
      functionName: 'swapWithReferrer',
      args: [
        options.sourceSwapInto ? XY_SWAP_ADAPTOR : ZERO,
        { srcToken: lie.srcToken ?? srcToken, dstToken: vaultToken, receiver: lie.receiver ?? (receiver as Address), amount, minReturnAmount: amount },
        options.sourceSwapInto ? '0x12aa3caf' : '0x',
        { dstChainId: lie.dstChainId ?? Number(route.dstChainId), dstChainToken: route.dstQuoteTokenAddress as Address, dstAggregatorAdaptor: ZERO, expectedDstChainTokenAmount: BigInt(route.dstQuoteTokenAmount as string), slippage: 100 },
        pad(`0x${(++sequence).toString(16)}`, { size: 20 }),
      ],
    });
    const native = srcToken.toLowerCase() === '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
    const value = lie.value ?? (native ? amount : 0n);
    return { body: { success: true, route, tx: { to: lie.to ?? route.contractAddress, data: data as Hex, value: value.toString() } } };
  }

  function crossChainStatus(request: FakeRequest): FakeReply {
    if (!request.query.get('srcChainId') || !request.query.get('srcTxHash')) return { body: { success: false, errorCode: 10001, errorMsg: 'Invalid parameters' } };
    const hash = `0x${'b2'.repeat(32)}`;
    switch (options.status ?? 'Done') {
      case 'Processing':
        return { body: STATUS.processing };
      case 'Not found':
        return { body: STATUS.notFound };
      case 'Pending refund':
        return { body: STATUS.pendingRefund };
      case 'Receive bridge token':
        return { body: overlay(STATUS.bridgeToken, { status: 'Receive bridge token USDC', tx: hash }) };
      case 'Refunded':
        return { body: overlay(STATUS.done, { status: 'Refunded', msg: 'Transaction cannot be executed on destination chain, refunded.', tx: hash }) };
      case 'Done':
        return { body: overlay(STATUS.done, { tx: hash }) };
      default:
        return { body: overlay(STATUS.processing, { status: options.status }) };
    }
  }

  const server = await startFakeServer({ 'GET /quote': quote, 'GET /buildTx': buildTx, 'GET /crossChainStatus': crossChainStatus });
  return switchableFake<XyFinanceFakeOptions>(server, (next) => {
    options = next;
  });
}
