import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { getAddress, type Address } from 'viem';
import { memoOf } from '../../../chains/utxo/verifyUtxoTransaction.ts';
import { outputScriptOf, utxoNetwork } from '../../../chains/utxo/utxoNetworks.ts';
import { sameBytes } from '../../../chains/utxo/verifyUtxoSignatures.ts';
import { chainInfo, type ChainKey } from '../../../domain/chains.ts';
import { tokensOn } from '../../../domain/tokens.ts';
import type { FakeSettlement } from '../../fake/FakeSettlement.ts';
import type { PoolFakeView } from './poolFake.ts';
import { poolChainByKey, poolChainByName, type PoolNetwork } from './poolNetwork.ts';
import { parseSwapMemo } from './swapMemo.ts';

/**
 * Settling for real in a family network's fake (tests and the sandbox): the fake observes inbound
 * transactions on Bitcoin-family chains through their Esplora (`utxoIndexers`), and once one pays
 * the vault with a swap memo it pays the memo's destination on the local EVM chain from the solver,
 * at the quoted rate. Each network's fake answers its own tracking endpoint with the payout.
 */
export interface PoolSettling {
  readonly settlement: FakeSettlement;
  /** Esplora base URLs by Strait chain key (`bitcoin`, `litecoin`, `dash`). */
  readonly utxoIndexers: Readonly<Partial<Record<ChainKey, string>>>;
}

export interface UtxoPayout {
  /** The payout's hash, upper-case without `0x` (as the family's nodes write it). */
  readonly hash: string;
  readonly inAsset: string;
  readonly inAmount: bigint;
  readonly asset: string;
  readonly destination: string;
  readonly out: bigint;
}

/** The payout of the inbound `hash` once one of the indexers holds it paying the network's vault, else `null`. */
export async function settleUtxoInbound(network: PoolNetwork, inbound: readonly Record<string, unknown>[], settling: PoolSettling, hash: string, view: PoolFakeView): Promise<UtxoPayout | null> {
  for (const [key, url] of Object.entries(settling.utxoIndexers)) {
    const chain = poolChainByKey(network, key);
    const utxo = chain ? utxoNetwork(chain.key) : null;
    const vault = inbound.find((entry) => entry.chain === chain?.poolChain)?.address;
    if (!chain || !utxo || typeof vault !== 'string' || url === undefined) continue;
    const answer = await fetch(`${url}/tx/${hash.toLowerCase()}/hex`);
    if (answer.status !== 200) continue;
    const tx = Transaction.fromRaw(hex.decode((await answer.text()).trim()), { allowUnknownOutputs: true, disableScriptCheck: true });
    const first = tx.getOutput(0);
    const vaultScript = outputScriptOf(utxo, vault);
    if (!vaultScript || !sameBytes(first.script ?? new Uint8Array(), vaultScript)) return null;
    let memoText: string | null = null;
    for (let i = 1; i < tx.outputsLength && memoText === null; i++) memoText = memoOf(tx.getOutput(i).script ?? new Uint8Array());
    const memo = memoText === null ? null : parseSwapMemo(memoText);
    if (memo === null || typeof memo === 'string') return null;
    const inAmount = first.amount ?? 0n;
    const out = (inAmount * view.outBps) / 10_000n;
    const quotedAsset = view.quoted.get(memo.destination)?.toAsset ?? memo.asset;
    const [payChain, symbolPart] = quotedAsset.split('.');
    const target = poolChainByName(network, payChain ?? '');
    if (!target || target.chainId === null || chainInfo(target.key).vm !== 'evm') return null;
    const contract = symbolPart?.split('-')[1];
    const token = tokensOn(target.key).find((t) => (contract === undefined ? t.address === null : t.address?.toLowerCase() === contract.toLowerCase()));
    if (!token) return null;
    const atomic = token.decimals >= 8 ? out * 10n ** BigInt(token.decimals - 8) : out / 10n ** BigInt(8 - token.decimals);
    const paid = await settling.settlement.pay(target.chainId, contract === undefined ? null : getAddress(contract.toLowerCase()), memo.destination as Address, atomic);
    return { hash: paid.replace(/^0x/, '').toUpperCase(), inAsset: chain.nativeAsset, inAmount, asset: quotedAsset, destination: memo.destination, out };
  }
  return null;
}
