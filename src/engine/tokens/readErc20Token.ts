import { AbiDecodingZeroDataError, BaseError, ContractFunctionRevertedError, erc20Abi, erc20Abi_bytes32, getAddress, hexToString, type Address } from 'viem';
import { chainUnavailable } from '../../chains/evm/chainUnavailable.ts';
import type { EvmRpc } from '../../chains/evm/createEvmRpc.ts';
import type { ChainKey } from '../../domain/chains.ts';
import type { TokenInfo } from '../../domain/tokens.ts';

/** Wider than any token a venue quotes; a contract answering more is not priced as a token. */
const MAX_DECIMALS = 36;
const MAX_SYMBOL = 32;

const notAToken = (e: unknown): boolean => e instanceof AbiDecodingZeroDataError || e instanceof ContractFunctionRevertedError;

/**
 * Reads an ERC-20's `decimals()` and `symbol()` through the chain's RPC. `null` when no ERC-20 answers
 * at the address (no code, a revert, decimals out of range); a transport fault throws
 * `chain_unavailable` (retriable), because the token may well exist. A symbol that does not decode
 * (old tokens return bytes32, a few nothing) falls back to the bytes32 form, then to the address.
 */
export async function readErc20Token(rpc: EvmRpc, chain: ChainKey, given: Address): Promise<TokenInfo | null> {
  // viem refuses a mixed-case address whose checksum is wrong; callers checked it is an address.
  const address = getAddress(given.toLowerCase());
  let decimals: number;
  try {
    decimals = await rpc.client.readContract({ address, abi: erc20Abi, functionName: 'decimals' });
  } catch (err) {
    if (err instanceof BaseError && err.walk(notAToken)) return null;
    throw chainUnavailable('eth_call decimals()', err);
  }
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) return null;
  return { chain, symbol: await readSymbol(rpc, address), address, decimals };
}

async function readSymbol(rpc: EvmRpc, address: Address): Promise<string> {
  try {
    return clean(await rpc.client.readContract({ address, abi: erc20Abi, functionName: 'symbol' })) ?? address;
  } catch {
    try {
      const raw = await rpc.client.readContract({ address, abi: erc20Abi_bytes32, functionName: 'symbol' });
      return clean(hexToString(raw, { size: 32 })) ?? address;
    } catch {
      return address;
    }
  }
}

/** A symbol is the token's own text: printable, trimmed, short; anything else is not shown. */
function clean(symbol: string): string | null {
  // eslint-disable-next-line no-control-regex
  const text = symbol.replace(/\u0000+$/u, '').trim();
  return text.length > 0 && text.length <= MAX_SYMBOL && /^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(text) ? text : null;
}
