import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base58 } from '@scure/base';
import { LiteSVM } from 'litesvm';
import { decodeSvmTransactionBytes } from './decodeSvmTransaction.ts';
import { buildTransferTransaction, cloneMessage, editableMessageOf, insertStaticAccount, joinWire, setUpTransferScenario, signMessage, splitWire, testSigner } from './svmTestTransactions.ts';
import { verifySvmSignatures } from './verifySvmSignatures.ts';

const svm = new LiteSVM();
const scenario = setUpTransferScenario(svm);
const built = buildTransferTransaction(scenario, { version: 0, amount: 5n, feeLamports: 1n, memo: 'sig', blockhash: svm.latestBlockhash() });
const message = editableMessageOf(built);
const user = scenario.user;
const cosigner = testSigner(42);

/** The built message with a second, read-only signer (a venue co-signing). */
function twoSignerMessage(): ReturnType<typeof editableMessageOf> {
  const m = cloneMessage(message);
  insertStaticAccount(m, cosigner.address, 'readonlySigner');
  return m;
}

describe('verifySvmSignatures', () => {
  it('accepts a transaction signed by every required signer', () => {
    expect(verifySvmSignatures(decodeSvmTransactionBytes(signMessage(message, [user])))).toEqual([]);
    expect(verifySvmSignatures(decodeSvmTransactionBytes(signMessage(twoSignerMessage(), [user, cosigner])))).toEqual([]);
  });

  it('reports an unsigned (all-zero) slot as missing', () => {
    expect(verifySvmSignatures(decodeSvmTransactionBytes(built))).toEqual([{ signer: user.address, problem: 'missing' }]);
    expect(verifySvmSignatures(decodeSvmTransactionBytes(signMessage(twoSignerMessage(), [user])))).toEqual([{ signer: cosigner.address, problem: 'missing' }]);
  });

  it('reports a signature by another key as invalid', () => {
    const { messageBytes } = splitWire(built);
    const wire = joinWire([scenario.attacker.sign(messageBytes)], messageBytes);
    expect(verifySvmSignatures(decodeSvmTransactionBytes(wire))).toEqual([{ signer: user.address, problem: 'invalid' }]);
  });

  it('reports a signature over other bytes as invalid', () => {
    const other = cloneMessage(message);
    other.blockhash = base58.encode(new Uint8Array(32).fill(9));
    const { signatures } = splitWire(signMessage(other, [user]));
    const { messageBytes } = splitWire(built);
    expect(verifySvmSignatures(decodeSvmTransactionBytes(joinWire(signatures, messageBytes)))).toEqual([{ signer: user.address, problem: 'invalid' }]);
  });

  it('reports any single flipped bit of a signature as invalid (property)', () => {
    const { signatures, messageBytes } = splitWire(signMessage(message, [user]));
    const signature = signatures[0] as Uint8Array;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 511 }), (bit) => {
        const flipped = new Uint8Array(signature);
        flipped[bit >> 3] = (flipped[bit >> 3] as number) ^ (1 << (bit & 7));
        expect(verifySvmSignatures(decodeSvmTransactionBytes(joinWire([flipped], messageBytes)))).toEqual([{ signer: user.address, problem: 'invalid' }]);
      }),
      { numRuns: 200 },
    );
  });

  it('reports a signer whose address is not an Ed25519 key as invalid', () => {
    const m = cloneMessage(message);
    // Not a curve point (as a program-derived address is not): nobody can sign for it.
    const offCurve = base58.encode(Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 0x7f : 0xff)));
    m.staticAccounts[0] = offCurve;
    const { messageBytes } = splitWire(signMessage(m, []));
    const wire = joinWire([user.sign(messageBytes)], messageBytes);
    expect(verifySvmSignatures(decodeSvmTransactionBytes(wire))).toEqual([{ signer: offCurve, problem: 'invalid' }]);
  });
});
