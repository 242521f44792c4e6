import { readFileSync } from 'node:fs';
import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { getAddress, type Address } from 'viem';
import { memoOf } from '../../chains/utxo/verifyUtxoTransaction.ts';
import { outputScriptOf, utxoNetwork } from '../../chains/utxo/utxoNetworks.ts';
import { sameBytes } from '../../chains/utxo/verifyUtxoSignatures.ts';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { tokensOn } from '../../domain/tokens.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeReply, type FakeRequest } from '../fake/startFakeServer.ts';
import { thorchainChain, thorchainChainByName } from './thorchainChains.ts';
import { parseSwapMemo } from './thorchainMemo.ts';
import { switchableFake, type SwitchableFake } from '../fake/switchableFake.ts';

/**
 * A loopback THORNode for tests, answering in the layouts of the real answers: `quote/swap` from
 * THORChain's docs quote (fixtures/real/quote-btc-to-eth-affiliate.json) with the request's assets,
 * amounts, destination, and for an EVM source the vault and router of the recorded inbound list
 * substituted, and a memo `=:ASSET:DEST:LIMIT` as `tolerance_bps` makes THORNode write it;
 * `inbound_addresses` is the recorded list (fixtures/real/inbound-addresses.json);
 * `tx/status/{hash}` answers in the layout of the docs' status answer. Errors use the node's
 * `{"code": 3, "message": …}` body. `tamper` makes the quote lie so tests can prove the refusals.
 */
export interface ThorchainFakeOptions {
  /** Output per input in basis points of the 1e8 amount, before any decimal difference (default 9 900). */
  readonly outBps?: bigint;
  /** The recommended minimum in 1e8 units (default 10 000). */
  readonly minThor?: bigint;
  /** THORChain chains to report halted or trading-paused. */
  readonly halted?: readonly string[];
  readonly tradingPaused?: readonly string[];
  /** Quote fields replaced by a lie. */
  readonly tamper?: Partial<{ memo: string; router: string; inbound_address: string }>;
  /** What `tx/status` answers: stages only (`observed`), a payout (`out`), a refund (`refund`). */
  readonly status?: 'observed' | 'out' | 'refund';
}

/**
 * Settling for real (tests and the sandbox): the fake observes inbound transactions on Bitcoin-family
 * chains through their Esplora (`utxoIndexers`, by THORChain chain name), and once one pays the
 * vault with a swap memo it pays the memo's destination on the local EVM chain from the solver,
 * at the quoted rate, and answers `tx/status` with that payout (or with nothing seen yet).
 */
export interface ThorchainSettling {
  readonly settlement: FakeSettlement;
  /** Esplora base URLs by Strait chain key (`bitcoin`, `litecoin`). */
  readonly utxoIndexers: Readonly<Partial<Record<ChainKey, string>>>;
}

export type ThorchainFake = SwitchableFake<ThorchainFakeOptions>;

function realAnswer(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as unknown;
}
const QUOTE = realAnswer('quote-btc-to-eth-affiliate.json') as Record<string, unknown>;
const RECORDED_INBOUND = realAnswer('inbound-addresses.json') as readonly Record<string, unknown>[];
/**
 * The recorded list predates THORChain's Base chain: the fake adds a BASE entry shaped like the
 * recorded ETH one (same vault key, as THORChain's EVM chains share it) with the pinned Base router.
 */
const INBOUND: readonly Record<string, unknown>[] = RECORDED_INBOUND.some((entry) => entry.chain === 'BASE')
  ? RECORDED_INBOUND
  : [...RECORDED_INBOUND, { ...RECORDED_INBOUND.find((entry) => entry.chain === 'ETH'), chain: 'BASE', router: '0x68208d99746b805a1ae41421950a47b711e35681' }];
const STATUS = realAnswer('status-btc-savers-observed.json') as Record<string, unknown>;

