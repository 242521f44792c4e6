import { readFileSync } from 'node:fs';
import { concat, encodeFunctionData, erc20Abi, getAddress, isAddress, numberToHex, type Address, type Hex } from 'viem';
import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { NATIVE_CONVERSION_RATE, STARGATE_CHAINS, STARGATE_NATIVE_TOKEN, stargateTokenPool, type StargateChain, type StargateTokenPool } from './stargateChains.ts';
import { addressToBytes32, encodeStargateSend, type StargateSend } from './stargateSendCalls.ts';

/**
 * A loopback Stargate API and LayerZero Scan on one host, for adapter tests. `GET /quotes` answers in
 * the layout of fixtures/synthetic/quotes-eth-arbitrum-base-taxi-bus.json (no real quote answer was
 * found: see SOURCES.json) with the request's chains, tokens, amounts and addresses put in and a real
 * `send` call to the chain's native pool (value = amount + fee), or for USDC/USDT an approval of the
 * token then the `send` to its pool (value = the fee); `tamper` makes that call lie so tests prove it is refused.
 * `GET /messages/tx/:hash` answers from the real Scan answer
 * (fixtures/real/scan-messages-tx-delivered-stargate-sepolia.json) with the last quoted transfer's
 * endpoints, a taxi payload to its recipient of its amount, and the configured status.
 * No sandbox settlement: Stargate's pools do not exist on the sandbox's local chains.
 */

export interface StargateFakeOptions {
  /** LayerZero fee in wei (default 38 000 000 000 000, the fee of the quote template). */
  readonly feeWei?: bigint;
  /** Output as a share of the amount bridged, in basis points (default 9 996). */
  readonly outBps?: bigint;
  /** `srcAmountMax` of the pool; asking more answers the route's error (default 75 ETH, or 75 000 of a 6-decimals token). */
  readonly maxAmount?: bigint;
  /** Fields of the `send` call to replace with a lie. */
  readonly tamper?: Partial<StargateSend> & { readonly pool?: Address; readonly value?: bigint };
  /** Answer of `/quotes` instead of a priced one: an empty list. */
  readonly noQuotes?: boolean;
  /** `status.name` Scan reports (default DELIVERED); `null` answers an empty list (not indexed). */
  readonly status?: string | null;
}

export interface StargateFake {
  readonly url: string;
  readonly server: FakeServer;
  setOptions(options: StargateFakeOptions): void;
  close(): Promise<void>;
}

const QUOTES = JSON.parse(readFileSync(new URL('./fixtures/synthetic/quotes-eth-arbitrum-base-taxi-bus.json', import.meta.url), 'utf8')) as { quotes: Record<string, unknown>[] };
const TAXI_TEMPLATE = QUOTES.quotes[0]!;
const SCAN = recordedAnswer(new URL('./fixtures/real/scan-messages-tx-delivered-stargate-sepolia.json', import.meta.url)) as { data: Record<string, unknown>[] };
const MESSAGE_TEMPLATE = SCAN.data[0]!;

/** The destination transaction every delivered message of the fake names. */
export const DESTINATION_TX: Hex = `0x${'dd'.repeat(32)}`;

const byKey = (key: string | null): StargateChain | undefined => STARGATE_CHAINS.find((c) => c.chainKey === key);

/** The pools of a quote's tokens: native on both sides (`source: null`), or one asset's pools; `null` when Stargate has no such route. */
function poolsOf(from: StargateChain, to: StargateChain, srcToken: string, dstToken: string): { source: StargateTokenPool | null } | null {
  if (srcToken === STARGATE_NATIVE_TOKEN && dstToken === STARGATE_NATIVE_TOKEN) return { source: null };
  const source = stargateTokenPool(from, srcToken);
  const destination = stargateTokenPool(to, dstToken);
  return source && destination && source.symbol === destination.symbol ? { source } : null;
}

