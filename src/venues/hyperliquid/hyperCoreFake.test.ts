import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPublicClient, createWalletClient, erc20Abi, http, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { SANDBOX_CHAIN_SPECS, sandboxViemChain, startSandboxChain, type SandboxChain } from '../../sandbox/sandboxChain.ts';
import { testCall } from '../fake/testVenueDeps.ts';
import { createVenueHttpClient, isVenueFault } from '../venueHttpClient.ts';
import { VenueHealth } from '../venueHealth.ts';
import { signSpotSend, signUsdClassTransfer, signUsdSend } from './hyperCoreActions.ts';
import { createHyperCoreApi, isInsufficientBalance, isMustDeposit, isNonceAlreadyUsed, type HyperCoreApi } from './hyperCoreApi.ts';
import { HYPERCORE_ERROR_TEXTS, startHyperCoreFake, type HyperCoreFake } from './hyperCoreFake.ts';

const BRIDGE2: Address = '0x2Df1c51E09aECF9cacB7bc98cB1742757f163dF7';

function apiOf(url: string): HyperCoreApi {
  const health = new VenueHealth('hyperliquid', { failuresToOpen: 50, halfOpenAfterMs: 60_000 }, isVenueFault);
  return createHyperCoreApi(createVenueHttpClient({ venueId: 'hyperliquid', baseUrl: url, attemptTimeoutMs: 2_000, maxAttempts: 1, health }));
}

