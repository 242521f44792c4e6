import { base64, hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { buildUtxoPsbt } from './buildUtxoPsbt.ts';
import { memoOf } from './verifyUtxoTransaction.ts';
import { addressOfScript, outputScriptOf, senderScriptOf, utxoNetwork, whyNotBuildableUtxo, type SenderScript } from './utxoNetworks.ts';
import { testWallet } from './utxoTestWallets.ts';

const bitcoin = utxoNetwork('bitcoin')!;
const litecoin = utxoNetwork('litecoin')!;
const VAULT = 'bc1qhal0a2ywtd5qt97zfc2mmjwelxwlshgj85lpc6';
const MEMO = '=:BASE.USDC:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:97020000';
const sender = testWallet('wpkh', 71);
const utxo = (n: number, value: bigint, confirmed = true) => ({ txid: n.toString(16).padStart(64, '0'), vout: 0, value, confirmed });

function build(utxos: ReturnType<typeof utxo>[], amount = 1_000_000n, feeRate = 10) {
  return buildUtxoPsbt({ network: bitcoin, sender: sender.address, senderScript: senderScriptOf(bitcoin, sender.address) as SenderScript, utxos, payTo: { address: VAULT, amount }, memo: MEMO, feeRate });
}

describe('network parameters', () => {
  it('build for bitcoin, litecoin, dogecoin, bitcoincash and dash, saying why not for zcash', () => {
    for (const chain of ['bitcoin', 'litecoin', 'dogecoin', 'bitcoincash', 'dash'] as const) expect(whyNotBuildableUtxo(chain)).toBeNull();
    expect(whyNotBuildableUtxo('zcash')).toMatch(/btc-signer/);
  });

  it('spend from P2PKH senders on the chains without segwit, and read Bitcoin Cash addresses as CashAddr or legacy', () => {
    const dogecoin = utxoNetwork('dogecoin')!;
    const bitcoincash = utxoNetwork('bitcoincash')!;
    // THORChain's recorded DOGE and BCH vaults (inbound_addresses).
    expect(senderScriptOf(dogecoin, 'DNbdjeaEicpCpRpjopS35QGFCS42TLF4eU')).toMatchObject({ kind: 'pkh' });
    const bch = senderScriptOf(bitcoincash, 'qzlhal4g3edkspvhcf8pt0wfm8uem7zazgm4jk9dz3') as SenderScript;
    expect(bch.kind).toBe('pkh');
    expect(addressOfScript(bitcoincash, bch.script)).toBe('bitcoincash:qzlhal4g3edkspvhcf8pt0wfm8uem7zazgm4jk9dz3');
    // The CashAddr specification's pair: the same key in both encodings.
    expect(outputScriptOf(bitcoincash, '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu')).toEqual(outputScriptOf(bitcoincash, 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'));
    expect(senderScriptOf(bitcoincash, 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq')).toMatch(/P2PKH addresses only, .* is SH/);
    expect(senderScriptOf(dogecoin, 'bc1qhal0a2ywtd5qt97zfc2mmjwelxwlshgj85lpc6')).toMatch(/not a dogecoin address/);
    expect(senderScriptOf(dogecoin, '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu')).toMatch(/not a dogecoin address/);
  });

  it('read addresses with their own chain prefixes only, and spend from P2WPKH and P2TR senders only', () => {
    expect(senderScriptOf(bitcoin, sender.address)).toMatchObject({ kind: 'wpkh' });
    expect(senderScriptOf(bitcoin, testWallet('tr', 72).address)).toMatchObject({ kind: 'tr' });
    expect(senderScriptOf(bitcoin, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toMatch(/P2WPKH and P2TR addresses only.*SH/);
    expect(senderScriptOf(bitcoin, '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toMatch(/PKH/);
    expect(senderScriptOf(bitcoin, 'ltc1qhal0a2ywtd5qt97zfc2mmjwelxwlshgjrg99q2')).toMatch(/not a bitcoin address/);
    expect(senderScriptOf(bitcoin, 'tb1ql7w62elx9ucw4pj5lgw4l028hmuw80sndtntxt')).toMatch(/not a bitcoin address/);
    // THORChain's recorded LTC vault is a litecoin P2WPKH address.
    const ltc = senderScriptOf(litecoin, 'ltc1qhal0a2ywtd5qt97zfc2mmjwelxwlshgjrg99q2') as SenderScript;
    expect(ltc.kind).toBe('wpkh');
    expect(addressOfScript(litecoin, ltc.script)).toBe('ltc1qhal0a2ywtd5qt97zfc2mmjwelxwlshgjrg99q2');
  });
});

describe('the PSBT', () => {
  it('pays the vault at VOUT0, the change at VOUT1 and the memo last, from the largest confirmed outputs first', () => {
    const built = build([utxo(1, 300_000n), utxo(2, 2_000_000n, false), utxo(3, 1_500_000n)]);
    const tx = Transaction.fromPSBT(base64.decode(built.psbtBase64), { allowUnknownOutputs: true });
    expect(tx.inputsLength).toBe(1);
    expect(tx.getInput(0).witnessUtxo?.amount).toBe(1_500_000n);
    expect(addressOfScript(bitcoin, tx.getOutput(0).script!)).toBe(VAULT);
    expect(tx.getOutput(0).amount).toBe(1_000_000n);
    expect(addressOfScript(bitcoin, tx.getOutput(1).script!)).toBe(sender.address);
    expect(memoOf(tx.getOutput(2).script!)).toBe(MEMO);
    expect(tx.getOutput(1).amount! + built.fee).toBe(500_000n);
    // ~10.5 + 68 + 31 + 31 + 75 vbytes at 10 sat/vB.
    expect(built.fee).toBeGreaterThan(2_000n);
    expect(built.fee).toBeLessThan(2_300n);
  });

  it('drops change below dust into the fee, and refuses too little as insufficient_balance', () => {
    const exact = build([utxo(4, 1_002_300n)]);
    expect(exact.change).toBe(0n);
    expect(Transaction.fromPSBT(base64.decode(exact.psbtBase64), { allowUnknownOutputs: true }).outputsLength).toBe(2);
    expect(() => build([utxo(5, 600_000n), utxo(6, 400_000n)])).toThrow(expect.objectContaining({ code: 'insufficient_balance' }));
    expect(() => build([utxo(7, 5_000_000n)], 100n)).toThrow(expect.objectContaining({ code: 'insufficient_balance' }));
  });
});

describe('the PSBT of a P2PKH sender (Dogecoin)', () => {
  const dogecoin = utxoNetwork('dogecoin')!;
  const doge = testWallet('pkh', 73, dogecoin);
  const DOGE_VAULT = 'DNbdjeaEicpCpRpjopS35QGFCS42TLF4eU';
  /** A funding transaction paying `doge` at output 1, as the indexer would hand it over. */
  function funding(value: bigint): { txid: string; raw: string } {
    const tx = new Transaction({ allowUnknownOutputs: true, allowUnknownInputs: true });
    tx.addOutput({ script: outputScriptOf(dogecoin, DOGE_VAULT)!, amount: 1n });
    tx.addOutput({ script: doge.script, amount: value });
    tx.addInput({ txid: new Uint8Array(32).fill(9), index: 0, finalScriptSig: Uint8Array.of(0x51) });
    return { txid: tx.id, raw: hex.encode(tx.toBytes(true, false)) };
  }
  const request = (previous: Map<string, string>, listed: bigint, held: bigint) => {
    const prev = funding(held);
    previous.set(prev.txid, prev.raw);
    return { network: dogecoin, sender: doge.address, senderScript: senderScriptOf(dogecoin, doge.address) as SenderScript, utxos: [{ txid: prev.txid, vout: 1, value: listed, confirmed: true }], payTo: { address: DOGE_VAULT, amount: 10n ** 9n }, memo: MEMO, feeRate: 1_000, previousTransactions: previous };
  };

  it('carries each input\'s whole previous transaction, sized without witnesses', () => {
    const built = buildUtxoPsbt(request(new Map(), 5n * 10n ** 9n, 5n * 10n ** 9n));
    const tx = Transaction.fromPSBT(base64.decode(built.psbtBase64), { allowUnknownOutputs: true });
    expect(tx.getInput(0).nonWitnessUtxo?.outputs[1]?.amount).toBe(5n * 10n ** 9n);
    expect(tx.getInput(0).witnessUtxo).toBeUndefined();
    // 10 + 148 + 34 + 34 + 74 bytes at 1 000 koinu a byte.
    expect(built.fee).toBe(300_000n);
  });

  it('refuses to build when the indexer lists an amount its own transaction does not pay, or keeps the transaction back', () => {
    expect(() => buildUtxoPsbt(request(new Map(), 5n * 10n ** 9n, 4n * 10n ** 9n))).toThrow(expect.objectContaining({ code: 'chain_unavailable' }));
    expect(() => buildUtxoPsbt({ ...request(new Map(), 5n * 10n ** 9n, 5n * 10n ** 9n), previousTransactions: new Map() })).toThrow(expect.objectContaining({ code: 'chain_unavailable' }));
  });
});
