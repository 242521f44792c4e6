import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { createTestStrait } from '../../../test/testStrait.ts';
import { BASE_USDC, itChecksTheStoredCallAtSubmit, itRefusesTamperedCalls, serviceTransferHarness, TRANSFER_EVIL, TRANSFER_EXPECTED, TRANSFER_RECIPIENT } from '../fake/serviceTransferHarness.ts';
import { startLifiFake } from './lifiFake.ts';
import { whyNotLifiBridgeCall } from './lifiBridgeCalls.ts';

/**
 * LI.FI through the whole service: quote, build and submit against its loopback fake. A build whose
 * diamond call pays another recipient, chain, token or amount is refused (502 unsafe_venue_answer, the
 * venue marked degraded), and a stored step that no longer matches the transfer is refused at submit
 * (the receiver swapped in the ABI-encoded BridgeData).
 */

const DIAMOND = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';

const harness = serviceTransferHarness({
  venue: 'lifi',
  startFake: () => startLifiFake(),
  startStrait: (url) => createTestStrait({ STRAIT_VENUE_LIFI_BASE_URL: url, STRAIT_QUOTE_MIN_WAIT_MS: '0' }),
});

describe('LI.FI end to end against its fake', () => {
  it('quotes in its dialect and builds an exact approve plus one checked call to the diamond', async () => {
    const { approve, main } = await harness.buildHonestly();
    expect(approve.to).toBe(BASE_USDC);
    expect(main.to).toBe(DIAMOND);
    expect(whyNotLifiBridgeCall(main.data, 0n, TRANSFER_EXPECTED)).toBeNull();
    const asked = harness.fake.server.requests.find((r) => r.path === '/quote');
    expect(Object.fromEntries(asked!.query)).toMatchObject({ fromChain: '8453', toChain: '42161', fromToken: BASE_USDC, fromAmount: '250000000', toAddress: TRANSFER_RECIPIENT, integrator: 'strait' });
  });

  itRefusesTamperedCalls(harness, [
    ['another recipient', { receiver: TRANSFER_EVIL }],
    ['another destination chain', { destinationChainId: 10n }],
    ['another token', { sendingAssetId: '0x0000000000000000000000000000000000000000' as Hex }],
    ['another amount', { minAmount: 1n }],
  ]);

  itChecksTheStoredCallAtSubmit(harness, { callName: 'diamond call', to: DIAMOND });
});
