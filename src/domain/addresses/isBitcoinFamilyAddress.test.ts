import { describe, expect, it } from 'vitest';
import { BITCOIN_FAMILY_PARAMS, isBitcoinFamilyAddress } from './isBitcoinFamilyAddress.ts';

type Chain = keyof typeof BITCOIN_FAMILY_PARAMS;

function check(chain: Chain, valid: readonly string[], invalid: readonly (readonly [string, string])[]) {
  describe(chain, () => {
    it.each(valid)('accepts %s', (address) => {
      expect(isBitcoinFamilyAddress(address, BITCOIN_FAMILY_PARAMS[chain])).toBe(true);
    });
    it.each(invalid)('rejects %s: %s', (_why, address) => {
      expect(isBitcoinFamilyAddress(address, BITCOIN_FAMILY_PARAMS[chain])).toBe(false);
    });
  });
}

check(
  'bitcoin',
  [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // genesis coinbase, P2PKH
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
    '3FyVFsEyyBPzHjD3qUEgX7Jsn4tcHNZFkn',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', // P2WPKH
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // BIP-173 vector, uppercase is allowed
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // BIP-173 P2WSH (32 bytes)
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // BIP-350 Taproot
  ],
  [
    ['bad base58 checksum', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
    ['bad base58 checksum', '1A1zP1ePQGefi2DMPTifTL5SLmv7DivfNa'],
    ['testnet P2PKH', 'mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef'],
    ['testnet P2SH', '2MxKEf2su6FGAUfCEAHreGFQvEYrfYNHvL7'],
    ['testnet bech32', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'],
    ['bad bech32 checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['mixed-case bech32', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['witness v0 encoded with bech32m (BIP-350)', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
    ['witness v1 encoded with bech32 (BIP-350)', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'],
    ['witness v2 (not yet spendable)', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs'],
    ['witness v0 with a 16-byte program', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'],
    ['Litecoin address', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
    ['Litecoin bech32', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea'],
    ['a transaction id', 'bd839e4f6fadb293ba580df5dea7814399989983'],
    ['empty', ''],
  ],
);

check(
  'litecoin',
  [
    'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9',
    'LW6HjAU6GL9fK2LZWUA6VZCzomTdrpx3nr',
    'M8eTgzhoFTErAjkGa6cyBomcHfxAprbDgD', // P2SH 0x32
    '3NJZLcZEEYBpxYEUGewU4knsQRn1WM5Fkt', // legacy P2SH 0x05
    'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
    'ltc1q3m3ujh350qrqdl33pv7pjw0d0m9qnm6qjcjpga',
  ],
  [
    ['bad checksum', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH8'],
    ['Bitcoin P2PKH (wrong network)', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['Bitcoin bech32 (wrong prefix)', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['testnet bech32', 'tltc1qu78xur5xnq6fjy83amy0qcjfau8m367defyhms'],
    ['testnet P2SH', 'QW2SvwjaJU8LD6GSmtm1PHnBG2xPuxwZFy'],
    ['Dogecoin address', 'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU'],
  ],
);

check(
  'dogecoin',
  [
    'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU',
    'DNzLUN6MyYVS5zf4Xc2yK69V3dXs6Mxia5',
    'DPS6iZj7roHquvwRYXNBua9QtKPzigUUhM',
    'A7JjzK9k9x5b2MkkQzqt91WZsuu7wTu6iS', // P2SH 0x16
  ],
  [
    ['bad checksum', 'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSV'],
    ['Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['Litecoin address', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
    ['Dash address', 'XgkpWEFe59pX3aMhx6PrDawjNnoZKHeZbp'],
    ['too short', 'DPpJVPpvPNP6i6tMj4rTycAGh8wReTq'],
  ],
);

check(
  'bitcoincash',
  [
    // CashAddr specification vectors, with and without prefix, in both cases.
    'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
    'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
    'BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A',
    'bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy',
    'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq', // P2SH
    'bitcoincash:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax807',
    'pqx578nanz2h2estzmkr53zqdg6qt8xyqvwhn6qeyc',
    'bitcoincash:pp23x8hm0g8d6nrkesamaqeml3v6daeudvpa7zhktf',
    'bitcoincash:pvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxqaw3dsfwg', // P2SH32 (32-byte hash)
    // Legacy base58 forms still accepted by BCH wallets.
    '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu',
    '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC',
  ],
  [
    ['bad CashAddr checksum', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b'],
    ['testnet prefix', 'bchtest:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
    ['eCash (wrong network)', 'ecash:pqx578nanz2h2estzmkr53zqdg6qt8xyqvh683mrz0'],
    ['unknown prefix', 'bcash:pqx578nanz2h2estzmkr53zqdg6qt8xyqvwhn6qeyc'],
    ['mixed case', 'bitcoincash:qrwkk9a3es2wu7mdvzh0VEKFVJUZYSQ8TV7R3HCWR5'],
    ['mixed-case prefix', 'BitCoinCash:QRPLWYX7KUEQKRH6DMD3FCLTA6U32HAFP5TNPKCHX2'],
    ['character outside the charset', 'poi578nanz2h2estzmkr53zqdg6qt8xyqvwhn6qeyc'],
    ['bad checksum without prefix', 'pqx578nanz2h2estzmkr53zqdg6qt8xyqvffffffff'],
    ['P2SH32 with a bad checksum', 'bitcoincash:pvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxq7fqng6m6'],
    // CashTokens-aware forms (z…/r…) are deliberately outside the accepted forms.
    ['token-aware P2PKH (not accepted)', 'bitcoincash:zzfyvx77v2pmgc0vulwlfkl3uzjgh5gnmq37yf2mzf'],
    ['Bitcoin bech32', 'bc1ql08eyrk03qytqc5pdp5fnwpfh0x3y3k2skauvd'],
    ['Litecoin address', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
  ],
);

check(
  'zcash',
  [
    't1RygJmrLdNGgi98gUgEJDTVaELTAYWoMBy',
    't1Wg9uPPAfwhBWeRjtDPa5ZHNzyBx9rJVKY',
    't1U9yhDa5XEjgfnTgZoKddeSiEN1aoLkQxq',
    't3RD6RFKhWSotNbPEY4Vw7Ku9QCfKkzrbBL', // P2SH
    't3Vz22vK5z2LcKEdg16Yv4FFneEL1zg9ojd',
    'zs1z7rejlpsa98s2rrrfkwmaxu53e4ue0ulcrw0h4x5g8jl04tak0d3mm47vdtahatqrlkngh9slya', // Sapling
    // ZIP-316 Unified Addresses (zcash-test-vectors), Orchard-only receivers.
    'u1qylzskzykhk5l5vk6zlyqqruvskzv74hk20lmrllzy3vdz6pvny5t9zwlrm86ukw77y5pu8uep2m33s7sc7gn6aq0jm9neg5tsektyn9',
    'u17j4lvw84jd238ev9ukr0lvqhv4z32v98pxcglctaj3aqfqj7rr2wwvh73247ekczw4smyrvm2wf2v5nfxvn3sl0ycc6w4455yg49yf2m',
  ],
  [
    ['bad checksum', 't1RygJmrLdNGgi98gUgEJDTVaELTAYWoMBz'],
    ['invalid base58 character', 't1RygJmrLdNGgi98+UgEJDTVaELTAYWoMBy'],
    ['too short', 't1RygJmrLdNGgi98gUgEJDTVaELTAYW'],
    ['testnet transparent', 't2UNzUUx8mWBCRYPRezvA363EYXyEpHokyi'],
    ['truncated Sapling address', 'zs1z7rejlpsa98s2rrrfkwmaxu53e4ue0ulcrw0h4x5g8jl04tak0d3mm47vdtahatqrlkngh9sly'],
    ['Unified Address with a corrupted character', 'u1qylzskzykhk5l5vk6zlyqqruvskzv74hk20lmrllzy3vdz6pvny5t9zwlrm86ukw77y5pu8uep2m33s7sc7gn6aq0jm9neg5tsektyn8'],
    // ZIP-320 TEX addresses are deliberately outside the accepted forms.
    ['TEX address (not accepted)', 'tex1auz6gx89x2wcku6gswdvaz2nf9x3seex6px6v0'],
    ['Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['Tron address', 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC'],
  ],
);

check(
  'dash',
  [
    'XgkpWEFe59pX3aMhx6PrDawjNnoZKHeZbp',
    'Xx4dYKgz3Zcv6kheaqog3fynaKWjbahb6b',
    'XcY4WJ6Z2Q8w7vcYER1JypC8s2oa3SQ1b1',
    '7eprxeVjKfVgS8p2RNsZ89K72YV61xg4gq', // P2SH 0x10
  ],
  [
    ['bad checksum', 'XgkpWEFe59pX3aMhx6PrDawjNnoZKHeZbq'],
    ['testnet', 'yPv7h2i8v3dJjfSH4L3x91JSJszjdbsJJA'],
    ['Bitcoin P2SH', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['Dogecoin address', 'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU'],
  ],
);
