import { base64 } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { createPublicClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEsploraStandIn, type EsploraStandIn } from '../src/chains/utxo/esploraStandIn.ts';
import { utxoNetwork } from '../src/chains/utxo/utxoNetworks.ts';
import { testWallet, type TestWallet } from '../src/chains/utxo/utxoTestWallets.ts';
import { memoScript } from '../src/chains/utxo/verifyUtxoTransaction.ts';
import type { Strait } from '../src/createStrait.ts';
import { SANDBOX_CHAIN_SPECS, startSandboxChain, type SandboxChain } from '../src/sandbox/sandboxChain.ts';
import { createChainSettlement } from '../src/venues/fake/FakeSettlement.ts';
import { startMayachainFake, type MayachainFake } from '../src/venues/mayachain/mayachainFake.ts';
import { mayachainVenue } from '../src/venues/mayachain/mayachainVenue.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * Bitcoin and Dash → ETH on Ethereum through Maya Protocol, end to end on this machine: Strait quotes
 * through the Maya fake, builds a PSBT paying Maya's recorded vault (fixtures/real/inbound-addresses.json)
 * with Maya's memo from the sender's outputs on a loopback Esplora, the wallet signs it with
 * btc-signer, submit verifies and broadcasts it, and the worker tracks it on the fake's Midgard
 * (`/v2/actions`) until the fake, having seen the inbound, paid the recipient ETH on a local chain.
 */

const SOLVER_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' as const;
const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const AMOUNT = 1_000_000n; // 0.01 BTC
const BTC_VAULT = 'bc1qqtemwlu9ju3ts3da5l82qejnzdl3xfs3lcl4wg';
const DASH_VAULT = 'XaxT9NnuEUKQTLJ7QsBG4WLXZNJ4A7P6Ec';

let ethereum: SandboxChain;
let btc: EsploraStandIn;
let dash: EsploraStandIn;
let fake: MayachainFake;
let strait: Strait;

beforeAll(async () => {
  const solver = privateKeyToAccount(SOLVER_KEY).address;
  ethereum = await startSandboxChain(SANDBOX_CHAIN_SPECS.ethereum, { accounts: [solver], usdcPerAccount: 0n, liquidity: 0n });
  btc = await startEsploraStandIn(utxoNetwork('bitcoin')!);
  dash = await startEsploraStandIn(utxoNetwork('dash')!);
  fake = await startMayachainFake({}, { settlement: createChainSettlement({ [ethereum.chainId]: ethereum.rpcUrl }, SOLVER_KEY), utxoIndexers: { bitcoin: btc.url, dash: dash.url } });
  strait = await createTestStrait(
    { STRAIT_VENUE_MAYACHAIN_BASE_URL: fake.url, STRAIT_RPC_BITCOIN: btc.url, STRAIT_RPC_DASH: dash.url, STRAIT_RPC_ETHEREUM: ethereum.rpcUrl, STRAIT_QUOTE_MIN_WAIT_MS: '0' },
    [{ ...mayachainVenue, rateLimit: () => null }],
  );
}, 120_000);
afterAll(async () => {
  await strait?.close();
  await fake?.close();
  await btc?.close();
  await dash?.close();
  await ethereum?.stop();
});

const post = async <T>(url: string, payload: object) => {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
};

type UtxoStepJson = { vm: string; step: string; chain: string; psbt: string | null; outputs: { address: string; amountAtomic: string }[]; memo: string | null };

async function quoteAndBuild(fromChain: 'bitcoin' | 'dash', sender: string, amount: bigint) {
  const quote = await post<{ decisionId: string; best: { venue: string; executable: boolean; eligibility: string } | null }>('/v1/bridge/quote', { fromChain, toChain: 'ethereum', fromToken: fromChain === 'bitcoin' ? 'BTC' : 'DASH', toToken: 'ETH', amountAtomic: amount.toString(), sender, recipient: RECIPIENT });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  expect(quote.body.best, JSON.stringify(quote.body)).toMatchObject({ venue: 'mayachain', executable: true, eligibility: 'ok' });
  return post<{ transferId: string; steps: UtxoStepJson[]; error?: { code: string } }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
}

function walletSigns(w: TestWallet, psbt: string): string {
  const tx = Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true });
  tx.sign(w.priv);
  return base64.encode(tx.toPSBT());
}

