/**
 * Wormhole Portal on the sandbox chains: the core bridge and Token Bridge stand-ins at their real
 * addresses (src/venues/wormhole/wormholeChains.ts) on every sandbox EVM chain, one Portal-wrapped USDC
 * per peer chain at a sandbox-only address, and the sandbox guardian whose key signs VAAs (the Wormholescan fake signs
 * with it; the core stand-in verifies it with ecrecover, as the real core verifies its guardian set).
 */
import { encodeFunctionData, getAddress, keccak256, parseAbi, toHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount, sign } from 'viem/accounts';
import { wormholeChain } from '../venues/wormhole/wormholeChains.ts';
import { encodeVaa, universalAddress, vaaHash, type GuardianSignature } from '../venues/wormhole/wormholeVaa.ts';

/** keccak256("strait sandbox wormhole guardian"): sandbox only, its address is SandboxWormholeCore.SANDBOX_GUARDIAN. */
export const SANDBOX_GUARDIAN_KEY: Hex = '0x198d46c312533a16c149aa2f33e00cb0830cf72813786e4669635f473f5b79e7';
export const SANDBOX_GUARDIAN_SET_INDEX = 0;

/** The core bridge's message fee on the sandbox chains (mainnet's is 0; non-zero here so the value path is exercised). */
export const SANDBOX_WORMHOLE_MESSAGE_FEE = 1_000_000_000n;

/**
 * The sandbox-only address of `origin`'s Portal-wrapped USDC on `chain`: the last 20 bytes of
 * keccak256("strait sandbox portal-wrapped <origin> USDC on <chain>"). Base USDC on arbitrum is
 * `0x16843eF26d6FAaDb103623EcfaEFAc950D00984a`.
 */
export function sandboxWrappedUsdc(origin: string, chain: string): Address {
  return getAddress(`0x${keccak256(toHex(`strait sandbox portal-wrapped ${origin} USDC on ${chain}`)).slice(26)}`);
}

/** Signs a VAA body as the sandbox guardian set (one guardian, index 0) and encodes the VAA. */
export async function signSandboxVaa(body: Hex): Promise<Hex> {
  const signature = await sign({ hash: vaaHash(body), privateKey: SANDBOX_GUARDIAN_KEY });
  const guardian: GuardianSignature = { guardianIndex: 0, r: signature.r, s: signature.s, v: Number(signature.yParity ?? (signature.v === 28n ? 1 : 0)) };
  return encodeVaa(SANDBOX_GUARDIAN_SET_INDEX, [guardian], body);
}

export const SANDBOX_GUARDIAN_ADDRESS: Address = privateKeyToAccount(SANDBOX_GUARDIAN_KEY).address;

const setupAbi = parseAbi([
  'function initialize(uint16 chainId, uint256 messageFee)',
  'function initializeBridge(address core, uint16 chainId)',
  'function initializeWrapped(address bridge, uint8 decimals)',
  'function registerChain(uint16 chain, bytes32 bridge)',
  'function registerWrapped(uint16 tokenChain, bytes32 tokenAddress, address wrapped)',
]);

export interface WormholeStandInCode {
  readonly core: Hex;
  readonly tokenBridge: Hex;
  readonly wrappedToken: Hex;
}

/**
 * Installs Portal on the sandbox chain `chainKey`, with the Portal-wrapped USDC of every `peer` that
 * is a Portal chain: `setCode` installs code, `send` sends a set-up call from the sandbox admin.
 * Every sandbox EVM chain gets it, so a quote between any two meets Portal's contracts (without them,
 * Portal's quotes touching a chain read contracts that were not there: `venue_error`).
 */
export async function installWormholeStandIns(
  chainKey: string,
  peers: readonly { readonly key: string; readonly usdc: Address }[],
  code: WormholeStandInCode,
  setCode: (address: Address, bytecode: Hex) => Promise<void>,
  send: (to: Address, data: Hex) => Promise<void>,
): Promise<void> {
  const here = wormholeChain(chainKey);
  if (!here) return;
  await setCode(here.core, code.core);
  await setCode(here.tokenBridge, code.tokenBridge);
  await send(here.core, encodeFunctionData({ abi: setupAbi, functionName: 'initialize', args: [here.whChainId, SANDBOX_WORMHOLE_MESSAGE_FEE] }));
  await send(here.tokenBridge, encodeFunctionData({ abi: setupAbi, functionName: 'initializeBridge', args: [here.core, here.whChainId] }));
  for (const { key: peerKey, usdc: peerUsdc } of peers) {
    const peer = wormholeChain(peerKey);
    if (!peer || peerKey === chainKey) continue;
    const wrappedAddress = sandboxWrappedUsdc(peerKey, chainKey);
    await send(here.tokenBridge, encodeFunctionData({ abi: setupAbi, functionName: 'registerChain', args: [peer.whChainId, universalAddress(peer.tokenBridge)] }));
    await setCode(wrappedAddress, code.wrappedToken);
    await send(wrappedAddress, encodeFunctionData({ abi: setupAbi, functionName: 'initializeWrapped', args: [here.tokenBridge, 6] }));
    await send(here.tokenBridge, encodeFunctionData({ abi: setupAbi, functionName: 'registerWrapped', args: [peer.whChainId, universalAddress(peerUsdc), wrappedAddress] }));
  }
}
