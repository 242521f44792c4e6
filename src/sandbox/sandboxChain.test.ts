import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  concat,
  createPublicClient,
  createWalletClient,
  http,
  keccak256,
  numberToHex,
  pad,
  parseAbi,
  parseEventLogs,
  slice,
  hexToBigInt,
  hexToNumber,
  toHex,
} from 'viem';
import type { Address, Hex, PublicClient, WalletClient, Chain, Account, Transport } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { clearSandboxCompileMemo, compileSandboxContracts, sandboxCompileCachePath } from './compileContracts.ts';
import { SANDBOX_CHAIN_SPECS, SANDBOX_CONTRACTS, sandboxViemChain, startSandboxChain } from './sandboxChain.ts';
import type { SandboxChain } from './sandboxChain.ts';

// ABIs written independently from the real contracts' interfaces (not from our compiled output),
// so decoding proves the stand-ins speak the real ABI.
const erc20Abi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
]);
const spokePoolAbi = parseAbi([
  'function depositV3(address depositor, address recipient, address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable',
  'event V3FundsDeposited(address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 indexed destinationChainId, uint32 indexed depositId, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, address indexed depositor, address recipient, address exclusiveRelayer, bytes message)',
]);
const tokenMessengerAbi = parseAbi([
  'function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, bytes32 destinationCaller, uint256 maxFee, uint32 minFinalityThreshold)',
  'function depositForBurnWithHook(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, bytes32 destinationCaller, uint256 maxFee, uint32 minFinalityThreshold, bytes hookData)',
  'event DepositForBurn(address indexed burnToken, uint256 amount, address indexed depositor, bytes32 mintRecipient, uint32 destinationDomain, bytes32 destinationTokenMessenger, bytes32 destinationCaller, uint256 maxFee, uint32 indexed minFinalityThreshold, bytes hookData)',
]);
const transmitterAbi = parseAbi([
  'function receiveMessage(bytes message, bytes attestation) returns (bool)',
  'function usedNonces(bytes32) view returns (uint256)',
  'function localDomain() view returns (uint32)',
  'event MessageSent(bytes message)',
  'event MessageReceived(address indexed caller, uint32 sourceDomain, bytes32 indexed nonce, bytes32 sender, uint32 indexed finalityThresholdExecuted, bytes messageBody)',
]);

const USER = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC_PER_ACCOUNT = 1_000_000_000n; // 1,000 USDC
const LIQUIDITY = 50_000_000_000n; // 50,000 USDC
const base = SANDBOX_CHAIN_SPECS.base;
const arbitrum = SANDBOX_CHAIN_SPECS.arbitrum;

interface Clients {
  chain: SandboxChain;
  pub: PublicClient;
  wallet: WalletClient<Transport, Chain, Account>;
}
function clientsFor(chain: SandboxChain): Clients {
  const viemChain = sandboxViemChain(chain);
  const transport = http(chain.rpcUrl);
  return {
    chain,
    pub: createPublicClient({ chain: viemChain, transport }),
    wallet: createWalletClient({ account: USER, chain: viemChain, transport }),
  };
}

async function sendAndWait(c: Clients, tx: Promise<Hex>) {
  const receipt = await c.pub.waitForTransactionReceipt({ hash: await tx, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
  return receipt;
}

/** Approves the TokenMessenger for `amount` of base USDC, then burns with `functionName`; returns the burn receipt. */
async function approveAndBurn(c: Clients, usdc: Address, amount: bigint, functionName: 'depositForBurn' | 'depositForBurnWithHook', args: readonly unknown[]) {
  await sendAndWait(c, c.wallet.writeContract({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [SANDBOX_CONTRACTS.tokenMessengerV2, amount] }));
  return sendAndWait(c, c.wallet.writeContract({ address: SANDBOX_CONTRACTS.tokenMessengerV2, abi: tokenMessengerAbi, functionName, args } as never));
}

const usdcBalance = (c: Clients, usdc: Address, who: Address) =>
  c.pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [who] });

