import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { KNOWN_VARIABLES, unknownVariables } from './startupReport.ts';

describe('unknownVariables', () => {
  it('knows every variable config.ts reads by name', () => {
    const source = readFileSync(new URL('../config.ts', import.meta.url), 'utf8');
    const named = new Set([...source.matchAll(/\b(STRAIT_[A-Z0-9_]*[A-Z0-9])\b/g)].map((m) => m[1]!));
    for (const name of named) {
      if (['STRAIT_RPC', 'STRAIT_FEE_WALLET', 'STRAIT_VENUE', 'STRAIT_INDEXER'].some((family) => name === family)) continue;
      expect(KNOWN_VARIABLES, name).toContain(name);
    }
  });

  it('names the typos and what they most likely meant, and passes every variable Strait reads', () => {
    const env = {
      STRAIT_PORT: '8080',
      STRAIT_QUOTE_DEADLINE: '900',
      STRAIT_RPC_BASE: 'http://127.0.0.1:8545',
      STRAIT_RPC_BASEE: 'http://127.0.0.1:8545',
      STRAIT_FEE_WALLET_ARBITRUM: '0x000000000000000000000000000000000000Fee5',
      STRAIT_VENUE_RELAY_API_KEY: 'k',
      STRAIT_VENUE_RELAYY_API_KEY: 'k',
      STRAIT_TRUSTPROXY: 'loopback',
      PATH: '/usr/bin',
    };
    const found = unknownVariables(env, loadConfig(env));
    expect(found.map((u) => u.name).sort()).toEqual(['STRAIT_QUOTE_DEADLINE', 'STRAIT_RPC_BASEE', 'STRAIT_TRUSTPROXY', 'STRAIT_VENUE_RELAYY_API_KEY']);
    expect(Object.fromEntries(found.map((u) => [u.name, u.didYouMean]))).toMatchObject({
      STRAIT_QUOTE_DEADLINE: 'STRAIT_QUOTE_DEADLINE_MS',
      STRAIT_RPC_BASEE: 'STRAIT_RPC_BASE',
      STRAIT_TRUSTPROXY: 'STRAIT_TRUST_PROXY',
    });
  });
});
