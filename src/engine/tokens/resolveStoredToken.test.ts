import { describe, expect, it } from 'vitest';
import { nativeToken } from '../../domain/tokens.ts';
import type { VenueRegistry } from '../../venues/createVenueRegistry.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { resolveStoredToken } from './resolveStoredToken.ts';

// A process that quoted nothing (the worker, another replica): only what the directory finds again.
const deps = { venues: { all: [], get: () => undefined, routable: () => [] } as unknown as VenueRegistry, rpc: () => null, now: () => 1_000 } as unknown as EngineDeps;

describe('resolveStoredToken', () => {
  it('finds a stored address through the directory when this process never quoted it', async () => {
    expect(await resolveStoredToken(deps, 'ethereum', '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984')).toEqual({ chain: 'ethereum', symbol: 'UNI', address: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', decimals: 18 });
    expect(await resolveStoredToken(deps, 'base', 'native')).toEqual(nativeToken('base'));
    expect(await resolveStoredToken(deps, 'base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')).toMatchObject({ symbol: 'USDC' });
  });

  it('answers undefined where nothing knows the asset, and reads HyperCore\'s stored balances back', async () => {
    expect(await resolveStoredToken(deps, 'base', '0x000000000000000000000000000000000000dEaD')).toBeUndefined();
    // A direct-credit transfer to perps USDC is stored as 'native': its status must still resolve it.
    expect(await resolveStoredToken(deps, 'hypercore', 'native')).toMatchObject({ symbol: 'USDC (perps)' });
    expect(await resolveStoredToken(deps, 'hypercore', '0x6d1e7cde53ba9467b783cb7c530ce054')).toMatchObject({ symbol: 'USDC (spot)' });
    expect(await resolveStoredToken(deps, 'mars', '0x000000000000000000000000000000000000dEaD')).toBeUndefined();
  });
});
