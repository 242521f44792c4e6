import fc from 'fast-check';
import { base64 } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1';
import { p2wpkh, Transaction } from '@scure/btc-signer';
import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEsploraStandIn, type EsploraStandIn } from '../src/chains/utxo/esploraStandIn.ts';
import { outputScriptOf, utxoNetwork } from '../src/chains/utxo/utxoNetworks.ts';
import { STRANGERS, honestPlan, mutate, mutationArb, walletChoicesArb, type StepShape } from '../src/chains/utxo/utxoTamper.ts';
import { signTestTransaction, testWallet, type TestWallet } from '../src/chains/utxo/utxoTestWallets.ts';
import type { Strait } from '../src/createStrait.ts';
import { SANDBOX_CHAIN_SPECS, startSandboxChain, type SandboxChain } from '../src/sandbox/sandboxChain.ts';
import { createChainSettlement } from '../src/venues/fake/FakeSettlement.ts';
import { startThorchainFake, type ThorchainFake } from '../src/venues/thorchain/thorchainFake.ts';
import { thorchainVenue } from '../src/venues/thorchain/thorchainVenue.ts';
import { listEndedClaims } from '../src/store/transferRepository.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * Bitcoin → base USDC through THORChain, end to end on this machine: Strait quotes through the
 * THORChain fake, builds a PSBT from the sender's outputs on a loopback Esplora holding a real UTXO
 * set, the wallet signs it with btc-signer, submit verifies and broadcasts it (the stand-in checks
 * every signature and balance), and the worker tracks it until the fake, having observed the
 * transaction on the stand-in, paid the recipient USDC on a local base chain (anvil).
 */

const SOLVER_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' as const;
const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const AMOUNT = 1_000_000n; // 0.01 BTC
const network = utxoNetwork('bitcoin')!;

const wallet = testWallet;
type Wallet = TestWallet;

/** What a wallet does with the PSBT: (Taproot) add its internal key, sign every input, hand back the signed PSBT. */
function walletSigns(w: Wallet, psbt: string): string {
  const tx = Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true });
  if (w.kind === 'tr') for (let i = 0; i < tx.inputsLength; i++) tx.updateInput(i, { tapInternalKey: w.internalKey });
  tx.sign(w.priv);
  return base64.encode(tx.toPSBT());
}

let base: SandboxChain;
let esplora: EsploraStandIn;
let litecoinEsplora: EsploraStandIn;
let fake: ThorchainFake;
let strait: Strait;

beforeAll(async () => {
  const solver = privateKeyToAccount(SOLVER_KEY).address;
  base = await startSandboxChain(SANDBOX_CHAIN_SPECS.base, { accounts: [solver], usdcPerAccount: 10_000_000n * 10n ** 6n, liquidity: 0n });
  esplora = await startEsploraStandIn(network);
  litecoinEsplora = await startEsploraStandIn(utxoNetwork('litecoin')!);
  fake = await startThorchainFake({}, { settlement: createChainSettlement({ [base.chainId]: base.rpcUrl }, SOLVER_KEY), utxoIndexers: { bitcoin: esplora.url, litecoin: litecoinEsplora.url } });
  // The real THORChain module, with its published budget (60 calls a minute) lifted: the properties below quote and build dozens of times.
  strait = await createTestStrait({ STRAIT_VENUE_THORCHAIN_BASE_URL: fake.url, STRAIT_RPC_BITCOIN: esplora.url, STRAIT_RPC_LITECOIN: litecoinEsplora.url, STRAIT_RPC_BASE: base.rpcUrl, STRAIT_QUOTE_MIN_WAIT_MS: '0' }, [{ ...thorchainVenue, rateLimit: () => null }]);
}, 120_000);
afterAll(async () => {
  await strait?.close();
  await fake?.close();
  await esplora?.close();
  await litecoinEsplora?.close();
  await base?.stop();
});

const post = async <T>(url: string, payload: object) => {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
};

type UtxoStepJson = { vm: string; step: string; chain: string; psbt: string | null; outputs: { address: string; amountAtomic: string }[]; memo: string | null };

