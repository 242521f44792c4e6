import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base58 } from '@scure/base';
import { address, getAddressEncoder, getProgramDerivedAddress, getTransactionDecoder, lamports } from '@solana/kit';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import type { TransactionMetadata } from 'litesvm';
import { AppError } from '../../domain/errors.ts';
import type { SvmStep } from '../../domain/steps.ts';
import { decodeSvmTransactionBytes } from './decodeSvmTransaction.ts';
import type { DecodedSvmTransaction } from './decodeSvmTransaction.ts';
import { ASSOCIATED_TOKEN_PROGRAM, SPL_TOKEN_PROGRAM, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, associatedTokenAddress, mergeFeeInstructions } from './mergeFeeInstructions.ts';
import type { FeeAsset, FeeCut, MergeFeeInstructionsOptions } from './mergeFeeInstructions.ts';
import { describeSvmAccount, svmAccountsOf } from './svmAccountsOf.ts';
import {
  PROGRAMS,
  buildTransferTransaction,
  editLikePhantom,
  editWithKit,
  editableMessageOf,
  encodeMessage,
  joinWire,
  lamportBalance,
  mintData,
  putAccount,
  setUpTransferScenario,
  signMessage,
  splitWire,
  testSigner,
  toBase64,
  toHex,
  tokenAccountData,
  tokenBalance,
} from './svmTestTransactions.ts';
import type { BuildTransferOptions, EditableMessage } from './svmTestTransactions.ts';
import { verifySignedSvmTransaction } from './verifySignedSvmTransaction.ts';

/**
 * `feeCapture: "merged"` on Solana: the merged transaction keeps the venue's instructions, pays each
 * cut, executes on LiteSVM (native SOL, Token-2022 as LiteSVM's scenario uses, classic SPL Token as
 * production does), passes the submit check after a wallet's legal edits, and is refused where it
 * could not be built or could not fit.
 */

const svm = new LiteSVM();
const scenario = setUpTransferScenario(svm);
const { user, attacker } = scenario;
const userAta = associatedTokenAddress(user.address, scenario.mint, PROGRAMS.token);
putAccount(svm, userAta, PROGRAMS.token, tokenAccountData(scenario.mint, user.address, 10n ** 13n));
// The platform's fee wallet exists already; referral wallets are new on each test.
const platform = testSigner(20).address;
svm.airdrop(address(platform), lamports(1_000_000_000n));
let nextSeed = 30;
const newWallet = (): string => testSigner(nextSeed++).address;

const SOL: FeeAsset = { mint: null, decimals: 9, tokenProgram: PROGRAMS.token };
const TOKEN: FeeAsset = { mint: scenario.mint, decimals: scenario.decimals, tokenProgram: PROGRAMS.token };
const tables: MergeFeeInstructionsOptions = { lookupTables: { [scenario.lookupTable]: scenario.lookupAddresses } };
// Above the rent-exempt minimum of an empty account (890 880 lamports), which a new wallet needs.
const RENT_SAFE = 1_000_000n;

type Variant = 'legacy' | 'v0' | 'lookup';
const VARIANTS: readonly Variant[] = ['legacy', 'v0', 'lookup'];
const ASSETS = { SOL, token: TOKEN } as const;

let memo = 0;
function venueTx(variant: Variant, overrides: Partial<BuildTransferOptions> = {}): Uint8Array {
  return buildTransferTransaction(scenario, {
    version: variant === 'legacy' ? 'legacy' : 0,
    useLookupTable: variant === 'lookup',
    amount: 1_000_000n,
    feeLamports: 25_000n,
    memo: `strait:merge-${memo++}`,
    blockhash: svm.latestBlockhash(),
    priceMicroLamports: 1_000n,
    ...overrides,
  });
}

/** Tokens carry the lookup tables, since the scenario's table loads the mint. */
const optionsFor = (variant: Variant, asset: FeeAsset): MergeFeeInstructionsOptions => (variant === 'lookup' && asset.mint !== null ? tables : {});

function merge(wire: Uint8Array, cuts: readonly FeeCut[], asset: FeeAsset, options: MergeFeeInstructionsOptions = {}): Uint8Array {
  return Uint8Array.from(Buffer.from(mergeFeeInstructions(toBase64(wire), 'base64', cuts, asset, options), 'base64'));
}

