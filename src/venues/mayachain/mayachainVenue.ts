import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { createPoolVenue } from '../shared/thorchainFamily/createPoolVenue.ts';
import { POOL_ERROR_CODES } from '../shared/thorchainFamily/poolMapping.ts';
import { PoolContextSchema } from '../shared/thorchainFamily/poolSchemas.ts';
import { ROUTER_DEPOSIT_SELECTORS } from '../shared/thorchainFamily/routerDeposit.ts';
import type { VenueHttpClient } from '../venueHttpClient.ts';
import { MAYACHAIN, whyNotMayachainCall, whyNotMayachainMemo } from './mayachainChains.ts';
import { midgardStatus } from './mayachainMidgard.ts';

const MAYANODE_URL = 'https://mayanode.mayachain.info';
/** Maya's public Midgard (the indexer xchainjs and ShapeShift track Maya transfers on). */
const MIDGARD_URL = 'https://midgard.mayachain.info';

/**
 * Maya Protocol (THORChain fork: native swaps through its vaults) via MAYANode, on the family's
 * adapter (shared/thorchainFamily/createPoolVenue.ts): `GET /mayachain/quote/swap` prices (a streaming
 * swap, 1 % memo limit) and writes the memo, `GET /mayachain/inbound_addresses` refuses halted chains
 * and paused trading on every quote and build; Maya's Midgard (`GET /v2/actions?txid=`,
 * mayachainMidgard.ts) tracks. Built: ETH and ARB sources, one `depositWithExpiry` on the pinned
 * MAYAChain_Router whose memo is decoded and compared with the transfer; and BTC and DASH sources, one
 * `utxo` step paying the live vault of inbound_addresses at VOUT0 with Maya's memo as OP_RETURN (the
 * family's path, as THORChain's), the memo checked at build and again at submit. Quote only: ZEC
 * sources (v5 transactions: chains/utxo/utxoNetworks.ts).
 *
 * Fees: Maya's `affiliate`/`affiliate_bps` pay a MAYAName or `maya1…` address in CACAO on Maya
 * itself, never the operator's fee wallet on the transfer's chains, so Strait sends none
 * (`feeCapture: none`, its cuts stay fee steps) and refuses any memo naming an affiliate.
 */
export const mayachainVenue: VenueModule = {
  id: 'mayachain',
  capabilities: { archetype: 'pool', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata', 'utxo_memo'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  // The public MAYANode xchainjs, Edge and Gem use; no key or client id.
  defaultBaseUrl: MAYANODE_URL,
  contextSchema: PoolContextSchema,
  errorCodes: POOL_ERROR_CODES,
  allowList: {
    calls: MAYACHAIN.chains.flatMap((chain) => (chain.chainId !== null && chain.router !== null ? [{ chainId: chain.chainId, to: chain.router, selectors: ROUTER_DEPOSIT_SELECTORS, check: whyNotMayachainCall }] : [])),
    transferRecipients: [],
    utxoMemo: whyNotMayachainMemo,
  },
  // Maya publishes no budget; THORNode's 1 request per second per IP on /quote is kept for the fork.
  rateLimit: () => ({ requests: 60, perMs: 60_000 }),
  // No sandboxFake: Maya pays out from its vaults, which the sandbox's anvil chains cannot stand in for.
  create(deps) {
    const midgard = midgardClient(deps);
    return { ...createPoolVenue(mayachainVenue.id, MAYACHAIN, deps), status: (request, call) => midgardStatus(midgard, request, call) };
  },
};

/**
 * Midgard lives on another host than MAYANode: `STRAIT_VENUE_MAYACHAIN_MIDGARD_URL` when set;
 * otherwise the public Midgard, unless the venue's base URL was pointed elsewhere (a gateway, a
 * test's fake), which then answers both (`/mayachain/…` and `/v2/…`) on one host.
 */
function midgardClient(deps: VenueDeps): VenueHttpClient {
  const configured = deps.credentials.MIDGARD_URL?.trim();
  if (!configured && deps.baseUrl.replace(/\/+$/, '') !== MAYANODE_URL) return deps.http;
  return deps.httpAt?.(configured || MIDGARD_URL) ?? deps.http;
}
