import { readFileSync } from 'node:fs';
import { encodeFunctionData, pad, parseAbi, type Address, type Hex } from 'viem';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { LIFI_CHAINS } from './lifiChains.ts';
import { chainInfo } from '../../domain/chains.ts';

/**
 * A loopback LI.FI for tests: `/quote` answers in the layout of LI.FI's own docs example
 * (fixtures/real/quote-gnosis-xdai-miva-1inch.json), with the request's chains, tokens, amounts and
 * addresses substituted and a `transactionRequest` to the chain's diamond whose calldata is a real
 * AcrossFacetV4 `startBridgeTokensViaAcrossV4` call; `/status` answers in the layout of the docs'
 * status example. `tamper` makes the calldata lie (another receiver, chain, token or amount) so tests
 * can prove the adapter and the engine refuse it. It never settles on chain (no sandbox stand-in yet).
 */

export interface LifiFakeOptions {
  /** Output as a share of the input, in basis points (default 9 965). */
  readonly outBps?: bigint;
  /** Fields of the BridgeData to replace with a lie. */
  readonly tamper?: Partial<{ receiver: Address; destinationChainId: bigint; sendingAssetId: Address; minAmount: bigint }>;
  /** The status and substatus `/status` answers (default DONE / COMPLETED). */
  readonly status?: { readonly status: string; readonly substatus: string | null };
}

export interface LifiFake {
  readonly url: string;
  readonly server: FakeServer;
  setOptions(options: LifiFakeOptions): void;
  close(): Promise<void>;
}

function realAnswer(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}
const QUOTE = realAnswer('quote-gnosis-xdai-miva-1inch.json');
const STATUS = realAnswer('status-done-completed-stargatev2bus.json');

const abi = parseAbi([
  'struct BridgeData { bytes32 transactionId; string bridge; string integrator; address referrer; address sendingAssetId; address receiver; uint256 minAmount; uint256 destinationChainId; bool hasSourceSwaps; bool hasDestinationCall; }',
  'struct AcrossV4Data { bytes32 receiverAddress; bytes32 refundAddress; bytes32 sendingAssetId; bytes32 receivingAssetId; uint256 outputAmount; uint128 outputAmountMultiplier; bytes32 exclusiveRelayer; uint32 quoteTimestamp; uint32 fillDeadline; uint32 exclusivityParameter; bytes message; }',
  'function startBridgeTokensViaAcrossV4(BridgeData _bridgeData, AcrossV4Data _acrossData) payable',
]);
const ZERO = '0x0000000000000000000000000000000000000000';

export async function startLifiFake(initial: LifiFakeOptions = {}): Promise<LifiFake> {
  let options = initial;
  let sequence = 0;

  function quote(request: FakeRequest): FakeReply {
    const q = request.query;
    const fromChain = Number(q.get('fromChain'));
    const toChain = Number(q.get('toChain'));
    const chain = LIFI_CHAINS.find((c) => chainInfo(c.key).chainId === fromChain);
    const amountText = q.get('fromAmount') ?? '';
    if (!chain || !/^[0-9]+$/.test(amountText) || !q.get('fromAddress') || !q.get('integrator')) return { status: 400, body: { message: 'Invalid quote request.', code: 1011 } };
    const fromToken = (q.get('fromToken') ?? ZERO) as Address;
    const toToken = (q.get('toToken') ?? ZERO) as Address;
    const sender = q.get('fromAddress') as Address;
    const recipient = (q.get('toAddress') ?? sender) as Address;
    const amount = BigInt(amountText);
    const out = (amount * (options.outBps ?? 9_965n)) / 10_000n;
    const transactionId = pad(`0x${(++sequence).toString(16)}`);
    const bridge = { receiver: recipient, destinationChainId: BigInt(toChain), sendingAssetId: fromToken, minAmount: amount, ...options.tamper };
    const data = encodeFunctionData({
      abi,
      functionName: 'startBridgeTokensViaAcrossV4',
      args: [
        { transactionId, bridge: 'across', integrator: q.get('integrator') ?? '', referrer: ZERO, hasSourceSwaps: false, hasDestinationCall: false, ...bridge },
        { receiverAddress: pad(bridge.receiver), refundAddress: pad(sender), sendingAssetId: pad(fromToken), receivingAssetId: pad(toToken), outputAmount: out, outputAmountMultiplier: 10n ** 18n, exclusiveRelayer: pad(ZERO), quoteTimestamp: Math.floor(Date.now() / 1000), fillDeadline: Math.floor(Date.now() / 1000) + 10_800, exclusivityParameter: 0, message: '0x' },
      ],
    });
    const template = QUOTE as { action: Record<string, unknown>; estimate: Record<string, unknown>; transactionRequest: Record<string, unknown> };
    const { data: _aggregatorEcho, ...estimate } = template.estimate;
    const tokenOf = (address: string, chainId: number) => ({ ...(template.action.fromToken as object), address, chainId });
    const body = {
      ...QUOTE,
      id: `lifi-fake-${sequence}`,
      tool: 'across',
      toolDetails: { key: 'across', logoURI: '', name: 'AcrossV4' },
      action: { ...template.action, fromChainId: fromChain, toChainId: toChain, fromToken: tokenOf(fromToken, fromChain), toToken: tokenOf(toToken, toChain), fromAmount: amount.toString(), fromAddress: sender, toAddress: recipient },
      estimate: { ...estimate, fromAmount: amount.toString(), toAmount: out.toString(), toAmountMin: out.toString(), approvalAddress: chain.diamond, executionDuration: 30 },
      integrator: q.get('integrator'),
      transactionId,
      transactionRequest: { ...template.transactionRequest, from: sender, to: chain.diamond, chainId: fromChain, data: data as Hex, value: fromToken === ZERO ? `0x${amount.toString(16)}` : '0x0' },
      includedSteps: [],
    };
    return { body };
  }

  function status(request: FakeRequest): FakeReply {
    const hash = request.query.get('txHash');
    if (!hash) return { status: 400, body: { message: 'txHash is required.', code: 1011 } };
    const chosen = options.status ?? { status: 'DONE', substatus: 'COMPLETED' };
    const template = STATUS as { sending: Record<string, unknown>; receiving: Record<string, unknown> };
    const body: Record<string, unknown> = { ...STATUS, sending: { ...template.sending, txHash: hash }, status: chosen.status, substatus: chosen.substatus };
    if (chosen.status !== 'DONE') body.receiving = { chainId: template.receiving.chainId };
    return { body };
  }

  const server = await startFakeServer({ 'GET /quote': quote, 'GET /status': status });
  return {
    url: server.url,
    server,
    setOptions(next) {
      options = next;
    },
    close: () => server.close(),
  };
}
