import fc from 'fast-check';
import { MAX_OUTPUTS, memoScript } from './verifyUtxoTransaction.ts';
import { testWallet, type TestInput, type TestWallet } from './utxoTestWallets.ts';
import type { UtxoNetwork } from './utxoNetworks.ts';

/**
 * Generators of the transactions a wallet may sign for a `utxo` step, and of the tampering a
 * verifier must refuse, shared by the unit properties (verifyUtxoTransaction.test.ts) and the
 * submit properties through the HTTP API (test/bitcoinThorchain.test.ts).
 */

/** What the step fixes: the venue's script and amount at VOUT0, and the memo. */
export interface StepShape {
  readonly venueScript: Uint8Array;
  readonly amount: bigint;
  readonly memo: string;
}

/** Keys that are not the sender's, on Bitcoin. */
export const STRANGERS: readonly TestWallet[] = [testWallet('wpkh', 21), testWallet('tr', 23)];

/** Keys that are not the sender's, of the kinds a chain spends from (P2PKH on chains without segwit). */
export function strangersOn(network: UtxoNetwork): readonly TestWallet[] {
  return network.signing === 'segwit' ? STRANGERS : [testWallet('pkh', 21, network), testWallet('pkh', 23, network)];
}

/** A transaction before signing: inputs with their owners, outputs, locktime. */
export interface Plan {
  inputs: TestInput[];
  outputs: { script: Uint8Array; amount: bigint }[];
  lockTime: number;
}

/** The wallet's own choices: the fee, where the memo goes after VOUT0, into how many outputs change splits, locktime, sequence. */
export interface WalletChoices {
  readonly fee: bigint;
  readonly memoFirst: boolean;
  readonly changeSplit: number;
  readonly lockTime: number;
  readonly sequence: number;
}

export const walletChoicesArb: fc.Arbitrary<WalletChoices> = fc.record({
  fee: fc.bigInt({ min: 0n, max: 40_000n }),
  memoFirst: fc.boolean(),
  changeSplit: fc.integer({ min: 1, max: MAX_OUTPUTS - 2 }),
  lockTime: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 499_999_999 })),
  sequence: fc.constantFrom(0xffffffff, 0xfffffffe, 0xfffffffd, 0),
});

/** An honest transaction: the sender's outputs in, VOUT0 to the venue, the change (split) back to the sender, the memo. */
export function honestPlan(shape: StepShape, sender: TestWallet, spends: readonly { txid: string; index: number; amount: bigint }[], choices: WalletChoices): Plan {
  const inputs = spends.map((spend) => ({ ...spend, owner: sender, sequence: choices.sequence }));
  const total = spends.reduce((sum, s) => sum + s.amount, 0n);
  const change = total - shape.amount - choices.fee;
  const split = BigInt(choices.changeSplit);
  const changes = change > 0n ? Array.from({ length: choices.changeSplit }, (_, i) => ({ script: sender.script, amount: change / split + (i === 0 ? change % split : 0n) })) : [];
  const memo = { script: memoScript(shape.memo), amount: 0n };
  return { inputs, outputs: [{ script: shape.venueScript, amount: shape.amount }, ...(choices.memoFirst ? [memo, ...changes] : [...changes, memo])], lockTime: choices.lockTime };
}

export type Mutation =
  | { kind: 'amount'; delta: bigint }
  | { kind: 'venueAddress'; to: TestWallet | 'sender' }
  | { kind: 'venueNotFirst' }
  | { kind: 'memoText'; text: string }
  | { kind: 'memoByte'; at: number; xor: number }
  | { kind: 'memoDropped' }
  | { kind: 'memoTwice' }
  | { kind: 'memoValue'; amount: bigint }
  | { kind: 'changeTo'; to: TestWallet }
  | { kind: 'extraPayee'; to: TestWallet; amount: bigint }
  | { kind: 'foreignInput'; owner: TestWallet }
  | { kind: 'tooManyOutputs' };