const signed = (wire: Uint8Array): Uint8Array => signMessage(editableMessageOf(wire), [user]);
const attempt = (wire: Uint8Array) => svm.sendTransaction(getTransactionDecoder().decode(wire));

function execute(wire: Uint8Array): TransactionMetadata {
  const result = attempt(wire);
  if (result instanceof FailedTransactionMetadata) throw new Error(`${result.toString()}\n${result.meta().logs().join('\n')}`);
  return result;
}

/** Each instruction as the runtime sees it: program, accounts with their roles, data. */
function views(tx: DecodedSvmTransaction): string[] {
  const accounts = svmAccountsOf(tx);
  return tx.instructions.map((ix) => {
    const passed = ix.accountIndexes.map((i) => describeSvmAccount(accounts[i] as (typeof accounts)[number]));
    return `${tx.staticAccounts[ix.programIdIndex] as string} [${passed.join(', ')}] ${Buffer.from(ix.data).toString('hex')}`;
  });
}

const u64 = (value: bigint): string => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(value);
  return out.toString('hex');
};

/** The fee instructions `views` should show, written out independently of the implementation. */
function expectedFeeViews(cuts: readonly FeeCut[], asset: FeeAsset, mintKey: string): string[] {
  const payer = `${user.address} (signer, writable)`;
  if (asset.mint === null) return cuts.map((c) => `${SYSTEM_PROGRAM} [${payer}, ${c.wallet} (writable)] 02000000${u64(c.amount)}`);
  const created = new Set<string>();
  return cuts.flatMap((c) => {
    const ata = associatedTokenAddress(c.wallet, asset.mint as string, asset.tokenProgram);
    const create = `${ASSOCIATED_TOKEN_PROGRAM} [${payer}, ${ata} (writable), ${c.wallet} (read-only), ${mintKey} (read-only), ${SYSTEM_PROGRAM} (read-only), ${asset.tokenProgram} (read-only)] 01`;
    const transfer = `${asset.tokenProgram} [${userAta} (writable), ${mintKey} (read-only), ${ata} (writable), ${payer}] 0c${u64(c.amount)}${asset.decimals.toString(16).padStart(2, '0')}`;
    const out = created.has(ata) ? [transfer] : [create, transfer];
    created.add(ata);
    return out;
  });
}

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected mergeFeeInstructions to refuse');
}

const stepOf = (wire: Uint8Array, encoding: 'base64' | 'hex' = 'base64'): SvmStep => ({
  vm: 'svm',
  step: 'main',
  serializedTx: encoding === 'base64' ? toBase64(wire) : toHex(wire),
  encoding,
  refreshBlockhash: true,
});

