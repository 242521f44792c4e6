import { describeContractReplay } from '../contract/replayContract.ts';
import { contract } from './usdt0.contract.ts';
import { usdt0Venue } from './usdt0Venue.ts';

// USDT0 is not registered (no recorded answer of its real messengers): its contract is replayed here,
// node answers included, as test/venueContract.test.ts will once it is.
describeContractReplay(usdt0Venue, contract, new URL('./fixtures/', import.meta.url));