async function quoteAndBuild(sender: string, recipient: string = RECIPIENT) {
  const quote = await post<{ decisionId: string; best: { venue: string; executable: boolean; eligibility: string } | null }>('/v1/bridge/quote', { fromChain: 'bitcoin', toChain: 'base', fromToken: 'BTC', toToken: 'USDC', amountAtomic: AMOUNT.toString(), sender, recipient });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  expect(quote.body.best).toMatchObject({ venue: 'thorchain', executable: true, eligibility: 'ok' });
  return post<{ transferId: string; steps: UtxoStepJson[]; error?: { code: string } }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
}

async function usdcOf(owner: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(base.rpcUrl) });
  return client.readContract({ address: SANDBOX_CHAIN_SPECS.base.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}

async function trackToEnd(transferId: string): Promise<{ status: string; destinationTxHash: string | null; receivedAmountAtomic: string | null }> {
  for (let i = 0; i < 20; i++) {
    await strait.deps.store.db.updateTable('transfers').set({ next_poll_at: 0 }).where('id', '=', transferId).execute();
    await strait.worker.tick();
    const view = (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${transferId}` })).json() as { status: string; destinationTxHash: string | null; receivedAmountAtomic: string | null };
    if (['COMPLETED', 'REFUNDED', 'FAILED', 'ABANDONED'].includes(view.status)) return view;
  }
  throw new Error('the transfer did not end');
}

describe.each([
  ['P2WPKH', wallet('wpkh', 7)],
  ['P2TR', wallet('tr', 9)],
])('BTC → base USDC through THORChain from a %s sender', (_, sender) => {
  it('builds a PSBT to the vault with the memo, verifies and broadcasts the signed PSBT, and completes once USDC is paid on base', async () => {
    esplora.fund(sender.address, 600_000n);
    esplora.fund(sender.address, 700_000n);
    const built = await quoteAndBuild(sender.address);
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const step = built.body.steps[0]!;
    expect(step).toMatchObject({ vm: 'utxo', step: 'main', chain: 'bitcoin', outputs: [{ address: 'bc1qhal0a2ywtd5qt97zfc2mmjwelxwlshgj85lpc6', amountAtomic: AMOUNT.toString() }] });
    expect(step.memo).toMatch(new RegExp(`^=:BASE\\.USDC:${RECIPIENT}:[0-9]+$`, 'i'));
    expect(step.psbt).not.toBeNull();

    const before = await usdcOf(RECIPIENT);
    const signed = walletSigns(sender, step.psbt!);
    const submitted = await post<{ status: string; txHash: string; accepted: boolean; verification: string }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction: signed });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'SUBMITTED', accepted: true, verification: 'verified' });
    expect(esplora.transaction(submitted.body.txHash)).not.toBeNull();

    // A repeat (same bytes, or the txid) answers the hash on record and broadcasts nothing.
    const again = await post<{ txHash: string; accepted: boolean }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', txHash: submitted.body.txHash.toUpperCase() });
    expect(again.body).toMatchObject({ txHash: submitted.body.txHash, accepted: false });

    const ended = await trackToEnd(built.body.transferId);
    expect(ended.status).toBe('COMPLETED');
    const received = (await usdcOf(RECIPIENT)) - before;
    expect(received).toBeGreaterThan(0n);
    expect(ended.receivedAmountAtomic).toBe(received.toString());
    expect(ended.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
  }, 60_000);
});

describe('LTC → base USDC through THORChain', () => {
  it('builds a PSBT with litecoin addresses, verifies and broadcasts it, and completes', async () => {
    const key = testWallet('wpkh', 81);
    const ltcSender = p2wpkh(secp256k1.getPublicKey(key.priv, true), utxoNetwork('litecoin')!.params).address!;
    expect(ltcSender.startsWith('ltc1q')).toBe(true);
    litecoinEsplora.fund(ltcSender, 150_000_000n);
    const quote = await post<{ decisionId: string; best: { venue: string; executable: boolean } | null }>('/v1/bridge/quote', { fromChain: 'litecoin', toChain: 'base', fromToken: 'LTC', toToken: 'USDC', amountAtomic: '100000000', sender: ltcSender, recipient: RECIPIENT });
    expect(quote.body.best, JSON.stringify(quote.body)).toMatchObject({ venue: 'thorchain', executable: true });
    const built = await post<{ transferId: string; steps: UtxoStepJson[] }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body.steps[0]).toMatchObject({ vm: 'utxo', chain: 'litecoin', outputs: [{ address: 'ltc1qhal0a2ywtd5qt97zfc2mmjwelxwlshgjrg99q2', amountAtomic: '100000000' }] });
    const submitted = await post<{ status: string; verification: string }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction: walletSigns(key, built.body.steps[0]!.psbt!) });
    expect(submitted.body).toMatchObject({ status: 'SUBMITTED', verification: 'verified' });
    expect((await trackToEnd(built.body.transferId)).status).toBe('COMPLETED');
  }, 60_000);
});

describe('a source transaction replaced after submit', () => {
  /** The wallet re-signs the same PSBT with less change (a higher fee) and broadcasts it itself. */
  function bumped(w: Wallet, psbt: string, by: bigint, payVault = true): string {
    const tx = Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true });
    tx.updateOutput(1, { amount: tx.getOutput(1).amount! - by });
    if (!payVault) tx.updateOutput(0, { script: w.script });
    tx.sign(w.priv);
    tx.finalize();
    return tx.hex;
  }
  const broadcast = async (raw: string): Promise<string> => {
    const answer = await fetch(`${esplora.url}/tx`, { method: 'POST', body: raw });
    const text = await answer.text();
    if (answer.status !== 200) throw new Error(text);
    return text;
  };
  const view = async (id: string) => (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${id}` })).json() as { status: string; sourceTxHash: string | null; statusDetail: string | null };
  const tick = async (id: string) => {
    await strait.deps.store.db.updateTable('transfers').set({ next_poll_at: 0 }).where('id', '=', id).execute();
    await strait.worker.tick();
  };

  it('follows a fee bump (BIP125) that pays the vault the same: the replacement becomes the source and the transfer completes', async () => {
    const sender = wallet('wpkh', 91);
    esplora.fund(sender.address, 3_000_000n);
    const built = await quoteAndBuild(sender.address);
    const psbt = built.body.steps[0]!.psbt!;
    esplora.holdMempool(true);
    try {
      const submitted = await post<{ txHash: string; verification: string }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction: walletSigns(sender, psbt) });
      expect(submitted.body.verification).toBe('verified');
      const replacement = await broadcast(bumped(sender, psbt, 5_000n));
      expect(esplora.transaction(submitted.body.txHash)).toBeNull();
      await tick(built.body.transferId);
      const followed = await view(built.body.transferId);
      expect(followed.sourceTxHash).toBe(replacement);
      const history = await listEndedClaims(strait.deps.store.db, built.body.transferId);
      expect(history.map((c) => [c.txHash, c.reason])).toEqual([[submitted.body.txHash, 'replaced']]);
      // The replaced txid, submitted again, answers the claim on record: it takes nothing back.
      const again = await post<{ txHash: string; accepted: boolean }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', txHash: submitted.body.txHash });
      expect(again.body.accepted).toBe(false);
    } finally {
      esplora.holdMempool(false);
      esplora.mine();
    }
    expect((await trackToEnd(built.body.transferId)).status).toBe('COMPLETED');
  }, 60_000);

  it('fails the transfer, nothing moved, when the same outputs are spent by a transaction that does not pay the vault', async () => {
    const sender = wallet('wpkh', 92);
    esplora.fund(sender.address, 3_000_000n);
    const built = await quoteAndBuild(sender.address);
    const psbt = built.body.steps[0]!.psbt!;
    esplora.holdMempool(true);
    try {
      await post(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction: walletSigns(sender, psbt) });
      const elsewhere = await broadcast(bumped(sender, psbt, 5_000n, false));
      await tick(built.body.transferId);
      const failed = await view(built.body.transferId);
      expect(failed.status).toBe('FAILED');
      expect(failed.statusDetail).toContain(`spent by ${elsewhere}, which does not pay the venue`);
    } finally {
      esplora.holdMempool(false);
      esplora.mine();
    }
  }, 60_000);
});

