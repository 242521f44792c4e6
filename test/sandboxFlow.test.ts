import { createPublicClient, createWalletClient, decodeFunctionData, erc20Abi, http, parseAbi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStraitClient, runTransfer, StraitApiError, unwrap, type BuildResult, type QuoteRequest, type StraitClient } from '@strait/client';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const ARB_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

let sandbox: RunningSandbox;
let client: StraitClient;

beforeAll(async () => {
  // The flows here make more calls from one client than §8 allows in a minute.
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
  client = createStraitClient({ baseUrl: sandbox.info.baseUrl });
});
afterAll(async () => {
  await sandbox?.stop();
});

function corridor(user: Hex, extra: Partial<QuoteRequest> = {}): QuoteRequest {
  return { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: user, recipient: user, ...extra };
}

/** Squid's router stand-in at Squid's real address: its built call must bridge to arbitrum through it. */
const SQUID_ROUTER = '0xce16F69375520ab01377ce7B88f5BA8C48F8D666';
const squidCall = parseAbi(['struct Call { uint8 callType; address target; uint256 value; bytes callData; bytes payload; }', 'function callBridgeCall(address token, uint256 amount, Call[] calls, string bridgedTokenSymbol, string destinationChain, string destinationAddress, bytes payload, address gasRefundRecipient, bool enableExpress) payable']);

/** What a venue's build must show beyond what every build does. */
const BUILD_CHECKS: Readonly<Record<string, (build: BuildResult) => void>> = {
  squid: (build) => {
    const main = build.steps?.find((s) => s.step === 'main');
    if (main?.vm !== 'evm') throw new Error(`squid built no EVM main step: ${JSON.stringify(build.steps)}`);
    expect(main.to).toBe(SQUID_ROUTER);
    expect(decodeFunctionData({ abi: squidCall, data: main.data as Hex }).args[4]).toBe('arbitrum');
    const approve = build.steps?.find((s) => s.step === 'approve');
    expect(approve?.vm === 'evm' ? approve.to : null).toBe(BASE_USDC);
  },
};

