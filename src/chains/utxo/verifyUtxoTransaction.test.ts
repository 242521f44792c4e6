import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareUtxoTransaction, decodeSignedUtxoTransaction, type UtxoStepTerms } from './verifyUtxoTransaction.ts';
import { honestPlan, mutate, mutationArb, strangersOn, walletChoicesArb, type Plan, type StepShape, type WalletChoices } from './utxoTamper.ts';
import { outputScriptOf, utxoNetwork, type UtxoNetwork } from './utxoNetworks.ts';
import { SigHash, signTestTransaction, testWallet, type TestWallet } from './utxoTestWallets.ts';

/**
 * The signed-transaction check of a `utxo` step, under generated mutations: any change to the venue
 * output (address, amount, position), the memo (text, bytes, count, value), a payee other than the
 * sender, or an input not the sender's is refused naming the field; what is the wallet's to choose
 * (which of its outputs it spends, the change and so the fee, the memo's position after VOUT0,
 * sequence and locktime) is accepted; a signature over other outputs, or not SIGHASH_ALL, is refused.
 * The same properties run on each chain's own signing: segwit on Bitcoin, the legacy digest on
 * Dogecoin and Dash, the fork-id digest (ECDSA and Schnorr, signed by libauth) on Bitcoin Cash.
 */

interface ChainCase {
  readonly name: string;
  readonly network: UtxoNetwork;
  /** THORChain's real inbound vault on the chain (its inbound_addresses answer, src/venues/thorchain/fixtures/real). */
  readonly vault: string;
  readonly senders: readonly TestWallet[];
  readonly schnorr?: boolean;
  /** Share of Bitcoin's generated runs: the properties are the same, only the signing differs. */
  readonly share: number;
}

const bitcoin = utxoNetwork('bitcoin')!;
const dogecoin = utxoNetwork('dogecoin')!;
const dash = utxoNetwork('dash')!;
const bitcoincash = utxoNetwork('bitcoincash')!;
const CASES: readonly ChainCase[] = [
  { name: 'bitcoin (P2WPKH, P2TR)', network: bitcoin, vault: 'bc1qhal0a2ywtd5qt97zfc2mmjwelxwlshgj85lpc6', senders: [testWallet('wpkh', 7), testWallet('tr', 9)], share: 1 },
  { name: 'dogecoin (P2PKH, legacy digest)', network: dogecoin, vault: 'DNbdjeaEicpCpRpjopS35QGFCS42TLF4eU', senders: [testWallet('pkh', 7, dogecoin)], share: 0.25 },
  { name: 'dash (P2PKH, legacy digest)', network: dash, vault: testWallet('pkh', 99, dash).address, senders: [testWallet('pkh', 7, dash)], share: 0.15 },
  { name: 'bitcoincash (P2PKH, fork-id digest, ECDSA)', network: bitcoincash, vault: 'qzlhal4g3edkspvhcf8pt0wfm8uem7zazgm4jk9dz3', senders: [testWallet('pkh', 7, bitcoincash)], share: 0.25 },
  { name: 'bitcoincash (P2PKH, fork-id digest, Schnorr)', network: bitcoincash, vault: 'bitcoincash:qzlhal4g3edkspvhcf8pt0wfm8uem7zazgm4jk9dz3', senders: [testWallet('pkh', 8, bitcoincash)], schnorr: true, share: 0.25 },
];
const MEMO = '=:BASE.USDC:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:97020000';
const AMOUNT = 1_000_000n;
const txid = (n: number): string => n.toString(16).padStart(64, '0');
const FOREIGN = { txid: txid(9_999), index: 0, amount: 100_000n };

