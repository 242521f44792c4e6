/**
 * A sandbox EVM chain: anvil with the REAL chain id, and Solidity stand-ins installed (anvil_setCode)
 * at the REAL mainnet addresses of USDC, the Across SpokePool and Circle's CCTP v2 contracts, so the
 * service's unsigned transactions run unchanged and really move (sandbox) tokens.
 *
 * Configuration of the stand-ins (no constructor ever runs under anvil_setCode):
 * - SandboxMessageTransmitterV2 gets its CCTP domain via `setLocalDomain(uint32)` and the USDC it pays
 *   out via `setLocalUsdc(address)`; both are callable once and are called here, right after the code
 *   is installed, from the impersonated SANDBOX_ADMIN account.
 * - SandboxTokenMessengerV2 has no state: it reaches the transmitter at its real constant address
 *   and the destination TokenMessenger is itself (same address on every chain).
 * - SandboxUSDC and SandboxSpokePool need no configuration.
 */
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  parseAbi,
  parseEther,
} from 'viem';
import type { Address, Chain, Hex } from 'viem';
import { startAnvil } from './anvil.ts';
import type { AnvilInstance } from './anvil.ts';
import { compileSandboxContracts } from './compileContracts.ts';
import { installWormholeStandIns } from './wormholeStandIns.ts';

export interface SandboxChainSpec {
  key: string;
  chainId: number;
  usdc: Address;
  /** CCTP domain; when set, TokenMessengerV2/MessageTransmitterV2 stand-ins are installed. */
  cctpDomain?: number;
  /** Across SpokePool address; when set, the SpokePool stand-in is installed there. */
  spokePool?: Address;
  /** LI.FI diamond address; when set, the diamond stand-in is installed there. */
  lifiDiamond?: Address;
  /** Squid router address; when set, the router stand-in is installed there. */
  squidRouter?: Address;
  /** Meson contract address; when set, the Meson stand-in (`postSwap`) is installed there. */
  meson?: Address;
  /** Anvil's `--network`: `optimism` takes OP Stack deposit transactions (type 0x7e). */
  anvilNetwork?: 'optimism';
}

export interface SandboxChain {
  key: string;
  chainId: number;
  rpcUrl: string;
  stop(): Promise<void>;
}

/** Circle CCTP v2 contracts: the same addresses on every chain. */
export const SANDBOX_CONTRACTS: { tokenMessengerV2: Address; messageTransmitterV2: Address } = {
  tokenMessengerV2: '0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d',
  messageTransmitterV2: '0x81D40F21F12A8F0E3252Bccb954D722d4c464B64',
};

/** Impersonated account that configures the stand-ins and mints USDC (holds no key). */
export const SANDBOX_ADMIN: Address = '0x0000000000000000000000000000000000005a4d';

export const SANDBOX_CHAIN_SPECS = {
  base: {
    key: 'base',
    chainId: 8453,
    usdc: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    cctpDomain: 6,
    spokePool: '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64',
    // lifinance/contracts deployments/<chain>.json `LiFiDiamond` (src/venues/lifi/lifiChains.ts).
    lifiDiamond: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
    // Squid's router (src/venues/squid/squidChains.ts: lifinance/contracts config/squid.json).
    squidRouter: '0xce16F69375520ab01377ce7B88f5BA8C48F8D666',
    // MesonFi/meson-contracts-solidity presets `mesonAddress` (src/venues/meson/mesonChains.ts).
    meson: '0x25aB3Efd52e6470681CE037cD546Dc60726948D3',
  },
  arbitrum: {
    key: 'arbitrum',
    chainId: 42161,
    usdc: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    cctpDomain: 3,
    spokePool: '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A',
    // lifinance/contracts deployments/<chain>.json `LiFiDiamond` (src/venues/lifi/lifiChains.ts).
    lifiDiamond: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
    // Squid's router (src/venues/squid/squidChains.ts: lifinance/contracts config/squid.json).
    squidRouter: '0xce16F69375520ab01377ce7B88f5BA8C48F8D666',
    // MesonFi/meson-contracts-solidity presets `mesonAddress` (src/venues/meson/mesonChains.ts).
    meson: '0x25aB3Efd52e6470681CE037cD546Dc60726948D3',
  },
  ethereum: {
    key: 'ethereum',
    chainId: 1,
    usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    cctpDomain: 0,
    spokePool: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
    // lifinance/contracts deployments/<chain>.json `LiFiDiamond` (src/venues/lifi/lifiChains.ts).
    lifiDiamond: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
    // Squid's router (src/venues/squid/squidChains.ts: lifinance/contracts config/squid.json).
    squidRouter: '0xce16F69375520ab01377ce7B88f5BA8C48F8D666',
  },
  optimism: {
    key: 'optimism',
    chainId: 10,
    // The OP Stack sandbox's sequencer relays Ethereum deposits as 0x7e transactions (opStackSandbox.ts).
    anvilNetwork: 'optimism',
    usdc: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
    cctpDomain: 2,
    spokePool: '0x6f26Bf09B1C792e3228e5467807a900A503c0281',
    // lifinance/contracts deployments/<chain>.json `LiFiDiamond` (src/venues/lifi/lifiChains.ts).
    lifiDiamond: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
    // Squid's router (src/venues/squid/squidChains.ts: lifinance/contracts config/squid.json).
    squidRouter: '0xce16F69375520ab01377ce7B88f5BA8C48F8D666',
  },
} as const satisfies Record<string, SandboxChainSpec>;

const ETH_PER_ACCOUNT = parseEther('10000');

