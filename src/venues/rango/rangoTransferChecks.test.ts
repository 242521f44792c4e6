import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { createTestStrait } from '../../../test/testStrait.ts';
import { BASE_USDC, itChecksTheStoredCallAtSubmit, itRefusesTamperedCalls, serviceTransferHarness, TRANSFER_EVIL, TRANSFER_EXPECTED } from '../fake/serviceTransferHarness.ts';
import { whyNotRangoBridgeCall } from './rangoBridgeCalls.ts';
import { startRangoFake } from './rangoFake.ts';

/**
 * Rango through the whole service without a platform fee (rangoTransfer.test.ts covers the fee): a
 * build whose diamond call pays another recipient, chain, token or amount is refused (502
 * unsafe_venue_answer, the venue marked degraded), and the stored call rewritten to pay someone else
 * is refused at submit (409 step_not_allowed), the honest one passing.
 */

/** Rango's V2 diamond (rangoChains.ts, from Rango's deployment addresses). */
const DIAMOND = '0x69460570c93f9DE5E2edbC3052bf10125f0Ca22d';

const harness = serviceTransferHarness({
  venue: 'rango',
  startFake: () => startRangoFake(),
  startStrait: (url) => createTestStrait({ STRAIT_VENUE_RANGO_BASE_URL: url, STRAIT_VENUE_RANGO_API_KEY: 'test-key', STRAIT_QUOTE_MIN_WAIT_MS: '0' }),
});

describe('Rango end to end against its fake: recipient, chain, token and amount in the diamond call', () => {
  it('builds an exact approve of the diamond plus one checked bridge call', async () => {
    const { approve, main } = await harness.buildHonestly();
    expect(approve.to).toBe(BASE_USDC);
    expect(main.to).toBe(DIAMOND);
    expect(whyNotRangoBridgeCall(main.data, 0n, TRANSFER_EXPECTED)).toBeNull();
  });

  itRefusesTamperedCalls(harness, [
    ['another recipient', { recipient: TRANSFER_EVIL }],
    ['another destination chain', { destinationChainId: 10n }],
    ['another token', { token: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2' as Hex }],
    ['another amount', { amount: 1n }],
  ]);

  itChecksTheStoredCallAtSubmit(harness, { callName: 'diamond call', to: DIAMOND });
});
