import { createPublicClient, http, type Hex, type PublicClient } from 'viem';
import { startAnvil, type AnvilInstance } from '../src/sandbox/anvil.ts';
import { DOUBLE_TARGET } from './venueDouble.ts';

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
// Runtime code answering every call with 32 bytes of 0xff: balanceOf and allowance report plenty, transfer returns true.
const PLENTY = `0x7f${'ff'.repeat(32)}60005260206000f3` as Hex;
// STOP: every call succeeds.
const SUCCEEDS = '0x00' as Hex;
// PUSH1 0 PUSH1 0 REVERT: every call reverts.
const REVERTS = '0x60006000fd' as Hex;

/**
 * A real local chain with Base's chain id for the submit-claim tests: the venue double's target
 * succeeds (or, on demand, reverts) and Base USDC answers every call with plenty, so build's balance
 * and allowance reads pass.
 */
export interface ClaimsChain {
  readonly url: string;
  readonly client: PublicClient;
  call(method: string, params: unknown[]): Promise<unknown>;
  /** Makes the venue double's target revert every call, or succeed again. */
  targetReverts(reverts: boolean): Promise<void>;
  /** Makes Base USDC revert every call (a fee transfer that pays nothing), or answer plenty again. */
  usdcReverts(reverts: boolean): Promise<void>;
  automine(on: boolean): Promise<void>;
  mine(): Promise<void>;
  nonceOf(address: Hex): Promise<number>;
  stop(): Promise<void>;
}

export async function startClaimsChain(): Promise<ClaimsChain> {
  const anvil: AnvilInstance = await startAnvil({ chainId: 8453 });
  let id = 0;
  const call = async (method: string, params: unknown[]): Promise<unknown> => {
    const response = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
  await call('anvil_setCode', [BASE_USDC, PLENTY]);
  await call('anvil_setCode', [DOUBLE_TARGET, SUCCEEDS]);
  const client = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }) });
  return {
    url: anvil.rpcUrl,
    client,
    call,
    targetReverts: async (reverts) => void (await call('anvil_setCode', [DOUBLE_TARGET, reverts ? REVERTS : SUCCEEDS])),
    usdcReverts: async (reverts) => void (await call('anvil_setCode', [BASE_USDC, reverts ? REVERTS : PLENTY])),
    automine: async (on) => void (await call('evm_setAutomine', [on])),
    mine: async () => void (await call('evm_mine', [])),
    nonceOf: (address) => client.getTransactionCount({ address, blockTag: 'pending' }),
    stop: () => anvil.stop(),
  };
}