describe('mergeFeeInstructions: the merged transaction', () => {
  const cases = VARIANTS.flatMap((variant) => Object.entries(ASSETS).map(([name, asset]) => [variant, name, asset] as const));

  it.each(cases)('keeps the venue instructions and appends one payment per cut (%s, %s)', (variant, _name, asset) => {
    const venue = venueTx(variant);
    const cuts = [{ wallet: platform, amount: 1_234_567n }, { wallet: newWallet(), amount: RENT_SAFE }];
    const before = decodeSvmTransactionBytes(venue);
    const after = decodeSvmTransactionBytes(merge(venue, cuts, asset, optionsFor(variant, asset)));

    expect(after.version).toBe(before.version);
    expect(after.recentBlockhash).toBe(before.recentBlockhash);
    expect(after.addressTableLookups).toEqual(before.addressTableLookups);
    expect(after.staticAccounts[0]).toBe(user.address);
    expect(after.header.numRequiredSignatures).toBe(before.header.numRequiredSignatures);
    expect(after.signatureBytes.every((s) => s.length === 64 && s.every((b) => b === 0))).toBe(true);

    const venueViews = views(before);
    expect(views(after).slice(0, venueViews.length)).toEqual(venueViews);
    // The scenario's table loads the mint as entry 0, and the merge reuses it rather than naming it twice.
    const mintKey = variant === 'lookup' ? `${scenario.lookupTable}#0` : scenario.mint;
    expect(views(after).slice(venueViews.length)).toEqual(expectedFeeViews(cuts, asset, mintKey));
  });

  it('answers in the encoding it was given', () => {
    const venue = venueTx('v0');
    const cuts = [{ wallet: platform, amount: 5_000n }];
    const fromBase64 = mergeFeeInstructions(toBase64(venue), 'base64', cuts, SOL);
    const fromHex = mergeFeeInstructions(toHex(venue), 'hex', cuts, SOL);
    const fromPrefixed = mergeFeeInstructions(`0x${toHex(venue).toUpperCase()}`, 'hex', cuts, SOL);
    expect(fromHex).toMatch(/^[0-9a-f]+$/);
    expect(Buffer.from(fromHex, 'hex').toString('base64')).toBe(fromBase64);
    expect(fromPrefixed).toBe(`0x${fromHex}`);
  });

  it('derives associated token accounts as @solana/kit does', async () => {
    const encoder = getAddressEncoder();
    for (const [wallet, program] of [[user.address, TOKEN_2022_PROGRAM], [platform, SPL_TOKEN_PROGRAM], [scenario.lookupTable, SPL_TOKEN_PROGRAM]] as const) {
      const [expected] = await getProgramDerivedAddress({
        programAddress: address(ASSOCIATED_TOKEN_PROGRAM),
        seeds: [encoder.encode(address(wallet)), encoder.encode(address(program)), encoder.encode(address(scenario.mint))],
      });
      expect(associatedTokenAddress(wallet, scenario.mint, program)).toBe(expected);
    }
  });

  it('raises a compute-unit limit the venue measured for its own instructions, and that alone', () => {
    const plain = venueTx('v0');
    const limited = (unitLimit: number): Uint8Array => joinWire([new Uint8Array(64)], encodeMessage(editWithKit(plain, scenario, { unitLimit })));
    const probe = svm.simulateTransaction(getTransactionDecoder().decode(signed(limited(1_400_000))));
    if (probe instanceof FailedTransactionMetadata) throw new Error(probe.toString());
    const units = Number(probe.meta().computeUnitsConsumed());
    // The venue's own transaction with a limit that fits it exactly.
    const venue = limited(units);
    execute(signed(venue));

    const cuts = [{ wallet: newWallet(), amount: 700n }, { wallet: newWallet(), amount: 300n }];
    const merged = merge(venue, cuts, TOKEN);
    const limitOf = (tx: DecodedSvmTransaction): number => {
      const ix = tx.instructions.find((i) => tx.staticAccounts[i.programIdIndex] === PROGRAMS.computeBudget && i.data[0] === 2);
      return Buffer.from(ix?.data ?? []).readUInt32LE(1);
    };
    const [before, after] = [decodeSvmTransactionBytes(venue), decodeSvmTransactionBytes(merged)];
    expect(limitOf(after)).toBe(units + 2 * 40_000 + 2 * 15_000);
    const changed = views(after).slice(0, before.instructions.length).filter((v, i) => v !== views(before)[i]);
    expect(changed).toHaveLength(1);

    // With the venue's limit left as it was, the fee instructions would run out of units.
    const unraised = editableMessageOf(merged);
    const limitIx = unraised.instructions.find((ix) => unraised.staticAccounts[ix.program] === PROGRAMS.computeBudget && ix.data[0] === 2);
    if (!limitIx) throw new Error('the merged transaction lost its compute-unit limit');
    new DataView(limitIx.data.buffer, limitIx.data.byteOffset).setUint32(1, units, true);
    const starved = svm.simulateTransaction(getTransactionDecoder().decode(signMessage(unraised, [user])));
    expect(starved).toBeInstanceOf(FailedTransactionMetadata);
    expect(String(starved)).toMatch(/exceeded CUs meter|ComputationalBudgetExceeded/);
    execute(signed(merged));
  });
});