describe('Bitcoin-family build and submit refusals', () => {
  it('refuses a sender it cannot spend from (P2SH) with 400 invalid_sender, and one without funds with 422 insufficient_balance', async () => {
    const p2sh = await quoteAndBuild('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy');
    expect(p2sh.status).toBe(400);
    expect(p2sh.body.error?.code).toBe('invalid_sender');
    // THORChain's recommended gas rate (4 sat/vB in the recorded quote) is a floor under a lower estimate.
    esplora.setFeeRate(1);
    const frugal = wallet('wpkh', 12);
    esplora.fund(frugal.address, 3_000_000n);
    const floored = await quoteAndBuild(frugal.address);
    esplora.setFeeRate(5);
    const psbt = Transaction.fromPSBT(base64.decode(floored.body.steps[0]!.psbt!), { allowUnknownOutputs: true });
    let paid = 0n;
    for (let i = 0; i < psbt.outputsLength; i++) paid += psbt.getOutput(i).amount!;
    expect(3_000_000n - paid).toBeGreaterThanOrEqual(4n * 140n);
    const poor = wallet('wpkh', 11);
    esplora.fund(poor.address, 5_000n);
    const short = await quoteAndBuild(poor.address);
    expect(short.status).toBe(422);
    expect(short.body.error?.code).toBe('insufficient_balance');
  });

  it('refuses a signed transaction that changes the venue output, and one spending another key\'s outputs; the owner still submits', async () => {
    const owner = wallet('wpkh', 13);
    esplora.fund(owner.address, 2_000_000n);
    const built = await quoteAndBuild(owner.address);
    const step = built.body.steps[0]!;
    const submit = (payload: object) => post<{ error?: { code: string; details?: { mismatches?: { field: string }[] } }; accepted?: boolean }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', ...payload });

    const tampered = Transaction.fromPSBT(base64.decode(step.psbt!), { allowUnknownOutputs: true });
    tampered.updateOutput(0, { amount: AMOUNT - 1n });
    tampered.sign(owner.priv);
    const refused = await submit({ signedTransaction: base64.encode(tampered.toPSBT()) });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.code).toBe('transaction_mismatch');
    expect(refused.body.error?.details?.mismatches?.map((m) => m.field)).toContain('outputs[0].amount');

    // Someone else pays the same vault and memo from their own outputs: not the sender's inputs.
    const stranger = wallet('wpkh', 17);
    esplora.fund(stranger.address, 2_000_000n);
    const theirs = new Transaction({ allowUnknownOutputs: true });
    const strangerUtxo = (await (await fetch(`${esplora.url}/address/${stranger.address}/utxo`)).json()) as { txid: string; vout: number; value: number }[];
    const copy = Transaction.fromPSBT(base64.decode(step.psbt!), { allowUnknownOutputs: true });
    theirs.addInput({ txid: strangerUtxo[0]!.txid, index: strangerUtxo[0]!.vout, witnessUtxo: { script: stranger.script, amount: BigInt(strangerUtxo[0]!.value) } });
    for (let i = 0; i < copy.outputsLength; i++) {
      const out = copy.getOutput(i);
      theirs.addOutput({ script: out.script!, amount: i === 1 ? 0n : out.amount! });
    }
    theirs.sign(stranger.priv);
    theirs.finalize();
    const foreign = await submit({ signedTransaction: theirs.hex });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error?.details?.mismatches?.some((m) => m.field.startsWith('inputs[0].owner'))).toBe(true);

    // Bytes that are no signed transaction are a 400, never a fault: garbage, a truncated one, the unsigned PSBT as built.
    for (const garbage of ['zz', '00', 'cHNidP8BAAoCAAAAAAAAAAAAAA==', theirs.hex.slice(0, 40), step.psbt!]) {
      const answer = await submit({ signedTransaction: garbage });
      expect(answer.status, garbage.slice(0, 20)).toBe(400);
      expect(answer.body.error?.code).toBe('invalid_signed_transaction');
    }

    // Nothing above was broadcast or recorded: the owner's own transaction is taken.
    const ok = await submit({ signedTransaction: walletSigns(owner, step.psbt!) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.accepted).toBe(true);
  });
});

