import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { createTestStrait } from '../../../test/testStrait.ts';
import { BASE_USDC, itChecksTheStoredCallAtSubmit, itRefusesTamperedCalls, serviceTransferHarness, TRANSFER_EVIL, TRANSFER_EXPECTED } from '../fake/serviceTransferHarness.ts';
import { startBungeeFake } from './bungeeFake.ts';
import { whyNotBungeeGatewayCall } from './bungeeGatewayCalls.ts';

/**
 * Bungee through the whole service: quote, build and submit against its loopback fake. A build whose
 * SocketGateway call pays another recipient, chain, token or amount is refused (502
 * unsafe_venue_answer, the venue marked degraded), and a stored step that no longer matches the
 * transfer is refused at submit.
 */

const GATEWAY = '0x3a23F943181408EAC424116Af7b7790c94Cb97a5';

const harness = serviceTransferHarness({
  venue: 'bungee',
  startFake: () => startBungeeFake(),
  startStrait: (url) => createTestStrait({ STRAIT_VENUE_BUNGEE_BASE_URL: url, STRAIT_VENUE_BUNGEE_API_KEY: 'test-key', STRAIT_QUOTE_MIN_WAIT_MS: '0' }),
});

describe('bungee end to end against its fake', () => {
  it('builds an exact approve to SocketGateway and one checked route call', async () => {
    const { approve, main } = await harness.buildHonestly();
    expect(approve.to).toBe(BASE_USDC);
    expect(main.to).toBe(GATEWAY);
    expect(whyNotBungeeGatewayCall(main.data, 0n, TRANSFER_EXPECTED)).toBeNull();
  });

  itRefusesTamperedCalls(harness, [
    ['another recipient', { receiver: TRANSFER_EVIL }],
    ['another destination chain', { toChainId: 10n }],
    ['another token', { token: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2' as Hex }],
    ['another amount', { amount: 1n }],
  ]);

  itChecksTheStoredCallAtSubmit(harness, { callName: 'gateway call', to: GATEWAY });
});
