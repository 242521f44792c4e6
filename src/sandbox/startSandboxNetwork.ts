import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2.js';
import { p2wpkh, WIF } from '@scure/btc-signer';
import { toHex, type Address, type Hex } from 'viem';
import { startEsploraStandIn } from '../chains/utxo/esploraStandIn.ts';
import { utxoNetwork } from '../chains/utxo/utxoNetworks.ts';
import { mnemonicToAccount } from 'viem/accounts';
import { isChainKey } from '../domain/chains.ts';
import { createChainSettlement } from '../venues/fake/FakeSettlement.ts';
import { VENUE_MODULES } from '../venues/venueModules.ts';
import { isBuilt, type SandboxFake, type SandboxFakeFactory } from '../venues/VenueModule.ts';
import { opStackChain } from '../venues/opstack/opstackChains.ts';
import { compileSandboxContracts } from './compileContracts.ts';
import { startSandboxOpStack, type SandboxOpStack } from './opStackSandbox.ts';
import { SANDBOX_CHAIN_SPECS, startSandboxChain, type SandboxChain } from './sandboxChain.ts';

/** Anvil's well-known development mnemonic: sandbox keys are public by design and hold no value. */
const SANDBOX_MNEMONIC = 'test test test test test test test test test test test junk';
const USER_ACCOUNTS = 10;
const USDC_PER_ACCOUNT = 1_000_000n * 10n ** 6n;
const SOLVER_LIQUIDITY = 100_000_000n * 10n ** 6n;

export interface SandboxAccount {
  address: Address;
  privateKey: Hex;
}

/** A funded P2WPKH account on the sandbox's Bitcoin (mainnet addresses; the key is public by design). */
export interface SandboxBitcoinAccount {
  address: string;
  /** The 32-byte key, hex without 0x. */
  privateKey: string;
  /** The same key in Wallet Import Format (compressed). */
  wif: string;
}

const BITCOIN_ACCOUNTS = 3;
/** Each sandbox Bitcoin account holds two outputs of this many satoshis (0.5 BTC). */
const BITCOIN_OUTPUT_SATS = 50_000_000n;

/** Everything of the sandbox except Strait: the chains, the funded accounts and the settling venue fakes. */
export interface SandboxNetwork {
  readonly chains: readonly SandboxChain[];
  readonly accounts: readonly SandboxAccount[];
  /** The running venue fakes by venue id: one per module with a `sandboxFake`. */
  readonly fakes: Readonly<Record<string, SandboxFake>>;
  /** The running fake of `venueId`; throws when the sandbox runs none of that venue. */
  fake(venueId: string): SandboxFake;
  /**
   * `STRAIT_RPC_<CHAIN>` and `STRAIT_VENUE_<ID>_BASE_URL` pointing a Strait at the chains and fakes,
   * whether it runs in this process (the sandbox) or in others (the scale-out test).
   */
  readonly straitEnv: Readonly<Record<string, string>>;
  /** The loopback HyperCore and Strait's relayer on it, when the hyperliquid fake runs. */
  readonly hyperCore: { readonly infoUrl: string; readonly relayer: Address } | null;
  /** The loopback Esplora holding the sandbox's Bitcoin UTXO set, and the funded accounts on it. */
  readonly bitcoin: { readonly esploraUrl: string; readonly accounts: readonly SandboxBitcoinAccount[] };
  /** OP Mainnet's Standard Bridge between the ethereum and optimism chains, its sequencer and proposer running. */
  readonly opStack: SandboxOpStack;
  stop(): Promise<void>;
}

/**
 * Venues that need no fake: they price, build and follow transfers from the sandbox's chains alone
 * (the OP Stack bridge reads ethereum and optimism), so they stay on.
 */
const CHAIN_ONLY_VENUES: ReadonlySet<string> = new Set(['opstack']);

/** What Strait's relayer holds on the sandbox HyperCore, in each balance, at start. */
const RELAYER_HYPERCORE_USDC = 1_000_000n * 10n ** 6n;

interface FundableHyperCore {
  fund(user: Address, amounts: { perpsAtomic?: bigint; spotAtomic?: bigint }): void;
}

function isFundable(fake: SandboxFake): fake is SandboxFake & FundableHyperCore {
  return typeof (fake as Partial<FundableHyperCore>).fund === 'function';
}

function sandboxBitcoinAccount(index: number): SandboxBitcoinAccount {
  const key = sha256(new TextEncoder().encode(`${SANDBOX_MNEMONIC}/bitcoin/${index}`));
  return { address: p2wpkh(secp256k1.getPublicKey(key, true)).address!, privateKey: toHex(key).slice(2), wif: WIF().encode(key) };
}

function sandboxAccount(index: number): SandboxAccount {
  const account = mnemonicToAccount(SANDBOX_MNEMONIC, { addressIndex: index });
  const key = account.getHdKey().privateKey;
  if (!key) throw new Error('sandbox key derivation failed');
  return { address: account.address, privateKey: toHex(key) };
}

/**
 * Starts base, arbitrum, ethereum and optimism on anvil (in parallel) with their real chain ids and
 * contracts at real addresses, 10 funded user accounts, OP Mainnet's bridge between ethereum and
 * optimism with its operators (the 13th account proposes), and the fake of every venue module that
 * has a `sandboxFake`, settling for real from a solver account (the 11th). Every other venue of the
 * list is switched off, except those the chains alone serve (CHAIN_ONLY_VENUES).
 */