describe('sandbox chains (anvil + stand-ins at real addresses)', () => {
  let b: Clients;
  let a: Clients;
  const started: SandboxChain[] = [];

  beforeAll(async () => {
    const funding = { accounts: [USER.address], usdcPerAccount: USDC_PER_ACCOUNT, liquidity: LIQUIDITY };
    const results = await Promise.allSettled([startSandboxChain(base, funding), startSandboxChain(arbitrum, funding)]);
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
    for (const r of results) if (r.status === 'rejected') throw r.reason;
    const [baseChain, arbChain] = started;
    if (!baseChain || !arbChain) throw new Error('chains did not start');
    b = clientsFor(baseChain);
    a = clientsFor(arbChain);
  });

  afterAll(async () => {
    await Promise.all(started.map((c) => c.stop()));
  });

  it('runs with the real chain ids and has USDC code at the real addresses', async () => {
    expect(await b.pub.getChainId()).toBe(8453);
    expect(await a.pub.getChainId()).toBe(42161);
    for (const [c, spec] of [[b, base], [a, arbitrum]] as const) {
      expect((await c.pub.getCode({ address: spec.usdc }))?.length ?? 0).toBeGreaterThan(2);
      expect((await c.pub.getCode({ address: spec.spokePool }))?.length ?? 0).toBeGreaterThan(2);
      expect((await c.pub.getCode({ address: SANDBOX_CONTRACTS.tokenMessengerV2 }))?.length ?? 0).toBeGreaterThan(2);
      expect(await c.pub.readContract({ address: spec.usdc, abi: erc20Abi, functionName: 'decimals' })).toBe(6);
      expect(await c.pub.readContract({ address: spec.usdc, abi: erc20Abi, functionName: 'symbol' })).toBe('USDC');
      expect(
        await c.pub.readContract({
          address: SANDBOX_CONTRACTS.messageTransmitterV2,
          abi: transmitterAbi,
          functionName: 'localDomain',
        }),
      ).toBe(spec.cctpDomain);
    }
  });

  it('funds the accounts with ETH and USDC and the transmitter with liquidity', async () => {
    for (const [c, spec] of [[b, base], [a, arbitrum]] as const) {
      expect(await c.pub.getBalance({ address: USER.address })).toBe(10_000n * 10n ** 18n);
      expect(await usdcBalance(c, spec.usdc, USER.address)).toBe(USDC_PER_ACCOUNT);
      expect(await usdcBalance(c, spec.usdc, SANDBOX_CONTRACTS.messageTransmitterV2)).toBe(LIQUIDITY);
    }
  });

  it('Across depositV3 on base pulls the USDC and emits a decodable V3FundsDeposited', async () => {
    const amount = 100_000_000n; // 100 USDC
    const before = await usdcBalance(b, base.usdc, USER.address);
    await sendAndWait(
      b,
      b.wallet.writeContract({ address: base.usdc, abi: erc20Abi, functionName: 'approve', args: [base.spokePool, amount] }),
    );
    const now = Number((await b.pub.getBlock()).timestamp);
    const receipt = await sendAndWait(
      b,
      b.wallet.writeContract({
        address: base.spokePool,
        abi: spokePoolAbi,
        functionName: 'depositV3',
        args: [
          USER.address,
          RECIPIENT,
          base.usdc,
          arbitrum.usdc,
          amount,
          amount - 50_000n,
          42161n,
          '0x0000000000000000000000000000000000000000',
          now,
          now + 3600,
          0,
          '0x',
        ],
      }),
    );
    expect(await usdcBalance(b, base.usdc, USER.address)).toBe(before - amount);
    expect(await usdcBalance(b, base.usdc, base.spokePool)).toBe(amount);

    const [log, ...rest] = parseEventLogs({ abi: spokePoolAbi, eventName: 'V3FundsDeposited', logs: receipt.logs });
    expect(rest).toHaveLength(0);
    expect(log?.address.toLowerCase()).toBe(base.spokePool.toLowerCase());
    expect(log?.args).toMatchObject({
      inputToken: base.usdc,
      outputToken: arbitrum.usdc,
      inputAmount: amount,
      outputAmount: amount - 50_000n,
      destinationChainId: 42161n,
      depositId: 0,
      quoteTimestamp: now,
      fillDeadline: now + 3600,
      exclusivityDeadline: 0,
      depositor: USER.address,
      recipient: RECIPIENT,
      message: '0x',
    });
  });

  it('CCTP v2: depositForBurn on base, then receiveMessage on arbitrum pays amount - feeExecuted once', async () => {
    const amount = 200_000_000n; // 200 USDC
    const maxFee = 100_000n;
    const feeExecuted = 40_000n;
    const mintRecipient = pad(RECIPIENT.toLowerCase() as Hex);
    const receipt = await approveAndBurn(b, base.usdc, amount, 'depositForBurn', [amount, 3, mintRecipient, base.usdc, pad('0x00'), maxFee, 1000]);
    expect(await usdcBalance(b, base.usdc, SANDBOX_CONTRACTS.tokenMessengerV2)).toBe(amount);

    const [burn] = parseEventLogs({ abi: tokenMessengerAbi, eventName: 'DepositForBurn', logs: receipt.logs });
    expect(burn?.address.toLowerCase()).toBe(SANDBOX_CONTRACTS.tokenMessengerV2.toLowerCase());
    expect(burn?.args).toMatchObject({
      burnToken: base.usdc,
      amount,
      depositor: USER.address,
      mintRecipient,
      destinationDomain: 3,
      destinationTokenMessenger: pad(SANDBOX_CONTRACTS.tokenMessengerV2.toLowerCase() as Hex),
      maxFee,
      minFinalityThreshold: 1000,
      hookData: '0x',
    });
    const [sent] = parseEventLogs({ abi: transmitterAbi, eventName: 'MessageSent', logs: receipt.logs });
    expect(sent?.address.toLowerCase()).toBe(SANDBOX_CONTRACTS.messageTransmitterV2.toLowerCase());
    const message = sent?.args.message;
    if (!message) throw new Error('no MessageSent');

    // Real v2 layout on the source side.
    expect(hexToNumber(slice(message, 0, 4))).toBe(1); // version
    expect(hexToNumber(slice(message, 4, 8))).toBe(6); // source domain (base)
    expect(hexToNumber(slice(message, 8, 12))).toBe(3); // destination domain (arbitrum)
    expect(slice(message, 12, 44)).toBe(pad('0x00')); // nonce: not yet assigned
    expect(hexToNumber(slice(message, 140, 144))).toBe(1000); // minFinalityThreshold
    expect(hexToNumber(slice(message, 144, 148))).toBe(0); // finalityThresholdExecuted
    const body = slice(message, 148);
    expect(hexToBigInt(slice(body, 68, 100))).toBe(amount);
    expect(slice(body, 100, 132)).toBe(pad(USER.address.toLowerCase() as Hex)); // messageSender
    expect(hexToBigInt(slice(body, 132, 164))).toBe(maxFee);

    // Play the attestation service: assign the nonce, the executed threshold and the fee.
    const nonce = keccak256(toHex(`sandbox-test-${Date.now()}`));
    const attested = concat([
      slice(message, 0, 12),
      nonce,
      slice(message, 44, 144),
      numberToHex(1000, { size: 4 }),
      slice(body, 0, 164),
      numberToHex(feeExecuted, { size: 32 }),
      slice(body, 196),
    ]);
    expect(attested.length).toBe(message.length);

    const recipientBefore = await usdcBalance(a, arbitrum.usdc, RECIPIENT);
    const liquidityBefore = await usdcBalance(a, arbitrum.usdc, SANDBOX_CONTRACTS.messageTransmitterV2);
    const mintReceipt = await sendAndWait(
      a,
      a.wallet.writeContract({
        address: SANDBOX_CONTRACTS.messageTransmitterV2,
        abi: transmitterAbi,
        functionName: 'receiveMessage',
        args: [attested, '0x'],
      }),
    );
    expect(await usdcBalance(a, arbitrum.usdc, RECIPIENT)).toBe(recipientBefore + amount - feeExecuted);
    expect(await usdcBalance(a, arbitrum.usdc, SANDBOX_CONTRACTS.messageTransmitterV2)).toBe(
      liquidityBefore - (amount - feeExecuted),
    );
    expect(
      await a.pub.readContract({
        address: SANDBOX_CONTRACTS.messageTransmitterV2,
        abi: transmitterAbi,
        functionName: 'usedNonces',
        args: [nonce],
      }),
    ).toBe(1n);
    const [received] = parseEventLogs({ abi: transmitterAbi, eventName: 'MessageReceived', logs: mintReceipt.logs });
    expect(received?.args).toMatchObject({
      caller: USER.address,
      sourceDomain: 6,
      nonce,
      finalityThresholdExecuted: 1000,
      messageBody: slice(attested, 148),
    });

    // Replay is rejected.
    await expect(
      a.pub.simulateContract({
        account: USER,
        address: SANDBOX_CONTRACTS.messageTransmitterV2,
        abi: transmitterAbi,
        functionName: 'receiveMessage',
        args: [attested, '0x'],
      }),
    ).rejects.toThrow(/Nonce already used/);
    // A message for another domain is rejected too (base's transmitter is domain 6).
    await expect(
      b.pub.simulateContract({
        account: USER,
        address: SANDBOX_CONTRACTS.messageTransmitterV2,
        abi: transmitterAbi,
        functionName: 'receiveMessage',
        args: [attested, '0x'],
      }),
    ).rejects.toThrow(/Invalid destination domain/);
  });

  it('CCTP v2: depositForBurnWithHook carries the hook data; invalid burns revert', async () => {
    const simulateBurn = (args: {
      amount: bigint;
      maxFee: bigint;
      hookData?: Hex;
    }) =>
      args.hookData === undefined
        ? b.pub.simulateContract({
            account: USER,
            address: SANDBOX_CONTRACTS.tokenMessengerV2,
            abi: tokenMessengerAbi,
            functionName: 'depositForBurn',
            args: [args.amount, 3, pad(RECIPIENT), base.usdc, pad('0x00'), args.maxFee, 2000],
          })
        : b.pub.simulateContract({
            account: USER,
            address: SANDBOX_CONTRACTS.tokenMessengerV2,
            abi: tokenMessengerAbi,
            functionName: 'depositForBurnWithHook',
            args: [args.amount, 3, pad(RECIPIENT), base.usdc, pad('0x00'), args.maxFee, 2000, args.hookData],
          });
    await expect(simulateBurn({ amount: 0n, maxFee: 0n })).rejects.toThrow(/Amount must be nonzero/);
    await expect(simulateBurn({ amount: 10n, maxFee: 10n })).rejects.toThrow(/Max fee must be less than amount/);
    await expect(simulateBurn({ amount: 10n, maxFee: 0n, hookData: '0x' })).rejects.toThrow(/Hook data is empty/);

    const amount = 5_000_000n;
    const receipt = await approveAndBurn(b, base.usdc, amount, 'depositForBurnWithHook', [amount, 3, pad(RECIPIENT), base.usdc, pad('0x00'), 0n, 2000, '0xdeadbeef']);
    const [burn] = parseEventLogs({ abi: tokenMessengerAbi, eventName: 'DepositForBurn', logs: receipt.logs });
    expect(burn?.args.hookData).toBe('0xdeadbeef');
    const [sent] = parseEventLogs({ abi: transmitterAbi, eventName: 'MessageSent', logs: receipt.logs });
    expect(sent && slice(sent.args.message, 148 + 228)).toBe('0xdeadbeef');
  });
});

describe('compileSandboxContracts', () => {
  it('caches the compile on disk: a second compile (memo cleared) returns the same bytecode', async () => {
    const first = await compileSandboxContracts();
    expect(existsSync(await sandboxCompileCachePath())).toBe(true);
    clearSandboxCompileMemo();
    const second = await compileSandboxContracts();
    expect(second).not.toBe(first); // really re-read, not the memoized object
    for (const name of ['SandboxUSDC', 'SandboxSpokePool', 'SandboxTokenMessengerV2', 'SandboxMessageTransmitterV2'] as const) {
      expect(second[name].runtimeBytecode).toBe(first[name].runtimeBytecode);
      expect(second[name].abi).toEqual(first[name].abi);
    }
    expect(await compileSandboxContracts()).toBe(second); // memoized in-process
  });
});
