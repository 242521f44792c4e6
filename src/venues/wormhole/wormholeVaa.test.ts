import { readFileSync } from 'node:fs';
import { bytesToHex, keccak256, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { denormalizeAmount, encodeTransferPayload, encodeVaa, encodeVaaBody, normalizeAmount, parseTransferPayload, parseVaa, universalAddress } from './wormholeVaa.ts';

/** The real VAA of Wormholescan's answer recorded in wormhole-sdk-rs (fixtures/real/SOURCES.json). */
const recorded = JSON.parse(readFileSync(new URL('./fixtures/real/vaa-bsc-token-bridge-276319-sdk-rs.json', import.meta.url), 'utf8')) as { data: { vaa: string; sequence: number; emitterAddr: string; guardianSetIndex: number } };
const REAL_VAA = bytesToHex(Buffer.from(recorded.data.vaa, 'base64'));

describe('parseVaa on a real Token Bridge VAA (BNB → Solana, sequence 276319)', () => {
  const vaa = parseVaa(REAL_VAA);

  it('reads the header, the 13 guardian signatures and the body the answer names', () => {
    expect(vaa.version).toBe(1);
    expect(vaa.guardianSetIndex).toBe(recorded.data.guardianSetIndex);
    expect(vaa.signatures).toHaveLength(13);
    expect(vaa.emitterChain).toBe(4);
    expect(vaa.emitterAddress).toBe(`0x${recorded.data.emitterAddr}`);
    expect(vaa.sequence).toBe(BigInt(recorded.data.sequence));
    expect(vaa.hash).toBe(keccak256(keccak256(vaa.body)));
  });

  it('reads its type-1 transfer payload: a Solana token to a Solana account, no fee', () => {
    const transfer = parseTransferPayload(vaa.payload);
    expect(transfer).toMatchObject({ payloadType: 1, tokenChain: 1, toChain: 1, fee: 0n });
    expect(transfer.amount).toBeGreaterThan(0n);
  });

  it('refuses truncated bytes, another version and a payload that is not a transfer', () => {
    expect(() => parseVaa(REAL_VAA.slice(0, 200) as Hex)).toThrow(/truncated|shorter/);
    expect(() => parseVaa(`0x02${REAL_VAA.slice(4)}`)).toThrow(/version 2/);
    expect(() => parseTransferPayload('0x02')).toThrow(/not a token transfer/);
    expect(() => parseTransferPayload(`${vaa.payload}00`)).toThrow(/133 bytes/);
  });
});

describe('encoding round trip and the 8-decimal normalisation', () => {
  it('encodes what it parses', () => {
    const payload = encodeTransferPayload({ amount: 123n, tokenAddress: universalAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'), tokenChain: 30, to: universalAddress('0x9999999999999999999999999999999999999999'), toChain: 23, fee: 0n });
    const body = encodeVaaBody({ timestamp: 1, nonce: 2, emitterChain: 30, emitterAddress: universalAddress('0x8d2de8d2f73F1F4cAB472AC9A881C9b123C79627'), sequence: 7n, consistencyLevel: 1, payload });
    const vaa = parseVaa(encodeVaa(0, [{ guardianIndex: 0, r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, v: 1 }], body));
    expect(vaa).toMatchObject({ emitterChain: 30, sequence: 7n, body, payload });
    expect(parseTransferPayload(vaa.payload)).toMatchObject({ amount: 123n, tokenChain: 30, toChain: 23 });
  });

  it('drops digits beyond 8 decimals and keeps smaller tokens whole', () => {
    expect(normalizeAmount(1_234_567_890_123_456_789n, 18)).toBe(123_456_789n);
    expect(denormalizeAmount(123_456_789n, 18)).toBe(1_234_567_890_000_000_000n);
    expect(normalizeAmount(1_000_001n, 6)).toBe(1_000_001n);
  });
});