export async function startSandboxNetwork(): Promise<SandboxNetwork> {
  const accounts = Array.from({ length: USER_ACCOUNTS }, (_, i) => sandboxAccount(i));
  const solver = sandboxAccount(USER_ACCOUNTS);
  // Strait's HyperCore relayer: paid on arbitrum, credits accounts on the loopback HyperCore.
  const relayer = sandboxAccount(USER_ACCOUNTS + 1);
  // The OP Stack proposer: pays for the dispute games it creates on ethereum.
  const proposer = sandboxAccount(USER_ACCOUNTS + 2);
  const specs = [SANDBOX_CHAIN_SPECS.base, SANDBOX_CHAIN_SPECS.arbitrum, SANDBOX_CHAIN_SPECS.ethereum, SANDBOX_CHAIN_SPECS.optimism];
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => undefined);
  };
  try {
    const funded = [...accounts.map((a) => a.address), solver.address, relayer.address, proposer.address];
    const started = await Promise.allSettled(specs.map((spec) => startSandboxChain(spec, { accounts: funded, usdcPerAccount: USDC_PER_ACCOUNT, liquidity: SOLVER_LIQUIDITY })));
    for (const result of started) if (result.status === 'fulfilled') stoppers.push(() => result.value.stop());
    const notStarted = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (notStarted) throw notStarted.reason;
    const chains = started.map((r) => (r as PromiseFulfilledResult<SandboxChain>).value);
    const chainOf = (key: string): SandboxChain => chains.find((c) => c.key === key)!;
    const opStack = await startSandboxOpStack({ l1RpcUrl: chainOf('ethereum').rpcUrl, l2RpcUrl: chainOf('optimism').rpcUrl, proposerKey: proposer.privateKey, contracts: await compileSandboxContracts(), chain: opStackChain('optimism')! });
    stoppers.push(() => opStack.stop());
    // Bitcoin: a loopback Esplora with a real UTXO set; THORChain's fake observes inbounds on it.
    const esplora = await startEsploraStandIn(utxoNetwork('bitcoin')!);
    stoppers.push(() => esplora.close());
    const bitcoinAccounts = Array.from({ length: BITCOIN_ACCOUNTS }, (_, i) => sandboxBitcoinAccount(i));
    for (const account of bitcoinAccounts) for (let n = 0; n < 2; n++) esplora.fund(account.address, BITCOIN_OUTPUT_SATS);
    const settlement = createChainSettlement(Object.fromEntries(chains.map((c) => [c.chainId, c.rpcUrl])), solver.privateKey);
    const context = { settlement, chains: chains.flatMap((c) => (isChainKey(c.key) ? [{ key: c.key, chainId: c.chainId, rpcUrl: c.rpcUrl }] : [])), utxoIndexers: { bitcoin: esplora.url } };
    const factories = VENUE_MODULES.filter(isBuilt).flatMap((m): [string, SandboxFakeFactory][] => (m.sandboxFake ? [[m.id, m.sandboxFake]] : []));
    const startedFakes = await Promise.allSettled(factories.map(([, start]) => start(context)));
    for (const result of startedFakes) if (result.status === 'fulfilled') stoppers.push(() => result.value.close());
    const failed = startedFakes.findIndex((r) => r.status === 'rejected');
    if (failed >= 0) throw new Error(`the sandbox fake of ${factories[failed]?.[0]} did not start`, { cause: (startedFakes[failed] as PromiseRejectedResult).reason });
    const fakes: Record<string, SandboxFake> = Object.fromEntries(startedFakes.map((r, i) => [factories[i]![0], (r as PromiseFulfilledResult<SandboxFake>).value]));
    const hyperCoreFake = fakes.hyperliquid;
    if (hyperCoreFake && isFundable(hyperCoreFake)) hyperCoreFake.fund(relayer.address, { perpsAtomic: RELAYER_HYPERCORE_USDC, spotAtomic: RELAYER_HYPERCORE_USDC });
    const hyperCore = hyperCoreFake ? { infoUrl: `${hyperCoreFake.url}/info`, relayer: relayer.address } : null;
    const straitEnv = {
      ...(hyperCoreFake ? { STRAIT_VENUE_HYPERLIQUID_SIGNER_KEY: relayer.privateKey } : {}),
      // The sandbox never reaches the internet: every venue without a fake here is switched off.
      ...Object.fromEntries(VENUE_MODULES.filter((v) => !(v.id in fakes) && !CHAIN_ONLY_VENUES.has(v.id)).map((v) => [`STRAIT_VENUE_${v.id.toUpperCase()}_ENABLED`, 'false'])),
      ...Object.fromEntries(chains.map((c) => [`STRAIT_RPC_${c.key.toUpperCase()}`, c.rpcUrl])),
      STRAIT_RPC_BITCOIN: esplora.url,
      ...Object.fromEntries(Object.entries(fakes).map(([id, fake]) => [`STRAIT_VENUE_${id.toUpperCase()}_BASE_URL`, fake.url])),
      ...Object.assign({}, ...Object.values(fakes).map((fake) => fake.env ?? {})),
    };
    const fake = (venueId: string): SandboxFake => {
      const running = fakes[venueId];
      if (!running) throw new Error(`the sandbox runs no fake of ${venueId}`);
      return running;
    };
    return { chains, accounts, fakes, fake, straitEnv, hyperCore, bitcoin: { esploraUrl: esplora.url, accounts: bitcoinAccounts }, opStack, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
