import { base64, hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEsploraStandIn, type EsploraStandIn } from '../src/chains/utxo/esploraStandIn.ts';
import { signForkIdInputs } from '../src/chains/utxo/forkIdTestSigner.ts';
import { utxoNetwork, type UtxoNetwork } from '../src/chains/utxo/utxoNetworks.ts';
import { testWallet, type TestWallet } from '../src/chains/utxo/utxoTestWallets.ts';
import type { Strait } from '../src/createStrait.ts';
import { SANDBOX_CHAIN_SPECS, startSandboxChain, type SandboxChain } from '../src/sandbox/sandboxChain.ts';
import { createChainSettlement } from '../src/venues/fake/FakeSettlement.ts';
import { startThorchainFake, type ThorchainFake } from '../src/venues/thorchain/thorchainFake.ts';
import { thorchainVenue } from '../src/venues/thorchain/thorchainVenue.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * DOGE and BCH → base USDC through THORChain, end to end: the chains without segwit. Strait builds a
 * PSBT whose P2PKH inputs carry their whole previous transactions, the wallet signs it its chain's
 * way (btc-signer's legacy signing for Dogecoin; libauth's fork-id signing, ECDSA and Schnorr, for
 * Bitcoin Cash), submit verifies the signatures and the step's outputs and broadcasts to a loopback
 * Esplora that checks them again, and the worker tracks the transfer until the THORChain fake,
 * having seen the inbound, paid USDC on a local base chain.
 */

const SOLVER_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' as const;
const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const dogecoin = utxoNetwork('dogecoin')!;
const bitcoincash = utxoNetwork('bitcoincash')!;

let base: SandboxChain;
let indexers: Record<'dogecoin' | 'bitcoincash', EsploraStandIn>;
let fake: ThorchainFake;
let strait: Strait;
/** The same chains read through the stand-ins' Blockbook side (STRAIT_INDEXER_<CHAIN>_KIND=blockbook). */
let straitOnBlockbook: Strait;

beforeAll(async () => {
  const solver = privateKeyToAccount(SOLVER_KEY).address;
  base = await startSandboxChain(SANDBOX_CHAIN_SPECS.base, { accounts: [solver], usdcPerAccount: 10_000_000n * 10n ** 6n, liquidity: 0n });
  indexers = { dogecoin: await startEsploraStandIn(dogecoin), bitcoincash: await startEsploraStandIn(bitcoincash) };
  fake = await startThorchainFake({}, { settlement: createChainSettlement({ [base.chainId]: base.rpcUrl }, SOLVER_KEY), utxoIndexers: { dogecoin: indexers.dogecoin.url, bitcoincash: indexers.bitcoincash.url } });
  strait = await createTestStrait(
    { STRAIT_VENUE_THORCHAIN_BASE_URL: fake.url, STRAIT_RPC_DOGECOIN: indexers.dogecoin.url, STRAIT_RPC_BITCOINCASH: indexers.bitcoincash.url, STRAIT_RPC_BASE: base.rpcUrl, STRAIT_QUOTE_MIN_WAIT_MS: '0' },
    [{ ...thorchainVenue, rateLimit: () => null }],
  );
  straitOnBlockbook = await createTestStrait(
    {
      STRAIT_VENUE_THORCHAIN_BASE_URL: fake.url,
      STRAIT_RPC_DOGECOIN: indexers.dogecoin.url,
      STRAIT_INDEXER_DOGECOIN_KIND: 'blockbook',
      STRAIT_RPC_BITCOINCASH: indexers.bitcoincash.url,
      STRAIT_INDEXER_BITCOINCASH_KIND: 'blockbook',
      STRAIT_RPC_BASE: base.rpcUrl,
      STRAIT_QUOTE_MIN_WAIT_MS: '0',
    },
    [{ ...thorchainVenue, rateLimit: () => null }],
  );
}, 120_000);
afterAll(async () => {
  await strait?.close();
  await straitOnBlockbook?.close();
  await fake?.close();
  await indexers?.dogecoin.close();
  await indexers?.bitcoincash.close();
  await base?.stop();
});

const post = async <T>(url: string, payload: object, on: Strait = strait) => {
  const response = await on.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
};

async function usdcOf(owner: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(base.rpcUrl) });
  return client.readContract({ address: SANDBOX_CHAIN_SPECS.base.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}

/** A Dogecoin wallet signing the PSBT: btc-signer reads each input's previous transaction and signs the legacy digest. */
function dogeWalletSigns(wallet: TestWallet, psbt: string): string {
  const tx = Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true });
  tx.sign(wallet.priv);
  return base64.encode(tx.toPSBT());
}

