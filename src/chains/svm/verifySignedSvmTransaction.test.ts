import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base58 } from '@scure/base';
import { LiteSVM } from 'litesvm';
import { AppError } from '../../domain/errors.ts';
import type { SvmStep } from '../../domain/steps.ts';
import type { SvmMismatch } from './compareSvmTransaction.ts';
import { createSvmRpc } from './createSvmRpc.ts';
import type { SvmRpc } from './createSvmRpc.ts';
import { startLitesvmRpcFake } from './litesvmRpcFake.ts';
import type { LitesvmRpcFake } from './litesvmRpcFake.ts';
import {
  PROGRAMS,
  buildTransferTransaction,
  cloneMessage,
  editLikePhantom,
  editWithKit,
  editableMessageOf,
  insertStaticAccount,
  joinWire,
  lamportBalance,
  setUpTransferScenario,
  signMessage,
  splitWire,
  toBase64,
  toHex,
  tokenBalance,
} from './svmTestTransactions.ts';
import type { EditableMessage, TestSigner, TransferScenario, WalletEdit } from './svmTestTransactions.ts';
import { verifySignedSvmTransaction } from './verifySignedSvmTransaction.ts';

/**
 * The submit path end to end against a LiteSVM-backed node: every tampering with a signed transaction
 * is refused before anything reaches `sendTransaction` (counted at the node), and every edit a wallet
 * may legally make is accepted, broadcast and executed.
 */

let fake: LitesvmRpcFake;
let rpc: SvmRpc;
let scenario: TransferScenario;
let runs = 0;

type Variant = 'legacy' | 'v0' | 'lookup';
const VARIANTS: readonly Variant[] = ['legacy', 'v0', 'lookup'];

function buildStep(variant: Variant, refreshBlockhash: boolean, amount = 1_000_000n, feeLamports = 25_000n): SvmStep {
  const wire = buildTransferTransaction(scenario, {
    version: variant === 'legacy' ? 'legacy' : 0,
    useLookupTable: variant === 'lookup',
    amount,
    feeLamports,
    memo: `strait:order-${runs++}`,
    blockhash: fake.svm.latestBlockhash(),
    priceMicroLamports: 1_000n,
  });
  const encoding = runs % 2 === 0 ? 'base64' : 'hex';
  return { vm: 'svm', step: 'main', serializedTx: encoding === 'base64' ? toBase64(wire) : toHex(wire), encoding, refreshBlockhash };
}

const builtWire = (step: SvmStep): Uint8Array => Uint8Array.from(Buffer.from(step.serializedTx, step.encoding));
const encode = (wire: Uint8Array, step: SvmStep): string => (step.encoding === 'base64' ? toBase64(wire) : toHex(wire));

type Submission = { readonly accepted: true; readonly id: string } | { readonly accepted: false; readonly reason: string; readonly mismatches: readonly SvmMismatch[] };

/** What submit will do with signed bytes: decode and compare, broadcast only when nothing differs. */
async function submit(signed: string, step: SvmStep): Promise<Submission> {
  let check: ReturnType<typeof verifySignedSvmTransaction>;
  try {
    check = verifySignedSvmTransaction(signed, step, scenario.user.address);
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_signed_transaction') return { accepted: false, reason: err.message, mismatches: [] };
    throw err;
  }
  if (check.mismatches.length > 0) return { accepted: false, reason: 'mismatch', mismatches: check.mismatches };
  return { accepted: true, id: await rpc.broadcast(check.transaction.wireBase64) };
}

beforeAll(async () => {
  fake = await startLitesvmRpcFake(new LiteSVM());
  scenario = setUpTransferScenario(fake.svm);
  rpc = createSvmRpc(fake.url, { timeoutMs: 5_000 });
});

afterAll(async () => {
  await fake?.close();
});

const isBudget = (message: EditableMessage, index: number): boolean =>
  message.staticAccounts[message.instructions[index]?.program ?? -1] === PROGRAMS.computeBudget;
const builtInstructions = (message: EditableMessage): number[] => message.instructions.map((_, i) => i).filter((i) => !isBudget(message, i));
const pick = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;
const instruction = (message: EditableMessage, index: number) => message.instructions[index] as EditableMessage['instructions'][number];

/** A tampering: edits the message (and says who signs it) or the signed bytes. */
interface Tampering {
  readonly kind: string;
  message?(m: EditableMessage): { signers?: readonly TestSigner[] } | void;
  wire?(wire: Uint8Array): Uint8Array;
  /** Only meaningful when the step forbids a fresh blockhash. */
  readonly needsFixedBlockhash?: boolean;
}

const address32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => base58.encode(b));
const nat = fc.nat({ max: 1_000 });

