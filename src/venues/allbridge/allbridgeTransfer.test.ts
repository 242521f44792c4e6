import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { createTestStrait } from '../../../test/testStrait.ts';
import { BASE_USDC, itChecksTheStoredCallAtSubmit, itRefusesTamperedCalls, serviceTransferHarness, TRANSFER_EVIL, TRANSFER_EXPECTED } from '../fake/serviceTransferHarness.ts';
import { word32, whyNotAllbridgeCall } from './allbridgeBridgeCalls.ts';
import { allbridgeChain } from './allbridgeChains.ts';
import { startAllbridgeFake } from './allbridgeFake.ts';

/**
 * Allbridge Core through the whole service: quote, build and submit against its loopback fake. A
 * build whose `swapAndBridge` pays another recipient, Allbridge chain, token or amount is refused
 * (502 unsafe_venue_answer, the venue marked degraded), and a stored step rewritten to pay someone
 * else is refused at submit.
 */

const BRIDGE = allbridgeChain('base')?.bridge ?? '0x';

const harness = serviceTransferHarness({
  venue: 'allbridge',
  startFake: () => startAllbridgeFake(),
  startStrait: (url) => createTestStrait({ STRAIT_VENUE_ALLBRIDGE_BASE_URL: url, STRAIT_QUOTE_MIN_WAIT_MS: '0' }),
});

describe('Allbridge Core end to end against its fake', () => {
  it('builds an exact approve to the bridge plus one checked swapAndBridge carrying the relayer fee', async () => {
    const { approve, main } = await harness.buildHonestly();
    expect(approve.to).toBe(BASE_USDC);
    expect(main.to).toBe(BRIDGE);
    expect(BigInt(main.value)).toBe(5_000n);
    expect(whyNotAllbridgeCall(main.data, BigInt(main.value), TRANSFER_EXPECTED)).toBeNull();
  });

  itRefusesTamperedCalls(harness, [
    ['another recipient', { recipient: word32(TRANSFER_EVIL) }],
    ['another destination chain', { destinationChainId: 1n }],
    ['another token', { token: word32('0x0000000000000000000000000000000000000001') as Hex }],
    ['another amount', { amount: 1n }],
  ]);

  itChecksTheStoredCallAtSubmit(harness, { callName: 'swapAndBridge call', to: BRIDGE as Hex });
});