describe('submitting a utxo step through the API, under generated tampering', () => {
  const senders = [testWallet('wpkh', 31), testWallet('tr', 33)];

  it('refuses every mutation with 422 naming the field, broadcasting and recording nothing; the honest transaction is then accepted once', async () => {
    // The memo is the same for every build of this request: learnt once, then mutated.
    esplora.fund(senders[0]!.address, 3_000_000n);
    const first = await quoteAndBuild(senders[0]!.address);
    const memo = first.body.steps[0]!.memo!;
    const shape: StepShape = { venueScript: outputScriptOf(network, first.body.steps[0]!.outputs[0]!.address)!, amount: AMOUNT, memo };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...senders), fc.bigInt({ min: 2_000_000n, max: 3_000_000n }), walletChoicesArb, walletChoicesArb, mutationArb(memo), async (sender, funded, tamperedChoices, honestChoices, mutation) => {
        const spends = [{ txid: esplora.fund(sender.address, funded), index: 0, amount: funded }];
        const stranger = STRANGERS[0]!;
        const foreign = { txid: esplora.fund(stranger.address, 100_000n), index: 0, amount: 100_000n };
        const built = await quoteAndBuild(sender.address);
        expect(built.body.steps[0]!.memo).toBe(memo);
        const submit = (signedTransaction: string) => post<{ txHash?: string; accepted?: boolean; verification?: string; error?: { code: string; details?: { mismatches?: { field: string }[] } } }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction });

        const plan = honestPlan(shape, sender, spends, tamperedChoices);
        const field = mutate(plan, shape, sender, mutation, foreign);
        const tampered = signTestTransaction(plan.inputs, plan.outputs, { lockTime: plan.lockTime });
        const refused = await submit(tampered.rawHex);
        expect(refused.status, JSON.stringify(refused.body)).toBe(422);
        expect(refused.body.error?.code).toBe('transaction_mismatch');
        expect(refused.body.error?.details?.mismatches?.map((m) => m.field)).toContain(field);
        const view = (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${built.body.transferId}` })).json() as { status: string };
        expect(view.status).toBe('PENDING_SIGNATURE');

        const honest = honestPlan(shape, sender, spends, honestChoices);
        const signed = signTestTransaction(honest.inputs, honest.outputs, { lockTime: honest.lockTime });
        const accepted = await submit(signed.rawHex);
        expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
        expect(accepted.body).toMatchObject({ accepted: true, verification: 'verified' });
        expect(esplora.transaction(accepted.body.txHash!)).not.toBeNull();
        const repeat = await submit(signed.rawHex);
        expect(repeat.body).toMatchObject({ accepted: false, txHash: accepted.body.txHash });
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});

describe('a txid the wallet broadcast itself', () => {
  it('is verified from the indexer; one paying someone else is refused; an unknown txid holds the step only until the owner\'s transaction', async () => {
    const owner = wallet('wpkh', 41);
    esplora.fund(owner.address, 3_000_000n);
    const built = await quoteAndBuild(owner.address);
    const submit = (payload: object) => post<{ status?: string; txHash?: string; accepted?: boolean; verification?: string; error?: { code: string; details?: { mismatches?: { field: string }[] } } }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', ...payload });

    // Someone names a txid no node has seen: recorded provisionally (pending)...
    const unknown = 'ab'.repeat(32);
    const early = await submit({ txHash: unknown });
    expect(early.body).toMatchObject({ accepted: true, verification: 'pending' });
    // ...and a transaction of another transfer's kind (the stranger pays the vault and memo from its own outputs) is refused.
    const stranger = wallet('wpkh', 43);
    esplora.fund(stranger.address, 3_000_000n);
    const [strangerUtxo] = (await (await fetch(`${esplora.url}/address/${stranger.address}/utxo`)).json()) as { txid: string; vout: number; value: number }[];
    const step = built.body.steps[0]!;
    const shape: StepShape = { venueScript: outputScriptOf(network, step.outputs[0]!.address)!, amount: AMOUNT, memo: step.memo! };
    const theirs = honestPlan(shape, stranger, [{ txid: strangerUtxo!.txid, index: strangerUtxo!.vout, amount: BigInt(strangerUtxo!.value) }], { fee: 2_000n, memoFirst: false, changeSplit: 1, lockTime: 0, sequence: 0xfffffffd });
    const theirsSigned = signTestTransaction(theirs.inputs, theirs.outputs);
    const theirTxid = await (await fetch(`${esplora.url}/tx`, { method: 'POST', body: theirsSigned.rawHex })).text();
    const refused = await submit({ txHash: theirTxid });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.details?.mismatches?.map((m) => m.field)).toContain('inputs[0].owner');

    // The owner broadcasts its own transaction and submits the txid: verified, and it takes the step over.
    const mine = Transaction.fromPSBT(base64.decode(step.psbt!), { allowUnknownOutputs: true });
    mine.sign(owner.priv);
    mine.finalize();
    const txid = await (await fetch(`${esplora.url}/tx`, { method: 'POST', body: mine.hex })).text();
    const taken = await submit({ txHash: txid });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body).toMatchObject({ accepted: true, verification: 'verified', txHash: txid });
    const view = (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${built.body.transferId}` })).json() as { sourceTxHash: string };
    expect(view.sourceTxHash).toBe(txid);
  });
});

