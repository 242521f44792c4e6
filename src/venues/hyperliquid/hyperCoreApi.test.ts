import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { validatorOf } from '../../domain/validatorOf.ts';
import { testCall } from '../fake/testVenueDeps.ts';
import { startFakeServer, type FakeServer } from '../fake/startFakeServer.ts';
import { VenueRejection } from '../Venue.ts';
import { createVenueHttpClient, isVenueFault } from '../venueHttpClient.ts';
import { VenueHealth } from '../venueHealth.ts';
import { signUsdSend } from './hyperCoreActions.ts';
import { createHyperCoreApi, isDuplicateNonce, isInsufficientBalance, isMustDeposit, isNonceAlreadyUsed, type HyperCoreApi } from './hyperCoreApi.ts';
import { ClearinghouseStateAnswer, ExchangeAnswer, LedgerUpdatesAnswer, PreTransferCheckAnswer, SpotClearinghouseStateAnswer, UserRoleAnswer } from './hyperCoreSchemas.ts';

const dir = new URL('./fixtures/', import.meta.url);
const text = (name: string): string => readFileSync(new URL(name, dir), 'utf8');
const json = (name: string): unknown => JSON.parse(text(name));

/** Which schema reads each fixture: every file under real/ and synthetic/ must be listed. */
const SCHEMA_OF: Record<string, TSchema> = {
  'real/user-role-vault.json': UserRoleAnswer,
  'real/user-role-missing-docs.json': UserRoleAnswer,
  'real/user-role-user-docs.json': UserRoleAnswer,
  'real/clearinghouse-state.json': ClearinghouseStateAnswer,
  'real/spot-clearinghouse-state-docs.json': SpotClearinghouseStateAnswer,
  'real/ledger-updates-deposit-class-spot.json': LedgerUpdatesAnswer,
  'real/ledger-updates-empty.json': LedgerUpdatesAnswer,
  'real/exchange-err-must-deposit.json': ExchangeAnswer,
  'real/exchange-err-unable-to-recover-signer.json': ExchangeAnswer,
  'real/pre-transfer-check-existing-testnet.json': PreTransferCheckAnswer,
  'synthetic/exchange-ok-default.json': ExchangeAnswer,
  'synthetic/exchange-err-duplicate-nonce.json': ExchangeAnswer,
  'synthetic/exchange-err-insufficient-token-transfer.json': ExchangeAnswer,
  'synthetic/spot-clearinghouse-state-usdc.json': SpotClearinghouseStateAnswer,
  'synthetic/ledger-updates-internal-transfer.json': LedgerUpdatesAnswer,
  'synthetic/ledger-updates-unknown-types.json': LedgerUpdatesAnswer,
  'synthetic/ledger-updates-send-testnet.json': LedgerUpdatesAnswer,
  'synthetic/pre-transfer-check-new-account.json': PreTransferCheckAnswer,
};

describe('fixtures', () => {
  for (const folder of ['real', 'synthetic']) {
    it(`${folder}/SOURCES.json lists every file with its sha256 and a pinned source`, () => {
      const sources = json(`${folder}/SOURCES.json`) as Record<string, { source: string; sha256: string; note: string }>;
      const files = readdirSync(new URL(`${folder}/`, dir)).filter((f) => f !== 'SOURCES.json');
      expect(Object.keys(sources).sort()).toEqual(files.sort());
      for (const [file, entry] of Object.entries(sources)) {
        expect(createHash('sha256').update(readFileSync(new URL(`${folder}/${file}`, dir))).digest('hex'), file).toBe(entry.sha256);
        expect(entry.source, file).toMatch(/^(https:\/\/|[\w.-]+\/[\w.-]+@[0-9a-f]{40}:)/);
        expect(entry.note.length, file).toBeGreaterThan(20);
      }
    });
  }

  it('every fixture passes the schema that reads it', () => {
    const all = ['real', 'synthetic'].flatMap((folder) => readdirSync(new URL(`${folder}/`, dir)).filter((f) => f !== 'SOURCES.json').map((f) => `${folder}/${f}`));
    expect(all.sort()).toEqual(Object.keys(SCHEMA_OF).sort());
    for (const [file, schema] of Object.entries(SCHEMA_OF)) expect(validatorOf(schema).Check(json(file)), file).toBe(true);
  });

  it('a known ledger type with a wrong shape fails; an unknown one passes', () => {
    const check = validatorOf(LedgerUpdatesAnswer);
    const entry = (delta: unknown) => [{ time: 1, hash: `0x${'ab'.repeat(32)}`, delta }];
    expect(check.Check(entry({ type: 'deposit' }))).toBe(false);
    expect(check.Check(entry({ type: 'internalTransfer', usdc: '1.0' }))).toBe(false);
    expect(check.Check(entry({ type: 'liquidation', liquidatedNtlPos: '1' }))).toBe(true);
  });
});