const TAMPERINGS: Record<string, fc.Arbitrary<Tampering>> = {
  program: fc.tuple(nat, nat).map(([at, to]) => ({
    kind: 'program',
    message: (m) => {
      const ix = instruction(m, pick(builtInstructions(m), at));
      const others = m.staticAccounts.map((_, i) => i).filter((i) => i !== 0 && i !== ix.program);
      ix.program = pick(others, to);
    },
  })),
  accountKey: fc.tuple(nat, address32).map(([at, key]) => ({
    kind: 'accountKey',
    message: (m) => { m.staticAccounts[1 + (at % (m.staticAccounts.length - 1))] = key; },
  })),
  swapAccounts: fc.tuple(nat, nat).map(([a, b]) => ({
    kind: 'swapAccounts',
    message: (m) => {
      const n = m.staticAccounts.length;
      const i = a % n;
      const j = (i + 1 + (b % (n - 1))) % n;
      [m.staticAccounts[i], m.staticAccounts[j]] = [m.staticAccounts[j] as string, m.staticAccounts[i] as string];
    },
  })),
  headerRoles: fc.tuple(fc.constantFrom(0, 1, 2), fc.constantFrom(-1, 1)).map(([which, delta]) => ({
    kind: 'headerRoles',
    message: (m) => {
      const next = m.header[which] + delta;
      m.header[which] = next < 0 ? m.header[which] + 1 : next;
    },
  })),
  dataByte: fc.tuple(nat, nat, fc.integer({ min: 1, max: 255 })).map(([at, pos, xor]) => ({
    kind: 'dataByte',
    message: (m) => {
      const ix = instruction(m, pick(builtInstructions(m), at));
      const i = pos % ix.data.length;
      ix.data[i] = (ix.data[i] as number) ^ xor;
    },
  })),
  amount: fc.bigInt({ min: 1n, max: 10n ** 12n }).map((delta) => ({
    kind: 'amount',
    message: (m) => {
      const ix = instruction(m, builtInstructions(m)[0] as number);
      const view = new DataView(ix.data.buffer, ix.data.byteOffset);
      view.setBigUint64(1, view.getBigUint64(1, true) + delta, true);
    },
  })),
  recipient: fc.constant<Tampering>({
    kind: 'recipient',
    message: (m) => {
      const to = insertStaticAccount(m, scenario.attacker.address, 'writable');
      instruction(m, builtInstructions(m)[0] as number).accounts[2] = to;
    },
  }),
  extraInstruction: fc.tuple(nat, fc.constantFrom(PROGRAMS.system, PROGRAMS.memo, PROGRAMS.token), fc.uint8Array({ minLength: 1, maxLength: 12 })).map(([at, program, data]) => ({
    kind: 'extraInstruction',
    message: (m) => {
      const to = insertStaticAccount(m, scenario.attacker.address, 'writable');
      const programIndex = m.staticAccounts.indexOf(program);
      m.instructions.splice(at % (m.instructions.length + 1), 0, { program: programIndex, accounts: program === PROGRAMS.memo ? [] : [0, to], data });
    },
  })),
  reorder: fc.tuple(nat, nat).map(([a, b]) => ({
    kind: 'reorder',
    message: (m) => {
      const built = builtInstructions(m);
      const i = pick(built, a);
      const j = pick(built.filter((k) => k !== i), b);
      [m.instructions[i], m.instructions[j]] = [instruction(m, j), instruction(m, i)];
    },
  })),
  drop: nat.map((at) => ({ kind: 'drop', message: (m) => { m.instructions.splice(pick(builtInstructions(m), at), 1); } })),
  feePayer: fc.constant<Tampering>({
    kind: 'feePayer',
    message: (m) => {
      m.staticAccounts[0] = scenario.attacker.address;
      return { signers: [scenario.attacker] };
    },
  }),
  blockhash: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((hash) => ({
    kind: 'blockhash',
    needsFixedBlockhash: true,
    message: (m) => { m.blockhash = base58.encode(hash); },
  })),
  extraSigner: fc.constant<Tampering>({
    kind: 'extraSigner',
    message: (m) => {
      insertStaticAccount(m, scenario.attacker.address, 'readonlySigner');
      return { signers: [scenario.user, scenario.attacker] };
    },
  }),
  version: fc.constant<Tampering>({ kind: 'version', message: (m) => { m.version = m.version === 'legacy' ? 0 : 'legacy'; } }),
  budgetBetween: fc.tuple(nat, fc.constantFrom(2, 3)).map(([at, kind]) => ({
    kind: 'budgetBetween',
    message: (m) => {
      const built = builtInstructions(m);
      const after = built[at % (built.length - 1)] as number;
      const budget = m.staticAccounts.indexOf(PROGRAMS.computeBudget);
      m.instructions.splice(after + 1, 0, { program: budget, accounts: [], data: Uint8Array.from(kind === 2 ? [2, 0, 0, 1, 0] : [3, 1, 0, 0, 0, 0, 0, 0, 0]) });
    },
  })),
  budgetMalformed: fc.uint8Array({ maxLength: 12 }).filter((d) => !((d[0] === 3 && d.length === 9) || ([1, 2, 4].includes(d[0] ?? -1) && d.length === 5))).map((data) => ({
    kind: 'budgetMalformed',
    message: (m) => { m.instructions.unshift({ program: m.staticAccounts.indexOf(PROGRAMS.computeBudget), accounts: [], data }); },
  })),
  budgetWithAccount: fc.constant<Tampering>({
    kind: 'budgetWithAccount',
    message: (m) => { m.instructions.unshift({ program: m.staticAccounts.indexOf(PROGRAMS.computeBudget), accounts: [0], data: Uint8Array.from([2, 0, 0, 1, 0]) }); },
  }),
  lookupEntry: fc.tuple(nat, fc.integer({ min: 0, max: 255 }), address32, fc.boolean()).map(([at, entry, table, retable]) => ({
    kind: 'lookupEntry',
    message: (m) => {
      const lookup = m.lookups[0];
      if (!lookup) {
        // No table in this message: load an extra account from one.
        m.version = 0;
        m.lookups.push({ table, writable: [entry], readonly: [] });
        return;
      }
      if (retable) {
        lookup.table = table;
        return;
      }
      const all = [...lookup.writable, ...lookup.readonly];
      const unused = Array.from({ length: 256 }, (_, i) => i).filter((i) => !all.includes(i));
      const list = at % 2 === 0 && lookup.writable.length > 0 ? lookup.writable : lookup.readonly;
      list[at % list.length] = pick(unused, entry);
    },
  })),
  resign: fc.constant<Tampering>({
    kind: 'resign',
    wire: (w) => {
      const { messageBytes } = splitWire(w);
      return joinWire([scenario.attacker.sign(messageBytes)], messageBytes);
    },
  }),
  corruptSignature: fc.integer({ min: 0, max: 511 }).map((bit) => ({
    kind: 'corruptSignature',
    wire: (w) => {
      const { signatures, messageBytes } = splitWire(w);
      const signature = new Uint8Array(signatures[0] as Uint8Array);
      signature[bit >> 3] = (signature[bit >> 3] as number) ^ (1 << (bit & 7));
      return joinWire([signature], messageBytes);
    },
  })),
  unsigned: fc.constant<Tampering>({ kind: 'unsigned', wire: (w) => joinWire([new Uint8Array(64)], splitWire(w).messageBytes) }),
  trailingBytes: fc.uint8Array({ minLength: 1, maxLength: 8 }).map((tail) => ({ kind: 'trailingBytes', wire: (w) => Uint8Array.from([...w, ...tail]) })),
};

