import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { isCosmosAddress } from './isCosmosAddress.ts';

describe('isCosmosAddress', () => {
  it.each([
    ['cosmos', 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'],
    ['osmo', 'osmo1mry47pkga5tdswtluy0m8teslpalkdq0k6r728'],
    ['osmo', 'osmo18s0hdnsllgcclweu9aymw4ngktr2k0rkvn7jmn'],
    // 32-byte CosmWasm contract (the first contract instantiated on Osmosis)
    ['osmo', 'osmo1nc5tatafv6eyq7llkr2gv50ff9e22mnf70qgjlv737ktmt4eswrqvlx82r'],
    ['noble', 'noble1mry47pkga5tdswtluy0m8teslpalkdq0kz9xym'],
    ['inj', 'inj1hkhdaj2a2clmq5jq6mspsggqs32vynpk228q3r'],
    ['inj', 'inj14py36sx57ud82t9yrks9z6hdsrpn5x6k8tf7m3'],
    ['cosmos', 'COSMOS1HSK6JRYYQJFHP5DHC55TC9JTCKYGX0EPH6DD02'], // bech32 allows all-uppercase
  ])('accepts %s: %s', (prefix, address) => {
    expect(isCosmosAddress(address, prefix)).toBe(true);
  });

  it.each([
    ['cosmos', 'bad checksum', 'cosmos1xsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'],
    ['cosmos', 'validator operator, not an account', 'cosmosvaloper1sxx9mszve0gaedz5ld7qdkjkfv8z992ax69k08'],
    ['noble', 'Osmosis address on Noble (wrong network)', 'osmo1mry47pkga5tdswtluy0m8teslpalkdq0k6r728'],
    ['osmo', 'Noble address on Osmosis (wrong network)', 'noble1mry47pkga5tdswtluy0m8teslpalkdq0kz9xym'],
    ['inj', 'Cosmos Hub address on Injective', 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'],
    ['cosmos', 'prefix swapped without recomputing the checksum', 'osmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'],
    ['cosmos', 'mixed case', 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dD02'],
    ['cosmos', 'Bitcoin bech32', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['inj', 'EVM form of an Injective account', '0xAF79152AC5dF276D9A8e1E2E22822f9713474902'],
    ['cosmos', 'empty', ''],
  ])('rejects (%s) %s', (prefix, _why, address) => {
    expect(isCosmosAddress(address, prefix)).toBe(false);
  });

  it('rejects well-checksummed payloads of a length other than 20 or 32 bytes', () => {
    for (const length of [0, 19, 21, 31, 33]) {
      const address = bech32.encode('cosmos', bech32.toWords(new Uint8Array(length)));
      expect(isCosmosAddress(address, 'cosmos')).toBe(false);
    }
  });
});