/** Quote → build → sign every step with viem → submit → poll to COMPLETED, all over HTTP through @strait/client. */
async function transferThroughVenue(venue: string, accountIndex: number, referrer: Hex | null = null, exactOut: bigint | null = null) {
  const user = sandbox.info.accounts[accountIndex]!;
  const account = privateKeyToAccount(user.privateKey);
  const base = sandbox.info.chains.base!;
  const arbitrum = sandbox.info.chains.arbitrum!;
  const arbClient = createPublicClient({ transport: http(arbitrum.rpcUrl) });
  const before = await arbClient.readContract({ address: ARB_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });
  const baseRead = createPublicClient({ transport: http(base.rpcUrl) });
  const referrerBefore = referrer ? await baseRead.readContract({ address: BASE_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [referrer] }) : 0n;

  const quote = await client.POST('/bridge/quote', { body: corridor(user.address, { ...(referrer ? { referralWallet: referrer, referralBps: 10 } : {}), ...(exactOut !== null ? { tradeType: 'EXACT_OUT', amountAtomic: exactOut.toString() } : {}) }) });
  expect(quote.response.status).toBe(200);
  const decision = unwrap(quote);
  const row = decision.quotes.find((q) => q.venue === venue);
  expect(row, `${venue} priced: ${JSON.stringify(decision.rejected)}`).toBeDefined();

  const signed = new Map<number, Hex>();
  let repeated = 0;
  const { transfer, submissions } = await runTransfer({
    client,
    decisionId: decision.decisionId,
    quote: row,
    wallet: createWalletClient({ account, transport: http(base.rpcUrl) }),
    publicClients: baseRead,
    pollIntervalMs: 250,
    timeoutMs: 30_000,
    onProgress: async (progress) => {
      if (progress.phase === 'built') {
        const { build } = progress;
        const again = unwrap(await client.POST('/bridge/build', { body: { decisionId: decision.decisionId, quoteId: row!.quoteId } }));
        expect(again.transferId).toBe(build.transferId);
        // deBridge's flat fee rides beside the USDC: declared, bounded and stated by the build.
        if (venue === 'debridge' || venue === 'allbridge') expect(BigInt(build.nativeFeeAtomic ?? '0')).toBeGreaterThan(0n);
        else expect(build.nativeFeeAtomic).toBe('0');
        BUILD_CHECKS[venue]?.(build);
        if (exactOut !== null) {
          // The recipient's amount is fixed: Strait's cuts are added to what the sender pays.
          expect(build).toMatchObject({ feeBasis: 'added', expectedOutAtomic: exactOut.toString(), minOutAtomic: exactOut.toString() });
          expect(BigInt(build.amountInAtomic)).toBeGreaterThan(exactOut);
        }
        // A deposit build hands out `deposit` and at most `fee` steps; the wallet funds the address itself, once.
        if (build.deposit) expect((build.steps ?? []).map((s) => s.step).filter((kind) => kind !== 'fee')).toEqual([]);
      }
      if (progress.phase === 'signed') signed.set(progress.index, progress.signedTransaction);
      if (progress.phase === 'submitted') {
        expect(progress.result, JSON.stringify(progress.result)).toMatchObject({ accepted: true, verification: 'verified' });
      }
      if (progress.phase === 'confirmed') {
        const repeat = unwrap(await client.POST('/bridge/transfers/{id}/submit', { params: { path: { id: progress.transferId } }, body: { signedTransaction: signed.get(progress.index)!, step: progress.step } }));
        expect(repeat).toMatchObject({ accepted: false, txHash: progress.txHash });
        repeated++;
      }
    },
  });
  expect(submissions.at(-1)?.step).toBe('main');
  // Every step went through the checks above: signed, accepted and verified, mined, and idempotent.
  expect(repeated).toBe(submissions.length);
  // The id is case-insensitive (spec §4): the poller used it as built; read it once more upper-cased.
  const read = unwrap(await client.GET('/bridge/transfers/{id}', { params: { path: { id: transfer.transferId.toUpperCase() } } }));
  expect(read.status).toBe(transfer.status);
  expect(transfer.status).toBe('COMPLETED');
  // deBridge's order status names no destination transaction (docs/venues/debridge.md).
  if (venue !== 'debridge') expect(transfer.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(transfer.completedAt).toBeGreaterThan(0);
  const after = await arbClient.readContract({ address: ARB_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });
  expect(after - before).toBe(BigInt(transfer.receivedAmountAtomic!));
  expect(after).toBeGreaterThan(before);
  if (exactOut !== null) expect(after - before).toBe(exactOut);
  // Every cut was signed beside the bridge call, so every fee row settled, paid by the user's own signature.
  for (const fee of transfer.fees) expect(fee.status).toBe('settled');
  // Squid's router stand-in kept what the main step bridged (the fake paid the recipient from its solver).
  if (venue === 'squid') expect(await baseRead.readContract({ address: BASE_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [SQUID_ROUTER] })).toBeGreaterThan(0n);
  if (referrer) {
    const referral = transfer.fees.find((f) => f.kind === 'referral');
    expect(referral?.amountAtomic).toBe('100000');
    const referrerAfter = await baseRead.readContract({ address: BASE_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [referrer] });
    expect(referrerAfter - referrerBefore).toBe(100_000n);
  }
}

/** Changes one hex digit of calldata (inside the first argument: the depositor/recipient words). */
function flipNibble(data: Hex, index: number): Hex {
  const digit = data[index] === 'f' ? 'e' : 'f';
  return `${data.slice(0, index)}${digit}${data.slice(index + 1)}` as Hex;
}

describe('sandbox: quote 100 USDC base → arbitrum, build, sign, submit, track to COMPLETED', () => {
  it('prints the documented JSON line shape', () => {
    expect(sandbox.info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(sandbox.info.chains.base?.chainId).toBe(8453);
    expect(sandbox.info.chains.arbitrum?.chainId).toBe(42161);
    expect(sandbox.info.accounts.length).toBeGreaterThanOrEqual(10);
  });

  it('prices the corridor at every venue and ranks by net output', async () => {
    const user = sandbox.info.accounts[0]!;
    const quote = unwrap(await client.POST('/bridge/quote', { body: corridor(user.address) }));
    expect(quote.quotes.map((q) => q.venue).sort()).toEqual(['across', 'allbridge', 'cctp', 'debridge', 'exolix', 'lifi', 'meson', 'nearintents', 'relay', 'squid']);
    const outs = quote.quotes.map((q) => BigInt(q.amountOutAtomic));
    expect(outs).toEqual([...outs].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(quote.bestByPrice).toBe(quote.best?.quoteId);
  });

  it.each([
    ['across', 1],
    ['relay', 2],
    ['cctp', 3],
    ['nearintents', 4],
    ['lifi', 7],
    ['squid', 8],
    // deBridge's flat fee rides beside the USDC as the build's declared native fee.
    ['debridge', 0],
    // Allbridge's messenger fee rides beside the USDC too (declared native fee); the account is reused, the tests run in turn.
    ['allbridge', 3],
  ])('completes a transfer through %s', async (venue, index) => {
    await transferThroughVenue(venue, index);
  });

  it('prices an exact output only at venues that can deliver it, cheapest input first', async () => {
    const user = sandbox.info.accounts[0]!;
    const quote = unwrap(await client.POST('/bridge/quote', { body: corridor(user.address, { tradeType: 'EXACT_OUT', amountAtomic: '50000000' }) }));
    expect(quote.quotes.map((q) => q.venue).sort()).toEqual(['across', 'relay']);
    for (const row of quote.quotes) expect(row).toMatchObject({ amountOutAtomic: '50000000', minAmountOutAtomic: '50000000' });
    const ins = quote.quotes.map((q) => BigInt(q.amountInAtomic));
    expect(ins).toEqual([...ins].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(quote.rejected.find((r) => r.venue === 'cctp')).toMatchObject({ code: 'trade_type_not_supported', details: { tradeTypes: ['EXACT_IN'] } });
  });

  it.each([
    ['across', 1],
    ['relay', 2],
  ])('delivers exactly 50 USDC through %s on an exact-output quote', async (venue, index) => {
    await transferThroughVenue(venue, index, null, 50_000_000n);
  });

  it('pays a referrer 10 bps of the amount in the same signatures as the transfer', async () => {
    await transferThroughVenue('across', 6, sandbox.info.accounts[9]!.address);
  });

  it('refuses a tampered signed transaction and broadcasts nothing', async () => {
    const user = sandbox.info.accounts[5]!;
    const account = privateKeyToAccount(user.privateKey);
    const quote = unwrap(await client.POST('/bridge/quote', { body: corridor(user.address) }));
    const row = quote.quotes.find((q) => q.venue === 'across')!;
    const build = unwrap(await client.POST('/bridge/build', { body: { decisionId: quote.decisionId, quoteId: row.quoteId } }));
    const main = build.steps?.find((s) => s.step === 'main');
    if (main?.vm !== 'evm') throw new Error(`across built no evm main step: ${JSON.stringify(build.steps)}`);
    const baseClient = createPublicClient({ transport: http(sandbox.info.chains.base!.rpcUrl) });
    const nonce = await baseClient.getTransactionCount({ address: user.address });
    const signed = await account.signTransaction({ chainId: main.chainId, to: main.to as Hex, data: flipNibble(main.data as Hex, 40), value: 0n, nonce, gas: 300_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, type: 'eip1559' });
    const submit = await client.POST('/bridge/transfers/{id}/submit', { params: { path: { id: build.transferId } }, body: { signedTransaction: signed, step: 'main' } });
    expect(submit.response.status).toBe(422);
    const refused = (() => {
      try {
        return unwrap(submit);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(StraitApiError);
    const { envelope } = refused as StraitApiError;
    expect(envelope.error.code).toBe('transaction_mismatch');
    expect((envelope.error.details as { mismatches: { field: string }[] }).mismatches.map((m) => m.field)).toEqual(['data']);
    expect(await baseClient.getTransactionCount({ address: user.address })).toBe(nonce);
    const transfer = unwrap(await client.GET('/bridge/transfers/{id}', { params: { path: { id: build.transferId } } }));
    expect(transfer).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null });
  });
});
