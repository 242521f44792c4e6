import { createPublicClient, createWalletClient, decodeFunctionData, erc20Abi, http, parseAbi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStraitClient, runTransfer, unwrap, type StraitClient } from '@strait/client';
import { startSandbox, type RunningSandbox } from '../../sandbox/startSandbox.ts';

/**
 * Squid settling for real in the sandbox: quote 100 USDC base → arbitrum, build (an exact approve and
 * one checked `callBridgeCall` to the router stand-in at Squid's real router address), sign with viem,
 * submit, and track to COMPLETED while the fake pays the recipient on arbitrum. The sandbox switches
 * Squid on only with its integrator id, which Squid requires on every call.
 */

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const ARB_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const ROUTER = '0xce16F69375520ab01377ce7B88f5BA8C48F8D666';

let sandbox: RunningSandbox;
let client: StraitClient;

beforeAll(async () => {
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0', STRAIT_VENUE_SQUID_INTEGRATOR_ID: 'strait-sandbox' });
  client = createStraitClient({ baseUrl: sandbox.info.baseUrl });
}, 120_000);
afterAll(async () => {
  await sandbox?.stop();
});

describe('sandbox: Squid settles on the sandbox chains', () => {
  it('quotes, builds, signs, submits and reaches COMPLETED with the USDC paid on arbitrum', async () => {
    const user = sandbox.info.accounts[8]!;
    const account = privateKeyToAccount(user.privateKey);
    const base = sandbox.info.chains.base!;
    const arbitrum = sandbox.info.chains.arbitrum!;
    const arbRead = createPublicClient({ transport: http(arbitrum.rpcUrl) });
    const baseRead = createPublicClient({ transport: http(base.rpcUrl) });
    const before = await arbRead.readContract({ address: ARB_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });

    const decision = unwrap(await client.POST('/bridge/quote', { body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: user.address, recipient: user.address } }));
    const row = decision.quotes.find((q) => q.venue === 'squid');
    expect(row, `squid priced: ${JSON.stringify(decision.rejected)}`).toBeDefined();
    expect(row?.eligibility).toBe('ok');

    const { transfer, submissions } = await runTransfer({
      client,
      decisionId: decision.decisionId,
      quote: row,
      wallet: createWalletClient({ account, transport: http(base.rpcUrl) }),
      publicClients: baseRead,
      pollIntervalMs: 250,
      timeoutMs: 30_000,
      onProgress: (progress) => {
        if (progress.phase !== 'built') return;
        const main = progress.build.steps?.find((s) => s.step === 'main');
        if (main?.vm !== 'evm') throw new Error(`squid built no EVM main step: ${JSON.stringify(progress.build.steps)}`);
        expect(main.to).toBe(ROUTER);
        const call = decodeFunctionData({ abi: parseAbi(['struct Call { uint8 callType; address target; uint256 value; bytes callData; bytes payload; }', 'function callBridgeCall(address token, uint256 amount, Call[] calls, string bridgedTokenSymbol, string destinationChain, string destinationAddress, bytes payload, address gasRefundRecipient, bool enableExpress) payable']), data: main.data as Hex });
        expect(call.args[4]).toBe('arbitrum');
        const approve = progress.build.steps?.find((s) => s.step === 'approve');
        expect(approve?.vm === 'evm' ? approve.to : null).toBe(BASE_USDC);
      },
    });
    expect(submissions.at(-1)?.step).toBe('main');
    expect(transfer.status).toBe('COMPLETED');
    expect(transfer.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    const after = await arbRead.readContract({ address: ARB_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });
    expect(after).toBeGreaterThan(before);
    // Squid's status names no amount: the adapter read it from the destination transaction's logs.
    expect(after - before).toBe(BigInt(transfer.receivedAmountAtomic!));
    // The router stand-in kept exactly the amount the main step bridged.
    const held = await baseRead.readContract({ address: BASE_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [ROUTER] });
    expect(held).toBeGreaterThan(0n);
  }, 90_000);
});