const setupAbi = parseAbi([
  'function mint(address to, uint256 amount)',
  'function setLocalDomain(uint32 domain)',
  'function setLocalUsdc(address usdc)',
]);

/** A viem chain object for a sandbox chain (handy for clients talking to it). */
export function sandboxViemChain(chain: { key: string; chainId: number; rpcUrl: string }): Chain {
  return defineChain({
    id: chain.chainId,
    name: `sandbox-${chain.key}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
}

/**
 * Starts anvil for `spec`, installs the stand-ins at their real addresses with anvil_setCode,
 * configures them, and funds: every account in `accounts` with 10,000 ETH (anvil_setBalance) and
 * `usdcPerAccount` USDC (mint); the CCTP transmitter with `liquidity` USDC.
 */
export async function startSandboxChain(
  spec: SandboxChainSpec,
  funding: { accounts: Address[]; usdcPerAccount: bigint; liquidity: bigint },
): Promise<SandboxChain> {
  const [anvil, contracts] = await Promise.all([startAnvil({ chainId: spec.chainId, ...(spec.anvilNetwork ? { network: spec.anvilNetwork } : {}) }), compileSandboxContracts()]);
  try {
    await setUp(anvil, spec, funding, contracts);
  } catch (err) {
    await anvil.stop();
    throw new Error(`sandbox chain ${spec.key} (${spec.chainId}) set-up failed: ${(err as Error).message}`, {
      cause: err,
    });
  }
  return { key: spec.key, chainId: spec.chainId, rpcUrl: anvil.rpcUrl, stop: anvil.stop };
}

async function setUp(
  anvil: AnvilInstance,
  spec: SandboxChainSpec,
  funding: { accounts: Address[]; usdcPerAccount: bigint; liquidity: bigint },
  contracts: Awaited<ReturnType<typeof compileSandboxContracts>>,
): Promise<void> {
  const chain = sandboxViemChain({ key: spec.key, chainId: spec.chainId, rpcUrl: anvil.rpcUrl });
  const transport = http(anvil.rpcUrl);
  const test = createTestClient({ mode: 'anvil', chain, transport });
  const pub = createPublicClient({ chain, transport });
  const admin = createWalletClient({ account: SANDBOX_ADMIN, chain, transport });

  // 1. Code at the real addresses.
  await test.setCode({ address: spec.usdc, bytecode: contracts.SandboxUSDC.runtimeBytecode });
  if (spec.spokePool) {
    await test.setCode({ address: spec.spokePool, bytecode: contracts.SandboxSpokePool.runtimeBytecode });
  }
  if (spec.lifiDiamond) {
    await test.setCode({ address: spec.lifiDiamond, bytecode: contracts.SandboxLifiDiamond.runtimeBytecode });
  }
  if (spec.squidRouter) {
    await test.setCode({ address: spec.squidRouter, bytecode: contracts.SandboxSquidRouter.runtimeBytecode });
  }
  if (spec.meson) {
    await test.setCode({ address: spec.meson, bytecode: contracts.SandboxMeson.runtimeBytecode });
  }
  if (spec.cctpDomain !== undefined) {
    await test.setCode({
      address: SANDBOX_CONTRACTS.tokenMessengerV2,
      bytecode: contracts.SandboxTokenMessengerV2.runtimeBytecode,
    });
    await test.setCode({
      address: SANDBOX_CONTRACTS.messageTransmitterV2,
      bytecode: contracts.SandboxMessageTransmitterV2.runtimeBytecode,
    });
  }

  // 2. ETH.
  await test.setBalance({ address: SANDBOX_ADMIN, value: ETH_PER_ACCOUNT });
  for (const account of funding.accounts) await test.setBalance({ address: account, value: ETH_PER_ACCOUNT });

  // 3. Configuration and USDC, sent by the impersonated admin (one automined block each).
  await test.impersonateAccount({ address: SANDBOX_ADMIN });
  try {
    const send = async (to: Address, data: Hex): Promise<void> => {
      const hash = await admin.sendTransaction({ to, data });
      const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (receipt.status !== 'success') throw new Error(`set-up call to ${to} reverted (tx ${hash})`);
    };
    const mint = (to: Address, amount: bigint): Hex =>
      encodeFunctionData({ abi: setupAbi, functionName: 'mint', args: [to, amount] });
    if (spec.cctpDomain !== undefined) {
      const transmitter = SANDBOX_CONTRACTS.messageTransmitterV2;
      await send(transmitter, encodeFunctionData({ abi: setupAbi, functionName: 'setLocalDomain', args: [spec.cctpDomain] }));
      await send(transmitter, encodeFunctionData({ abi: setupAbi, functionName: 'setLocalUsdc', args: [spec.usdc] }));
      if (funding.liquidity > 0n) await send(spec.usdc, mint(transmitter, funding.liquidity));
    }
    if (funding.usdcPerAccount > 0n) {
      for (const account of funding.accounts) await send(spec.usdc, mint(account, funding.usdcPerAccount));
    }
    await installWormholeStandIns(
      spec.key,
      (Object.values(SANDBOX_CHAIN_SPECS) as SandboxChainSpec[]).filter((s) => s.key !== spec.key),
      { core: contracts.SandboxWormholeCore.runtimeBytecode, tokenBridge: contracts.SandboxWormholeTokenBridge.runtimeBytecode, wrappedToken: contracts.SandboxWormholeWrappedToken.runtimeBytecode },
      (address, bytecode) => test.setCode({ address, bytecode }),
      send,
    );
  } finally {
    await test.stopImpersonatingAccount({ address: SANDBOX_ADMIN });
  }
}
