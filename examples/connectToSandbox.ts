// Shared by the examples: reads the sandbox's JSON line and hands out a client and wallets.
import { readFileSync } from 'node:fs';
import { createStraitClient, type StraitClient } from '@strait/client';
import { createPublicClient, createWalletClient, http, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/** The one JSON line `npm run sandbox` prints (docs/sandbox.md). */
export interface SandboxLine {
  baseUrl: string;
  feeWallet: Hex;
  chains: Record<string, { chainId: number; rpcUrl: string }>;
  accounts: { address: Hex; privateKey: Hex }[];
}

export interface SandboxConnection {
  line: SandboxLine;
  client: StraitClient;
  /** Sandbox account `index` (0–9) as a viem wallet on `chain`, with a public client beside it. */
  walletOn(chain: string, index: number): { account: PrivateKeyAccount; wallet: ReturnType<typeof walletClient>; reader: PublicClient };
}

const walletClient = (account: PrivateKeyAccount, rpcUrl: string) => createWalletClient({ account, transport: http(rpcUrl) });

/**
 * The sandbox line comes as the first argument: the JSON itself, or a file holding it (e.g. the
 * sandbox's stdout redirected to a file). See examples/README.md.
 */
export function connectToSandbox(argv: readonly string[] = process.argv.slice(2)): SandboxConnection {
  const given = argv[0];
  if (!given) throw new Error('usage: npx tsx examples/<example>.ts <sandbox JSON line | file holding it>');
  const text = given.trimStart().startsWith('{') ? given : readFileSync(given, 'utf8').split('\n').find((l) => l.trimStart().startsWith('{'));
  if (!text) throw new Error(`${given} holds no JSON line`);
  const line = JSON.parse(text) as SandboxLine;
  return {
    line,
    client: createStraitClient({ baseUrl: line.baseUrl }),
    walletOn(chain, index) {
      const rpc = line.chains[chain];
      const key = line.accounts[index];
      if (!rpc || !key) throw new Error(`the sandbox has no chain ${chain} or account ${index}`);
      const account = privateKeyToAccount(key.privateKey);
      return { account, wallet: walletClient(account, rpc.rpcUrl), reader: createPublicClient({ transport: http(rpc.rpcUrl) }) };
    },
  };
}

/** Progress to stderr, so stdout holds only the result line. */
export function logProgress(progress: { phase: string; step?: string; transfer?: { status: string } }): void {
  console.error(`  ${progress.phase}${progress.step ? ` ${progress.step}` : ''}${progress.transfer ? ` ${progress.transfer.status}` : ''}`);
}
