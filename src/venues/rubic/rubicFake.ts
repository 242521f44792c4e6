import { encodeAbiParameters, encodeFunctionData, pad, parseAbi, parseAbiParameters, type Address, type Hex } from 'viem';
import { atomicToDecimal, decimalToAtomic } from '../../domain/amounts.ts';
import { chainInfo } from '../../domain/chains.ts';
import { tokensOn } from '../../domain/tokens.ts';
import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest } from '../fake/startFakeServer.ts';
import { switchableFake, type SwitchableFake } from '../fake/switchableFake.ts';
import { RUBIC_CHAINS, RUBIC_NATIVE } from './rubicChains.ts';

/**
 * A loopback Rubic API v2 for tests. `/routes/quoteBest` and `/routes/swap` answer in the layout of a
 * recorded quoteBest answer (fixtures/real/quote-base-usdc-polygon-matic-lifi.json) with the request's
 * blockchains, tokens, display amount and a fresh id substituted, and without the fixed native fees
 * unless `fixedFeeWei` / `providerFeeWei` ask for them. `/routes/swap` adds the transaction: an ERC20Proxy
 * `startViaRubic` pulling the source token (none for a native source, as in the recorded ETH → POL
 * answer fixtures/real/swap-ethereum-eth-polygon-pol-lifi.json; `nativeDirect` calls the diamond
 * instead) carrying a `startBridgeTokensViaGenericCrossChain` encoded with Rubic's ABI, its value the
 * amount (native sources) plus both fixed fees and the provider's forwarded as `extraNative`, or a
 * deposit address in `deposit` mode. `tamper` makes the calldata lie so tests can prove the adapter
 * and the engine refuse it. `/info/statusExtended` answers in the layout of a recorded answer
 * (fixtures/real/status-extended-not-found.json: `rubicId` and `sourceTxHash` echoed). Errors use Rubic's
 * `{ error: { code, reason, data }, id }` body. No settlement: Rubic's contracts are not on the sandbox chains.
 */

export interface RubicFakeOptions {
  /** Output as a share of the input, in basis points (default 9 950). */
  readonly outBps?: bigint;
  /** Rubic's own fixed fee in native wei, charged on top of the amount (`protocol`; default none). */
  readonly fixedFeeWei?: bigint;
  /** The provider's fixed fee in native wei, on top of the amount and forwarded as `extraNative` (default none). */
  readonly providerFeeWei?: bigint;
  /** `deposit`: the swap answers a deposit provider's address instead of calldata. */
  readonly mode?: 'calldata' | 'deposit';
  /** A native source's transaction calls the RubicMultiProxy diamond directly instead of the ERC20Proxy. */
  readonly nativeDirect?: boolean;
  /** Fields of the BridgeData (and the proxy call around it) to replace with a lie. */
  readonly tamper?: Partial<{ integrator: Address; receiver: Address; destinationChainId: bigint; sendingAssetId: Address; receivingAssetId: Address; minAmount: bigint; extraNative: bigint; pulledAmount: bigint; value: bigint }>;
  /** The status `/info/statusExtended` answers (default SUCCESS). */
  readonly status?: string;
  /** Answer every quote and swap with this Rubic error. */
  readonly error?: { readonly httpStatus: number; readonly code: number; readonly reason: string; readonly data?: Record<string, unknown> };
}

export type RubicFake = SwitchableFake<RubicFakeOptions>;

const QUOTE = recordedAnswer(new URL('./fixtures/real/quote-base-usdc-polygon-matic-lifi.json', import.meta.url));
const STATUS = recordedAnswer(new URL('./fixtures/real/status-extended-not-found.json', import.meta.url));
const LIFI_DIAMOND: Address = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';
const DEPOSIT_ADDRESS: Address = '0x4444444444444444444444444444444444444444';

