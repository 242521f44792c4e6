import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bech32m } from '@scure/base';
import { encodeFunctionData, erc20Abi, toHex, type Hex } from 'viem';
import { evmChainId } from '../../domain/chains.ts';
import { switchableFake, type SwitchableFake } from '../fake/switchableFake.ts';
import { startFakeServer, type FakeReply, type FakeRequest } from '../fake/startFakeServer.ts';
import { GARDEN_ASSETS, type GardenAsset } from './gardenChains.ts';
import { HTLC_INITIATE_ABI } from './gardenInitiateCall.ts';

/**
 * A loopback Garden v2: `GET /v2/quote`, `POST /v2/orders`, `GET /v2/orders/{id}`. Every answer is a
 * recorded one of fixtures/real/ (the docs' quickstart) used as a template: the fake substitutes
 * assets, amounts, addresses, ids and hashes, keeping the real keys and their order. Quotes pay out
 * 99.7 % of the input (the docs' 50000 → 49850), whatever the assets.
 *
 * Options switch the answers between calls: `range` answers quotes outside it with Garden's range
 * error, `lifecycle` moves the created orders along (`created` → `redeemed` / `refunded`), and
 * `tamper` makes the EVM order lie in its initiate call.
 */
export type GardenTamper = 'amount' | 'htlc' | 'chain' | 'timelock' | 'selector';

export interface GardenFakeOptions {
  readonly range?: { readonly min: bigint; readonly max: bigint };
  readonly lifecycle?: 'created' | 'redeemed' | 'refunded';
  readonly tamper?: GardenTamper;
}

export type GardenFake = SwitchableFake<GardenFakeOptions>;

type Json = Record<string, unknown>;

function recorded(name: string): Json {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as Json;
}

const TEMPLATES = {
  quote: recorded('quote-eth-wbtc-to-btc.json'),
  btcOrder: recorded('order-btc-source.json'),
  evmOrder: recorded('order-evm-source.json'),
  order: recorded('status-evm-source-not-initiated.json'),
  redeemedOrder: recorded('status-btc-source-redeemed.json'),
};

/** The docs' user swap: a day of Ethereum blocks. */
const TIMELOCK = 7200n;
/** The solver the docs' orders lock for. */
const SOLVER = '0x661bA32eb5f86CaB358DDbB7F264b10c5825e2dd';

const byId = (id: string): GardenAsset | undefined => GARDEN_ASSETS.find((a) => a.id === id);
const out = (amountIn: bigint): bigint => (amountIn * 997n) / 1000n;
const hex32 = (): string => randomBytes(32).toString('hex');

interface StoredOrder {
  readonly id: string;
  readonly createdAt: string;
  readonly source: { asset: string; owner: string; amount: string };
  readonly destination: { asset: string; owner: string; amount: string };
  readonly htlc: string;
  readonly secretHash: string;
}

const error = (status: number, text: string): FakeReply => ({ status, body: { status: 'Error', error: text } });

