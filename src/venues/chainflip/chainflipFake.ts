import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { freshDepositAddress } from '../fake/freshDepositAddress.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { CHAINFLIP_ASSETS, type ChainflipAsset } from './chainflipChains.ts';

/**
 * A loopback Chainflip swap backend: `GET /v2/quote`, `POST /api/openSwapDepositChannel`,
 * `GET /v2/swaps/:id`, `GET /api/networkInfo`. Prices convert at fixed USD prices less a 0.1 % network fee and a fixed
 * egress fee of 0.1 % of one destination unit.
 *
 * Every answer is a recorded one used as a template (fixtures/real/, the channel answer from
 * fixtures/synthetic/): the fake substitutes assets, amounts, ids and addresses and keeps the
 * recorded keys and their order, so it cannot agree with an adapter that reads a shape the backend
 * does not send. It does not settle: tests move a channel through its states with `setStatus`.
 */
export interface ChainflipFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /** Quotes below `amount` (source atomic units) get the backend's "below minimum swap amount" 400. */
  setMinimum(amount: bigint | null): void;
  /** Forces the answer of a channel: its state, and top-level keys over the computed ones (`swapEgress`, `refundEgress`, …). */
  setStatus(channelId: string, state: string, overrides?: Record<string, unknown>): void;
  /** Switches an asset (State Chain id, `ArbUsdc`) off: networkInfo shows it disabled and a quote naming it answers 503. */
  disableAsset(internalId: string | null): void;
  /** Bodies of `POST /api/openSwapDepositChannel` by channel id, as received. */
  channelRequest(channelId: string): Record<string, unknown> | undefined;
}

type Json = Record<string, unknown>;

