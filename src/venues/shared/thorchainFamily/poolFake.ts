import { startFakeServer, type FakeHandler, type FakeReply, type FakeRequest } from '../../fake/startFakeServer.ts';
import { switchableFake, type SwitchableFake } from '../../fake/switchableFake.ts';

/**
 * A loopback node of the THORChain family for tests, answering in the layouts of a network's real
 * answers (the templates its fake passes in): `quote/swap` from a recorded quote with the request's
 * assets, amounts, destination, and for an EVM source the vault and router of the inbound list
 * substituted, and a memo `=:ASSET:DEST:LIMIT[/INTERVAL/QUANTITY]` as `tolerance_bps` and the
 * streaming parameters make the node write it; `inbound_addresses` is the list given;
 * `tx/status/{hash}` answers in the layout of the status template. Errors use the node's
 * `{"code": 3, "message": …}` body. `tamper` makes the quote lie so tests can prove the refusals.
 */
export interface PoolTemplates {
  /** The node's API path prefix (`/thorchain`, `/mayachain`). */
  readonly prefix: string;
  readonly quote: Record<string, unknown>;
  readonly inbound: readonly Record<string, unknown>[];
  readonly status: Record<string, unknown>;
  /**
   * A real answer of a transfer paid out (stages through `outbound_signed`, an out tx with its vault
   * and gas): the layout of the fake's payouts and refunds. Without one they extend `status`.
   */
  readonly paidStatus?: Record<string, unknown>;
  /** Write a token in the memo in its short `CHAIN.SYMBOL` form, as THORNode does (memos must fit 80 bytes on UTXO chains). */
  readonly shortTokenMemo?: boolean;
  /** Routes of the network's other host answered on the same fake (Maya's Midgard), given the fake's options and quotes. */
  readonly moreRoutes?: (state: () => { readonly options: PoolFakeOptions; readonly view: PoolFakeView }) => Readonly<Record<string, FakeHandler>>;
}

/** What a settling fake (tests, the sandbox) needs to answer `tx/status` from what it saw on chain. */
export interface PoolFakeView {
  readonly outBps: bigint;
  /** The last quote per destination. */
  readonly quoted: ReadonlyMap<string, { readonly fromAsset: string; readonly toAsset: string; readonly destination: string; readonly out: bigint }>;
}

/** An inbound the fake observed for real: its `tx/status` answer, or `null` to answer as scripted. */
export type ObservedStatus = (hash: string, view: PoolFakeView) => Promise<FakeReply | null>;

export interface PoolFakeOptions {
  /** Output per input in basis points of the 1e8 amount, before any decimal difference (default 9 900). */
  readonly outBps?: bigint;
  /** The recommended minimum in 1e8 units (default 10 000). */
  readonly minThor?: bigint;
  /** Network chain names to report halted or trading-paused. */
  readonly halted?: readonly string[];
  readonly tradingPaused?: readonly string[];
  /** Quote fields replaced by a lie. */
  readonly tamper?: Partial<{ memo: string; router: string; inbound_address: string }>;
  /** What `tx/status` answers: stages only (`observed`), a payout (`out`), a refund (`refund`). */
  readonly status?: 'observed' | 'out' | 'refund';
}

export type PoolFake = SwitchableFake<PoolFakeOptions>;

