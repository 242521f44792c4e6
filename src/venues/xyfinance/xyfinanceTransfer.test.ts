import { describe, expect, it } from 'vitest';
import { createTestStrait } from '../../../test/testStrait.ts';
import { BASE_USDC, itChecksTheStoredCallAtSubmit, itRefusesTamperedCalls, serviceTransferHarness, TRANSFER_EVIL, TRANSFER_EXPECTED } from '../fake/serviceTransferHarness.ts';
import { whyNotXyBridgeCall } from './xyfinanceBridgeCalls.ts';
import { startXyFinanceFake } from './xyfinanceFake.ts';

/**
 * XY Finance through the whole service, held to the same refusals as the other calldata aggregators:
 * a build whose YBridge `swapWithReferrer` pays another recipient, chain, token or amount is refused
 * (502 unsafe_venue_answer, the venue marked degraded), and the stored call rewritten to pay someone
 * else is refused at submit (409 step_not_allowed), the honest one passing.
 */

/** XY's YBridge on Base, from XY's own contract list (xyfinanceChains.ts). */
const Y_BRIDGE_BASE = '0x73Ce60416035B8D7019f6399778c14ccf5C9c7A1';

const harness = serviceTransferHarness({
  venue: 'xyfinance',
  startFake: () => startXyFinanceFake(),
  startStrait: (url) => createTestStrait({ STRAIT_VENUE_XYFINANCE_BASE_URL: url, STRAIT_QUOTE_MIN_WAIT_MS: '0' }),
});

describe('XY Finance end to end against its fake', () => {
  it('builds an exact approve of the YBridge plus one checked swapWithReferrer call', async () => {
    const { approve, main } = await harness.buildHonestly();
    expect(approve.to).toBe(BASE_USDC);
    expect(main.to).toBe(Y_BRIDGE_BASE);
    expect(whyNotXyBridgeCall(main.data, 0n, TRANSFER_EXPECTED)).toBeNull();
  });

  itRefusesTamperedCalls(harness, [
    ['another recipient', { receiver: TRANSFER_EVIL }],
    ['another destination chain', { dstChainId: 10 }],
    ['another token', { srcToken: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2' }],
    ['another amount', { amount: 1n }],
  ]);

  itChecksTheStoredCallAtSubmit(harness, { callName: 'YBridge call', to: Y_BRIDGE_BASE });
});
