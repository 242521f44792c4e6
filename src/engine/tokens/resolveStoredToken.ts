import { isChainKey } from '../../domain/chains.ts';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { tokenDirectoryOf } from './tokenDirectory.ts';

/**
 * The token of a stored transfer's asset (`'native'` or an address), for submit and the status
 * worker: the registry and the tokens this process accepted by address first, then the token
 * directory, so that a transfer quoted by address in another process (a replica, the worker, before a
 * restart) resolves too. `undefined` when nothing knows it now; a fault of the chain's RPC counts as
 * that, and the caller's own retry asks again.
 */
export async function resolveStoredToken(deps: EngineDeps, chain: string, asset: string): Promise<TokenInfo | undefined> {
  const token = asset === 'native' ? null : asset;
  // A stored 'native' is the chain's own asset, even where a request must name it (HyperCore's perps USDC).
  const known = token === null ? nativeToken(chain) : resolveToken(chain, token);
  if (known || token === null || !isChainKey(chain)) return known;
  try {
    return (await tokenDirectoryOf(deps).resolve(chain, token, 'asset'))?.token;
  } catch {
    return undefined;
  }
}