const abi = parseAbi([
  'struct BridgeData { bytes32 transactionId; string bridge; address integrator; address referrer; address sendingAssetId; address receivingAssetId; address receiver; address refundee; uint256 minAmount; uint256 destinationChainId; bool hasSourceSwaps; bool hasDestinationCall; }',
  'struct GenericCrossChainData { address router; address approveTo; uint256 extraNative; bytes callData; }',
  'function startBridgeTokensViaGenericCrossChain(BridgeData _bridgeData, GenericCrossChainData _genericData) payable',
  'function startViaRubic(address[] tokens, uint256[] amounts, bytes facetCallData) payable',
]);

interface Side {
  readonly chainId: number;
  readonly blockchain: string;
  readonly address: Address;
  readonly decimals: number;
  readonly symbol: string;
  readonly multiProxy: Address;
  readonly erc20Proxy: Address;
}

function sideOf(blockchain: unknown, address: unknown): Side | null {
  const chain = RUBIC_CHAINS.find((c) => c.blockchain === blockchain);
  if (!chain || typeof address !== 'string') return null;
  const native = address.toLowerCase() === RUBIC_NATIVE;
  const token = tokensOn(chain.key).find((t) => (native ? t.address === null : t.address?.toLowerCase() === address.toLowerCase()));
  if (!token) return null;
  return { chainId: chainInfo(chain.key).chainId ?? 0, blockchain: chain.blockchain, address: address as Address, decimals: token.decimals, symbol: token.symbol, multiProxy: chain.multiProxy, erc20Proxy: chain.erc20Proxy };
}

/** A fixed fee in the recorded answer's layout (`fees.gasTokenFees.protocol` / `provider`). */
function feeOf(wei: bigint): Record<string, unknown> {
  return { fixedAmount: atomicToDecimal(wei, 18), fixedUsdAmount: 0, fixedWeiAmount: wei.toString() };
}