describe('createHyperCoreApi against the recorded answers', () => {
  let server: FakeServer;
  let api: HyperCoreApi;
  /** The file each `/info` type and `/exchange` answer with, set per test. */
  let answers: Record<string, string> = {};

  beforeAll(async () => {
    server = await startFakeServer({
      'POST /info': (request) => {
        const file = answers[String((request.body as { type?: unknown }).type)];
        return file ? { body: json(file) } : { status: 422, body: 'Failed to deserialize the JSON body into the target type' };
      },
      'POST /exchange': () => ({ body: json(answers.exchange ?? 'synthetic/exchange-ok-default.json') }),
    });
    const health = new VenueHealth('hyperliquid', { failuresToOpen: 50, halfOpenAfterMs: 60_000 }, isVenueFault);
    api = createHyperCoreApi(createVenueHttpClient({ venueId: 'hyperliquid', baseUrl: server.url, attemptTimeoutMs: 2_000, maxAttempts: 1, health }));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    answers = {};
    server.requests.length = 0;
  });

  const user = '0x2Ba553d9F990a3B66b03b2dC0D030dfC1c061036';

  it('accountExists: any role but "missing" is an account, asked with userRole in lower case', async () => {
    answers.userRole = 'real/user-role-vault.json';
    expect(await api.accountExists(user, testCall())).toBe(true);
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/info', body: { type: 'userRole', user: user.toLowerCase() } });
    answers.userRole = 'real/user-role-user-docs.json';
    expect(await api.accountExists(user, testCall())).toBe(true);
    answers.userRole = 'real/user-role-missing-docs.json';
    expect(await api.accountExists(user, testCall())).toBe(false);
  });

  it('balances: perps = withdrawable, spot = USDC total − hold (by coin when the answer names no token)', async () => {
    answers.clearinghouseState = 'real/clearinghouse-state.json';
    answers.spotClearinghouseState = 'real/spot-clearinghouse-state-docs.json';
    expect(await api.balances(user, testCall())).toEqual({ perps: 1_010_571_730n, spot: 14_625_485n });
    answers.spotClearinghouseState = 'synthetic/spot-clearinghouse-state-usdc.json';
    expect(await api.balances(user, testCall())).toEqual({ perps: 1_010_571_730n, spot: 500_000_000n });
  });

  it('ledger: the recorded deposit, class transfer and activating spot transfer, read', async () => {
    answers.userNonFundingLedgerUpdates = 'real/ledger-updates-deposit-class-spot.json';
    const entries = await api.ledger(user, 1681923833000, testCall());
    expect(server.requests[0]?.body).toEqual({ type: 'userNonFundingLedgerUpdates', user: user.toLowerCase(), startTime: 1681923833000 });
    expect(entries.map((e) => [e.type, e.usdcAtomic])).toEqual([
      ['deposit', 2_703_997_450_000n],
      ['accountClassTransfer', 12_000_000n],
      ['spotTransfer', 10_500_000n],
      ['accountClassTransfer', 2_684_105_009_999n],
      ['deposit', 1_099_994_980_000n],
    ]);
    expect(entries[2]).toMatchObject({
      time: 1732834825313,
      hash: '0x2ceac78e94d15a1af8660417f418400175003b84f5f2d86615b352360e4d48ac',
      user: '0x2ba553d9f990a3b66b03b2dc0d030dfc1c061036',
      destination: '0xaaa0c2769cb990f4f37db951a9e48de2385c2733',
      feeAtomic: 1_000_000n,
      nonce: null,
    });
    expect(entries[0]).toMatchObject({ user: null, destination: null, feeAtomic: null, nonce: null });
    expect(entries[2]?.raw).toEqual((json('real/ledger-updates-deposit-class-spot.json') as unknown[])[2]);
  });

  it('ledger: an empty window, internalTransfer and unknown types', async () => {
    answers.userNonFundingLedgerUpdates = 'real/ledger-updates-empty.json';
    expect(await api.ledger(user, 0, testCall())).toEqual([]);
    answers.userNonFundingLedgerUpdates = 'synthetic/ledger-updates-internal-transfer.json';
    expect((await api.ledger(user, 0, testCall()))[0]).toMatchObject({ type: 'internalTransfer', usdcAtomic: 10_500_000n, feeAtomic: 1_000_000n, user: '0x2ba553d9f990a3b66b03b2dc0d030dfc1c061036' });
    answers.userNonFundingLedgerUpdates = 'synthetic/ledger-updates-unknown-types.json';
    const generic = await api.ledger(user, 0, testCall());
    expect(generic.map((e) => [e.type, e.usdcAtomic, e.user])).toEqual([
      ['vaultDeposit', null, null],
      ['someTypeAddedLater', null, null],
    ]);
    answers.userNonFundingLedgerUpdates = 'synthetic/ledger-updates-send-testnet.json';
    expect((await api.ledger(user, 0, testCall()))[0]).toMatchObject({ type: 'send', usdcAtomic: 500_000_000n, feeAtomic: 1_000_000n, nonce: 1789706493224, destination: '0xa76ba0c24c781e0961a103786fb35a75e00f92d3' });
  });

  it('a wrong shape is venue_bad_response with its path', async () => {
    answers.clearinghouseState = 'real/user-role-vault.json';
    answers.spotClearinghouseState = 'real/spot-clearinghouse-state-docs.json';
    const error = await api.balances(user, testCall()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueRejection);
    expect((error as VenueRejection).code).toBe('venue_bad_response');
  });

  it('send posts the signed action as is and reads ok and err', async () => {
    const relayer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    const signed = await signUsdSend(relayer, { network: 'Mainnet', destination: user, amountAtomic: 25_000_000n, nonce: 1767225600000 });
    answers.exchange = 'synthetic/exchange-ok-default.json';
    expect(await api.send(signed, testCall())).toEqual({ status: 'ok' });
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/exchange' });
    expect(server.requests[0]?.body).toEqual(JSON.parse(JSON.stringify(signed)));

    answers.exchange = 'real/exchange-err-must-deposit.json';
    const mustDeposit = await api.send(signed, testCall());
    expect(mustDeposit).toEqual({ status: 'err', message: 'Must deposit before performing actions. User: 0x9a350a29af41dd611ba9e0dd9402051a6d0b3313' });
    answers.exchange = 'synthetic/exchange-err-duplicate-nonce.json';
    const duplicate = await api.send(signed, testCall());
    answers.exchange = 'synthetic/exchange-err-insufficient-token-transfer.json';
    const insufficient = await api.send(signed, testCall());
    answers.exchange = 'real/exchange-err-unable-to-recover-signer.json';
    expect(await api.send(signed, testCall())).toEqual({ status: 'err', message: 'Unable to recover signer.' });
    const message = (o: typeof duplicate) => (o.status === 'err' ? o.message : '');
    expect([isMustDeposit(message(mustDeposit)), isNonceAlreadyUsed(message(mustDeposit)), isInsufficientBalance(message(mustDeposit))]).toEqual([true, false, false]);
    expect([isMustDeposit(message(duplicate)), isNonceAlreadyUsed(message(duplicate)), isInsufficientBalance(message(duplicate))]).toEqual([false, true, false]);
    expect([isMustDeposit(message(insufficient)), isNonceAlreadyUsed(message(insufficient)), isInsufficientBalance(message(insufficient))]).toEqual([false, false, true]);
  });

  it('preTransferCheck reads the recorded answer', async () => {
    answers.preTransferCheck = 'real/pre-transfer-check-existing-testnet.json';
    expect(await api.preTransferCheck(user, '0x6666666666666666666666666666666666666666', testCall())).toEqual({ fee: '0.0', isSanctioned: false, userExists: true, userHasSentTx: false });
    expect(server.requests[0]?.body).toEqual({ type: 'preTransferCheck', user: user.toLowerCase(), source: '0x6666666666666666666666666666666666666666' });
  });
});

