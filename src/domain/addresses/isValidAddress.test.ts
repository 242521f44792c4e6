import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_RULES, isValidAddress } from './isValidAddress.ts';

/**
 * The chain keys the rest of the code base routes, as listed in the brief. The
 * brief calls them "the 72 chain keys" but lists 73; the list is what is pinned.
 */
const CHAIN_KEYS = [
  'ethereum', 'arbitrum', 'optimism', 'base', 'polygon', 'bnb', 'avalanche', 'linea', 'scroll', 'zksync',
  'mantle', 'blast', 'mode', 'gnosis', 'celo', 'unichain', 'sonic', 'ink', 'plume', 'worldchain', 'monad',
  'sei', 'xlayer', 'plasma', 'berachain', 'hyperevm', 'stable', 'robinhood', 'arc', 'fantom', 'zircuit',
  'lisk', 'soneium', 'abstract', 'taiko', 'metis', 'moonbeam', 'aurora', 'cronos', 'opbnb', 'ronin',
  'rootstock', 'citrea', 'botanix', 'katana', 'solana', 'fogo', 'eclipse', 'bitcoin', 'litecoin',
  'dogecoin', 'bitcoincash', 'zcash', 'dash', 'sui', 'aptos', 'movement', 'starknet', 'tron', 'ton',
  'stellar', 'cardano', 'xrpl', 'near', 'algorand', 'polkadot', 'assethub', 'injective', 'noble',
  'osmosis', 'cosmoshub', 'hypercore', 'lighter',
] as const;

const EVM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** One real mainnet address per non-EVM chain (EVM chains all use `EVM`). */
const SAMPLES: Record<string, string> = {
  solana: SOLANA,
  fogo: SOLANA,
  eclipse: SOLANA,
  bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  litecoin: 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
  dogecoin: 'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU',
  bitcoincash: 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
  zcash: 't1RygJmrLdNGgi98gUgEJDTVaELTAYWoMBy',
  dash: 'XgkpWEFe59pX3aMhx6PrDawjNnoZKHeZbp',
  sui: '0x259ff8074ab425cbb489f236e18e08f03f1a7856bdf7c7a2877bd64f738b5015',
  aptos: '0x1',
  movement: '0xeeff357ea5c1a4e7bc11b2b17ff2dc2dcca69750bfef1e1ebcaccf8c8018175b',
  starknet: '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
  tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ton: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
  stellar: 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
  cardano: 'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
  xrpl: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  near: 'wrap.near',
  algorand: 'HXIWBVQGOO6ZWE5NYJO22XMYRUGZ6TGNX2K2EERPT3ZIWPHE5CLJGB2GEA',
  polkadot: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
  assethub: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
  injective: 'inj1hkhdaj2a2clmq5jq6mspsggqs32vynpk228q3r',
  noble: 'noble1mry47pkga5tdswtluy0m8teslpalkdq0kz9xym',
  osmosis: 'osmo1mry47pkga5tdswtluy0m8teslpalkdq0k6r728',
  cosmoshub: 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02',
  hypercore: EVM,
  lighter: EVM,
};

const sampleFor = (chain: string): string => SAMPLES[chain] ?? EVM;

describe('ADDRESS_RULES', () => {
  it('has exactly the listed chain keys', () => {
    expect(Object.keys(ADDRESS_RULES).sort()).toEqual([...CHAIN_KEYS].sort());
    expect(new Set(CHAIN_KEYS).size).toBe(73);
  });

  it('routes the ambiguous keys to the intended families', () => {
    expect(ADDRESS_RULES.sei).toEqual({ family: 'evm' });
    expect(ADDRESS_RULES.robinhood).toEqual({ family: 'evm' });
    expect(ADDRESS_RULES.movement).toEqual({ family: 'aptos' });
    expect(ADDRESS_RULES.fogo).toEqual({ family: 'solana' });
    expect(ADDRESS_RULES.assethub).toEqual({ family: 'ss58' });
    expect(ADDRESS_RULES.lighter).toEqual({ family: 'lighter' });
  });

  it('gives every cosmos chain its bech32 prefix', () => {
    expect(ADDRESS_RULES.injective).toEqual({ family: 'cosmos', bech32Prefix: 'inj' });
    expect(ADDRESS_RULES.noble).toEqual({ family: 'cosmos', bech32Prefix: 'noble' });
    expect(ADDRESS_RULES.osmosis).toEqual({ family: 'cosmos', bech32Prefix: 'osmo' });
    expect(ADDRESS_RULES.cosmoshub).toEqual({ family: 'cosmos', bech32Prefix: 'cosmos' });
  });
});

describe('isValidAddress', () => {
  it.each(CHAIN_KEYS)('accepts a real %s address', (chain) => {
    expect(isValidAddress(chain, sampleFor(chain))).toBe(true);
  });

  it.each([
    ['ethereum', SOLANA],
    ['ethereum', '0xd8DA6BF26964aF9D7eEd9e03E53415D37aA96045'], // bad EIP-55 checksum
    ['hypercore', '0xd8DA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['lighter', '0xd8DA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['lighter', SOLANA],
    ['solana', EVM],
    ['bitcoin', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea'],
    ['litecoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['dogecoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['dash', 'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU'],
    ['bitcoincash', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['zcash', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['tron', EVM],
    ['noble', 'osmo1mry47pkga5tdswtluy0m8teslpalkdq0k6r728'],
    ['injective', 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'],
    ['sui', '0x1'],
    ['aptos', EVM.toLowerCase().replace('0x', '0xz')],
    ['starknet', `0x${'f'.repeat(64)}`],
    ['ton', 'kQCKhieGGl3ZbJ2zzggHsSLaXtRzk0znVopbSxw2HLsorvzv'],
    ['stellar', 'SBGWKM3CD4IL47QN6X54N6Y33T3JDNVI6AIJ6CD5IM47HG3IG4O36XCU'],
    ['cardano', 'addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs68faae'],
    ['xrpl', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['near', 'Alice.near'],
    ['algorand', 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ'],
    ['polkadot', '5FqqU2rytGPhcwQosKRtW1E3ha6BJKAjHgtcodh71dSyXhoZ'], // generic Substrate prefix 42
    ['assethub', '5FqqU2rytGPhcwQosKRtW1E3ha6BJKAjHgtcodh71dSyXhoZ'],
  ])('rejects on %s: %s', (chain, address) => {
    expect(isValidAddress(chain, address)).toBe(false);
  });

  it('rejects unknown chain keys, including inherited property names', () => {
    for (const chain of ['', 'Ethereum', 'eth', 'mainnet', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(isValidAddress(chain, EVM)).toBe(false);
    }
  });

  it('rejects non-string input instead of throwing', () => {
    for (const value of [undefined, null, 42, {}, [EVM], Symbol('x')]) {
      expect(isValidAddress('ethereum', value as unknown as string)).toBe(false);
      expect(isValidAddress(value as unknown as string, EVM)).toBe(false);
    }
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHAIN_KEYS),
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.string({ unit: fc.constantFrom(...'0x:1qpzry9x8gf2tvdw0s3jn54khce6mua7lABCDEFGHJKLMNPQRSTUVWXYZ+/-_='), maxLength: 120 }),
        ),
        (chain, address) => {
          expect(typeof isValidAddress(chain, address)).toBe('boolean');
        },
      ),
      { numRuns: 3000 },
    );
  });
});
