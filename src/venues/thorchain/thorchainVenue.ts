import type { VenueModule } from '../VenueModule.ts';
import { createPoolVenue } from '../shared/thorchainFamily/createPoolVenue.ts';
import { POOL_ERROR_CODES } from '../shared/thorchainFamily/poolMapping.ts';
import { PoolContextSchema } from '../shared/thorchainFamily/poolSchemas.ts';
import { ROUTER_DEPOSIT_SELECTORS } from '../shared/thorchainFamily/routerDeposit.ts';
import { THORCHAIN, whyNotThorchainCall, whyNotThorchainMemo } from './thorchainChains.ts';

/**
 * THORChain (native cross-chain swaps through its vaults) via THORNode: `GET /thorchain/quote/swap`
 * prices and writes the memo, `GET /thorchain/inbound_addresses` says which chains are halted or
 * paused (checked on every quote and build: a halted chain is a typed rejection, never a stale row),
 * `GET /thorchain/tx/status/{hash}` tracks (the adapter is the family's, shared/thorchainFamily/
 * createPoolVenue.ts). Built: EVM sources (ETH, AVAX, BSC, BASE), one `depositWithExpiry` call to the
 * pinned router whose memo is decoded and compared with the transfer (routerDeposit.ts), with an
 * exact approval for a token; and Bitcoin and Litecoin sources, one `utxo` step paying the live vault
 * at VOUT0 with the memo as OP_RETURN. Quote only: Dogecoin, Bitcoin Cash and Cosmos sources
 * (chains/utxo/utxoNetworks.ts says why). Strait sends no affiliate, so its cuts stay fee steps, and
 * refuses any memo naming one.
 */
export const thorchainVenue: VenueModule = {
  id: 'thorchain',
  capabilities: { archetype: 'pool', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata', 'utxo_memo'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  // The gateway xchainjs and Edge default to; it asks integrators to identify with x-client-id.
  defaultBaseUrl: 'https://gateway.liquify.com/chain/thorchain_api',
  headers: (credentials): Record<string, string> => (credentials.CLIENT_ID ? { 'x-client-id': credentials.CLIENT_ID } : {}),
  contextSchema: PoolContextSchema,
  errorCodes: POOL_ERROR_CODES,
  allowList: {
    calls: THORCHAIN.chains.flatMap((chain) => (chain.chainId !== null && chain.router !== null ? [{ chainId: chain.chainId, to: chain.router, selectors: ROUTER_DEPOSIT_SELECTORS, check: whyNotThorchainCall }] : [])),
    transferRecipients: [],
    utxoMemo: whyNotThorchainMemo,
  },
  // dev.thorchain.org Quickstart "Additional Considerations": 1 request per second per IP on /quote.
  rateLimit: () => ({ requests: 60, perMs: 60_000 }),
  // In the sandbox the fake observes Bitcoin inbounds on the Esplora stand-in and pays out on base from the solver.
  sandboxFake: async ({ settlement, utxoIndexers }) => (await import('./thorchainFake.ts')).startThorchainFake({}, { settlement, utxoIndexers: utxoIndexers ?? {} }),
  create(deps) {
    return createPoolVenue(thorchainVenue.id, THORCHAIN, deps);
  },
};
