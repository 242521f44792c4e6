import { readFileSync } from 'node:fs';
import { startPoolFake, type PoolFake, type PoolFakeOptions } from '../shared/thorchainFamily/poolFake.ts';

/**
 * A loopback MAYANode (shared/thorchainFamily/poolFake.ts) answering from Maya's answers: xchainjs's
 * recorded ETH → BTC streaming quote (fixtures/real/quote-eth-to-btc-streaming.json) as the quote
 * template, the recorded inbound list with the quote's ETH vault and an ARB entry
 * (fixtures/synthetic/inbound-addresses-live.json) and a pending status in MAYANode's layout
 * (fixtures/synthetic/status-observed.json: no recorded Maya status answer was found).
 */
function fixture(path: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8')) as unknown;
}

export type MayachainFake = PoolFake;

export function startMayachainFake(initial: PoolFakeOptions = {}): Promise<MayachainFake> {
  return startPoolFake(
    {
      prefix: '/mayachain',
      quote: fixture('real/quote-eth-to-btc-streaming.json') as Record<string, unknown>,
      inbound: fixture('synthetic/inbound-addresses-live.json') as readonly Record<string, unknown>[],
      status: fixture('synthetic/status-observed.json') as Record<string, unknown>,
    },
    initial,
  );
}
