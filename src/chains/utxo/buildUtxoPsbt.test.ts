import { base64 } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { buildUtxoPsbt } from './buildUtxoPsbt.ts';
import { memoOf } from './verifyUtxoTransaction.ts';
import { addressOfScript, senderScriptOf, utxoNetwork, whyNotBuildableUtxo, type SenderScript } from './utxoNetworks.ts';
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
  it('build for bitcoin and litecoin only, saying why not for the rest', () => {
    expect(whyNotBuildableUtxo('bitcoin')).toBeNull();
    expect(whyNotBuildableUtxo('litecoin')).toBeNull();
    for (const chain of ['dogecoin', 'bitcoincash', 'zcash', 'dash'] as const) expect(whyNotBuildableUtxo(chain)).toMatch(/btc-signer|sighash|Strait/);
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
