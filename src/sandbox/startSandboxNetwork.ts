import { toHex, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { startAcrossFake, type AcrossFake } from '../venues/across/acrossFake.ts';
import { startCctpFake, type CctpFake } from '../venues/cctp/cctpFake.ts';
import { createChainSettlement } from '../venues/fake/FakeSettlement.ts';
import { startNearIntentsFake, type NearIntentsFake } from '../venues/nearintents/nearIntentsFake.ts';
import { startRelayFake, type RelayFake } from '../venues/relay/relayFake.ts';
import { SANDBOX_CHAIN_SPECS, startSandboxChain, type SandboxChain } from './sandboxChain.ts';
import { VENUE_CATALOG } from '../venues/catalog.ts';

/** Anvil's well-known development mnemonic: sandbox keys are public by design and hold no value. */
const SANDBOX_MNEMONIC = 'test test test test test test test test test test test junk';
const USER_ACCOUNTS = 10;
const USDC_PER_ACCOUNT = 1_000_000n * 10n ** 6n;
const SOLVER_LIQUIDITY = 100_000_000n * 10n ** 6n;

export interface SandboxAccount {
  address: Address;
  privateKey: Hex;
}

/** Everything of the sandbox except Strait: the chains, the funded accounts and the settling venue fakes. */
export interface SandboxNetwork {
  readonly chains: readonly SandboxChain[];
  readonly accounts: readonly SandboxAccount[];
  readonly fakes: { readonly across: AcrossFake; readonly relay: RelayFake; readonly cctp: CctpFake; readonly nearintents: NearIntentsFake };
  /**
   * `STRAIT_RPC_<CHAIN>` and `STRAIT_VENUE_<ID>_BASE_URL` pointing a Strait at the chains and fakes,
   * whether it runs in this process (the sandbox) or in others (the scale-out test).
   */
  readonly straitEnv: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

/** The venues the sandbox runs fakes of. */
const FAKED: ReadonlySet<string> = new Set(['across', 'relay', 'cctp', 'nearintents']);

function sandboxAccount(index: number): SandboxAccount {
  const account = mnemonicToAccount(SANDBOX_MNEMONIC, { addressIndex: index });
  const key = account.getHdKey().privateKey;
  if (!key) throw new Error('sandbox key derivation failed');
  return { address: account.address, privateKey: toHex(key) };
}

/**
 * Starts base and arbitrum on anvil with their real chain ids and contracts at real addresses, 10
 * funded user accounts, and the four venue fakes settling for real from a solver account (the 11th).
 */
export async function startSandboxNetwork(): Promise<SandboxNetwork> {
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
    const straitEnv = {
      // The sandbox never reaches the internet: every venue without a fake here is switched off.
      ...Object.fromEntries(VENUE_CATALOG.filter((v) => !FAKED.has(v.id)).map((v) => [`STRAIT_VENUE_${v.id.toUpperCase()}_ENABLED`, 'false'])),
      ...Object.fromEntries(chains.map((c) => [`STRAIT_RPC_${c.key.toUpperCase()}`, c.rpcUrl])),
      STRAIT_VENUE_ACROSS_BASE_URL: across.url,
      STRAIT_VENUE_RELAY_BASE_URL: relay.url,
      STRAIT_VENUE_CCTP_BASE_URL: cctp.url,
      STRAIT_VENUE_NEARINTENTS_BASE_URL: nearintents.url,
    };
    return { chains, accounts, fakes: { across, relay, cctp, nearintents }, straitEnv, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
