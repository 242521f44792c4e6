import { describe, expect, it } from 'vitest';
import { isAlgorandAddress } from './isAlgorandAddress.ts';

describe('isAlgorandAddress', () => {
  it.each([
    'HXIWBVQGOO6ZWE5NYJO22XMYRUGZ6TGNX2K2EERPT3ZIWPHE5CLJGB2GEA',
    'JBCQYJ2FREG667NAN7BFKH4RFIKPT7CYDQJNW3SNN5Z7F7ILFLKQ346TSU',
    'GONISIUAYDOMHM7VURRAAAP5H6OAWRRBCPXEIOZO3QI7TZKR5GTAQ7WK7Y',
    'LCRDY3LYAANTVS3XRHEHWHGXRTKZYVTX55P5IA2AT5ZDJ4CWZFFZIKVHLI',
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ', // zero address
  ])('accepts %s', (address) => {
    expect(isAlgorandAddress(address)).toBe(true);
  });

  it.each([
    ['bad checksum', 'JBCQYJ2FREG667NAN7BFKH4RFIKPT7CYDQJNW3SNN5Z7F7ILFLKQ346TS3'],
    ['altered key', 'GPNISIUAYDOMHM7VURRAAAP5H6OAWRRBCPXEIOZO3QI7TZKR5GTAQ7WK7Y'],
    ['trailing space', 'JBCQYJ2FREG667NAN7BFKH4RFIKPT7CYDQJNW3SNN5Z7F7ILFLKQ346TSU '],
    ['57 characters', 'KHSHWO2TUWE53RMVG6ZUBNAEX6MTYPT76TCIDCDWYUUTK6HCJTZS2HDQU'],
    ['lowercase', 'hxiwbvqgoo6zwe5nyjo22xmyrugz6tgnx2k2eerpt3ziwphe5cljgb2gea'],
    ['a Stellar account', 'GABQHYQOY22KHGTCTAK24AWAUE4TXERF4O4JBSXELNM7IL5CTPUWM3SC'],
    ['digits outside base32', '0000000000000000000000000000000000000000000000000000000000'],
    ['empty', ''],
  ])('rejects %s', (_why, address) => {
    expect(isAlgorandAddress(address)).toBe(false);
  });
});
