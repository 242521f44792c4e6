import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeVenueMessage } from './sanitizeVenueMessage.ts';

describe('sanitizeVenueMessage', () => {
  it.each([
    ['across unreachable: connect ECONNREFUSED 127.0.0.1:39211', 'across unreachable: connect ECONNREFUSED [address]'],
    ['relay answered HTTP 500: see https://api.x.io/v1/quote?apiKey=abcd1234abcd1234abcd1234abcd1234', 'relay answered HTTP 500: see [url]'],
    ['connect ECONNREFUSED [::1]:8080', 'connect ECONNREFUSED [address]'],
    ['connect ECONNREFUSED ::1:9', 'connect ECONNREFUSED [address]'],
    ['getaddrinfo ENOTFOUND internal-quotes.prod.svc.cluster.local', 'getaddrinfo ENOTFOUND [host]'],
    ['request to localhost:4000 failed', 'request to [address] failed'],
    ['invalid credentials: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc', 'invalid credentials: Bearer [redacted]'],
    ['forbidden (apiKey=sk_live_51HxYz) for key: a1b2c3', 'forbidden (apiKey=[redacted]) for key: [redacted]'],
    ['{"error":"bad","secret":"hunter2"}', '{"error":"bad","secret":"[redacted]"}'],
    ['no route for /v2/internal/quote?tenant=acme', 'no route for [path]'],
    ['token 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 expired', 'token [redacted] expired'],
    ['key dGhpcyBpcyBhIHNlY3JldCBrZXkgMTIzNDU2Nzg5MA== refused', 'key [redacted] refused'],
  ])('%s', (raw, shown) => {
    expect(sanitizeVenueMessage(raw)).toBe(shown);
  });

  it('keeps what a person needs: codes, amounts, symbols, chains and EVM addresses', () => {
    expect(sanitizeVenueMessage('Across AMOUNT_TOO_LOW: amount 100000000000000000000000000 below the minimum on base → arbitrum')).toBe('Across AMOUNT_TOO_LOW: amount 100000000000000000000000000 below the minimum on base → arbitrum');
    expect(sanitizeVenueMessage('recipient 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC is sanctioned')).toBe('recipient 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC is sanctioned');
    expect(sanitizeVenueMessage('USDC.e on polygon: 1.5 USDC is below 2 USDC')).toBe('USDC.e on polygon: 1.5 USDC is below 2 USDC');
  });

  it('shortens a long venue body to 200 characters and collapses its whitespace', () => {
    const body = `relay answered HTTP 502: <html>\n\n<body>${'upstream gateway error '.repeat(13)}</body></html>`;
    expect(body.length).toBeGreaterThan(300);
    const shown = sanitizeVenueMessage(body);
    expect(shown.length).toBeLessThanOrEqual(200);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown).not.toMatch(/\n/);
  });

  it('never lets an IP, port, URL or long key through, whatever surrounds it', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{32,48}$/).filter((s) => /\d/.test(s) && /[A-Za-z]/.test(s));
    const octet = fc.integer({ min: 0, max: 255 });
    const noise = fc.string({ maxLength: 30 }).map((s) => s.replace(/[^a-z ]/gi, ' '));
    fc.assert(
      fc.property(noise, fc.tuple(octet, octet, octet, octet), fc.integer({ min: 1, max: 65_535 }), secret, noise, (before, ip, port, key, after) => {
        const address = `${ip.join('.')}:${port}`;
        const shown = sanitizeVenueMessage(`${before} ${address} https://h.example.com/p?k=${key} ${key} ${after}`);
        expect(shown).not.toContain(address);
        expect(shown).not.toContain(key);
        expect(shown).not.toContain('example.com');
      }),
      { numRuns: 300 },
    );
  });

  it('says something when nothing is left', () => {
    expect(sanitizeVenueMessage('   ')).toBe('the venue failed');
  });
});
