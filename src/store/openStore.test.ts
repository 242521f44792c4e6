import { describeStoreContract } from './storeContract.ts';
import { openStore } from './openStore.ts';

describeStoreContract('PGlite (embedded default)', () => openStore({ dataDir: 'memory' }));
