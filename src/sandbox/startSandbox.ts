import { loadConfig, type Env } from '../config.ts';
import { createStrait, type Strait } from '../createStrait.ts';
import { startSandboxNetwork, type SandboxAccount, type SandboxBitcoinAccount, type SandboxNetwork } from './startSandboxNetwork.ts';

/** Strait's fee wallet on every sandbox chain: where platform fees land. */
export const SANDBOX_FEE_WALLET = '0x000000000000000000000000000000000000Fee5';

export interface SandboxInfo {
  baseUrl: string;
  feeWallet: string;
  /** The Standard Webhooks secret builds' `webhookUrl`s are signed with (docs/events.md#webhooks). */
  webhookSecret: string;
  chains: Record<string, { chainId: number; rpcUrl: string }>;
  accounts: SandboxAccount[];
  /**
   * The loopback HyperCore: read a balance with `POST {infoUrl}` and the body `perps` or `spot` names,
   * `user` set to the account (perps: `withdrawable`; spot: the `USDC` entry of `balances`).
   */
  hypercore?: { infoUrl: string; relayer: string; perps: { type: 'clearinghouseState'; user: string }; spot: { type: 'spotClearinghouseState'; user: string } };
  /**
   * The loopback Bitcoin: an Esplora API (`GET {esploraUrl}/address/<a>/utxo`, `/tx/<txid>/hex`, …)
   * over a real UTXO set, and P2WPKH accounts funded on it, for BTC → base through THORChain.
   */
  bitcoin: { esploraUrl: string; accounts: SandboxBitcoinAccount[] };
  /**
   * OP Mainnet's Standard Bridge between the `ethereum` and `optimism` chains: USDC on ethereum
   * deposits as `bridgedUsdc` (USDC.e) on optimism and withdraws back through prove and finalize on
   * the `portal`, whose challenge period is seconds here (docs/sandbox.md#op-stack).
   */
  opStack: { l1: 'ethereum'; l2: 'optimism'; usdc: string; bridgedUsdc: string; portal: string; proofMaturitySeconds: number; gameFinalitySeconds: number };
}

export interface RunningSandbox {
  readonly info: SandboxInfo;
  readonly strait: Strait;
  /** The chains and venue fakes behind it (tests reach a fake with `network.fake(id)`). */
  readonly network: SandboxNetwork;
  stop(): Promise<void>;
}

/** The sandbox's webhook signing secret: public, so never a production secret. */
export const SANDBOX_WEBHOOK_SECRET = `whsec_${Buffer.from('strait sandbox webhooks, not a secret').toString('base64')}`;

/**
 * Starts the whole flow on one machine with no internet: base, arbitrum, ethereum and optimism on
 * anvil with their real chain ids and contracts at real addresses, the venue fakes settling for real
 * from a solver account, OP Mainnet's bridge with its operators, and Strait wired to them. `env` may
 * set STRAIT_PORT (default: a free port).
 */
export async function startSandbox(env: Env = {}): Promise<RunningSandbox> {
  const network = await startSandboxNetwork();
  const { chains, accounts } = network;
  const stoppers: (() => Promise<void>)[] = [() => network.stop()];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => undefined);
  };
  try {
    const config = loadConfig({
      STRAIT_HOST: '127.0.0.1',
      STRAIT_PORT: '0',
      STRAIT_DATA_DIR: 'memory',
      STRAIT_TRUST_PROXY: 'loopback',
      STRAIT_WORKER_INTERVAL_MS: '500',
      // Transfers quoted for days (an OP Stack withdrawal) take seconds here: no poll waits longer than 2 s.
      STRAIT_WORKER_MAX_POLL_DELAY_MS: '2000',
      STRAIT_LOG_LEVEL: 'warn',
      // The sandbox never reaches the internet: USD prices come from a fixed table.
      STRAIT_PRICE_SOURCE: 'fixed',
      // Coverage comes from the adapters' static tables: the fakes publish no chain or token lists.
      STRAIT_VENUE_SNAPSHOTS: 'false',
      // Webhooks are signed with a published secret and may reach receivers on loopback: sandbox only.
      STRAIT_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET,
      STRAIT_WEBHOOK_ALLOW_PRIVATE: 'true',
      // §8 holds here as in the service; clients on loopback are told apart by X-Forwarded-For.
      // STRAIT_RATE_LIMIT_PER_MINUTE in `env` overrides it (0 switches it off).
      ...Object.fromEntries(chains.map((c) => [`STRAIT_FEE_WALLET_${c.key.toUpperCase()}`, SANDBOX_FEE_WALLET])),
      ...network.straitEnv,
      ...env,
    });
    const strait = await createStrait(config);
    stoppers.push(() => strait.close());
    const baseUrl = await strait.listen();
    const info: SandboxInfo = {
      baseUrl,
      feeWallet: SANDBOX_FEE_WALLET,
      webhookSecret: config.webhooks.secret ?? SANDBOX_WEBHOOK_SECRET,
      chains: Object.fromEntries(chains.map((c) => [c.key, { chainId: c.chainId, rpcUrl: c.rpcUrl }])),
      accounts: [...accounts],
      bitcoin: { esploraUrl: network.bitcoin.esploraUrl, accounts: [...network.bitcoin.accounts] },
      opStack: opStackInfo(network),
      ...(network.hyperCore
        ? { hypercore: { infoUrl: network.hyperCore.infoUrl, relayer: network.hyperCore.relayer, perps: { type: 'clearinghouseState' as const, user: '<address>' }, spot: { type: 'spotClearinghouseState' as const, user: '<address>' } } }
        : {}),
    };
    return { info, strait, network, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What a wallet needs to run the OP Stack flow: the two tokens, the portal and its delays. */
function opStackInfo(network: SandboxNetwork): SandboxInfo['opStack'] {
  const { chain, delays } = network.opStack;
  const usdc = chain.tokens.find((pair) => pair.l1 !== null && pair.l2 !== null)!;
  return { l1: 'ethereum', l2: 'optimism', usdc: usdc.l1!, bridgedUsdc: usdc.l2!, portal: chain.portal, ...delays };
}
