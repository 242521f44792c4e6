import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlockbookIndexer } from './createBlockbookIndexer.ts';
import { startEsploraStandIn, type EsploraStandIn } from './esploraStandIn.ts';
import { utxoNetwork } from './utxoNetworks.ts';
import { signTestTransaction, testWallet } from './utxoTestWallets.ts';

/**
 * The stand-in's Blockbook side (`/api/v2/`), driven through the Blockbook client: the same UTXO set
 * and the same node rules as its Esplora side, in Blockbook's shapes, on a chain Blockbook serves
 * publicly (Bitcoin Cash, whose addresses it reads only with their prefix).
 */

const bitcoincash = utxoNetwork('bitcoincash')!;
const alice = testWallet('pkh', 71, bitcoincash);
const bob = testWallet('pkh', 72, bitcoincash);
let standIn: EsploraStandIn;

beforeAll(async () => {
  standIn = await startEsploraStandIn(bitcoincash);
});
afterAll(() => standIn.close());

describe("the stand-in's Blockbook side", () => {
  it('lists, broadcasts, refuses a double spend, and tracks a transaction from mempool to block with its spender', async () => {
    const indexer = createBlockbookIndexer(standIn.url, { cashAddrPrefix: 'bitcoincash' });
    const unprefixed = alice.address.replace(/^bitcoincash:/, '');
    const funding = standIn.fund(alice.address, 100_000n);
    expect(await indexer.utxos(unprefixed)).toEqual([{ txid: funding, vout: 0, value: 100_000n, confirmed: true }]);
    // Blockbook itself refuses an unprefixed CashAddr; the client is what adds the prefix.
    await expect(createBlockbookIndexer(standIn.url).utxos(unprefixed)).rejects.toMatchObject({ code: 'chain_unavailable' });

    const spend = (amount: bigint) => signTestTransaction([{ txid: funding, index: 0, owner: alice, amount: 100_000n }], [{ script: bob.script, amount }], { signing: 'forkid' }).rawHex;
    standIn.holdMempool(true);
    const txid = await indexer.broadcast(spend(90_000n));
    expect(await indexer.transactionStatus(txid)).toEqual({ confirmed: false, blockHeight: null });
    expect(await indexer.utxos(bob.address)).toEqual([{ txid, vout: 0, value: 90_000n, confirmed: false }]);
    // Blockbook names a spender only once it is mined.
    expect(await indexer.spenderOf(funding, 0)).toBeNull();
    expect(await indexer.transactionHex(txid)).toBe(standIn.transaction(txid)!.hex);
    standIn.mine();
    standIn.holdMempool(false);
    expect(await indexer.transactionStatus(txid)).toMatchObject({ confirmed: true });
    expect(await indexer.spenderOf(funding, 0)).toBe(txid);
    await expect(indexer.broadcast(spend(80_000n))).rejects.toMatchObject({ code: 'broadcast_rejected', message: expect.stringContaining('bad-txns-inputs-missingorspent') });
    expect(await indexer.transactionStatus('ef'.repeat(32))).toBeNull();
  });

  it('answers the fee estimate in coins per kilobyte, which the client reads back as sat/vB', async () => {
    standIn.setFeeRate(7);
    expect(await createBlockbookIndexer(standIn.url).feeRate(2)).toBeCloseTo(7, 9);
    expect(await createBlockbookIndexer(standIn.url).feeRate(6)).toBeCloseTo(3.5, 9);
  });
});