describe('without an indexer for bitcoin', () => {
  let bare: Strait;
  let bareFake: ThorchainFake;
  beforeAll(async () => {
    bareFake = await startThorchainFake({});
    bare = await createTestStrait({ STRAIT_VENUE_THORCHAIN_BASE_URL: bareFake.url, STRAIT_QUOTE_MIN_WAIT_MS: '0' }, [{ ...thorchainVenue, rateLimit: () => null }]);
  });
  afterAll(async () => {
    await bare?.close();
    await bareFake?.close();
  });

  it('hands out outputs and memo without a PSBT, refuses signed bytes, records a txid unverified_no_rpc, and tracks it to REFUNDED (pending until then, never abandoned)', async () => {
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
      const response = await bare.app.inject({ method, url, ...(payload ? { payload } : {}) });
      return { status: response.statusCode, body: response.json() as T };
    };
    const sender = wallet('wpkh', 51);
    const quote = await call<{ decisionId: string }>('POST', '/v1/bridge/quote', { fromChain: 'bitcoin', toChain: 'base', fromToken: 'BTC', toToken: 'USDC', amountAtomic: AMOUNT.toString(), sender: sender.address, recipient: RECIPIENT });
    const built = await call<{ transferId: string; steps: UtxoStepJson[] }>('POST', '/v1/bridge/build', { decisionId: quote.body.decisionId });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body.steps[0]).toMatchObject({ vm: 'utxo', psbt: null, outputs: [{ amountAtomic: AMOUNT.toString() }] });
    expect(built.body.steps[0]!.memo).toMatch(/^=:BASE\.USDC:/);
    const submit = (payload: object) => call<{ status?: string; verification?: string; error?: { code: string } }>('POST', `/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', ...payload });
    const signed = signTestTransaction([{ txid: 'cd'.repeat(32), index: 0, owner: testWallet('wpkh', 51), amount: 2_000_000n }], [{ script: outputScriptOf(network, built.body.steps[0]!.outputs[0]!.address)!, amount: AMOUNT }]);
    const bytes = await submit({ signedTransaction: signed.rawHex });
    expect(bytes.status).toBe(422);
    expect(bytes.body.error?.code).toBe('no_rpc_for_chain');
    expect((await submit({ txHash: 'nothex' })).body.error?.code).toBe('invalid_submission');
    const byTxid = await submit({ txHash: 'EF'.repeat(32) });
    expect(byTxid.body).toMatchObject({ status: 'SUBMITTED', verification: 'unverified_no_rpc' });

    const tick = async () => {
      await bare.deps.store.db.updateTable('transfers').set({ next_poll_at: 0 }).where('id', '=', built.body.transferId).execute();
      await bare.worker.tick();
      return (await call<{ status: string }>('GET', `/v1/bridge/transfers/${built.body.transferId}`)).body.status;
    };
    expect(await tick()).toBe('PENDING');
    expect(await tick()).toBe('PENDING');
    bareFake.setOptions({ status: 'refund' });
    expect(await tick()).toBe('REFUNDED');
  });
});
