import { describe, expect, it } from 'vitest';
import { isEvmAddress } from './isEvmAddress.ts';

describe('isEvmAddress', () => {
  it.each([
    '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', // vitalik.eth, EIP-55
    '0xd8da6bf26964af9d7eed9e03e53415d37aa96045', // same, all lower
    '0xD8DA6BF26964AF9D7EED9E03E53415D37AA96045', // same, all upper
    '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', // USDC on Ethereum
    // EIP-55 specification vectors
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x0000000000000000000000000000000000000000',
  ])('accepts %s', (address) => {
    expect(isEvmAddress(address)).toBe(true);
  });

  it.each([
    ['bad checksum (one letter case flipped)', '0xd8DA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['bad checksum', '0x02fcd51aAbB814FfFe17908fbc888A8975D839A5'],
    ['uppercase 0X prefix', '0XD1220A0CF47C7B9BE7A2E6BA89F429762E7B9ADB'],
    ['missing 0x', 'd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['39 hex digits', '0xd8da6bf26964af9d7eed9e03e53415d37aa9604'],
    ['41 hex digits', '0xd8da6bf26964af9d7eed9e03e53415d37aa960455'],
    ['non-hex digit', '0xg8da6bf26964af9d7eed9e03e53415d37aa96045'],
    ['surrounding whitespace', ' 0xd8da6bf26964af9d7eed9e03e53415d37aa96045'],
    ['a Solana address', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
    ['empty', ''],
  ])('rejects %s', (_why, address) => {
    expect(isEvmAddress(address)).toBe(false);
  });
});