describe.each(CASES)('a signed utxo step on $name', ({ network, vault, senders, schnorr, share }) => {
  const runs = (n: number): number => Math.max(10, Math.round(n * share));
  const SHAPE: StepShape = { venueScript: outputScriptOf(network, vault)!, amount: AMOUNT, memo: MEMO };
  const termsFor = (sender: TestWallet): UtxoStepTerms => ({ network, sender: sender.address, payTo: { address: vault, amount: AMOUNT }, memo: MEMO });
  const signing = { signing: network.signing, schnorr: schnorr ?? false };

  function check(sender: TestWallet, plan: Plan, sighash?: number): string[] {
    const { rawHex, prevouts } = signTestTransaction(plan.inputs, plan.outputs, { lockTime: plan.lockTime, ...signing, ...(sighash !== undefined ? { sighash } : {}) });
    const decoded = decodeSignedUtxoTransaction(rawHex);
    return compareUtxoTransaction(decoded.tx, prevouts, termsFor(sender)).map((m) => m.field);
  }

  const honestArb = fc.record({
    sender: fc.constantFrom(...senders),
    // One output large enough that any mutation's extra satoshis still come out of the change.
    inputValues: fc.tuple(fc.bigInt({ min: 2_000_000n, max: 3_000_000n }), fc.array(fc.bigInt({ min: 10_000n, max: 900_000n }), { maxLength: 4 })).map(([big, rest]) => [big, ...rest]),
    choices: walletChoicesArb,
  });
  const planOf = (h: { sender: TestWallet; inputValues: bigint[]; choices: WalletChoices }): Plan =>
    honestPlan(SHAPE, h.sender, h.inputValues.map((amount, i) => ({ txid: txid(1_000 + i), index: i % 3, amount })), h.choices);

  it('is accepted whatever outputs of the sender it spends, its change, fee, memo position, sequence and locktime', () => {
    fc.assert(
      fc.property(honestArb, (h) => {
        expect(check(h.sender, planOf(h))).toEqual([]);
      }),
      { numRuns: runs(120) },
    );
  });

  it('is refused, naming the field, under any change to the venue output, the memo, the payees or the inputs', () => {
    fc.assert(
      fc.property(honestArb, mutationArb(MEMO, strangersOn(network)), (h, mutation) => {
        const plan = planOf(h);
        const field = mutate(plan, SHAPE, h.sender, mutation, FOREIGN);
        expect(check(h.sender, plan)).toContain(field);
      }),
      { numRuns: runs(300) },
    );
  });

  it('is refused when a signature covers other outputs than those sent, or is not SIGHASH_ALL', () => {
    fc.assert(
      fc.property(honestArb, fc.bigInt({ min: 1n, max: 10_000n }), (h, shift) => {
        const plan = planOf({ ...h, choices: { ...h.choices, fee: h.choices.fee + shift, changeSplit: 1 } });
        const { rawHex, prevouts } = signTestTransaction(plan.inputs, plan.outputs, { lockTime: plan.lockTime, ...signing });
        // Moves satoshis from the fee to the change after signing: every output is legal, the signatures are not.
        const decoded = decodeSignedUtxoTransaction(rawHex);
        const change = plan.outputs.findIndex((o) => o.script === h.sender.script);
        const edited = plan.outputs.map((o, i) => (i === change ? { ...o, amount: o.amount + shift } : o));
        expect(decoded.rawHex).toBe(rawHex);
        const tampered = decodeSignedUtxoTransaction(rawHex).tx;
        tampered.updateOutput(change, { amount: edited[change]!.amount }, true);
        const fields = compareUtxoTransaction(tampered, prevouts, termsFor(h.sender)).map((m) => m.field);
        expect(fields.filter((f) => f.endsWith('.signature')).length).toBe(plan.inputs.length);
      }),
      { numRuns: runs(60) },
    );
    for (const sender of senders) {
      const plan = planOf({ sender, inputValues: [700_000n, 600_000n], choices: { fee: 2_000n, memoFirst: false, changeSplit: 1, lockTime: 0, sequence: 0xfffffffd } });
      const forkId = network.signing === 'forkid' ? 0x40 : 0;
      // On Bitcoin Cash also plain SIGHASH_ALL: a signature without the fork id is one the chain refuses.
      for (const sighash of [SigHash.NONE | forkId, SigHash.SINGLE | forkId, SigHash.ALL_ANYONECANPAY | forkId, SigHash.NONE_ANYONECANPAY | forkId, ...(forkId ? [SigHash.ALL] : [])]) {
        expect(check(sender, plan, sighash).filter((f) => f.endsWith('.signature'))).toHaveLength(2);
      }
    }
  });
});
