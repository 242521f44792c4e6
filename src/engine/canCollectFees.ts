import { chainInfo, type ChainKey } from '../domain/chains.ts';
import type { RegisteredVenue } from '../venues/createVenueRegistry.ts';

/**
 * Whether a build through this venue can pay Strait's cuts in the user's own signature: on an EVM
 * source always (a `fee` step beside the bridge call or the deposit), on a Solana-family source when
 * the venue's transaction can carry the fee instructions (`merged`), elsewhere not yet. A row that
 * cannot collect is quoted and built without any cut.
 */
export function canCollectFees(venue: RegisteredVenue | undefined, fromChain: ChainKey): boolean {
  const vm = chainInfo(fromChain).vm;
  if (vm === 'evm') return true;
  return vm === 'svm' && venue?.capabilities.executionShapes.includes('svm_serialized') === true;
}