export async function startStargateFake(initial: StargateFakeOptions = {}): Promise<StargateFake> {
  let options = initial;
  let last: { from: StargateChain; to: StargateChain; recipient: Address; out: bigint; rate: bigint } | null = null;

  function quotes(request: FakeRequest): FakeReply {
    const q = request.query;
    const from = byKey(q.get('srcChainKey'));
    const to = byKey(q.get('dstChainKey'));
    const amountText = q.get('srcAmount') ?? '';
    const sender = q.get('srcAddress') ?? '';
    const recipient = q.get('dstAddress') ?? '';
    if (!/^[0-9]+$/.test(amountText) || !isAddress(sender) || !isAddress(recipient) || !/^[0-9]+$/.test(q.get('dstAmountMin') ?? '')) {
      return { status: 400, body: { error: { message: 'Invalid request parameters' } } };
    }
    if (!from || !to) return { status: 400, body: { error: { message: 'Invalid chain: chain key not supported' } } };
    const pools = poolsOf(from, to, q.get('srcToken') ?? '', q.get('dstToken') ?? '');
    if (pools === null) return { status: 400, body: { error: { message: 'Invalid srcToken: token not supported' } } };
    if (options.noQuotes) return { body: { quotes: [] } };
    const amount = BigInt(amountText);
    const fee = options.feeWei ?? 38_000_000_000_000n;
    const token = pools.source;
    const rate = token === null ? NATIVE_CONVERSION_RATE : 1n;
    const max = options.maxAmount ?? (token === null ? 75n * 10n ** 18n : 75_000n * 10n ** 6n);
    const feeList = [{ token: '0x0000000000000000000000000000000000000000', chainKey: from.chainKey, amount: fee.toString(), type: 'message' }];
    if (amount > max) {
      return { body: { quotes: [{ route: 'stargate/v2/taxi', error: { message: 'Amount exceeds the maximum transferable amount' }, srcAmount: amountText, srcAmountMax: max.toString(), srcChainKey: from.chainKey, dstChainKey: to.chainKey, fees: feeList }] } };
    }
    const out = (((amount * (options.outBps ?? 9_996n)) / 10_000n) / rate) * rate;
    const asked = BigInt(q.get('dstAmountMin') ?? '0');
    const min = asked < out ? asked : out;
    const { pool, value, ...tampered } = options.tamper ?? {};
    const send: StargateSend = { dstEid: to.eid, to: addressToBytes32(getAddress(recipient)), amountLD: amount, minAmountLD: min, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x', nativeFee: fee, lzTokenFee: 0n, refundAddress: getAddress(sender), ...tampered };
    last = { from, to, recipient: getAddress(recipient), out, rate };
    const poolAddress = pool ?? (token === null ? from.nativePool : token.pool);
    const bridge = { type: 'bridge', sender, chainKey: from.chainKey, transaction: { to: poolAddress, data: encodeStargateSend(send), value: (value ?? (token === null ? amount + fee : fee)).toString(), from: sender } };
    // A token transfer: the API asks for an approval of the pool first (value 0).
    const approve = token === null ? [] : [{ type: 'approve', sender, chainKey: from.chainKey, transaction: { to: token.token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [token.pool, amount] }), value: '0', from: sender } }];
    const taxi = overlay(TAXI_TEMPLATE, {
      srcAmount: amountText,
      dstAmount: out.toString(),
      srcAmountMax: max.toString(),
      dstAmountMin: min.toString(),
      srcAddress: sender,
      dstAddress: recipient,
      srcChainKey: from.chainKey,
      dstChainKey: to.chainKey,
      fees: feeList,
      srcToken: q.get('srcToken'),
      dstToken: q.get('dstToken'),
      steps: [...approve, bridge],
    });
    return { body: { quotes: [taxi] } };
  }

  function messages(request: FakeRequest): FakeReply {
    const hash = request.query.get('hash') ?? '';
    if (options.status === null || last === null) return { body: { data: [] } };
    const { from, to, recipient, out, rate } = last;
    const source = MESSAGE_TEMPLATE.source as Record<string, unknown>;
    const destination = MESSAGE_TEMPLATE.destination as Record<string, unknown>;
    const payload = concat([numberToHex(1, { size: 1 }), numberToHex(1, { size: 2 }), addressToBytes32(recipient), numberToHex(out / rate, { size: 8 })]);
    const message = overlay(MESSAGE_TEMPLATE, {
      pathway: overlay(MESSAGE_TEMPLATE.pathway as Record<string, unknown>, { srcEid: from.eid, dstEid: to.eid }),
      source: overlay(source, { tx: overlay(source.tx as Record<string, unknown>, { txHash: hash, payload }) }),
      destination: overlay(destination, { tx: overlay(destination.tx as Record<string, unknown>, { txHash: DESTINATION_TX }) }),
      status: { name: options.status ?? 'DELIVERED', message: 'Executor transaction confirmed' },
    });
    return { body: { data: [message] } };
  }

  const server = await startFakeServer({ 'GET /quotes': quotes, 'GET /messages/tx/:hash': messages });
  return {
    url: server.url,
    server,
    setOptions(next) {
      options = next;
    },
    close: () => server.close(),
  };
}