describe('HyperCore fake, driven through the API client', () => {
  let fake: HyperCoreFake;
  let api: HyperCoreApi;
  let clock = 1_767_225_600_000;
  let nonce = 1_767_225_600_000;
  const relayer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
  const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
  const err = (message: string) => ({ status: 'err', message });

  beforeEach(async () => {
    fake = await startHyperCoreFake({ now: () => clock });
    api = apiOf(fake.url);
  });
  afterEach(() => fake.close());

  it('knows only funded accounts, and answers their balances and deposit in the real shapes', async () => {
    expect(await api.accountExists(relayer.address, testCall())).toBe(false);
    expect(await api.balances(relayer.address, testCall())).toEqual({ perps: 0n, spot: 0n });
    fake.fund(relayer.address, { perpsAtomic: 100_000_000n, spotAtomic: 20_500_000n });
    expect(await api.accountExists(relayer.address, testCall())).toBe(true);
    expect(await api.balances(relayer.address, testCall())).toEqual({ perps: 100_000_000n, spot: 20_500_000n });
    const [deposit] = await api.ledger(relayer.address, 0, testCall());
    expect(deposit).toMatchObject({ time: clock, type: 'deposit', usdcAtomic: 100_000_000n });
    expect(deposit?.raw).toMatchObject({ delta: { type: 'deposit', usdc: '100.0' } });
    expect(fake.balances(relayer.address)).toEqual({ perps: 100_000_000n, spot: 20_500_000n, exists: true });
  });

  it('usdSend to a new account charges the sender the 1 USDC activation fee once', async () => {
    fake.fund(relayer.address, { perpsAtomic: 100_000_000n });
    const user = fresh();
    expect(await api.send(await signUsdSend(relayer, { network: 'Mainnet', destination: user, amountAtomic: 25_500_000n, nonce: ++nonce }), testCall())).toEqual({ status: 'ok' });
    expect(fake.balances(user)).toEqual({ perps: 25_500_000n, spot: 0n, exists: true });
    expect(fake.balances(relayer.address).perps).toBe(100_000_000n - 25_500_000n - 1_000_000n);
    const [credit] = await api.ledger(user, clock, testCall());
    expect(credit).toMatchObject({ type: 'internalTransfer', usdcAtomic: 25_500_000n, feeAtomic: 1_000_000n, user: relayer.address.toLowerCase(), destination: user.toLowerCase() });
    expect(credit?.raw).toMatchObject({ delta: { usdc: '25.5', fee: '1.0' } });
    expect((await api.ledger(relayer.address, clock, testCall())).map((e) => e.hash)).toContain(credit?.hash);

    clock += 1_000;
    expect(await api.send(await signUsdSend(relayer, { network: 'Mainnet', destination: user, amountAtomic: 1_000_000n, nonce: ++nonce }), testCall())).toEqual({ status: 'ok' });
    const entries = await api.ledger(user, clock, testCall());
    expect(entries.map((e) => [e.usdcAtomic, e.feeAtomic])).toEqual([[1_000_000n, 0n]]);
    expect(fake.balances(relayer.address).perps).toBe(100_000_000n - 26_500_000n - 1_000_000n);
    expect(await api.accountExists(user, testCall())).toBe(true);
  });

  it('spotSend moves spot USDC (fee from spot too), usdClassTransfer moves the signer\'s own USDC', async () => {
    fake.fund(relayer.address, { perpsAtomic: 50_000_000n });
    const moved = await api.send(await signUsdClassTransfer(relayer, { network: 'Mainnet', amountAtomic: 20_000_000n, toPerp: false, nonce: ++nonce }), testCall());
    expect(moved).toEqual({ status: 'ok' });
    expect(await api.balances(relayer.address, testCall())).toEqual({ perps: 30_000_000n, spot: 20_000_000n });
    const user = fresh();
    expect(await api.send(await signSpotSend(relayer, { network: 'Mainnet', destination: user, amountAtomic: 7_000_000n, nonce: ++nonce }), testCall())).toEqual({ status: 'ok' });
    expect(await api.balances(user, testCall())).toEqual({ perps: 0n, spot: 7_000_000n });
    expect(fake.balances(relayer.address)).toMatchObject({ perps: 30_000_000n, spot: 12_000_000n });
    const [spot] = await api.ledger(user, 0, testCall());
    expect(spot).toMatchObject({ type: 'spotTransfer', usdcAtomic: 7_000_000n, feeAtomic: 1_000_000n, nonce });
    expect(spot?.raw).toMatchObject({ delta: { token: 'USDC', amount: '7.0', fee: '1.0', feeToken: 'USDC' } });
    const own = await api.ledger(relayer.address, 0, testCall());
    expect(own.map((e) => e.type)).toEqual(['deposit', 'accountClassTransfer', 'spotTransfer']);
    expect(own[1]?.raw).toMatchObject({ delta: { type: 'accountClassTransfer', usdc: '20.0', toPerp: false } });
    expect(await api.send(await signUsdClassTransfer(relayer, { network: 'Mainnet', amountAtomic: 2_000_000n, toPerp: true, nonce: ++nonce }), testCall())).toEqual({ status: 'ok' });
    expect(fake.balances(relayer.address)).toMatchObject({ perps: 32_000_000n, spot: 10_000_000n });
  });

  it('refuses a reused nonce with the real text and moves nothing', async () => {
    fake.fund(relayer.address, { perpsAtomic: 100_000_000n });
    const signed = await signUsdSend(relayer, { network: 'Mainnet', destination: fresh(), amountAtomic: 5_000_000n, nonce: ++nonce });
    expect(await api.send(signed, testCall())).toEqual({ status: 'ok' });
    const again = await api.send(signed, testCall());
    expect(again).toEqual(err(`Invalid nonce: duplicate nonce ${nonce}`));
    expect(again.status === 'err' && isNonceAlreadyUsed(again.message)).toBe(true);
    expect(fake.balances(relayer.address).perps).toBe(94_000_000n);
    expect(fake.sentActions().map((a) => [a.signer, a.nonce, a.accepted])).toEqual([
      [relayer.address, nonce, true],
      [relayer.address, nonce, false],
    ]);
  });

  it('refuses what the balance cannot cover with the measured texts, spending the nonce; a fresh one goes through once funded', async () => {
    fake.fund(relayer.address, { perpsAtomic: 5_500_000n });
    const tooMuch = await api.send(await signUsdSend(relayer, { network: 'Mainnet', destination: fresh(), amountAtomic: 6_000_000n, nonce: ++nonce }), testCall());
    expect(tooMuch).toEqual(err(HYPERCORE_ERROR_TEXTS.insufficientBalance));
    expect(tooMuch.status === 'err' && isInsufficientBalance(tooMuch.message)).toBe(true);
    // The principal fits, the activation fee on top does not.
    const signed = await signUsdSend(relayer, { network: 'Mainnet', destination: fresh(), amountAtomic: 5_000_000n, nonce: ++nonce });
    const noGas = await api.send(signed, testCall());
    expect(noGas).toEqual(err('Insufficient USDC balance for token transfer gas.'));
    expect(noGas.status === 'err' && isInsufficientBalance(noGas.message)).toBe(true);
    expect(fake.balances(relayer.address).perps).toBe(5_500_000n);
    expect(await api.send(await signSpotSend(relayer, { network: 'Mainnet', destination: fresh(), amountAtomic: 1n, nonce: ++nonce }), testCall())).toEqual(err(HYPERCORE_ERROR_TEXTS.insufficientBalance));
    fake.fund(relayer.address, { perpsAtomic: 1_000_000n });
    // A refused transfer spent its nonce (measured): the same request is now a replay.
    expect(await api.send(signed, testCall())).toEqual(err(`Invalid nonce: duplicate nonce ${signed.nonce}`));
    expect(await api.send(await signUsdSend(relayer, { network: 'Mainnet', destination: fresh(), amountAtomic: 5_000_000n, nonce: ++nonce }), testCall())).toEqual({ status: 'ok' });
    expect(fake.balances(relayer.address).perps).toBe(500_000n);
  });

  it('refuses a self-send, a zero amount, a mismatched nonce, an unknown token and an unreadable signature', async () => {
    fake.fund(relayer.address, { perpsAtomic: 10_000_000n, spotAtomic: 10_000_000n });
    expect(await api.send(await signUsdSend(relayer, { network: 'Mainnet', destination: relayer.address, amountAtomic: 1_000_000n, nonce: ++nonce }), testCall())).toEqual(err('Invalid send'));
    expect(await api.send(await signUsdSend(relayer, { network: 'Mainnet', destination: fresh(), amountAtomic: 0n, nonce: ++nonce }), testCall())).toEqual(err('Send amount cannot be zero'));
    const signed = await signSpotSend(relayer, { network: 'Mainnet', destination: fresh(), amountAtomic: 1_000_000n, nonce: ++nonce });
    expect(await api.send({ ...signed, nonce: signed.nonce + 1 }, testCall())).toEqual(err('Nonce mismatch.'));
    const zero = `0x${'0'.repeat(64)}` as const;
    expect(await api.send({ ...signed, signature: { r: zero, s: zero, v: 27 } }, testCall())).toEqual(err('Unable to recover signer.'));
    expect(fake.sentActions().at(-1)?.signer).toBe('0x0000000000000000000000000000000000000000');
    expect(fake.balances(relayer.address)).toMatchObject({ perps: 10_000_000n, spot: 10_000_000n });
  });

  it('refuses nonces outside the window and below the 100 highest, as measured', async () => {
    fake.fund(relayer.address, { perpsAtomic: 10_000_000n });
    const destination = fresh();
    const stale = clock - 2 * 86_400_000;
    expect(await api.send(await signUsdSend(relayer, { network: 'Mainnet', destination, amountAtomic: 1n, nonce: stale }), testCall())).toEqual(err(`Invalid nonce: nonce too low ${stale} < ${clock - 172_800_000 + 120_000}`));
    const future = clock + 86_400_000;
    expect(await api.send(await signUsdSend(relayer, { network: 'Mainnet', destination, amountAtomic: 1n, nonce: future }), testCall())).toEqual(err(`Invalid nonce: nonce too high ${future} > ${clock + 86_400_000 - 120_000}`));
    // A hundred refused-but-admitted nonces (zero amounts) raise the floor.
    for (let i = 1; i <= 100; i++) await api.send(await signUsdSend(relayer, { network: 'Mainnet', destination, amountAtomic: 0n, nonce: clock + 1_000 + i }), testCall());
    const below = await api.send(await signUsdSend(relayer, { network: 'Mainnet', destination, amountAtomic: 1n, nonce: clock + 1_000 }), testCall());
    expect(below).toEqual(err(`Invalid nonce: nonce too low ${clock + 1_000} < ${clock + 1_001}`));
    expect(below.status === 'err' && isNonceAlreadyUsed(below.message)).toBe(true);
  });

  it('preTransferCheck answers fee "0.0" (the object form, measured) and userHasSentTx after the first admitted action', async () => {
    fake.fund(relayer.address, { perpsAtomic: 10_000_000n });
    const user = fresh();
    expect(await api.preTransferCheck(user, relayer.address, testCall())).toEqual({ isSanctioned: false, userExists: false, fee: '0.0', userHasSentTx: false });
    expect(await api.preTransferCheck(relayer.address, user, testCall())).toMatchObject({ userExists: true, userHasSentTx: false });
    await api.send(await signUsdSend(relayer, { network: 'Mainnet', destination: user, amountAtomic: 0n, nonce: ++nonce }), testCall());
    expect(await api.preTransferCheck(relayer.address, user, testCall())).toMatchObject({ userExists: true, userHasSentTx: true });
  });

  it('a signer that never deposited, and a wrong signature, get "Must deposit" naming the recovered address', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const never = await api.send(await signUsdSend(stranger, { network: 'Mainnet', destination: fresh(), amountAtomic: 1_000_000n, nonce: ++nonce }), testCall());
    expect(never).toEqual(err(`Must deposit before performing actions. User: ${stranger.address.toLowerCase()}`));

    fake.fund(relayer.address, { perpsAtomic: 100_000_000n });
    const signed = await signUsdSend(relayer, { network: 'Mainnet', destination: fresh(), amountAtomic: 1_000_000n, nonce: ++nonce });
    const tampered = await api.send({ ...signed, action: { ...signed.action, amount: '90' } }, testCall());
    expect(tampered.status === 'err' && isMustDeposit(tampered.message)).toBe(true);
    const recovered = fake.sentActions().at(-1)?.signer;
    expect(recovered).not.toBe(relayer.address);
    expect(tampered).toEqual(err(`Must deposit before performing actions. User: ${recovered?.toLowerCase()}`));
    expect(fake.balances(relayer.address).perps).toBe(100_000_000n);
  });

  it('refuses an action signed for the other network', async () => {
    fake.fund(relayer.address, { perpsAtomic: 100_000_000n });
    const outcome = await api.send(await signUsdSend(relayer, { network: 'Testnet', destination: fresh(), amountAtomic: 1_000_000n, nonce: ++nonce }), testCall());
    expect(outcome.status).toBe('err');
    expect(fake.balances(relayer.address).perps).toBe(100_000_000n);
  });

  it('answers an unknown info type as the exchange does (422)', async () => {
    const response = await fetch(`${fake.url}/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'noSuchType', user: relayer.address }) });
    expect(response.status).toBe(422);
  });
});

describe('HyperCore fake: Bridge2 on a sandbox arbitrum chain', () => {
  const depositor = privateKeyToAccount('0x59c6995e998f97a0a8e5b9d0e0fb6c0a14b0d2b3fd0a9f4e6e5d2b8c2d3a4f5e');
  const spec = SANDBOX_CHAIN_SPECS.arbitrum;
  let chain: SandboxChain;
  let fake: HyperCoreFake;

  beforeAll(async () => {
    chain = await startSandboxChain(spec, { accounts: [depositor.address], usdcPerAccount: 100_000_000n, liquidity: 0n });
    fake = await startHyperCoreFake({ bridge2: { rpcUrl: chain.rpcUrl, usdc: spec.usdc, bridge: BRIDGE2, pollMs: 60_000 } });
  }, 120_000);
  afterAll(async () => {
    await fake?.close();
    await chain?.stop();
  });

  it('credits the sender\'s perps for a deposit of at least 5 USDC, with the arbitrum hash; a smaller one is lost', async () => {
    const viemChain = sandboxViemChain(chain);
    const pub = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) });
    const wallet = createWalletClient({ account: depositor, chain: viemChain, transport: http(chain.rpcUrl) });
    const pay = async (value: bigint) => {
      const hash = await wallet.writeContract({ address: spec.usdc, abi: erc20Abi, functionName: 'transfer', args: [BRIDGE2, value] });
      expect((await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
      return hash;
    };
    const big = await pay(12_340_000n);
    const small = await pay(4_999_999n);
    await fake.pollBridge2();
    await fake.pollBridge2();
    expect(fake.balances(depositor.address)).toEqual({ perps: 12_340_000n, spot: 0n, exists: true });
    expect(fake.lostDeposits()).toHaveLength(1);
    expect(fake.lostDeposits()[0]).toMatch(new RegExp(`^${small}:`));
    const api = apiOf(fake.url);
    const ledger = await api.ledger(depositor.address, 0, testCall());
    expect(ledger.map((e) => [e.type, e.hash, e.usdcAtomic])).toEqual([['deposit', big, 12_340_000n]]);
    expect(await api.accountExists(depositor.address, testCall())).toBe(true);
  }, 60_000);

  it('finds deposits by itself on its poll timer, from the first block on', async () => {
    const polling = await startHyperCoreFake({ bridge2: { rpcUrl: chain.rpcUrl, usdc: spec.usdc, bridge: BRIDGE2, pollMs: 50 } });
    try {
      await vi.waitFor(() => expect(polling.balances(depositor.address)).toEqual({ perps: 12_340_000n, spot: 0n, exists: true }), { timeout: 10_000, interval: 50 });
      expect(polling.lostDeposits()).toHaveLength(1);
    } finally {
      await polling.close();
    }
  }, 30_000);
});
