import { concat, encodeAbiParameters, encodeFunctionData, pad, parseAbi, parseAbiParameters, toFunctionSelector, type Address, type Hex } from 'viem';
import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { RANGO_BRIDGE_FUNCTIONS } from './rangoBridgeCalls.ts';
import { evmChainIdOf, rangoChainByBlockchain } from './rangoChains.ts';

/**
 * A loopback Rango Basic API for adapter tests: `/basic/quote` answers in the layout of a real
 * recorded quote (fixtures/real/quote-ok-ethereum-polygon-hyphen-aggregator.json) with the request's
 * assets, amounts and limits put in and Across as the swapper (no real quote through a bridge Strait
 * builds was found); `/basic/swap` adds a transaction laid out as
 * fixtures/synthetic/swap-evm-across-bridge.json (no real swap answer was found), its calldata a real
 * `acrossBridge` call of Rango's diamond ABI, whose affiliate fees are Rango's own and, with
 * `referrerAddress` + `referrerFee` (a percent), the referrer's `amount × percent / 100` rounded down,
 * both taken from the amount (the output shrinks with them); `/basic/status` answers in the layout of Rango's own docs
 * status example (fixtures/real/status-success-desired-output-polygon.json). `tamper` makes the calldata lie so tests
 * can prove the adapter and the engine refuse it. It has no settlement: nothing on the sandbox chains
 * stands in for Rango's diamond, so the module has no sandbox fake.
 */

export interface RangoFakeOptions {
  /** Output as a share of the input, in basis points (default 9 965). */
  readonly outBps?: bigint;
  /** Rango's fee inside the amount, in basis points (default 20). */
  readonly feeBps?: bigint;
  /** Fields of the Across request (or the bridged token / amount) to replace with a lie. */
  readonly tamper?: Partial<{ recipient: Address; destinationChainId: bigint; token: Address; amount: bigint; message: Hex; depositor: Address; outputToken: Address; referrerAddress: Address; referrerAmount: bigint }>;
  /** A `resultType` other than OK for quote and swap (with `route: null` unless INPUT_LIMIT_ISSUE). */
  readonly resultType?: string;
  /** The route's swapper id and group (default Across). */
  readonly swapper?: string;
  /** The transaction type `/basic/swap` answers (default EVM). */
  readonly txType?: string;
  /** What `/basic/status` answers (default success / DESIRED_OUTPUT). */
  readonly status?: { readonly status: string | null; readonly outputType: string | null };
}

export interface RangoFake {
  readonly url: string;
  readonly server: FakeServer;
  setOptions(options: RangoFakeOptions): void;
  close(): Promise<void>;
}

const QUOTE = recordedAnswer(new URL('./fixtures/real/quote-ok-ethereum-polygon-hyphen-aggregator.json', import.meta.url));
const SWAP = recordedAnswer(new URL('./fixtures/synthetic/swap-evm-across-bridge.json', import.meta.url));
const STATUS = recordedAnswer(new URL('./fixtures/real/status-success-desired-output-polygon.json', import.meta.url));

const ZERO = '0x0000000000000000000000000000000000000000';
const APPROVE = parseAbi(['function approve(address spender, uint256 amount)']);
const ACROSS_BRIDGE = RANGO_BRIDGE_FUNCTIONS.acrossBridge.params;
const ACROSS_SELECTOR = toFunctionSelector(`acrossBridge(${ACROSS_BRIDGE.replace(/ [A-Za-z]+(?=[,)])/g, '')})`);
const DIAMOND: Address = '0x69460570c93f9DE5E2edbC3052bf10125f0Ca22d';

/** `BLOCKCHAIN` or `BLOCKCHAIN--address` (also `BLOCKCHAIN.SYMBOL--address`) → its parts. */
function parseAsset(text: string | null): { blockchain: string; address: string | null } | null {
  if (!text) return null;
  const [head, address] = text.split('--');
  const blockchain = head!.split('.')[0]!;
  return rangoChainByBlockchain(blockchain) ? { blockchain, address: address ?? null } : null;
}

