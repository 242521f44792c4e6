import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUtxoIndexer } from './createUtxoIndexer.ts';
import { startEsploraStandIn, type EsploraStandIn } from './esploraStandIn.ts';
import { utxoNetwork } from './utxoNetworks.ts';
import { signTestTransaction, testWallet } from './utxoTestWallets.ts';

/** The loopback Esplora accepts a transaction only as a node would: unspent inputs, valid signatures, no overspend. */

const alice = testWallet('wpkh', 61);
const bob = testWallet('tr', 62);
let standIn: EsploraStandIn;

beforeAll(async () => {
  standIn = await startEsploraStandIn(utxoNetwork('bitcoin')!);
});
afterAll(() => standIn.close());

describe('the Esplora stand-in', () => {
  it('spends a funded output once, refuses a double spend, a foreign signature and an overspend', async () => {
    const indexer = createUtxoIndexer(standIn.url);
    const funding = standIn.fund(alice.address, 100_000n);
    expect(await indexer.utxos(alice.address)).toEqual([{ txid: funding, vout: 0, value: 100_000n, confirmed: true }]);
    // `claimed`: the value the wallet signs for (a lie lets btc-signer sign an overspend).
    const spend = (owner = alice, amount = 90_000n, claimed = 100_000n) => signTestTransaction([{ txid: funding, index: 0, owner, amount: claimed }], [{ script: bob.script, amount }]).rawHex;

    await expect(indexer.broadcast(spend(alice, 100_001n, 200_000n))).rejects.toMatchObject({ code: 'broadcast_rejected', message: expect.stringContaining('bad-txns-in-belowout') });
    // Bob signs for Alice's output: the witness key is not the output's.
    await expect(indexer.broadcast(spend(testWallet('wpkh', 63)))).rejects.toMatchObject({ code: 'broadcast_rejected', message: expect.stringContaining('mandatory-script-verify-flag-failed') });
    const txid = await indexer.broadcast(spend());
    expect(await indexer.transactionStatus(txid)).toMatchObject({ confirmed: true });
    expect(await indexer.utxos(alice.address)).toEqual([]);
    expect((await indexer.utxos(bob.address)).map((u) => u.value)).toEqual([90_000n]);
    await expect(indexer.broadcast(spend(alice, 80_000n))).rejects.toMatchObject({ message: expect.stringContaining('bad-txns-inputs-missingorspent') });
  });

  it('holds transactions unconfirmed in its mempool until mined when asked to', async () => {
    const indexer = createUtxoIndexer(standIn.url);
    const funding = standIn.fund(bob.address, 50_000n);
    standIn.holdMempool(true);
    const txid = await indexer.broadcast(signTestTransaction([{ txid: funding, index: 0, owner: bob, amount: 50_000n }], [{ script: alice.script, amount: 49_000n }]).rawHex);
    expect(await indexer.transactionStatus(txid)).toEqual({ confirmed: false, blockHeight: null });
    standIn.mine();
    standIn.holdMempool(false);
    expect((await indexer.transactionStatus(txid))?.confirmed).toBe(true);
  });
});