describe('mergeFeeInstructions: execution on LiteSVM', () => {
  it.each(VARIANTS)('pays both SOL cuts and the venue transfer still runs (%s)', (variant) => {
    const referral = newWallet();
    const cuts = [{ wallet: platform, amount: 123_456n }, { wallet: referral, amount: RENT_SAFE + 7n }];
    const watched = [platform, referral, scenario.feeWallet];
    const lamportsBefore = watched.map((a) => lamportBalance(svm, a));
    const depositBefore = tokenBalance(svm, scenario.depositTokenAccount);
    const userBefore = lamportBalance(svm, user.address);

    execute(signed(merge(venueTx(variant), cuts, SOL)));

    expect(watched.map((a, i) => lamportBalance(svm, a) - (lamportsBefore[i] as bigint))).toEqual([123_456n, RENT_SAFE + 7n, 25_000n]);
    expect(tokenBalance(svm, scenario.depositTokenAccount) - depositBefore).toBe(1_000_000n);
    expect(userBefore - lamportBalance(svm, user.address)).toBeGreaterThanOrEqual(123_456n + RENT_SAFE + 7n + 25_000n + 5_000n);
  });

  it.each(VARIANTS)('creates the wallets\' token accounts and pays both token cuts (%s)', (variant) => {
    const wallets = [newWallet(), newWallet()];
    const atas = wallets.map((w) => associatedTokenAddress(w, scenario.mint, PROGRAMS.token));
    expect(atas.map((a) => svm.getAccount(address(a)).exists)).toEqual([false, false]);
    const userTokensBefore = tokenBalance(svm, userAta);
    const depositBefore = tokenBalance(svm, scenario.depositTokenAccount);

    const cuts = [{ wallet: wallets[0] as string, amount: 1_500n }, { wallet: wallets[1] as string, amount: 250n }];
    execute(signed(merge(venueTx(variant), cuts, TOKEN, optionsFor(variant, TOKEN))));

    expect(atas.map((a) => tokenBalance(svm, a))).toEqual([1_500n, 250n]);
    expect(userTokensBefore - tokenBalance(svm, userAta)).toBe(1_750n);
    expect(tokenBalance(svm, scenario.depositTokenAccount) - depositBefore).toBe(1_000_000n);
  });

  it('creates a token account once for a wallet paid twice, and tolerates one that exists', () => {
    const wallet = newWallet();
    const ata = associatedTokenAddress(wallet, scenario.mint, PROGRAMS.token);
    const merged = merge(venueTx('v0'), [{ wallet, amount: 10n }, { wallet, amount: 20n }], TOKEN);
    const tx = decodeSvmTransactionBytes(merged);
    expect(tx.instructions.filter((ix) => tx.staticAccounts[ix.programIdIndex] === ASSOCIATED_TOKEN_PROGRAM)).toHaveLength(1);
    execute(signed(merged));
    expect(tokenBalance(svm, ata)).toBe(30n);
    execute(signed(merge(venueTx('legacy'), [{ wallet, amount: 5n }], TOKEN)));
    expect(tokenBalance(svm, ata)).toBe(35n);
  });

  it('pays through the classic SPL Token program, as production mints use', () => {
    const mint = testSigner(200).address;
    const classicUserAta = associatedTokenAddress(user.address, mint, SPL_TOKEN_PROGRAM);
    putAccount(svm, mint, SPL_TOKEN_PROGRAM, mintData(10n ** 12n, 9));
    putAccount(svm, classicUserAta, SPL_TOKEN_PROGRAM, tokenAccountData(mint, user.address, 10n ** 10n));
    const wallet = newWallet();
    execute(signed(merge(venueTx('lookup'), [{ wallet, amount: 42n }, { wallet: platform, amount: 58n }], { mint, decimals: 9, tokenProgram: SPL_TOKEN_PROGRAM })));
    expect(tokenBalance(svm, associatedTokenAddress(wallet, mint, SPL_TOKEN_PROGRAM))).toBe(42n);
    expect(tokenBalance(svm, associatedTokenAddress(platform, mint, SPL_TOKEN_PROGRAM))).toBe(58n);
    expect(tokenBalance(svm, classicUserAta)).toBe(10n ** 10n - 100n);
  });

  it('makes writable an account the venue names read-only when a cut pays it', () => {
    // Any account may be credited; here the mint, which the venue passes read-only to its transfer.
    const venue = venueTx('v0');
    const merged = merge(venue, [{ wallet: scenario.mint, amount: 3_000n }], SOL);
    const [before, after] = [views(decodeSvmTransactionBytes(venue)), views(decodeSvmTransactionBytes(merged))];
    expect(after.slice(0, before.length)).toEqual(before.map((v) => v.replace(`${scenario.mint} (read-only)`, `${scenario.mint} (writable)`)));
    const mintLamports = lamportBalance(svm, scenario.mint);
    execute(signed(merged));
    expect(lamportBalance(svm, scenario.mint) - mintLamports).toBe(3_000n);
  });

  it('reuses an account the venue loads from a table when given the tables; without them the chain refuses the whole transaction', () => {
    // The scenario's table loads the venue's own fee wallet (writable) and the mint (read-only).
    for (const [cuts, asset] of [[[{ wallet: scenario.feeWallet, amount: 9_000n }], SOL], [[{ wallet: newWallet(), amount: 9n }], TOKEN]] as const) {
      const blind = merge(venueTx('lookup'), cuts, asset);
      const userBefore = lamportBalance(svm, user.address);
      const refused = attempt(signed(blind));
      expect(String(refused)).toMatch(/AccountLoadedTwice/);
      // Refused before anything ran: not even the fee was charged.
      expect(lamportBalance(svm, user.address)).toBe(userBefore);
      execute(signed(merge(venueTx('lookup'), cuts, asset, tables)));
    }
  });
});

