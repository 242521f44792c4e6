import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { PROGRAMS, buildTransferTransaction, editableMessageOf, setUpTransferScenario, signMessage, toBase64 } from '../chains/svm/svmTestTransactions.ts';
import type { SvmStep } from '../domain/steps.ts';
import { EMPTY_ALLOW_LIST, type CallIntent, type VenueAllowList } from '../venues/allowList.ts';
import { whyNotAllowedSvm } from './vetSteps.ts';

const svm = new LiteSVM();
const scenario = setUpTransferScenario(svm);
const wire = buildTransferTransaction(scenario, { version: 0, amount: 5n, feeLamports: 5_000n, memo: 'vet', blockhash: String(svm.latestBlockhash()) });
const step = (bytes: Uint8Array): SvmStep => ({ vm: 'svm', step: 'main', serializedTx: toBase64(bytes), encoding: 'base64', refreshBlockhash: false });

describe('Solana allow-list', () => {
  it('passes a transfer made of standard programs only', () => {
    expect(whyNotAllowedSvm(step(wire), EMPTY_ALLOW_LIST, 'venue')).toBeNull();
  });

  it('refuses a program the venue did not declare, and accepts it once declared', () => {
    const message = editableMessageOf(wire);
    message.staticAccounts[message.staticAccounts.indexOf(PROGRAMS.memo)] = scenario.attacker.address;
    const foreign = step(signMessage(message, []));
    expect(whyNotAllowedSvm(foreign, EMPTY_ALLOW_LIST, 'venue')).toMatch(/not on venue's allow-list/);
    expect(whyNotAllowedSvm(foreign, { ...EMPTY_ALLOW_LIST, solanaPrograms: [scenario.attacker.address] }, 'venue')).toBeNull();
  });

  it('refuses a token instruction that delegates the user\'s tokens (ApproveChecked)', () => {
    const message = editableMessageOf(wire);
    const token = message.staticAccounts.indexOf(PROGRAMS.token);
    const transfer = message.instructions.find((i) => i.program === token);
    expect(transfer?.data[0]).toBe(12);
    transfer!.data = Uint8Array.from([13, ...transfer!.data.slice(1)]);
    expect(whyNotAllowedSvm(step(signMessage(message, [])), EMPTY_ALLOW_LIST, 'venue')).toMatch(/delegates/);
  });

  it("runs the venue's solanaCheck on the decoded transaction with the transfer's details, and refuses without them", () => {
    const intent: CallIntent = { sourceChainId: -1, sourceToken: scenario.mint, amount: 5n, recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', destinationChainId: 8453 };
    const seen: unknown[] = [];
    const allowList: VenueAllowList = {
      ...EMPTY_ALLOW_LIST,
      solanaCheck: (tx, asked) => {
        seen.push([tx.staticAccounts[0], asked.amount]);
        return asked.amount === 5n ? null : 'moves another amount';
      },
    };
    expect(whyNotAllowedSvm(step(wire), allowList, 'venue', intent)).toBeNull();
    expect(seen).toEqual([[scenario.user.address, 5n]]);
    expect(whyNotAllowedSvm(step(wire), allowList, 'venue', { ...intent, amount: 6n })).toBe('moves another amount');
    expect(whyNotAllowedSvm(step(wire), allowList, 'venue')).toMatch(/without the transfer's details/);
  });

  it('refuses bytes that are not a transaction', () => {
    expect(whyNotAllowedSvm({ ...step(wire), serializedTx: 'AAAA' }, EMPTY_ALLOW_LIST, 'venue')).toMatch(/not a Solana transaction/);
  });
});
