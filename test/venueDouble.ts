import type { VenueStatus, VenueStatusRequest, Venue } from '../src/venues/Venue.ts';
import type { VenueStandIn } from '../src/venues/VenueModule.ts';

/** The one contract every build of a double calls, allow-listed on Base. */
export const DOUBLE_TARGET = '0x00000000000000000000000000000000000B00C1';

export const PENDING: VenueStatus = { state: 'pending', venueStatus: 'pending', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null };

/**
 * A venue speaking the Venue interface directly, for tests of what lies behind it (the worker, rate
 * limits): it prices 1 000 atomic units under the input with a fixed ETA, builds one allow-listed
 * call on Base, and reports whatever `status` says. Numbered orders let a test tell transfers apart.
 */
export function venueDouble(options: { id?: string; etaSeconds?: number; status?: (request: VenueStatusRequest) => Promise<VenueStatus> } = {}): VenueStandIn {
  const id = options.id ?? 'across';
  let orders = 0;
  return {
    id,
    defaultBaseUrl: 'http://127.0.0.1:1',
    allowList: { calls: [{ chainId: 8453, to: DOUBLE_TARGET, selectors: ['0x12345678'] }], transferRecipients: [] },
    create(): Venue {
      return {
        id,
        supports: () => ({ served: true }),
        coverage: () => ({ origins: ['base'], tokenSymbols: () => ['USDC'] }),
        quote: async (r) => ({ amountIn: r.amountIn, amountOut: r.amountIn - 1_000n, minAmountOut: r.amountIn - 2_000n, estimatedSeconds: options.etaSeconds ?? 4, expiresAt: null, context: {} }),
        build: async (r) => ({
          shape: 'steps',
          steps: [{ vm: 'evm', step: 'main', chainId: 8453, to: DOUBLE_TARGET, data: '0x12345678', value: 0n }],
          approval: null,
          amountOut: r.quote.amountOut,
          minAmountOut: r.quote.minAmountOut,
          context: { order: `o-${++orders}` },
        }),
        status: options.status ?? (async () => PENDING),
      };
    },
  };
}