describe('mergeFeeInstructions: the submit check', () => {
  const wallets = [platform, testSigner(201).address];
  svm.airdrop(address(wallets[1] as string), lamports(1_000_000_000n));
  const cases = VARIANTS.flatMap((variant) => Object.entries(ASSETS).flatMap(([name, asset]) => (['kit', 'phantom'] as const).map((style) => [variant, name, style, asset] as const)));

  it.each(cases)('accepts the merged step after a wallet\'s legal edits (%s, %s, %s) and it executes', (variant, _name, style, asset) => {
    const encoding = variant === 'v0' ? 'hex' : 'base64';
    const merged = merge(venueTx(variant), wallets.map((wallet, i) => ({ wallet, amount: 1_000n + BigInt(i) })), asset, optionsFor(variant, asset));
    const step = stepOf(merged, encoding);
    svm.expireBlockhash();
    const edit = { unitLimit: 400_000, unitPrice: 20_000n, blockhash: svm.latestBlockhash() };
    const edited = style === 'kit' ? editWithKit(merged, scenario, edit) : editLikePhantom(editableMessageOf(merged), edit);
    const wire = signMessage(edited, [user]);

    const check = verifySignedSvmTransaction(encoding === 'hex' ? toHex(wire) : toBase64(wire), step, user.address);
    expect(check.mismatches).toEqual([]);
    execute(wire);
  });

  it('refuses a redirected, changed or dropped fee payment, and the venue transaction without it', () => {
    const cut = { wallet: wallets[1] as string, amount: 77_000n };
    const venue = venueTx('v0');
    const merged = merge(venue, [cut], SOL);
    const step = stepOf(merged);
    const fieldsOf = (message: EditableMessage): string[] => verifySignedSvmTransaction(toBase64(signMessage(message, [user])), step, user.address).mismatches.map((m) => m.field);
    const last = (m: EditableMessage) => m.instructions[m.instructions.length - 1] as EditableMessage['instructions'][number];

    const redirected = editableMessageOf(merged);
    redirected.staticAccounts[redirected.staticAccounts.indexOf(cut.wallet)] = attacker.address;
    expect(fieldsOf(redirected)).toEqual(expect.arrayContaining(['accounts', 'account']));

    const cheaper = editableMessageOf(merged);
    last(cheaper).data = Uint8Array.from(Buffer.from(`02000000${u64(1n)}`, 'hex'));
    expect(fieldsOf(cheaper)).toEqual(['data']);

    const dropped = editableMessageOf(merged);
    dropped.instructions.pop();
    expect(fieldsOf(dropped)).toContain('missingInstruction');
    expect(fieldsOf(editableMessageOf(venue))).toContain('missingInstruction');
  });
});

