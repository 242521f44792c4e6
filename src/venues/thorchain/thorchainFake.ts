import { readFileSync } from 'node:fs';
import type { FakeReply } from '../fake/startFakeServer.ts';
import { paidStatusBody, startPoolFake, type PoolFake, type PoolFakeOptions, type PoolFakeView } from '../shared/thorchainFamily/poolFake.ts';
import { settleUtxoInbound, type PoolSettling, type UtxoPayout } from '../shared/thorchainFamily/utxoSettling.ts';
import { THORCHAIN } from './thorchainChains.ts';

/**
 * A loopback THORNode (shared/thorchainFamily/poolFake.ts) answering from THORChain's real answers: the
 * docs quote (fixtures/real/quote-btc-to-eth-affiliate.json), xchainjs's recorded inbound addresses,
 * the docs' status answer while nothing is paid, and a mainnet answer of a swap paid out
 * (fixtures/real/status-eth-usdt-to-btc.json) for payouts and refunds.
 */
function realAnswer(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as unknown;
}

const RECORDED_INBOUND = realAnswer('inbound-addresses.json') as readonly Record<string, unknown>[];
/**
 * The recorded list predates THORChain's Base chain: the fake adds a BASE entry shaped like the
 * recorded ETH one (same vault key, as THORChain's EVM chains share it) with the pinned Base router.
 */
const INBOUND: readonly Record<string, unknown>[] = RECORDED_INBOUND.some((entry) => entry.chain === 'BASE')
  ? RECORDED_INBOUND
  : [...RECORDED_INBOUND, { ...RECORDED_INBOUND.find((entry) => entry.chain === 'ETH'), chain: 'BASE', router: '0x68208d99746b805a1ae41421950a47b711e35681' }];
const STATUS = realAnswer('status-btc-savers-observed.json') as Record<string, unknown>;
const PAID_STATUS = realAnswer('status-eth-usdt-to-btc.json') as Record<string, unknown>;
const TEMPLATES = { status: STATUS, paidStatus: PAID_STATUS };

/** Settling for real (tests and the sandbox): shared/thorchainFamily/utxoSettling.ts. */
export type ThorchainSettling = PoolSettling;

export type ThorchainFake = PoolFake;

export function startThorchainFake(initial: PoolFakeOptions = {}, settling?: ThorchainSettling): Promise<ThorchainFake> {
  /** Inbound txid → its payout (one per inbound). */
  const settled = new Map<string, Promise<UtxoPayout | null>>();

  async function observed(hash: string, view: PoolFakeView): Promise<FakeReply | null> {
    if (!settling) return null;
    let pending = settled.get(hash);
    if (!pending) {
      pending = settleUtxoInbound(THORCHAIN, INBOUND, settling, hash, view).catch(() => null);
      settled.set(hash, pending);
    }
    const payout = await pending;
    // Not seen yet: asked again next time (a transaction may reach the chain after its txid is submitted).
    if (payout === null) {
      settled.delete(hash);
      return { status: 404, body: { code: 5, message: 'tx not found', details: [] } };
    }
    const tx = { ...(STATUS.tx as Record<string, unknown>), id: hash };
    const outTx = { id: payout.hash, chain: payout.asset.split('.')[0] ?? '', to_address: payout.destination, coins: [{ asset: payout.asset, amount: payout.out.toString() }], memo: `OUT:${hash}` };
    return { body: paidStatusBody(TEMPLATES, tx, outTx) };
  }

  return startPoolFake(
    {
      prefix: '/thorchain',
      quote: realAnswer('quote-btc-to-eth-affiliate.json') as Record<string, unknown>,
      inbound: INBOUND,
      ...TEMPLATES,
      shortTokenMemo: true,
    },
    initial,
    settling ? observed : undefined,
  );
}