const walletEdit: fc.Arbitrary<WalletEdit & { style: 'kit' | 'phantom' }> = fc.record(
  {
    style: fc.constantFrom<'kit' | 'phantom'>('kit', 'phantom'),
    unitLimit: fc.integer({ min: 20_000, max: 1_400_000 }),
    unitPrice: fc.bigInt({ min: 0n, max: 1_000_000n }),
  },
  { requiredKeys: ['style'] },
);

function walletEdited(step: SvmStep, edit: WalletEdit & { style: 'kit' | 'phantom' }): EditableMessage {
  const wire = builtWire(step);
  return edit.style === 'kit' ? editWithKit(wire, scenario, edit) : editLikePhantom(editableMessageOf(wire), edit);
}

function tamper(step: SvmStep, tampering: Tampering, edit: (WalletEdit & { style: 'kit' | 'phantom' }) | null): { signed: string; untouched: string } {
  const legal = edit ? walletEdited(step, edit) : editableMessageOf(builtWire(step));
  const untouched = signMessage(legal, [scenario.user]);
  const message = cloneMessage(legal);
  const signers = tampering.message?.(message)?.signers ?? [scenario.user];
  const signed = signMessage(message, signers);
  return { signed: encode(tampering.wire ? tampering.wire(signed) : signed, step), untouched: encode(untouched, step) };
}

async function expectRefused(step: SvmStep, tampering: Tampering, edit: (WalletEdit & { style: 'kit' | 'phantom' }) | null): Promise<void> {
  const { signed, untouched } = tamper(step, tampering, edit);
  expect(signed).not.toBe(untouched);
  const sent = fake.sendTransactionCalls;
  const result = await submit(signed, step);
  expect(result.accepted, `${tampering.kind} was accepted`).toBe(false);
  expect(fake.sendTransactionCalls).toBe(sent);
}

