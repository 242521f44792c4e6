import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { createTestStrait } from '../../../test/testStrait.ts';
import { BASE_USDC, itChecksTheStoredCallAtSubmit, itRefusesTamperedCalls, serviceTransferHarness, TRANSFER_EVIL, TRANSFER_EXPECTED } from '../fake/serviceTransferHarness.ts';
import { startSquidFake } from './squidFake.ts';
import { whyNotSquidRouterCall } from './squidRouterCalls.ts';

/**
 * Squid through the whole service: quote, build and submit against its loopback fake. A build whose
 * router call pays another recipient, chain, token or amount is refused (502 unsafe_venue_answer, the
 * venue marked degraded), and a stored step that no longer matches the transfer is refused at submit
 * (the recipient swapped in the destination payload: sweep and refund recipient).
 */

const ROUTER = '0xce16F69375520ab01377ce7B88f5BA8C48F8D666';

const harness = serviceTransferHarness({
  venue: 'squid',
  startFake: () => startSquidFake(),
  startStrait: (url) => createTestStrait({ STRAIT_VENUE_SQUID_BASE_URL: url, STRAIT_VENUE_SQUID_INTEGRATOR_ID: 'strait-test', STRAIT_QUOTE_MIN_WAIT_MS: '0' }),
});

describe('Squid end to end against its fake', () => {
  it('builds an exact approve plus one checked router call', async () => {
    const { approve, main } = await harness.buildHonestly();
    expect(approve.to).toBe(BASE_USDC);
    expect(main.to).toBe(ROUTER);
    expect(whyNotSquidRouterCall(main.data, 0n, TRANSFER_EXPECTED)).toBeNull();
  });

  itRefusesTamperedCalls(harness, [
    ['another recipient', { recipient: TRANSFER_EVIL }],
    ['another destination chain', { destinationChain: 'optimism' }],
    ['another token', { token: '0x0000000000000000000000000000000000000001' as Hex }],
    ['another amount', { amount: 1n }],
  ]);

  itChecksTheStoredCallAtSubmit(harness, { callName: 'router call', to: ROUTER });
});