export async function startGardenFake(initial: GardenFakeOptions = {}, port?: number): Promise<GardenFake> {
  let options = initial;
  const orders = new Map<string, StoredOrder>();

  function quote(request: FakeRequest): FakeReply {
    const from = request.query.get('from') ?? '';
    const to = request.query.get('to') ?? '';
    const amount = request.query.get('from_amount') ?? '';
    if (!byId(from) || !byId(to)) return error(400, `No order pair found : ${from}:${to}`);
    if (!/^[0-9]+$/.test(amount)) return error(400, 'invalid from_amount');
    const range = options.range;
    if (range && (BigInt(amount) < range.min || BigInt(amount) > range.max)) {
      return error(400, `Exact output quote error : expected amount to be within the range of ${range.min} to ${range.max}`);
    }
    const body = structuredClone(TEMPLATES.quote) as { result: Json[] };
    const row = body.result[0] as { source: Json; destination: Json };
    Object.assign(row.source, { asset: from, amount });
    Object.assign(row.destination, { asset: to, amount: out(BigInt(amount)).toString() });
    return { body };
  }

  function evmOrderBody(order: StoredOrder, asset: GardenAsset): Json {
    const tamper = options.tamper;
    const chainId = tamper === 'chain' ? 10 : evmChainId(asset.chain);
    const htlc = tamper === 'htlc' ? '0x00000000000000000000000000000000000bad00' : order.htlc;
    const amount = BigInt(order.source.amount) + (tamper === 'amount' ? 1n : 0n);
    const timelock = tamper === 'timelock' ? 10_000_000n : TIMELOCK;
    let data: Hex = encodeFunctionData({ abi: HTLC_INITIATE_ABI, functionName: 'initiate', args: [SOLVER, timelock, amount, `0x${order.secretHash}`] });
    if (tamper === 'selector') data = `0xdeadbeef${data.slice(10)}`;
    const body = structuredClone(TEMPLATES.evmOrder) as { result: Json };
    const result = body.result as { approval_transaction: Json; initiate_transaction: Json; typed_data: { domain: Json; message: Json } };
    Object.assign(result.approval_transaction, { chain_id: chainId, to: asset.address?.toLowerCase(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [order.htlc as Hex, 2n ** 256n - 1n] }) });
    Object.assign(result.initiate_transaction, { chain_id: chainId, to: htlc.toLowerCase(), data });
    body.result.order_id = order.id;
    Object.assign(result.typed_data.domain, { chainId: toHex(chainId), verifyingContract: htlc.toLowerCase() });
    Object.assign(result.typed_data.message, { redeemer: SOLVER.toLowerCase(), timelock: toHex(timelock), amount: toHex(amount), secretHash: `0x${order.secretHash}` });
    return body;
  }

  function createOrder(request: FakeRequest): FakeReply {
    const body = request.body as { source?: StoredOrder['source']; destination?: StoredOrder['destination'] } | undefined;
    const source = body?.source;
    const destination = body?.destination;
    const from = source ? byId(source.asset) : undefined;
    if (!source || !destination || !from || !byId(destination.asset)) return error(400, 'invalid order');
    const id = hex32();
    const htlc = from.htlc ?? bech32m.encode('bc', [1, ...bech32m.toWords(randomBytes(32))]);
    const order: StoredOrder = { id, createdAt: new Date().toISOString(), source, destination, htlc, secretHash: hex32() };
    orders.set(id, order);
    if (from.htlc) return { body: evmOrderBody(order, from) };
    const answer = structuredClone(TEMPLATES.btcOrder) as { result: Json };
    Object.assign(answer.result, { order_id: id, to: htlc, amount: source.amount });
    return { body: answer };
  }

  function orderStatus(request: FakeRequest): FakeReply {
    const order = orders.get(request.query.get('id') ?? '');
    if (!order) return error(404, 'order not found');
    const lifecycle = options.lifecycle ?? 'created';
    const body = structuredClone(lifecycle === 'redeemed' ? TEMPLATES.redeemedOrder : TEMPLATES.order) as { result: Json };
    const result = body.result as { source_swap: Json; destination_swap: Json };
    const side = (swap: Json, leg: StoredOrder['source']) => Object.assign(swap, { asset: leg.asset, chain: leg.asset.split(':')[0], amount: leg.amount, secret_hash: order.secretHash, created_at: order.createdAt });
    side(result.source_swap, order.source);
    side(result.destination_swap, order.destination);
    Object.assign(result.source_swap, { swap_id: order.htlc, initiator: order.source.owner });
    Object.assign(result.destination_swap, { redeemer: order.destination.owner, filled_amount: lifecycle === 'redeemed' ? order.destination.amount : '0' });
    if (lifecycle === 'refunded') Object.assign(result.source_swap, { initiate_tx_hash: `0x${hex32()}`, initiate_block_number: '100', refund_tx_hash: `0x${hex32()}`, refund_block_number: '7400' });
    Object.assign(body.result, { order_id: order.id, created_at: order.createdAt });
    return { body };
  }

  const server = await startFakeServer(
    {
      'GET /v2/quote': quote,
      'POST /v2/orders': createOrder,
      'GET /v2/orders/:id': orderStatus,
    },
    port === undefined ? {} : { port },
  );
  return switchableFake(server, (next: GardenFakeOptions) => {
    options = next;
  });
}