const ethOf = (owner: Address): Promise<bigint> => createPublicClient({ transport: http(ethereum.rpcUrl) }).getBalance({ address: owner });

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
  ['bitcoin', 'P2WPKH', testWallet('wpkh', 31), BTC_VAULT, AMOUNT],
  ['dash', 'P2PKH', testWallet('pkh', 33, utxoNetwork('dash')!), DASH_VAULT, 100_000_000n],
] as const)('%s → ETH on Ethereum through Maya from a %s sender', (chain, _, sender, vault, amount) => {
  it('builds a PSBT to the vault with Maya\'s memo, verifies and broadcasts it, and completes once Midgard shows the payout', async () => {
    const indexer = chain === 'bitcoin' ? btc : dash;
    indexer.fund(sender.address, amount + 600_000n);
    const built = await quoteAndBuild(chain, sender.address, amount);
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const step = built.body.steps[0]!;
    expect(step).toMatchObject({ vm: 'utxo', step: 'main', chain, outputs: [{ address: vault, amountAtomic: amount.toString() }] });
    // Maya's streaming memo: limit/interval/quantity, no affiliate.
    expect(step.memo).toMatch(new RegExp(`^=:ETH\\.ETH:${RECIPIENT}:[0-9]+/1/0$`, 'i'));

    const before = await ethOf(RECIPIENT);
    const submitted = await post<{ status: string; txHash: string; verification: string }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction: walletSigns(sender, step.psbt!) });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'SUBMITTED', verification: 'verified' });
    expect(indexer.transaction(submitted.body.txHash)).not.toBeNull();

    const ended = await trackToEnd(built.body.transferId);
    expect(ended.status).toBe('COMPLETED');
    const received = (await ethOf(RECIPIENT)) - before;
    expect(received).toBeGreaterThan(0n);
    expect(ended.receivedAmountAtomic).toBe(received.toString());
    expect(ended.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
  }, 60_000);
});

describe('Maya UTXO refusals', () => {
  it('refuses at submit a signed transaction paying the vault another amount, or carrying another memo; the honest one passes', async () => {
    const owner = testWallet('wpkh', 35);
    btc.fund(owner.address, 2_000_000n);
    const built = await quoteAndBuild('bitcoin', owner.address, AMOUNT);
    const step = built.body.steps[0]!;
    const submit = (signedTransaction: string) => post<{ error?: { code: string }; verification?: string }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction });

    const lessToVault = Transaction.fromPSBT(base64.decode(step.psbt!), { allowUnknownOutputs: true });
    lessToVault.updateOutput(0, { amount: AMOUNT - 1n });
    lessToVault.sign(owner.priv);
    const refusedAmount = await submit(base64.encode(lessToVault.toPSBT()));
    expect(refusedAmount.status).toBe(422);
    expect(refusedAmount.body.error?.code).toBe('transaction_mismatch');

    const otherMemo = Transaction.fromPSBT(base64.decode(step.psbt!), { allowUnknownOutputs: true });
    let memoAt = -1;
    for (let i = 1; i < otherMemo.outputsLength; i++) if (otherMemo.getOutput(i).amount === 0n) memoAt = i;
    expect(memoAt).toBeGreaterThan(0);
    otherMemo.updateOutput(memoAt, { script: memoScript(step.memo!.replace(RECIPIENT, '0x000000000000000000000000000000000000dEaD')) });
    otherMemo.sign(owner.priv);
    const refusedMemo = await submit(base64.encode(otherMemo.toPSBT()));
    expect(refusedMemo.status).toBe(422);
    expect(refusedMemo.body.error?.code).toBe('transaction_mismatch');

    expect((await submit(walletSigns(owner, step.psbt!))).body.verification).toBe('verified');
  }, 60_000);

  it('refuses to build when the quote\'s memo pays someone else or names an affiliate, or the vault is not the inbound address', async () => {
    const owner = testWallet('wpkh', 36);
    btc.fund(owner.address, 2_000_000n);
    try {
      for (const tamper of [{ memo: `=:ETH.ETH:0x000000000000000000000000000000000000dEaD:900000/1/0` }, { memo: `=:ETH.ETH:${RECIPIENT}:900000/1/0:maya1cups30hy0e54l8mrwux7707r7quk2syzhggjcy:50` }, { inbound_address: 'bc1qszqaswa7n02s5x25vv8pt5t2x4w09y6sju90g4' }]) {
        fake.setOptions({ tamper });
        const quote = await post<{ decisionId: string }>('/v1/bridge/quote', { fromChain: 'bitcoin', toChain: 'ethereum', fromToken: 'BTC', toToken: 'ETH', amountAtomic: AMOUNT.toString(), sender: owner.address, recipient: RECIPIENT });
        const built = quote.status === 200 ? await post<{ steps?: unknown[] }>('/v1/bridge/build', { decisionId: quote.body.decisionId }) : quote;
        expect(built.status, JSON.stringify(tamper)).not.toBe(200);
        expect(built.status).toBeLessThan(600);
      }
    } finally {
      fake.setOptions({});
    }
  }, 60_000);

  it('refuses to build from a halted BTC chain', async () => {
    const owner = testWallet('wpkh', 37);
    btc.fund(owner.address, 2_000_000n);
    fake.setOptions({ halted: ['BTC'] });
    try {
      const quote = await post<{ best: unknown }>('/v1/bridge/quote', { fromChain: 'bitcoin', toChain: 'ethereum', fromToken: 'BTC', toToken: 'ETH', amountAtomic: AMOUNT.toString(), sender: owner.address, recipient: RECIPIENT });
      expect(quote.body.best).toBeNull();
    } finally {
      fake.setOptions({});
    }
  }, 60_000);
});