/** `amount × percent / 100` rounded down, for a decimal percent string. */
function percentOf(amount: bigint, percent: string): bigint {
  const [whole, fraction = ''] = percent.split('.');
  const scale = 10n ** BigInt(fraction.length);
  return (amount * BigInt(`${whole}${fraction}`)) / (100n * scale);
}

export async function startRangoFake(initial: RangoFakeOptions = {}): Promise<RangoFake> {
  let options = initial;
  let sequence = 0;

  function priced(request: FakeRequest): { body: Record<string, unknown>; amount: bigint; referred: bigint; from: { blockchain: string; address: string | null }; to: { blockchain: string; address: string | null } } | FakeReply {
    const q = request.query;
    if (!q.get('apiKey')) return { status: 401, body: { error: 'API key is missing', errorCode: null, traceId: 1 } };
    const from = parseAsset(q.get('from'));
    const to = parseAsset(q.get('to'));
    const amountText = q.get('amount') ?? '';
    if (!from || !to) return { status: 400, body: { error: 'The requested blockchain is not supported', errorCode: 1206, traceId: 2 } };
    if (!/^[0-9]+$/.test(amountText)) return { status: 400, body: { error: 'amount is not valid', errorCode: 1201, traceId: 3 } };
    const amount = BigInt(amountText);
    const referrerFee = q.get('referrerFee');
    if (referrerFee !== null && !/^[0-9]+(\.[0-9]+)?$/.test(referrerFee)) return { status: 400, body: { error: 'referrerFee is not valid', errorCode: 1201, traceId: 6 } };
    const referred = referrerFee === null ? 0n : percentOf(amount, referrerFee);
    const out = ((amount - referred) * (options.outBps ?? 9_965n)) / 10_000n;
    const template = QUOTE as { route: Record<string, unknown> & { fee: readonly Record<string, unknown>[]; amountRestriction: Record<string, unknown> } };
    const token = (side: 'from' | 'to', asset: { blockchain: string; address: string | null }) => ({ ...(template.route[side] as object), blockchain: asset.blockchain, address: asset.address });
    const swapperId = options.swapper ?? 'Across';
    const swapper = { ...(template.route.swapper as object), id: swapperId, title: swapperId, swapperGroup: swapperId, types: ['BRIDGE'] };
    // The recorded gas fee, charged on the source chain's native coin.
    const fee = template.route.fee.map((item) => ({ ...item, token: { ...(item.token as object), blockchain: from.blockchain } }));
    const amountRestriction = { ...template.route.amountRestriction, min: '2000000', max: '1000000000000' };
    const route = overlay(template.route, { outputAmount: out.toString(), outputAmountMin: ((out * 99n) / 100n).toString(), swapper, from: token('from', from), to: token('to', to), fee, amountRestriction, path: null });
    const resultType = options.resultType ?? 'OK';
    const keepsRoute = resultType === 'OK' || resultType === 'INPUT_LIMIT_ISSUE';
    const body = overlay(QUOTE, { requestId: `rango-fake-${++sequence}`, resultType, route: keepsRoute ? route : null, error: resultType === 'OK' ? null : `fake ${resultType}` });
    return { body, amount, from, to, referred };
  }

  function quote(request: FakeRequest): FakeReply {
    const answer = priced(request);
    return 'amount' in answer ? { body: answer.body } : answer;
  }

  function swap(request: FakeRequest): FakeReply {
    const answer = priced(request);
    if (!('amount' in answer)) return answer;
    const q = request.query;
    const sender = q.get('fromAddress');
    const recipient = q.get('toAddress');
    if (!sender || !recipient || !q.get('slippage')) return { status: 400, body: { error: 'fromAddress, toAddress and slippage are required', errorCode: 1201, traceId: 4 } };
    if (answer.body.resultType !== 'OK') return { body: { ...answer.body, tx: null } };
    const chain = rangoChainByBlockchain(answer.from.blockchain)!;
    const destination = rangoChainByBlockchain(answer.to.blockchain)!;
    const fee = (answer.amount * (options.feeBps ?? 20n)) / 10_000n;
    const lie = options.tamper ?? {};
    const referrer = q.get('referrerAddress');
    const affiliateFees = [
      { affiliatorAddress: ZERO as Address, amount: fee, feeType: 0 },
      ...(referrer ? [{ affiliatorAddress: lie.referrerAddress ?? (referrer as Address), amount: lie.referrerAmount ?? answer.referred, feeType: 1 }] : []),
    ];
    const fees = affiliateFees.reduce((sum, entry) => sum + entry.amount, 0n);
    const data = concat([
      ACROSS_SELECTOR,
      encodeAbiParameters(parseAbiParameters(ACROSS_BRIDGE), [
        {
          spokePoolAddress: '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A',
          depositor: lie.depositor ?? (sender as Address),
          exclusiveRelayer: ZERO,
          outputToken: lie.outputToken ?? ((answer.to.address ?? ZERO) as Address),
          fillDeadline: 1_729_174_445,
          exclusivityDeadline: 0,
          recipient: lie.recipient ?? (recipient as Address),
          destinationChainId: lie.destinationChainId ?? BigInt(evmChainIdOf(destination) ?? 0),
          decimalsAdjustedTotalRelayFeePct: 1_500_000_000_000_000n,
          quoteTimestamp: 1_729_163_645,
          message: lie.message ?? '0x',
        },
        {
          requestId: pad(`0x${sequence.toString(16)}`, { size: 20 }),
          token: lie.token ?? ((answer.from.address ?? ZERO) as Address),
          amount: lie.amount ?? answer.amount - fees,
          affiliateFees,
          totalAffiliateFee: fees,
          dAppTag: 0,
          dAppName: '',
        },
      ]),
    ]);
    const template = SWAP as { tx: Record<string, unknown> };
    const txType = options.txType ?? 'EVM';
    const blockChain = { ...(template.tx.blockChain as object), name: chain.blockchain, chainId: String(evmChainIdOf(chain)) };
    const tx =
      txType === 'EVM'
        ? overlay(template.tx, {
            blockChain,
            from: sender,
            txTo: DIAMOND,
            approveTo: answer.from.address,
            approveData: answer.from.address ? encodeFunctionData({ abi: APPROVE, args: [DIAMOND, answer.amount] }) : null,
            txData: data,
            value: answer.from.address ? null : `0x${answer.amount.toString(16)}`,
          })
        : { type: txType, blockChain: chain.blockchain, from: sender };
    return { body: overlay(SWAP, { ...answer.body, tx }) };
  }

  function status(request: FakeRequest): FakeReply {
    const q = request.query;
    if (!q.get('requestId') || !q.get('txId')) return { status: 400, body: { error: 'requestId and txId are required', errorCode: 1201, traceId: 5 } };
    const chosen = options.status ?? { status: 'success', outputType: 'DESIRED_OUTPUT' };
    const template = STATUS as { output: Record<string, unknown>; bridgeData: Record<string, unknown> };
    const delivered = chosen.status === 'success' && chosen.outputType !== 'MIDDLE_ASSET_IN_SRC';
    return {
      body: overlay(STATUS, {
        status: chosen.status,
        output: chosen.outputType === null ? null : { ...template.output, type: chosen.outputType },
        bridgeData: { ...template.bridgeData, srcTxHash: q.get('txId'), destTxHash: delivered ? `0x${'b'.repeat(64)}` : null },
      }),
    };
  }

  const server = await startFakeServer({ 'GET /basic/quote': quote, 'GET /basic/swap': swap, 'GET /basic/status': status });
  return {
    url: server.url,
    server,
    setOptions(next) {
      options = next;
    },
    close: () => server.close(),
  };
}