describe('exchange messages', () => {
  it('isNonceAlreadyUsed knows the duplicate and the stale nonce, nothing else', () => {
    expect(isDuplicateNonce('Invalid nonce: duplicate nonce 1741107452532')).toBe(true);
    expect(isDuplicateNonce('Invalid nonce: nonce too low 1776584283874 < 1776584799101')).toBe(false);
    expect(isNonceAlreadyUsed('Invalid nonce: duplicate nonce 1741107452532')).toBe(true);
    expect(isNonceAlreadyUsed('Invalid nonce: nonce too low 1776584283874 < 1776584799101')).toBe(true);
    expect(isNonceAlreadyUsed('Invalid nonce: nonce too high 1791572677029 > 1791486156858')).toBe(false);
    expect(isNonceAlreadyUsed('Insufficient balance for token transfer')).toBe(false);
  });

  it('isInsufficientBalance knows the principal and the activation-gas refusals', () => {
    expect(isInsufficientBalance('Insufficient balance for token transfer')).toBe(true);
    expect(isInsufficientBalance('Insufficient USDC balance for token transfer gas.')).toBe(true);
    expect(isInsufficientBalance('Insufficient quote token (e.g., 1 USDC or USDT) balance for token transfer gas.')).toBe(true);
    expect(isInsufficientBalance('Must deposit before performing actions. User: 0x9a350a29af41dd611ba9e0dd9402051a6d0b3313')).toBe(false);
  });
});
