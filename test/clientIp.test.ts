import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createStrait } from '../src/createStrait.ts';

/** The client IP a request is logged (and later rate limited) under, with and without a trusted proxy. */
async function loggedClientIp(trustProxy: string | undefined): Promise<string | undefined> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig({ STRAIT_DATA_DIR: 'memory', ...(trustProxy ? { STRAIT_TRUST_PROXY: trustProxy } : {}) });
  const strait = await createStrait(config, { logger: pino({ level: 'info' }, sink), worker: false });
  try {
    await strait.app.inject({ method: 'GET', url: '/v1/bridge/venues', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
  } finally {
    await strait.close();
  }
  const incoming = lines.map((l) => JSON.parse(l) as { msg?: string; req?: { remoteAddress?: string } }).find((l) => l.msg === 'incoming request');
  return incoming?.req?.remoteAddress;
}

describe('client IP', () => {
  it('comes from X-Forwarded-For when the proxy in front is trusted', async () => {
    expect(await loggedClientIp('loopback')).toBe('203.0.113.9');
  });

  it('is the socket address when no proxy is configured, whatever the header says', async () => {
    expect(await loggedClientIp(undefined)).toBe('127.0.0.1');
  });
});
