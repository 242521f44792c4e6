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
import type { FakeReply } from '../fake/startFakeServer.ts';
import { poolChainByName } from '../shared/thorchainFamily/poolNetwork.ts';
import { startPoolFake, type PoolFake, type PoolFakeOptions, type PoolFakeView } from '../shared/thorchainFamily/poolFake.ts';
import { parseSwapMemo } from '../shared/thorchainFamily/swapMemo.ts';
import { THORCHAIN, thorchainChain } from './thorchainChains.ts';

/**
 * A loopback THORNode (shared/thorchainFamily/poolFake.ts) answering from THORChain's real answers: the
 * docs quote (fixtures/real/quote-btc-to-eth-affiliate.json), xchainjs's recorded inbound addresses
 * and the docs' status answer as templates.
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

/**
 * Settling for real (tests and the sandbox): the fake observes inbound transactions on Bitcoin-family
 * chains through their Esplora (`utxoIndexers`), and once one pays the vault with a swap memo it pays
 * the memo's destination on the local EVM chain from the solver, at the quoted rate, and answers
 * `tx/status` with that payout (or with nothing seen yet).
 */
export interface ThorchainSettling {
  readonly settlement: FakeSettlement;
  /** Esplora base URLs by Strait chain key (`bitcoin`, `litecoin`). */
  readonly utxoIndexers: Readonly<Partial<Record<ChainKey, string>>>;
}

export type ThorchainFake = PoolFake;

interface Payout {
  readonly hash: string;
  readonly asset: string;
  readonly destination: string;
  readonly outThor: bigint;
}

export function startThorchainFake(initial: PoolFakeOptions = {}, settling?: ThorchainSettling): Promise<ThorchainFake> {
  /** Inbound txid → its payout (one per inbound). */
  const settled = new Map<string, Promise<Payout | null>>();

  async function settleUtxo(hash: string, view: PoolFakeView): Promise<Payout | null> {
    if (!settling) return null;
    for (const [key, url] of Object.entries(settling.utxoIndexers)) {
      const chain = thorchainChain(key);
      const network = chain ? utxoNetwork(chain.key) : null;
      const vault = INBOUND.find((entry) => entry.chain === chain?.poolChain)?.address;
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
      const out = ((first.amount ?? 0n) * view.outBps) / 10_000n;
      const quotedAsset = view.quoted.get(memo.destination)?.toAsset ?? memo.asset;
      const [payChain, symbolPart] = quotedAsset.split('.');
      const target = poolChainByName(THORCHAIN, payChain ?? '');
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

  async function observed(hash: string, view: PoolFakeView): Promise<FakeReply | null> {
    if (!settling) return null;
    let pending = settled.get(hash);
    if (!pending) {
      pending = settleUtxo(hash, view).catch(() => null);
      settled.set(hash, pending);
    }
    const payout = await pending;
    // Not seen yet: asked again next time (a transaction may reach the chain after its txid is submitted).
    if (payout === null) {
      settled.delete(hash);
      return { status: 404, body: { code: 5, message: 'tx not found', details: [] } };
    }
    const tx = { ...(STATUS.tx as Record<string, unknown>), id: hash };
    const stages = { ...(STATUS.stages as Record<string, unknown>), swap_status: { pending: false }, swap_finalised: { completed: true }, outbound_signed: { completed: true } };
    const outTx = { id: payout.hash, chain: payout.asset.split('.')[0], to_address: payout.destination, coins: [{ asset: payout.asset, amount: payout.outThor.toString() }], memo: `OUT:${hash}` };
    return { body: { tx, stages, out_txs: [outTx] } };
  }

  return startPoolFake(
    {
      prefix: '/thorchain',
      quote: realAnswer('quote-btc-to-eth-affiliate.json') as Record<string, unknown>,
      inbound: INBOUND,
      status: STATUS,
      shortTokenMemo: true,
    },
    initial,
    settling ? observed : undefined,
  );
}