describe('verifySignedSvmTransaction: tampered transactions are refused, nothing is broadcast', () => {
  const steps = new Map<string, SvmStep>();
  const stepOf = (variant: Variant, refresh: boolean): SvmStep => {
    const key = `${variant}:${refresh}`;
    if (!steps.has(key)) steps.set(key, buildStep(variant, refresh));
    return steps.get(key) as SvmStep;
  };

  it.each(Object.keys(TAMPERINGS))('refuses %s in every variant', async (kind) => {
    const examples = fc.sample(TAMPERINGS[kind] as fc.Arbitrary<Tampering>, { numRuns: 3, seed: 7 });
    for (const variant of VARIANTS) {
      for (const tampering of examples) await expectRefused(stepOf(variant, false), tampering, null);
    }
  });

  it('refuses every tampering, alone or on top of legal wallet edits (property)', async () => {
    const sentBefore = fake.sendTransactionCalls;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...VARIANTS),
        fc.boolean(),
        fc.oneof(...Object.values(TAMPERINGS)),
        fc.option(walletEdit, { nil: null }),
        async (variant, refresh, tampering, edit) => {
          fc.pre(!(refresh && tampering.needsFixedBlockhash));
          await expectRefused(stepOf(variant, refresh), tampering, edit);
        },
      ),
      { numRuns: 200 },
    );
    expect(fake.sendTransactionCalls).toBe(sentBefore);
  });

  it('names the tampered field', async () => {
    const step = stepOf('v0', false);
    const fieldsOf = async (tampering: Tampering): Promise<string[]> => {
      const result = await submit(tamper(step, tampering, null).signed, step);
      return result.accepted ? [] : result.mismatches.map((m) => m.field);
    };
    const [recipient] = fc.sample(TAMPERINGS.recipient as fc.Arbitrary<Tampering>, 1);
    const [feePayer] = fc.sample(TAMPERINGS.feePayer as fc.Arbitrary<Tampering>, 1);
    const [resign] = fc.sample(TAMPERINGS.resign as fc.Arbitrary<Tampering>, 1);
    expect(await fieldsOf(recipient as Tampering)).toEqual(['accounts', 'account']);
    expect(await fieldsOf(feePayer as Tampering)).toEqual(expect.arrayContaining(['feePayer', 'accounts']));
    expect(await fieldsOf(resign as Tampering)).toEqual(['signature']);
  });
});

describe('verifySignedSvmTransaction: legal wallet edits are accepted and execute', () => {
  it('accepts the transaction signed exactly as built, in every variant and encoding', async () => {
    for (const variant of VARIANTS) {
      const step = buildStep(variant, false);
      const result = await submit(encode(signMessage(editableMessageOf(builtWire(step)), [scenario.user]), step), step);
      expect(result.accepted).toBe(true);
    }
  });

  it('accepts compute-budget edits and a fresh blockhash, broadcasts them, and they execute (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...VARIANTS),
        fc.boolean(),
        walletEdit,
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        async (variant, refresh, edit, amount, feeLamports) => {
          const step = buildStep(variant, refresh, amount, feeLamports);
          let blockhash: string | undefined;
          if (refresh) {
            // The built blockhash expires before the wallet signs: it must pick up a fresh one.
            fake.svm.expireBlockhash();
            blockhash = (await rpc.latestBlockhash()).blockhash;
          }
          const message = walletEdited(step, { ...edit, blockhash });
          const deposit = tokenBalance(fake.svm, scenario.depositTokenAccount);
          const fees = lamportBalance(fake.svm, scenario.feeWallet);
          const sent = fake.sendTransactionCalls;

          const result = await submit(encode(signMessage(message, [scenario.user]), step), step);
          expect(result).toMatchObject({ accepted: true });
          expect(fake.sendTransactionCalls).toBe(sent + 1);
          expect(tokenBalance(fake.svm, scenario.depositTokenAccount) - deposit).toBe(amount);
          expect(lamportBalance(fake.svm, scenario.feeWallet) - fees).toBe(feeLamports);
          if (result.accepted) expect(await rpc.findSignatureStatus(result.id)).toMatchObject({ failed: false });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses the stale blockhash once it expired, and the node would have too', async () => {
    const step = buildStep('v0', true);
    fake.svm.expireBlockhash();
    const stale = encode(signMessage(editableMessageOf(builtWire(step)), [scenario.user]), step);
    // Allowed by the comparison (the wallet may keep the blockhash), refused by the chain: typed.
    const err: unknown = await submit(stale, step).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).details).toMatchObject({ refusal: 'blockhash_expired' });
  });
});
