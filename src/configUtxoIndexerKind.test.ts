import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { unknownVariables } from './cli/startupReport.ts';

describe('STRAIT_INDEXER_<CHAIN>_KIND', () => {
  it('reads blockbook or esplora for a Bitcoin-family chain with an indexer URL; unset means Esplora', () => {
    const config = loadConfig({ STRAIT_RPC_DOGECOIN: 'https://doge1.trezor.io', STRAIT_INDEXER_DOGECOIN_KIND: 'blockbook', STRAIT_RPC_BITCOIN: 'https://blockstream.info/api', STRAIT_RPC_LITECOIN: 'https://litecoinspace.org/api', STRAIT_INDEXER_LITECOIN_KIND: 'Esplora' });
    expect(config.utxoIndexerKinds).toEqual({ dogecoin: 'blockbook', litecoin: 'esplora' });
  });

  it('stops on an unknown dialect, a chain that is not Bitcoin-family, or a kind without its URL', () => {
    expect(() => loadConfig({ STRAIT_RPC_DOGECOIN: 'https://doge1.trezor.io', STRAIT_INDEXER_DOGECOIN_KIND: 'insight' })).toThrow(/STRAIT_INDEXER_DOGECOIN_KIND must be one of esplora, blockbook/);
    expect(() => loadConfig({ STRAIT_RPC_BASE: 'https://base.example', STRAIT_INDEXER_BASE_KIND: 'blockbook' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRAIT_INDEXER_BITCOINCASH_KIND: 'blockbook' })).toThrow(/STRAIT_RPC_BITCOINCASH, the indexer it describes, is not/);
  });

  it('is a known family to the typo check, for Bitcoin-family chains only', () => {
    const env = { STRAIT_RPC_DASH: 'https://dash1.trezor.io', STRAIT_INDEXER_DASH_KIND: 'blockbook', STRAIT_INDEXER_DAHS_KIND: 'blockbook' };
    expect(unknownVariables(env, loadConfig({ STRAIT_RPC_DASH: env.STRAIT_RPC_DASH, STRAIT_INDEXER_DASH_KIND: 'blockbook' })).map((u) => u.name)).toEqual(['STRAIT_INDEXER_DAHS_KIND']);
  });
});
