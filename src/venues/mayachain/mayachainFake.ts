import { readFileSync } from 'node:fs';
import type { FakeReply, FakeRequest } from '../fake/startFakeServer.ts';
import { startPoolFake, type PoolFake, type PoolFakeOptions, type PoolFakeView } from '../shared/thorchainFamily/poolFake.ts';
import { settleUtxoInbound, type PoolSettling, type UtxoPayout } from '../shared/thorchainFamily/utxoSettling.ts';
import { MAYACHAIN } from './mayachainChains.ts';

/**
 * A loopback MAYANode and Midgard (shared/thorchainFamily/poolFake.ts) answering from Maya's answers:
 * xchainjs's recorded ETH → BTC streaming quote (fixtures/real/quote-eth-to-btc-streaming.json) as
 * the quote template, the recorded inbound list with the quote's ETH vault and an ARB entry
 * (fixtures/synthetic/inbound-addresses-live.json), and Midgard's `/v2/actions?txid=` from the
 * recorded actions: xchainjs's pending streaming swap (`observed`), ShapeShift's finished swap with
 * the last quote's payout put in its `out` (`out`) and ShapeShift's refund (`refund`), each with the
 * asked hash as its inbound. Given `settling` (shared/thorchainFamily/utxoSettling.ts), a BTC or DASH
 * inbound the fake sees paying the vault on its Esplora is paid out on the local EVM chain and
 * answered as the recorded finished swap with that inbound and that payout.
 */
function fixture(path: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8')) as unknown;
}

type Action = Record<string, unknown> & { in: Record<string, unknown>[] };
const firstAction = (file: string): Action => (fixture(file) as { actions: Action[] }).actions[0] as Action;

const PENDING = firstAction('real/midgard-actions-address-xchainjs.json');
const SWAPPED = firstAction('real/midgard-actions-txid-streaming-swap-out.json');
const REFUNDED = firstAction('real/midgard-actions-txid-refund.json');

function midgardActions(request: FakeRequest, options: PoolFakeOptions, view: PoolFakeView): FakeReply {
  const hash = (request.query.get('txid') ?? '').toUpperCase();
  const kind = options.status ?? 'observed';
  const template = kind === 'observed' ? PENDING : kind === 'out' ? SWAPPED : REFUNDED;
  const last = [...view.quoted.values()].pop();
  const action: Record<string, unknown> = { ...template, in: template.in.map((leg) => ({ ...leg, txID: hash })) };
  if (kind === 'out') {
    action.in = template.in.map((leg) => ({ ...leg, coins: [{ amount: '100000000', asset: last?.fromAsset ?? 'ETH.ETH' }], txID: hash }));
    action.out = [{ address: last?.destination ?? '', coins: [{ amount: (last?.out ?? 1n).toString(), asset: last?.toAsset ?? 'BTC.BTC' }], height: '11692807', txID: 'AB'.repeat(32) }];
  }
  return { body: { actions: [action], count: '1', meta: { nextPageToken: '', prevPageToken: '' } } };
}

/** The recorded finished swap with the observed inbound and its payout in place of the recorded legs. */
function settledAction(hash: string, payout: UtxoPayout): FakeReply {
  const inLeg = { ...SWAPPED.in[0], coins: [{ amount: payout.inAmount.toString(), asset: payout.inAsset }], txID: hash };
  const out = [{ address: payout.destination, coins: [{ amount: payout.out.toString(), asset: payout.asset }], height: '11692807', txID: payout.hash }];
  return { body: { actions: [{ ...SWAPPED, in: [inLeg], out, pools: [payout.inAsset, payout.asset] }], count: '1', meta: { nextPageToken: '', prevPageToken: '' } } };
}

const INBOUND = fixture('synthetic/inbound-addresses-live.json') as readonly Record<string, unknown>[];

export type MayachainFake = PoolFake;

export function startMayachainFake(initial: PoolFakeOptions = {}, settling?: PoolSettling): Promise<MayachainFake> {
  /** Inbound txid → its payout (one per inbound). */
  const settled = new Map<string, Promise<UtxoPayout | null>>();

  async function observedOrScripted(request: FakeRequest, options: PoolFakeOptions, view: PoolFakeView): Promise<FakeReply> {
    if (!settling) return midgardActions(request, options, view);
    const hash = (request.query.get('txid') ?? '').toUpperCase();
    let pending = settled.get(hash);
    if (!pending) {
      pending = settleUtxoInbound(MAYACHAIN, INBOUND, settling, hash, view).catch(() => null);
      settled.set(hash, pending);
    }
    const payout = await pending;
    if (payout !== null) return settledAction(hash, payout);
    // Not seen yet: Midgard lists nothing, and the fake looks again next time.
    settled.delete(hash);
    return { body: { actions: [], count: '0', meta: { nextPageToken: '', prevPageToken: '' } } };
  }

  return startPoolFake(
    {
      prefix: '/mayachain',
      quote: fixture('real/quote-eth-to-btc-streaming.json') as Record<string, unknown>,
      inbound: INBOUND,
      // MAYANode's tx/status stays answered (the family fake serves it) though the adapter tracks on Midgard.
      status: fixture('synthetic/status-observed.json') as Record<string, unknown>,
      moreRoutes: (state) => ({ 'GET /v2/actions': (request) => observedOrScripted(request, state().options, state().view) }),
    },
    initial,
  );
}
