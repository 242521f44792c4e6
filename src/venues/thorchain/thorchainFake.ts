import { readFileSync } from 'node:fs';
import { startPoolFake, type PoolFake, type PoolFakeOptions } from '../thorchainFamily/poolFake.ts';

/**
 * A loopback THORNode (thorchainFamily/poolFake.ts) answering from THORChain's real answers: the
 * docs quote (fixtures/real/quote-btc-to-eth-affiliate.json), xchainjs's recorded inbound addresses
 * and the docs' status answer as templates.
 */
function realAnswer(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as unknown;
}

export type ThorchainFake = PoolFake;

export function startThorchainFake(initial: PoolFakeOptions = {}): Promise<ThorchainFake> {
  return startPoolFake(
    {
      prefix: '/thorchain',
      quote: realAnswer('quote-btc-to-eth-affiliate.json') as Record<string, unknown>,
      inbound: realAnswer('inbound-addresses.json') as readonly Record<string, unknown>[],
      status: realAnswer('status-btc-savers-observed.json') as Record<string, unknown>,
    },
    initial,
  );
}