export async function startThorchainFake(initial: ThorchainFakeOptions = {}, settling?: ThorchainSettling): Promise<ThorchainFake> {
  let options = initial;
  /** Inbound txid → the payout's EVM hash and what it paid (one payout per inbound). */
  const settled = new Map<string, Promise<{ hash: string; asset: string; destination: string; outThor: bigint } | null>>();
  /** The last quote per destination, so status can pay what was quoted. */
  const quoted = new Map<string, { toAsset: string; destination: string; out: bigint }>();

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
    const sourceChain = from.split('.')[0] ?? '';
    const entry = INBOUND.find((candidate) => candidate.chain === sourceChain);
    quoted.set(destination, { toAsset: to, destination, out });
    const tamper = options.tamper ?? {};
    const body: Record<string, unknown> = {
      ...QUOTE,
      inbound_address: tamper.inbound_address ?? entry?.address,
      fees: { ...(QUOTE.fees as Record<string, unknown>), asset: to, affiliate: '0' },
      expiry: Math.floor(Date.now() / 1000) + 15 * 60,
      recommended_min_amount_in: min.toString(),
      // THORNode writes a token in the short CHAIN.SYMBOL form into the memos it generates (thorchainMemo.ts).
      memo: tamper.memo ?? `=:${to.split('-')[0]}:${destination}${limit > 0n ? `:${limit}` : ''}`,
      expected_amount_out: out.toString(),
    };
    const router = tamper.router ?? entry?.router;
    if (router !== undefined) body.router = router;
    return { body };
  }

  /** The vault payment and swap memo of a UTXO inbound the chain holds, settled once; `null` while unseen. */
  async function settleUtxo(hash: string): Promise<{ hash: string; asset: string; destination: string; outThor: bigint } | null> {
    if (!settling) return null;
    for (const [key, url] of Object.entries(settling.utxoIndexers)) {
      const chain = thorchainChain(key);
      const thorChain = chain?.thorChain;
      const network = chain ? utxoNetwork(chain.key) : null;
      const vault = INBOUND.find((entry) => entry.chain === thorChain)?.address;
      if (!chain || !network || typeof vault !== 'string' || url === undefined) continue;
      const answer = await fetch(`${url}/tx/${hash.toLowerCase()}/hex`);
      if (answer.status !== 200) continue;
      const tx = Transaction.fromRaw(hex.decode((await answer.text()).trim()), { allowUnknownOutputs: true, disableScriptCheck: true });
      const first = tx.getOutput(0);
      const vaultScript = outputScriptOf(network, vault);
      if (!vaultScript || !sameBytes(first.script ?? new Uint8Array(), vaultScript)) return null;
      let memoText: string | null = null;
      for (let i = 1; i < tx.outputsLength && memoText === null; i++) memoText = memoOf(tx.getOutput(i).script ?? new Uint8Array());
      const memo = memoText === null ? null : parseSwapMemo(memoText);
      if (memo === null || typeof memo === 'string') return null;
      const out = ((first.amount ?? 0n) * (options.outBps ?? 9_900n)) / 10_000n;
      const quotedAsset = quoted.get(memo.destination)?.toAsset ?? memo.asset;
      const [payChain, symbolPart] = quotedAsset.split('.');
      const target = thorchainChainByName(payChain ?? '');
      const contract = symbolPart?.split('-')[1];
      if (!target || target.chainId === null || contract === undefined) return null;
      const token = tokensOn(target.key).find((t) => t.address?.toLowerCase() === contract.toLowerCase());
      if (!token || chainInfo(target.key).vm !== 'evm') return null;
      const atomic = token.decimals >= 8 ? out * 10n ** BigInt(token.decimals - 8) : out / 10n ** BigInt(8 - token.decimals);
      const paid = await settling.settlement.pay(target.chainId, getAddress(contract.toLowerCase()), memo.destination as Address, atomic);
      return { hash: paid.replace(/^0x/, '').toUpperCase(), asset: quotedAsset, destination: memo.destination, outThor: out };
    }
    return null;
  }

  async function settledStatus(hash: string): Promise<FakeReply | null> {
    if (!settling) return null;
    let pending = settled.get(hash);
    if (!pending) {
      pending = settleUtxo(hash).catch(() => null);
      settled.set(hash, pending);
    }
    const payout = await pending;
    // Not seen yet: asked again next time (a transaction may reach the chain after its txid is submitted).
    if (payout === null) settled.delete(hash);
    if (payout === null) return { status: 404, body: { code: 5, message: 'tx not found', details: [] } };
    const tx = { ...(STATUS.tx as Record<string, unknown>), id: hash };
    const stages = { ...(STATUS.stages as Record<string, unknown>), swap_status: { pending: false }, swap_finalised: { completed: true }, outbound_signed: { completed: true } };
    const outTx = { id: payout.hash, chain: payout.asset.split('.')[0], to_address: payout.destination, coins: [{ asset: payout.asset, amount: payout.outThor.toString() }], memo: `OUT:${hash}` };
    return { body: { tx, stages, out_txs: [outTx] } };
  }

  async function status(request: FakeRequest): Promise<FakeReply> {
    const hash = request.path.split('/').pop() ?? '';
    const observed = await settledStatus(hash);
    if (observed) return observed;
    const tx = { ...(STATUS.tx as Record<string, unknown>), id: hash };
    const kind = options.status ?? 'observed';
    if (kind === 'observed') return { body: { ...STATUS, tx } };
    const last = [...quoted.values()].pop();
    const stages = { ...(STATUS.stages as Record<string, unknown>), swap_status: { pending: false }, swap_finalised: { completed: true }, outbound_signed: { completed: true } };
    const memo = `${kind === 'out' ? 'OUT' : 'REFUND'}:${hash}`;
    const coins = [{ asset: kind === 'out' ? (last?.toAsset ?? 'BTC.BTC') : 'ETH.ETH', amount: (last?.out ?? 1n).toString() }];
    const outTx = { id: 'AB'.repeat(32), chain: (last?.toAsset ?? 'BTC.BTC').split('.')[0], to_address: last?.destination ?? '', coins, memo };
    return { body: { tx, stages, out_txs: [outTx] } };
  }

  const server = await startFakeServer({
    'GET /thorchain/inbound_addresses': inbound,
    'GET /thorchain/quote/swap': quote,
    'GET /thorchain/tx/status/:hash': status,
  });
  return switchableFake(server, (next) => {
    options = next;
  });
}