export async function startRubicFake(initial: RubicFakeOptions = {}): Promise<RubicFake> {
  let options = initial;
  let sequence = 0;

  function rubicError(error: NonNullable<RubicFakeOptions['error']>): FakeReply {
    return { status: error.httpStatus, body: { error: { code: error.code, reason: error.reason, ...(error.data ? { data: error.data } : {}) }, id: `rubic-fake-${sequence}` } };
  }

  function route(request: FakeRequest, withTransaction: boolean): FakeReply {
    if (options.error) return rubicError(options.error);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const from = sideOf(body.srcTokenBlockchain, body.srcTokenAddress);
    const to = sideOf(body.dstTokenBlockchain, body.dstTokenAddress);
    const amount = typeof body.srcTokenAmount === 'string' && from ? decimalToAtomic(body.srcTokenAmount, from.decimals, 'down') : null;
    if (!from || !to || amount === null) return rubicError({ httpStatus: 400, code: 2001, reason: 'No routes found. Try to use other tokens' });
    const id = withTransaction && typeof body.id === 'string' ? body.id : `00000000-0000-4000-8000-${(++sequence).toString(16).padStart(12, '0')}`;
    const out = (amount * (options.outBps ?? 9_950n) * 10n ** BigInt(to.decimals)) / (10_000n * 10n ** BigInt(from.decimals));
    const template = QUOTE as { tokens: { from: object; to: object }; estimate: Record<string, unknown>; fees: { gasTokenFees: Record<string, unknown> } & Record<string, unknown> };
    const fixed = options.fixedFeeWei ?? 0n;
    const providerFee = options.providerFeeWei ?? 0n;
    const answer: Record<string, unknown> = overlay(QUOTE, {
      id,
      tokens: {
        from: { ...template.tokens.from, address: from.address, amount: body.srcTokenAmount, blockchain: from.blockchain, blockchainId: from.chainId, decimals: from.decimals, symbol: from.symbol },
        to: { ...template.tokens.to, address: to.address, blockchain: to.blockchain, blockchainId: to.chainId, decimals: to.decimals, symbol: to.symbol },
      },
      estimate: { ...template.estimate, destinationTokenAmount: atomicToDecimal(out, to.decimals), destinationTokenMinAmount: atomicToDecimal(out, to.decimals), destinationWeiAmount: out.toString(), destinationWeiMinAmount: out.toString() },
      fees: { ...template.fees, gasTokenFees: { ...template.fees.gasTokenFees, protocol: feeOf(fixed), provider: feeOf(providerFee) } },
      providerType: options.mode === 'deposit' ? 'changenow' : 'lifi',
      useRubicContract: options.mode !== 'deposit',
      transaction: withTransaction ? transactionOf(body, from, to, amount, id, { fixed, providerFee }) : { approvalAddress: from.erc20Proxy },
    });
    return { body: answer };
  }

  function transactionOf(body: Record<string, unknown>, from: Side, to: Side, amount: bigint, id: string, fees: { fixed: bigint; providerFee: bigint }): Record<string, unknown> {
    if (options.mode === 'deposit') return { depositAddress: DEPOSIT_ADDRESS, amountToSend: body.srcTokenAmount, exchangeId: `cn-${id.slice(-6)}`, extraFields: null };
    const receiver = body.receiver as Address;
    const t = options.tamper ?? {};
    const native = from.address.toLowerCase() === RUBIC_NATIVE;
    const bridge = {
      transactionId: pad(`0x${id.replaceAll('-', '')}`),
      bridge: 'lifi:lifi',
      integrator: t.integrator ?? ((typeof body.integratorAddress === 'string' ? body.integratorAddress : RUBIC_NATIVE) as Address),
      referrer: RUBIC_NATIVE as Address,
      sendingAssetId: t.sendingAssetId ?? from.address,
      receivingAssetId: t.receivingAssetId ?? to.address,
      receiver: t.receiver ?? receiver,
      refundee: body.fromAddress as Address,
      minAmount: t.minAmount ?? amount,
      destinationChainId: t.destinationChainId ?? BigInt(to.chainId),
      hasSourceSwaps: false,
      hasDestinationCall: false,
    };
    // The provider call is opaque to Strait; like a real one it names the receiver.
    const providerCall = `0x2c57e884${encodeAbiParameters(parseAbiParameters('bytes32, address, uint256, uint256'), [bridge.transactionId, bridge.receiver, bridge.minAmount, bridge.destinationChainId]).slice(2)}` as Hex;
    const facet = encodeFunctionData({ abi, functionName: 'startBridgeTokensViaGenericCrossChain', args: [bridge, { router: LIFI_DIAMOND, approveTo: LIFI_DIAMOND, extraNative: t.extraNative ?? fees.providerFee, callData: providerCall }] });
    const beside = fees.fixed + fees.providerFee;
    const value = (t.value ?? (native ? amount + beside : beside)).toString();
    if (native && options.nativeDirect) return { approvalAddress: from.erc20Proxy, to: from.multiProxy, data: facet, value };
    const data = encodeFunctionData({ abi, functionName: 'startViaRubic', args: native ? [[], [], facet] : [[from.address], [t.pulledAmount ?? amount], facet] });
    return { approvalAddress: from.erc20Proxy, to: from.erc20Proxy, data, value };
  }

  function status(request: FakeRequest): FakeReply {
    const rubicId = request.query.get('rubicId');
    if (!rubicId) return { status: 400, body: { errors: [{ code: 1004, reason: 'rubicId is required' }] } };
    const value = options.status ?? 'SUCCESS';
    const delivered = value === 'SUCCESS' || value === 'READY_TO_CLAIM' || value === 'FALLBACK';
    return { body: overlay(STATUS, { rubicId, sourceTxHash: request.query.get('srcTxHash'), status: value, destinationTxHash: delivered ? `0x${'5e'.repeat(32)}` : '' }) };
  }

  const server = await startFakeServer({
    'POST /routes/quoteBest': (request) => route(request, false),
    'POST /routes/swap': (request) => route(request, true),
    'GET /info/statusExtended': status,
  });
  return switchableFake<RubicFakeOptions>(server, (next) => {
    options = next;
  });
}