function template(path: string): Json {
  return JSON.parse(readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8')) as Json;
}

const TEMPLATES = {
  quotes: template('real/quote-eth-sol-regular-dca.json') as unknown as Json[],
  channel: template('synthetic/deposit-channel-eth.json'),
  waiting: template('synthetic/status-waiting.json'),
  completed: template('real/status-completed-eth-dot.json'),
  belowMinimum: template('real/error-below-minimum.json'),
  notFound: template('real/error-not-found.json'),
  invalid: template('real/error-invalid-request.json'),
  disabled: template('real/error-asset-disabled.json'),
  networkInfo: template('real/network-info-all-enabled.json'),
};

// Micro-USD per whole unit, so conversion stays in bigint.
const PRICES: Readonly<Record<string, bigint>> = { ETH: 3_000_000_000n, BTC: 100_000_000_000n, SOL: 150_000_000n, USDC: 1_000_000n, USDT: 1_000_000n, FLIP: 500_000n, WBTC: 100_000_000_000n, CBBTC: 100_000_000_000n, TRX: 250_000n, DOT: 4_000_000n };
const CHANNEL_LIFETIME_MS = 60 * 60 * 1000;
const BLOCK_TIME_MS = 6_000;

const assetOf = (chain: string | null, asset: string | null): ChainflipAsset | undefined => CHAINFLIP_ASSETS.find((a) => a.chainflipChain === chain && a.asset === asset);

function convert(amount: bigint, from: ChainflipAsset, to: ChainflipAsset): bigint {
  return (amount * (PRICES[from.asset] ?? 1_000_000n) * 10n ** BigInt(to.decimals)) / ((PRICES[to.asset] ?? 1_000_000n) * 10n ** BigInt(from.decimals));
}

/** `price` in whole destination units per whole source unit, as a decimal string. */
function priceOf(from: ChainflipAsset, to: ChainflipAsset): string {
  const scaled = ((PRICES[from.asset] ?? 1_000_000n) * 10n ** 12n) / (PRICES[to.asset] ?? 1_000_000n);
  const whole = scaled / 10n ** 12n;
  const fraction = (scaled % 10n ** 12n).toString().padStart(12, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** One recorded quote with this swap's values, keys in the recorded order. */
function quoteFrom(recorded: Json, from: ChainflipAsset, to: ChainflipAsset, amount: bigint): Json {
  const egressFee = 10n ** BigInt(to.decimals) / 1000n;
  const gross = convert(amount, from, to);
  const network = gross / 1000n;
  const egress = gross - network - egressFee;
  const values: Json = {
    intermediateAmount: null,
    egressAmount: (egress > 0n ? egress : 0n).toString(),
    includedFees: [
      { type: 'INGRESS', chain: from.chainflipChain, asset: from.asset, amount: '0' },
      { type: 'NETWORK', chain: 'Ethereum', asset: 'USDC', amount: convert(network, to, CHAINFLIP_ASSETS[1] as ChainflipAsset).toString() },
      { type: 'EGRESS', chain: to.chainflipChain, asset: to.asset, amount: egressFee.toString() },
    ],
    poolInfo: [],
    estimatedPrice: priceOf(from, to),
    srcAsset: { chain: from.chainflipChain, asset: from.asset },
    destAsset: { chain: to.chainflipChain, asset: to.asset },
    depositAmount: amount.toString(),
    isVaultSwap: false,
  };
  const quote: Json = {};
  for (const [key, value] of Object.entries(recorded)) {
    const next = key in values ? values[key] : value;
    if (next !== null) quote[key] = next;
  }
  return quote;
}

interface Channel {
  readonly id: string;
  readonly request: Json;
  readonly answer: Json;
  readonly from: ChainflipAsset;
  readonly to: ChainflipAsset;
  state: string;
  overrides: Json;
}

export async function startChainflipFake(options: { port?: number } = {}): Promise<ChainflipFake> {
  let minimum: bigint | null = null;
  let disabled: string | null = null;
  let block = 10_665_480;
  const channels = new Map<string, Channel>();
  const bad = (body: Json, status = 400): FakeReply => ({ status, body });

  function quote(request: FakeRequest): FakeReply {
    const q = request.query;
    const from = assetOf(q.get('srcChain'), q.get('srcAsset'));
    const to = assetOf(q.get('destChain'), q.get('destAsset'));
    const amount = /^[1-9][0-9]*$/.test(q.get('amount') ?? '') ? BigInt(q.get('amount') ?? '0') : null;
    if (!from || !to || from === to || amount === null) return bad(TEMPLATES.invalid);
    const off = [from, to].find((a) => a.internalId === disabled);
    if (off) return bad({ message: String(TEMPLATES.disabled.message).replace('Flip', off.internalId) }, 503);
    if (minimum !== null && amount < minimum) return bad({ message: String(TEMPLATES.belowMinimum.message).replace(/\(\d+\)/, `(${minimum})`) });
    const [regular, dca] = TEMPLATES.quotes;
    return { body: [quoteFrom(regular ?? {}, from, to, amount), quoteFrom(dca ?? {}, from, to, amount)] };
  }

  function openChannel(request: FakeRequest, now: number): FakeReply {
    const body = (request.body ?? {}) as Json;
    const src = body.srcAsset as { chain?: string; asset?: string } | undefined;
    const dest = body.destAsset as { chain?: string; asset?: string } | undefined;
    const from = assetOf(src?.chain ?? null, src?.asset ?? null);
    const to = assetOf(dest?.chain ?? null, dest?.asset ?? null);
    const fok = body.fillOrKillParams as Json | undefined;
    if (!from || !to || typeof body.destAddress !== 'string' || typeof body.amount !== 'string' || !fok || typeof fok.refundAddress !== 'string' || typeof fok.minPriceX128 !== 'string') return bad(TEMPLATES.invalid);
    block += 1;
    const id = `${block}-${from.chainflipChain}-${channels.size + 1}`;
    const depositAddress = freshDepositAddress(from.chain) ?? randomBytes(20).toString('hex');
    const values: Json = { depositAddress, estimatedExpiryTime: now + CHANNEL_LIFETIME_MS, id, issuedBlock: block, srcChainExpiryBlock: String(block + CHANNEL_LIFETIME_MS / BLOCK_TIME_MS) };
    const answer: Json = {};
    for (const [key, value] of Object.entries(TEMPLATES.channel)) answer[key] = key in values ? values[key] : value;
    channels.set(id, { id, request: body, answer, from, to, state: 'WAITING', overrides: {} });
    return { status: 201, body: answer };
  }

  function status(id: string): FakeReply {
    const channel = channels.get(id);
    if (!channel) return bad(TEMPLATES.notFound, 404);
    const base = channel.state === 'COMPLETED' ? TEMPLATES.completed : TEMPLATES.waiting;
    const values: Json = {
      depositChannel: { ...(base.depositChannel as Json), id, depositAddress: channel.answer.depositAddress, estimatedExpiryTime: channel.answer.estimatedExpiryTime, srcChainExpiryBlock: channel.answer.srcChainExpiryBlock },
      destAddress: channel.request.destAddress,
      destAsset: channel.to.asset,
      destChain: channel.to.chainflipChain,
      srcAsset: channel.from.asset,
      srcChain: channel.from.chainflipChain,
      state: channel.state,
      ...channel.overrides,
    };
    const answer: Json = {};
    for (const [key, value] of Object.entries(base)) answer[key] = key in values ? values[key] : value;
    for (const [key, value] of Object.entries(values)) if (!(key in answer)) answer[key] = value;
    return { body: answer };
  }

  function networkInfo(): FakeReply {
    const info = structuredClone(TEMPLATES.networkInfo);
    for (const entry of info.assets as Json[]) {
      if (entry.asset !== disabled) continue;
      for (const key of Object.keys(entry)) if (key.endsWith('Enabled')) entry[key] = false;
    }
    return { body: info };
  }

  const server = await startFakeServer(
    {
      'GET /api/networkInfo': networkInfo,
      'GET /v2/quote': quote,
      'POST /api/openSwapDepositChannel': (request) => openChannel(request, Date.now()),
      'GET /v2/swaps/:id': (request) => status(request.query.get('id') ?? ''),
    },
    { port: options.port },
  );

  return {
    url: server.url,
    server,
    close: () => server.close(),
    setMinimum(amount) {
      minimum = amount;
    },
    disableAsset(internalId) {
      disabled = internalId;
    },
    setStatus(channelId, state, overrides = {}) {
      const channel = channels.get(channelId);
      if (!channel) throw new Error(`no channel ${channelId}`);
      channel.state = state;
      channel.overrides = overrides;
    },
    channelRequest: (channelId) => channels.get(channelId)?.request,
  };
}