describe('mergeFeeInstructions: refusals', () => {
  const venue = venueTx('v0');
  const run = (cuts: readonly FeeCut[], asset: FeeAsset = SOL, wire: Uint8Array = venue, options: MergeFeeInstructionsOptions = {}) => refusal(() => merge(wire, cuts, asset, options));

  it.each([0n, -1n, 2n ** 64n])('refuses the amount %s', (amount) => {
    expect(run([{ wallet: platform, amount }])).toMatchObject({ code: 'internal_error', message: expect.stringMatching(/amount/) });
  });

  it.each(['', 'not-an-address', '0x52908400098527886E0F7030069857D2E4169EE7', base58.encode(new Uint8Array(31).fill(9)), user.address])('refuses the wallet %j', (wallet) => {
    expect(run([{ wallet, amount: 1n }])).toMatchObject({ code: 'internal_error', message: expect.stringMatching(/wallet/) });
  });

  it('refuses no cut, and an unusable token', () => {
    expect(run([]).code).toBe('internal_error');
    expect(run([{ wallet: platform, amount: 1n }], { ...TOKEN, mint: 'usdc' }).message).toMatch(/mint/);
    expect(run([{ wallet: platform, amount: 1n }], { ...TOKEN, decimals: 256 }).message).toMatch(/decimals/);
    expect(run([{ wallet: platform, amount: 1n }], { ...TOKEN, tokenProgram: 'spl' }).message).toMatch(/token program/);
  });

  it('refuses a venue transaction that does not decode or is already signed', () => {
    expect(refusal(() => mergeFeeInstructions('AAAA', 'base64', [{ wallet: platform, amount: 1n }], SOL))).toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringMatching(/does not decode/) });
    expect(refusal(() => mergeFeeInstructions('zz', 'hex', [{ wallet: platform, amount: 1n }], SOL)).code).toBe('unsafe_venue_answer');
    expect(run([{ wallet: platform, amount: 1n }], SOL, signed(venue))).toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringMatching(/already signed/) });
  });

  it('refuses when the fee instructions do not fit in 1232 bytes', () => {
    // One byte more than the memo for its length prefix (two bytes from 128 on).
    const base = venueTx('legacy', { memo: '' }).length;
    const full = venueTx('legacy', { memo: 'x'.repeat(1184 - base - 1) });
    expect(full.length).toBe(1184);
    // A SOL cut to a wallet the message already names costs 17 bytes; a new wallet 49.
    expect(merge(full, [{ wallet: scenario.feeWallet, amount: 1n }], SOL)).toHaveLength(1184 + 17);
    expect(run([{ wallet: platform, amount: 1n }], SOL, full)).toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringMatching(/do not fit.*1233 bytes, more than 1232/) });
    expect(run([{ wallet: platform, amount: 1n }], TOKEN, full).message).toMatch(/do not fit/);
  });

  it('refuses lookup tables that miss a table, and accounts a table loads in a role the fee cannot use', () => {
    const lookup = venueTx('lookup');
    expect(run([{ wallet: platform, amount: 1n }], SOL, lookup, { lookupTables: {} })).toMatchObject({ code: 'internal_error', message: expect.stringMatching(/lacks table/) });
    // Tables as a caller might misreport them: the ATA program loaded (entry 2), the wallet loaded read-only (entry 0).
    const [mint, deposit] = scenario.lookupAddresses as [string, string, string];
    const atLookup = (entries: string[]) => ({ lookupTables: { [scenario.lookupTable]: entries } });
    expect(run([{ wallet: platform, amount: 1n }], TOKEN, lookup, atLookup([mint, deposit, ASSOCIATED_TOKEN_PROGRAM]))).toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringMatching(/as a program/) });
    expect(run([{ wallet: platform, amount: 1n }], SOL, lookup, atLookup([platform, deposit, scenario.feeWallet]))).toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringMatching(/writable.*read-only/) });
    expect(run([{ wallet: platform, amount: 1n }], SOL, lookup, atLookup([mint, deposit]))).toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringMatching(/entry 2/) });
  });

  it('either merges cleanly or refuses for size, whatever the cuts', () => {
    const wallet = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => base58.encode(b)).filter((w) => w !== user.address);
    const cut = fc.record({ wallet, amount: fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }) });
    const venues = Object.fromEntries(VARIANTS.map((v) => [v, venueTx(v)]));
    fc.assert(
      fc.property(fc.constantFrom(...VARIANTS), fc.constantFrom(SOL, TOKEN), fc.array(cut, { minLength: 1, maxLength: 12 }), (variant, asset, cuts) => {
        const wire = venues[variant] as Uint8Array;
        let merged: Uint8Array;
        try {
          merged = merge(wire, cuts, asset, optionsFor(variant, asset));
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).message).toMatch(/do not fit/);
          return;
        }
        const [before, after] = [decodeSvmTransactionBytes(wire), decodeSvmTransactionBytes(merged)];
        expect(merged.length).toBeLessThanOrEqual(1232);
        expect(splitWire(merged).signatures.every((s) => s.every((b) => b === 0))).toBe(true);
        const venueViews = views(before);
        expect(views(after).slice(0, venueViews.length)).toEqual(venueViews);
        const mintKey = variant === 'lookup' ? `${scenario.lookupTable}#0` : scenario.mint;
        expect(views(after).slice(venueViews.length)).toEqual(expectedFeeViews(cuts, asset, mintKey));
      }),
      { numRuns: 150 },
    );
  });
});