/** Every kind of tampering with the step's terms, with its parameters. */
export function mutationArb(memo: string, strangers: readonly TestWallet[] = STRANGERS): fc.Arbitrary<Mutation> {
  return fc.oneof(
    fc.bigInt({ min: -500_000n, max: 500_000n }).filter((d) => d !== 0n).map((delta) => ({ kind: 'amount' as const, delta })),
    fc.constantFrom<TestWallet | 'sender'>(...strangers, 'sender').map((to) => ({ kind: 'venueAddress' as const, to })),
    fc.constant({ kind: 'venueNotFirst' as const }),
    fc.string({ minLength: 0, maxLength: 80 }).filter((t) => t !== memo && new TextEncoder().encode(t).length <= 75).map((text) => ({ kind: 'memoText' as const, text })),
    fc.record({ at: fc.nat({ max: memo.length - 1 }), xor: fc.integer({ min: 1, max: 127 }) }).map((m) => ({ kind: 'memoByte' as const, ...m })),
    fc.constant({ kind: 'memoDropped' as const }),
    fc.constant({ kind: 'memoTwice' as const }),
    fc.bigInt({ min: 1n, max: 10_000n }).map((amount) => ({ kind: 'memoValue' as const, amount })),
    fc.constantFrom(...strangers).map((to) => ({ kind: 'changeTo' as const, to })),
    fc.record({ to: fc.constantFrom(...strangers), amount: fc.bigInt({ min: 546n, max: 20_000n }) }).map((m) => ({ kind: 'extraPayee' as const, ...m })),
    fc.constantFrom(...strangers).map((owner) => ({ kind: 'foreignInput' as const, owner })),
    fc.constant({ kind: 'tooManyOutputs' as const }),
  );
}

/**
 * Applies the mutation to an honest plan in place; answers the mismatch field the verifier must
 * name. Satoshis a mutation adds to an output come out of the sender's change, so the transaction
 * stays fundable and only the tampering is wrong. `foreignInput` spends `foreignOutpoint`.
 */
export function mutate(plan: Plan, shape: StepShape, sender: TestWallet, mutation: Mutation, foreignOutpoint: { txid: string; index: number; amount: bigint }): string {
  const outputs = plan.outputs;
  const memoIndex = outputs.findIndex((o) => o.script[0] === 0x6a);
  const changeIndex = outputs.findIndex((o) => o.script === sender.script);
  const takeFromChange = (amount: bigint): void => {
    let left = amount;
    outputs.forEach((output, i) => {
      if (output.script !== sender.script || left === 0n) return;
      const taken = output.amount - 1n < left ? output.amount - 1n : left;
      outputs[i] = { ...output, amount: output.amount - taken };
      left -= taken;
    });
  };
  switch (mutation.kind) {
    case 'amount':
      if (mutation.delta > 0n) takeFromChange(mutation.delta);
      outputs[0] = { ...outputs[0]!, amount: shape.amount + mutation.delta };
      return 'outputs[0].amount';
    case 'venueAddress':
      outputs[0] = { ...outputs[0]!, script: mutation.to === 'sender' ? sender.script : mutation.to.script };
      return 'outputs[0].address';
    case 'venueNotFirst':
      outputs.push(outputs.shift()!);
      return 'outputs[0].address';
    case 'memoText':
      outputs[memoIndex] = { script: memoScript(mutation.text), amount: 0n };
      return 'memo';
    case 'memoByte': {
      const bytes = new TextEncoder().encode(shape.memo);
      bytes[mutation.at] = bytes[mutation.at]! ^ mutation.xor;
      outputs[memoIndex] = { script: new Uint8Array([0x6a, bytes.length, ...bytes]), amount: 0n };
      return 'memo';
    }
    case 'memoDropped':
      outputs.splice(memoIndex, 1);
      return 'memo';
    case 'memoTwice':
      outputs.push({ script: memoScript(shape.memo), amount: 0n });
      return 'memo';
    case 'memoValue':
      takeFromChange(mutation.amount);
      outputs[memoIndex] = { ...outputs[memoIndex]!, amount: mutation.amount };
      return `outputs[${memoIndex}].amount`;
    case 'changeTo':
      if (changeIndex < 0) outputs.push({ script: mutation.to.script, amount: 1_000n });
      else outputs[changeIndex] = { ...outputs[changeIndex]!, script: mutation.to.script };
      return `outputs[${changeIndex < 0 ? outputs.length - 1 : changeIndex}].address`;
    case 'extraPayee':
      takeFromChange(mutation.amount);
      outputs.push({ script: mutation.to.script, amount: mutation.amount });
      return `outputs[${outputs.length - 1}].address`;
    case 'foreignInput':
      plan.inputs.push({ ...foreignOutpoint, owner: mutation.owner });
      return `inputs[${plan.inputs.length - 1}].owner`;
    case 'tooManyOutputs':
      while (outputs.length <= MAX_OUTPUTS) {
        takeFromChange(600n);
        outputs.push({ script: sender.script, amount: 600n });
      }
      return 'outputs';
  }
}