export async function startPoolFake(templates: PoolTemplates, initial: PoolFakeOptions = {}, observed?: ObservedStatus): Promise<PoolFake> {
  const { prefix, quote: QUOTE, inbound: INBOUND, status: STATUS } = templates;
  let options = initial;
  /** The last quote per destination, so status can pay what was quoted. */
  const quoted = new Map<string, { fromAsset: string; toAsset: string; destination: string; out: bigint }>();

  const error = (message: string): FakeReply => ({ status: 400, body: { code: 3, message, details: [] } });

  function inbound(): FakeReply {
    return {
      body: INBOUND.map((entry) => ({
        ...entry,
        halted: options.halted?.includes(String(entry.chain)) ?? false,
        chain_trading_paused: options.tradingPaused?.includes(String(entry.chain)) ?? false,
      })),
    };
  }

  function quote(request: FakeRequest): FakeReply {
    const q = request.query;
    const from = q.get('from_asset') ?? '';
    const to = q.get('to_asset') ?? '';
    const amountText = q.get('amount') ?? '';
    const destination = q.get('destination') ?? '';
    if (!/^[A-Z0-9]+\.[A-Z0-9]+(-0X[0-9A-F]{40})?$/.test(from) || !/^[A-Z0-9]+\.[A-Z0-9]+(-0X[0-9A-F]{40})?$/.test(to)) return error('bad from_asset or to_asset: invalid request');
    if (!/^[0-9]+$/.test(amountText)) return error('invalid amount: invalid request');
    const amount = BigInt(amountText);
    const min = options.minThor ?? 10_000n;
    if (amount < min) return error(`amount less than min swap amount (recommended_min_amount_in: ${min}): invalid request`);
    const out = (amount * (options.outBps ?? 9_900n)) / 10_000n;
    const tolerance = BigInt(q.get('tolerance_bps') ?? '0');
    const limit = tolerance > 0n ? (out * (10_000n - tolerance)) / 10_000n : 0n;
    const interval = q.get('streaming_interval');
    const streaming = interval === null ? '' : `/${interval}/${q.get('streaming_quantity') ?? '0'}`;
    const sourceChain = from.split('.')[0] ?? '';
    const entry = INBOUND.find((candidate) => candidate.chain === sourceChain);
    quoted.set(destination, { fromAsset: from, toAsset: to, destination, out });
    const tamper = options.tamper ?? {};
    const body: Record<string, unknown> = {
      ...QUOTE,
      inbound_address: tamper.inbound_address ?? entry?.address,
      fees: { ...(QUOTE.fees as Record<string, unknown>), asset: to, affiliate: '0' },
      expiry: Math.floor(Date.now() / 1000) + 15 * 60,
      recommended_min_amount_in: min.toString(),
      memo: tamper.memo ?? `=:${templates.shortTokenMemo ? to.split('-')[0] : to}:${destination}${limit > 0n || streaming !== '' ? `:${limit}${streaming}` : ''}`,
      expected_amount_out: out.toString(),
    };
    const router = tamper.router ?? entry?.router;
    // A chain without a router (UTXO sources) gets none, whatever the template (an EVM-source quote) carried.
    if (router !== undefined) body.router = router;
    else delete body.router;
    return { body };
  }

  async function status(request: FakeRequest): Promise<FakeReply> {
    const hash = request.path.split('/').pop() ?? '';
    const seen = observed ? await observed(hash, { outBps: options.outBps ?? 9_900n, quoted }) : null;
    if (seen) return seen;
    const tx = { ...(STATUS.tx as Record<string, unknown>), id: hash };
    const kind = options.status ?? 'observed';
    if (kind === 'observed') return { body: { ...STATUS, tx } };
    const last = [...quoted.values()].pop();
    const memo = `${kind === 'out' ? 'OUT' : 'REFUND'}:${hash}`;
    const coins = [{ asset: kind === 'out' ? (last?.toAsset ?? 'BTC.BTC') : 'ETH.ETH', amount: (last?.out ?? 1n).toString() }];
    return { body: paidStatusBody(templates, tx, { id: 'AB'.repeat(32), chain: (last?.toAsset ?? 'BTC.BTC').split('.')[0] ?? '', to_address: last?.destination ?? '', coins, memo }) };
  }

  const state = () => ({ options, view: { outBps: options.outBps ?? 9_900n, quoted } });
  const server = await startFakeServer({
    ...(templates.moreRoutes?.(state) ?? {}),
    [`GET ${prefix}/inbound_addresses`]: inbound,
    [`GET ${prefix}/quote/swap`]: quote,
    [`GET ${prefix}/tx/status/:hash`]: status,
  });
  return switchableFake(server, (next) => {
    options = next;
  });
}

/** One out tx of a status answer the fake writes. */
export interface PoolFakeOutTx {
  readonly id: string;
  readonly chain: string;
  readonly to_address: string;
  readonly coins: readonly { readonly asset: string; readonly amount: string }[];
  readonly memo: string;
}

/**
 * A `tx/status` answer for an inbound paid out (or refunded) by `outTx`: in the layout of the
 * network's real paid answer when it has one (its stages, its out tx's vault address and gas, kept
 * only when the payout is on the same chain, and its planned outbound), else the observed template
 * with the stages a payout passes.
 */
export function paidStatusBody(templates: Pick<PoolTemplates, 'status' | 'paidStatus'>, tx: Record<string, unknown>, outTx: PoolFakeOutTx): Record<string, unknown> {
  const paid = templates.paidStatus;
  if (!paid) {
    const stages = { ...(templates.status.stages as Record<string, unknown>), swap_status: { pending: false }, swap_finalised: { completed: true }, outbound_signed: { completed: true } };
    return { tx, stages, out_txs: [outTx] };
  }
  const recorded = ((paid.out_txs as readonly Record<string, unknown>[] | undefined) ?? [])[0] ?? {};
  const { gas, from_address: vault, ...layout } = recorded;
  const sameChain = recorded.chain === outTx.chain;
  const coin = outTx.coins[0] ?? { asset: '', amount: '0' };
  return {
    tx,
    planned_out_txs: [{ chain: outTx.chain, to_address: outTx.to_address, coin, refund: outTx.memo.startsWith('REFUND') }],
    out_txs: [{ ...layout, ...(sameChain ? { from_address: vault, gas } : {}), ...outTx }],
    stages: paid.stages,
  };
}
