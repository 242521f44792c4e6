import { readFileSync } from 'node:fs';
import { concat, getAddress, isAddress, numberToHex, type Address, type Hex } from 'viem';
import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { NATIVE_CONVERSION_RATE, STARGATE_CHAINS, STARGATE_NATIVE_TOKEN, type StargateChain } from './stargateChains.ts';
import { addressToBytes32, encodeStargateSend, type StargateSend } from './stargateSendCalls.ts';

/**
 * A loopback Stargate API and LayerZero Scan on one host, for adapter tests. `GET /quotes` answers in
 * the layout of fixtures/synthetic/quotes-eth-arbitrum-base-taxi-bus.json (no real quote answer was
 * found: see SOURCES.json) with the request's chains, amounts and addresses put in and a real `send`
 * call to the chain's native pool; `tamper` makes that call lie so tests prove it is refused.
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
  /** `srcAmountMax` of the pool; asking more answers the route's error (default 75 ETH). */
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

export async function startStargateFake(initial: StargateFakeOptions = {}): Promise<StargateFake> {
  let options = initial;
  let last: { from: StargateChain; to: StargateChain; recipient: Address; out: bigint } | null = null;

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
    if (q.get('srcToken') !== STARGATE_NATIVE_TOKEN || q.get('dstToken') !== STARGATE_NATIVE_TOKEN) return { status: 400, body: { error: { message: 'Invalid srcToken: token not supported' } } };
    if (options.noQuotes) return { body: { quotes: [] } };
    const amount = BigInt(amountText);
    const fee = options.feeWei ?? 38_000_000_000_000n;
    const max = options.maxAmount ?? 75n * 10n ** 18n;
    const feeList = [{ token: '0x0000000000000000000000000000000000000000', chainKey: from.chainKey, amount: fee.toString(), type: 'message' }];
    if (amount > max) {
      return { body: { quotes: [{ route: 'stargate/v2/taxi', error: { message: 'Amount exceeds the maximum transferable amount' }, srcAmount: amountText, srcAmountMax: max.toString(), srcChainKey: from.chainKey, dstChainKey: to.chainKey, fees: feeList }] } };
    }
    const out = (((amount * (options.outBps ?? 9_996n)) / 10_000n) / NATIVE_CONVERSION_RATE) * NATIVE_CONVERSION_RATE;
    const asked = BigInt(q.get('dstAmountMin') ?? '0');
    const min = asked < out ? asked : out;
    const { pool, value, ...tampered } = options.tamper ?? {};
    const send: StargateSend = { dstEid: to.eid, to: addressToBytes32(getAddress(recipient)), amountLD: amount, minAmountLD: min, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x', nativeFee: fee, lzTokenFee: 0n, refundAddress: getAddress(sender), ...tampered };
    last = { from, to, recipient: getAddress(recipient), out };
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
      steps: [{ type: 'bridge', sender, chainKey: from.chainKey, transaction: { to: pool ?? from.nativePool, data: encodeStargateSend(send), value: (value ?? amount + fee).toString(), from: sender } }],
    });
    return { body: { quotes: [taxi] } };
  }

  function messages(request: FakeRequest): FakeReply {
    const hash = request.query.get('hash') ?? '';
    if (options.status === null || last === null) return { body: { data: [] } };
    const { from, to, recipient, out } = last;
    const source = MESSAGE_TEMPLATE.source as Record<string, unknown>;
    const destination = MESSAGE_TEMPLATE.destination as Record<string, unknown>;
    const payload = concat([numberToHex(1, { size: 1 }), numberToHex(1, { size: 2 }), addressToBytes32(recipient), numberToHex(out / NATIVE_CONVERSION_RATE, { size: 8 })]);
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
