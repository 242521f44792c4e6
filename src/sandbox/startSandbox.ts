import { toHex, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { loadConfig, type Env } from '../config.ts';
import { createStrait, type Strait } from '../createStrait.ts';
import { startAcrossFake } from '../venues/across/acrossFake.ts';
import { startCctpFake } from '../venues/cctp/cctpFake.ts';
import { createChainSettlement } from '../venues/fake/FakeSettlement.ts';
import { startNearIntentsFake } from '../venues/nearintents/nearIntentsFake.ts';
import { startRelayFake } from '../venues/relay/relayFake.ts';
import { SANDBOX_CHAIN_SPECS, startSandboxChain, type SandboxChain } from './sandboxChain.ts';

/** Anvil's well-known development mnemonic: sandbox keys are public by design and hold no value. */
const SANDBOX_MNEMONIC = 'test test test test test test test test test test test junk';
const USER_ACCOUNTS = 10;
const USDC_PER_ACCOUNT = 1_000_000n * 10n ** 6n;
const SOLVER_LIQUIDITY = 100_000_000n * 10n ** 6n;

export interface SandboxInfo {
  baseUrl: string;
  chains: Record<string, { chainId: number; rpcUrl: string }>;
  accounts: { address: Address; privateKey: Hex }[];
}

export interface RunningSandbox {
  readonly info: SandboxInfo;
  readonly strait: Strait;
  stop(): Promise<void>;
}

function sandboxAccount(index: number): { address: Address; privateKey: Hex } {
  const account = mnemonicToAccount(SANDBOX_MNEMONIC, { addressIndex: index });
  const key = account.getHdKey().privateKey;
  if (!key) throw new Error('sandbox key derivation failed');
  return { address: account.address, privateKey: toHex(key) };
}

/**
 * Starts the whole flow on one machine with no internet: base and arbitrum on anvil with their real
 * chain ids and contracts at real addresses, the four venue fakes settling for real from a solver
 * account, and Strait wired to them. `env` may set STRAIT_PORT (default: a free port).
 */
export async function startSandbox(env: Env = {}): Promise<RunningSandbox> {
  const accounts = Array.from({ length: USER_ACCOUNTS }, (_, i) => sandboxAccount(i));
  const solver = sandboxAccount(USER_ACCOUNTS);
  const specs = [SANDBOX_CHAIN_SPECS.base, SANDBOX_CHAIN_SPECS.arbitrum];
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => undefined);
  };
  try {
    const chains: SandboxChain[] = await Promise.all(
      specs.map((spec) => startSandboxChain(spec, { accounts: [...accounts.map((a) => a.address), solver.address], usdcPerAccount: USDC_PER_ACCOUNT, liquidity: SOLVER_LIQUIDITY })),
    );
    for (const chain of chains) stoppers.push(() => chain.stop());
    const settlement = createChainSettlement(Object.fromEntries(chains.map((c) => [c.chainId, c.rpcUrl])), solver.privateKey);
    const [across, relay, cctp, nearintents] = await Promise.all([
      startAcrossFake({ settlement }),
      startRelayFake({ settlement }),
      startCctpFake({ settlement }),
      startNearIntentsFake({ settlement, chainIds: { base: 8453, arb: 42161 } }),
    ]);
    for (const fake of [across, relay, cctp, nearintents]) stoppers.push(() => fake.close());

    const config = loadConfig({
      STRAIT_HOST: '127.0.0.1',
      STRAIT_PORT: '0',
      STRAIT_DATA_DIR: 'memory',
      STRAIT_TRUST_PROXY: 'loopback',
      STRAIT_WORKER_INTERVAL_MS: '500',
      STRAIT_LOG_LEVEL: 'warn',
      ...Object.fromEntries(chains.map((c) => [`STRAIT_RPC_${c.key.toUpperCase()}`, c.rpcUrl])),
      STRAIT_VENUE_ACROSS_BASE_URL: across.url,
      STRAIT_VENUE_RELAY_BASE_URL: relay.url,
      STRAIT_VENUE_CCTP_BASE_URL: cctp.url,
      STRAIT_VENUE_NEARINTENTS_BASE_URL: nearintents.url,
      ...env,
    });
    const strait = await createStrait(config);
    stoppers.push(() => strait.close());
    const baseUrl = await strait.listen();
    const info: SandboxInfo = {
      baseUrl,
      chains: Object.fromEntries(chains.map((c) => [c.key, { chainId: c.chainId, rpcUrl: c.rpcUrl }])),
      accounts,
    };
    return { info, strait, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