/** A Bitcoin Cash wallet: the inputs' amounts from the PSBT's previous transactions, signed by libauth, handed back as raw hex. */
function bchWalletSigns(wallet: TestWallet, psbt: string, schnorr: boolean): string {
  const tx = Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true });
  const inputs = Array.from({ length: tx.inputsLength }, (_, i) => {
    const input = tx.getInput(i);
    const previous = input.nonWitnessUtxo;
    if (!previous || input.index === undefined || !input.txid) throw new Error(`input ${i} carries no previous transaction`);
    return { txid: hex.encode(input.txid), index: input.index, owner: wallet, amount: previous.outputs[input.index]!.amount, sequence: input.sequence ?? 0xffffffff };
  });
  const outputs = Array.from({ length: tx.outputsLength }, (_, i) => ({ script: tx.getOutput(i).script!, amount: tx.getOutput(i).amount! }));
  return signForkIdInputs(inputs, outputs, { lockTime: tx.lockTime, schnorr });
}

async function trackToEnd(transferId: string, on: Strait = strait): Promise<{ status: string; receivedAmountAtomic: string | null }> {
  for (let i = 0; i < 20; i++) {
    await on.deps.store.db.updateTable('transfers').set({ next_poll_at: 0 }).where('id', '=', transferId).execute();
    await on.worker.tick();
    const view = (await on.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${transferId}` })).json() as { status: string; receivedAmountAtomic: string | null };
    if (['COMPLETED', 'REFUNDED', 'FAILED', 'ABANDONED'].includes(view.status)) return view;
  }
  throw new Error('the transfer did not end');
}

interface Case {
  readonly name: string;
  readonly chain: 'dogecoin' | 'bitcoincash';
  readonly symbol: string;
  readonly network: UtxoNetwork;
  readonly vault: string;
  readonly amount: bigint;
  readonly seed: number;
  readonly sign: (wallet: TestWallet, psbt: string) => string;
}

const CASES: readonly Case[] = [
  { name: 'DOGE (legacy digest, signed PSBT)', chain: 'dogecoin', symbol: 'DOGE', network: dogecoin, vault: 'DNbdjeaEicpCpRpjopS35QGFCS42TLF4eU', amount: 50n * 10n ** 8n, seed: 41, sign: dogeWalletSigns },
  { name: 'BCH (fork-id digest, ECDSA, raw hex)', chain: 'bitcoincash', symbol: 'BCH', network: bitcoincash, vault: 'qzlhal4g3edkspvhcf8pt0wfm8uem7zazgm4jk9dz3', amount: 2_000_000n, seed: 42, sign: (w, p) => bchWalletSigns(w, p, false) },
  { name: 'BCH (fork-id digest, Schnorr, raw hex)', chain: 'bitcoincash', symbol: 'BCH', network: bitcoincash, vault: 'qzlhal4g3edkspvhcf8pt0wfm8uem7zazgm4jk9dz3', amount: 2_000_000n, seed: 43, sign: (w, p) => bchWalletSigns(w, p, true) },
];

describe.each(CASES)('$name → base USDC through THORChain', ({ chain, symbol, network, vault, amount, seed, sign }) => {
  it('builds a PSBT with the previous transactions, verifies and broadcasts the signed transaction, and completes', () => completesThroughThorchain({ chain, symbol, network, vault, amount, seed, sign }, strait), 60_000);

  it('refuses a transaction signed by another key, or paying the vault less, and broadcasts nothing', async () => {
    const sender = testWallet('pkh', seed + 10, network);
    const indexer = indexers[chain];
    indexer.fund(sender.address, amount * 2n);
    const quote = await post<{ decisionId: string }>('/v1/bridge/quote', { fromChain: chain, toChain: 'base', fromToken: symbol, toToken: 'USDC', amountAtomic: amount.toString(), sender: sender.address, recipient: RECIPIENT });
    const built = await post<{ transferId: string; steps: { psbt: string }[] }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const psbt = built.body.steps[0]!.psbt;

    // The vault paid one unit less, re-signed by the sender: every signature is valid, the step is not.
    const cheaper = Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true });
    cheaper.updateOutput(0, { amount: amount - 1n });
    const underpaid = await post<{ error: { code: string; details: { mismatches: { field: string }[] } } }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction: sign(sender, base64.encode(cheaper.toPSBT())) });
    expect(underpaid.status).toBe(422);
    expect(underpaid.body.error.code).toBe('transaction_mismatch');
    expect(underpaid.body.error.details.mismatches.map((m) => m.field)).toContain('outputs[0].amount');

    // The right outputs signed by a stranger's key: the signatures do not verify against the sender's outputs.
    const stranger = testWallet('pkh', seed + 20, network);
    const forged = await post<{ error: { code: string; details: { mismatches: { field: string }[] } } }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction: forgeWith(stranger, psbt, sign, network) });
    expect(forged.status).toBe(422);
    expect(forged.body.error.details.mismatches.map((m) => m.field)).toContain('inputs[0].signature');
  }, 60_000);
});

describe.each(CASES.slice(0, 2))('$name → base USDC through THORChain, read through Blockbook', (c) => {
  // The same flow with STRAIT_INDEXER_<CHAIN>_KIND=blockbook: UTXOs, previous transactions, fee
  // estimate, broadcast and tracking all go through the stand-in's Blockbook side (the fake still
  // watches the vault through its Esplora side, as THORChain's own nodes would through theirs).
  it('builds, verifies, broadcasts and completes', async () => {
    const before = indexers[c.chain].blockbookRequests();
    await completesThroughThorchain(c, straitOnBlockbook, 100);
    expect(indexers[c.chain].blockbookRequests()).toBeGreaterThan(before);
  }, 60_000);
});

/** The step's PSBT signed by `stranger` as if the inputs were theirs: the spent outputs stay the sender's. */
function forgeWith(stranger: TestWallet, psbt: string, sign: Case['sign'], network: UtxoNetwork): string {
  const tx = Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true });
  if (network.signing === 'forkid') return sign(stranger, psbt);
  // btc-signer refuses to sign an input whose previous output is not the key's, so the stranger's signature is grafted in.
  const own = Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true, allowLegacyWitnessUtxo: true });
  for (let i = 0; i < own.inputsLength; i++) own.updateInput(i, { nonWitnessUtxo: undefined, witnessUtxo: { script: stranger.script, amount: 21n * 10n ** 14n } }, true);
  own.sign(stranger.priv);
  own.finalize();
  for (let i = 0; i < tx.inputsLength; i++) tx.updateInput(i, { finalScriptSig: own.getInput(i).finalScriptSig }, true);
  return hex.encode(tx.toBytes(true, false));
}

/**
 * Quote, build, sign, submit and track one transfer to COMPLETED on `on`: the PSBT carries the
 * previous transactions, the signed transaction is verified, broadcast and seen by the fake.
 */
async function completesThroughThorchain({ chain, symbol, network, vault, amount, seed, sign }: Omit<Case, 'name'>, on: Strait, seedOffset = 0): Promise<void> {
  const sender = testWallet('pkh', seed + seedOffset, network);
  const indexer = indexers[chain];
  indexer.fund(sender.address, amount);
  indexer.fund(sender.address, amount);
  const quote = await post<{ decisionId: string; best: { venue: string; executable: boolean } | null }>('/v1/bridge/quote', { fromChain: chain, toChain: 'base', fromToken: symbol, toToken: 'USDC', amountAtomic: amount.toString(), sender: sender.address, recipient: RECIPIENT }, on);
  expect(quote.body.best, JSON.stringify(quote.body)).toMatchObject({ venue: 'thorchain', executable: true });
  const built = await post<{ transferId: string; steps: { vm: string; chain: string; psbt: string | null; outputs: { address: string; amountAtomic: string }[] }[] }>('/v1/bridge/build', { decisionId: quote.body.decisionId }, on);
  expect(built.status, JSON.stringify(built.body)).toBe(200);
  const step = built.body.steps[0]!;
  expect(step).toMatchObject({ vm: 'utxo', chain, outputs: [{ address: vault, amountAtomic: amount.toString() }] });
  const psbt = Transaction.fromPSBT(base64.decode(step.psbt!), { allowUnknownOutputs: true });
  expect(psbt.getInput(0).nonWitnessUtxo).toBeDefined();
  expect(psbt.getInput(0).witnessUtxo).toBeUndefined();

  const before = await usdcOf(RECIPIENT);
  const signed = sign(sender, step.psbt!);
  const submitted = await post<{ status: string; txHash: string; accepted: boolean; verification: string }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction: signed }, on);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  expect(submitted.body).toMatchObject({ status: 'SUBMITTED', accepted: true, verification: 'verified' });
  expect(indexer.transaction(submitted.body.txHash)).not.toBeNull();

  const ended = await trackToEnd(built.body.transferId, on);
  expect(ended.status).toBe('COMPLETED');
  expect(BigInt(ended.receivedAmountAtomic ?? '0')).toBe((await usdcOf(RECIPIENT)) - before);
}
