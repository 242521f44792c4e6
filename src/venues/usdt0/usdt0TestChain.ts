import { createPublicClient, createTestClient, encodeFunctionData, http, parseAbi, type Address, type Hex, type PublicClient } from 'viem';
import { startAnvil } from '../../sandbox/anvil.ts';
import { compileUsdt0StandIns } from './standIns/compileUsdt0StandIns.ts';
import type { Usdt0Chain } from './usdt0Chains.ts';

/**
 * Shared by the USDT0 test files: one anvil node holding stand-ins of USDT0's tokens and messengers at
 * their real addresses (standIns/Usdt0StandIns.sol). One node stands in for every source chain: the
 * adapter reads only the source chain's messenger.
 */
export const LZ_FEE = 84_000_000_000_000n;
/** Endpoints every stand-in messenger names as peers (never Unichain's, so a NoPeer revert can be provoked). */
const PEERS = [30101, 30110, 30109, 30111];

export const messengerAbi = parseAbi([
  'function configure(address token_, bool pulls, uint256 min_, uint256 max_, uint256 nativeFee_, uint256 feeBps_, uint32[] peers_)',
  'event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, uint256 amountReceivedLD)',
]);
const mintAbi = parseAbi(['function mint(address to, uint256 amount)']);

export interface MessengerSettings {
  readonly min?: bigint;
  readonly max?: bigint;
  readonly feeBps?: bigint;
  /** The token `token()` answers (default: the table's). */
  readonly token?: Address;
}

export interface Usdt0TestChain {
  readonly rpcUrl: string;
  readonly client: PublicClient;
  /** Installs (or re-installs) a stand-in messenger and token over `chain`'s real addresses. */
  install(chain: Usdt0Chain, settings?: MessengerSettings): Promise<void>;
  mint(chain: Usdt0Chain, to: Address, amount: bigint): Promise<void>;
  /** Runs a call as `from` (impersonated, funded), returning the receipt. */
  sendAs(from: Address, to: Address, data: Hex, value?: bigint): Promise<Awaited<ReturnType<PublicClient['waitForTransactionReceipt']>>>;
  stop(): Promise<void>;
}

export async function startUsdt0TestChain(chainId: number): Promise<Usdt0TestChain> {
  const [anvil, standIns] = await Promise.all([startAnvil({ chainId }), compileUsdt0StandIns()]);
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
  const impersonated = new Set<string>();

  async function sendAs(from: Address, to: Address, data: Hex, value = 0n) {
    if (!impersonated.has(from)) {
      await test.setBalance({ address: from, value: 10n ** 20n });
      await test.impersonateAccount({ address: from });
      impersonated.add(from);
    }
    const hash = (await test.request({ method: 'eth_sendTransaction', params: [{ from, to, data, value: `0x${value.toString(16)}`, gas: '0x1e8480' }] } as never)) as Hex;
    return client.waitForTransactionReceipt({ hash });
  }

  return {
    rpcUrl: anvil.rpcUrl,
    client,
    async install(chain, settings = {}) {
      await test.setCode({ address: chain.token, bytecode: standIns.StandInUsdt.runtimeBytecode });
      await test.setCode({ address: chain.messenger, bytecode: standIns.StandInUsdt0Messenger.runtimeBytecode });
      const args = [settings.token ?? chain.token, chain.pullsToken, settings.min ?? 1n, settings.max ?? 1_000_000_000_000n, LZ_FEE, settings.feeBps ?? 0n, PEERS] as const;
      await sendAs('0x000000000000000000000000000000000000c0de', chain.messenger, encodeFunctionData({ abi: messengerAbi, functionName: 'configure', args }));
    },
    async mint(chain, to, amount) {
      await sendAs(to, chain.token, encodeFunctionData({ abi: mintAbi, functionName: 'mint', args: [to, amount] }));
    },
    sendAs,
    stop: () => anvil.stop(),
  };
}
