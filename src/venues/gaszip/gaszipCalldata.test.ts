import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { getAddress, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeDirectDeposit, encodeDirectDeposit, isShortId, shortIdOf, type DirectDeposit, type GaszipShortId } from './gaszipCalldata.ts';
import { GASZIP_CHAINS, gaszipChainById } from './gaszipChains.ts';

const real = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as { calldata: string; quotes: { chain: number }[] };

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(`0x${Buffer.from(bytes).toString('hex')}`));
const short = fc.integer({ min: 1, max: 0xffff }).map((n) => shortIdOf(n));
const destinations = fc.uniqueArray(short, { minLength: 1, maxLength: 12 }).map((list) => list as unknown as [GaszipShortId, ...GaszipShortId[]]);
const deposit = fc.record({ recipient: address, destinations });

describe('Direct Deposit data', () => {
  it('decodes Gas.zip’s own example to the named recipient and the chains it quoted, in order', () => {
    const answer = real('quote-eth-to-arbitrum-optimism.json');
    const decoded = decodeDirectDeposit(answer.calldata);
    expect(decoded).toEqual({ ok: true, deposit: { recipient: '0x7Ed2A81B7054Dc5D393234B7a3A33B9ba125cAc9', destinations: [57, 55] } });
    // Its short ids are the ones the table gives the chains it quoted (Arbitrum, Optimism).
    expect(answer.quotes.map((q) => gaszipChainById(q.chain)?.short)).toEqual([57, 55]);
    // Strait's encoder writes exactly Gas.zip's bytes for the same deposit.
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(encodeDirectDeposit(decoded.deposit)).toBe(answer.calldata.toLowerCase());
  });

  it('refuses the pay-the-sender form of the other example: a check cannot see the signer', () => {
    expect(decodeDirectDeposit(real('quote-eth-to-arbitrum-self.json').calldata)).toEqual({ ok: false, reason: expect.stringMatching(/sender/) as unknown });
  });

  it('round-trips every deposit: decode(encode(d)) is d', () => {
    fc.assert(
      fc.property(deposit, (d: DirectDeposit) => {
        expect(decodeDirectDeposit(encodeDirectDeposit(d))).toEqual({ ok: true, deposit: d });
      }),
    );
  });

  it('re-encodes every data it accepts to the same bytes, and accepts nothing else', () => {
    // Random bytes, and bytes shaped like a deposit (type 02, an address, some chain ids) so most are accepted.
    const shaped = fc.tuple(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.uint8Array({ minLength: 0, maxLength: 24 })).map(([a, rest]) => Uint8Array.from([2, ...a, ...rest]));
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ minLength: 0, maxLength: 64 }), shaped), (bytes) => {
        const data = `0x${Buffer.from(bytes).toString('hex')}`;
        const decoded = decodeDirectDeposit(data);
        if (decoded.ok) {
          accepted += 1;
          expect(encodeDirectDeposit(decoded.deposit)).toBe(data);
        }
      }),
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('changes when any field changes: recipient, a chain, or the order of chains', () => {
    fc.assert(
      fc.property(deposit, address, short, (d, other, extra) => {
        const data = encodeDirectDeposit(d);
        if (other !== d.recipient) expect(encodeDirectDeposit({ ...d, recipient: other })).not.toBe(data);
        if (!d.destinations.includes(extra)) expect(encodeDirectDeposit({ ...d, destinations: [extra, ...d.destinations.slice(1)] })).not.toBe(data);
        if (d.destinations.length > 1) expect(encodeDirectDeposit({ ...d, destinations: [...d.destinations].reverse() as [GaszipShortId, ...GaszipShortId[]] })).not.toBe(data);
      }),
    );
  });

  it('cannot be built wrong: no short id outside uint16, no empty or repeated list, no non-address', () => {
    for (const bad of [0, -1, 65_536, 1.5, Number.NaN]) expect(() => shortIdOf(bad)).toThrow(RangeError);
    expect(isShortId(57)).toBe(true);
    const recipient = '0x7Ed2A81B7054Dc5D393234B7a3A33B9ba125cAc9' as Address;
    expect(() => encodeDirectDeposit({ recipient, destinations: [] as unknown as [GaszipShortId] })).toThrow(/at least one/);
    expect(() => encodeDirectDeposit({ recipient, destinations: [shortIdOf(57), shortIdOf(57)] })).toThrow(/once/);
    expect(() => encodeDirectDeposit({ recipient: '0x1234' as Address, destinations: [shortIdOf(57)] })).toThrow(/not an EVM address/);
    for (const data of ['0x', '0x02', `0x02${'11'.repeat(20)}`, `0x02${'11'.repeat(20)}00`, `0x02${'11'.repeat(20)}0000`, `0x02${'11'.repeat(20)}00390039`, '0x0300390037', 'zz']) {
      expect(decodeDirectDeposit(data).ok, data).toBe(false);
    }
  });

  it('gives every routed chain its own short id', () => {
    expect(new Set(GASZIP_CHAINS.map((c) => c.short)).size).toBe(GASZIP_CHAINS.length);
    expect(new Set(GASZIP_CHAINS.map((c) => c.chainId)).size).toBe(GASZIP_CHAINS.length);
  });
});
