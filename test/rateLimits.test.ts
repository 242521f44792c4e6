import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { createTestStrait } from './testStrait.ts';
import { DOUBLE_TARGET, venueDouble } from './venueDouble.ts';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startClaimsChain } from './claimsChain.ts';
import { startCountingRpcProxy } from './countingRpcProxy.ts';
import { strangersJunkHashesNeverBlockTheOwner } from './submitRateLimitScenario.ts';

/** A distinct valid EVM address per number, so each test has wallets of its own. */
const wallet = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** A venue that prices and builds without any network, so quote → build runs in-process. */
const instant = venueDouble();

// One app for the whole file: every test uses its own client IPs and wallets.
let app: Strait;
beforeAll(async () => {
  app = await createTestStrait({ STRAIT_RATE_LIMIT_PER_MINUTE: '10', STRAIT_TRUST_PROXY: 'loopback' }, [instant]);
});
afterAll(async () => {
  await app.close();
});

const quoteBody = (sender: string) => ({ fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender, recipient: USER });

function post(app: Strait, url: string, payload: unknown, ip: string) {
  return app.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
}

interface Refusal {
  error: { code: string; retryAfterMs: number; details: { exceeded: string[] } };
}

describe('rate limits of spec §8 (in memory)', () => {
  it('refuses the 11th call from one IP with 429, retryAfterMs, Retry-After and the RateLimit fields', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await post(app, '/v1/bridge/quote', quoteBody(wallet(100 + i)), '198.51.100.1');
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-policy']).toBe('"ip";q=10;w=60, "wallet";q=10;w=60');
      expect(response.headers.ratelimit).toMatch(new RegExp(`^"ip";r=${9 - i};t=\\d+, "wallet";r=9;t=\\d+$`));
    }
    const refused = await post(app, '/v1/bridge/quote', quoteBody(wallet(110)), '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    const body = refused.json() as Refusal;
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.details.exceeded).toEqual(['ip']);
    expect(body.error.retryAfterMs).toBeGreaterThan(0);
    expect(body.error.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(refused.headers['retry-after']).toBe(String(Math.ceil(body.error.retryAfterMs / 1000)));
    expect(refused.headers.ratelimit).toMatch(/^"ip";r=0;t=\d+, "wallet";r=\d+;t=\d+$/);
    // Another address is counted apart.
    expect((await post(app, '/v1/bridge/quote', quoteBody(wallet(111)), '198.51.100.2')).statusCode).toBe(200);
  });

  it('counts one wallet across IPs, whatever the case of its EVM address', async () => {
    for (let i = 0; i < 10; i++) {
      const sender = i % 2 === 0 ? USER : USER.toLowerCase();
      expect((await post(app, '/v1/bridge/quote', quoteBody(sender), `198.51.100.${i + 10}`)).statusCode).toBe(200);
    }
    const refused = await post(app, '/v1/bridge/quote', quoteBody(USER.toUpperCase().replace('0X', '0x')), '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as Refusal).error.details.exceeded).toEqual(['wallet']);
  });

  it('gives retryAfterMs the longer wait when both counters refuse', async () => {
    for (let i = 0; i < 10; i++) await post(app, '/v1/bridge/quote', quoteBody(wallet(200)), '198.51.100.3');
    const refused = await post(app, '/v1/bridge/quote', quoteBody(wallet(200)), '198.51.100.3');
    const body = refused.json() as Refusal;
    expect(body.error.details.exceeded).toEqual(['ip', 'wallet']);
    const waits = [...String(refused.headers.ratelimit).matchAll(/t=(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.ceil(body.error.retryAfterMs / 1000)).toBe(Math.max(...waits));
  });

  it('counts bodies that do not parse against the IP, and answers an over-limit caller 429 whatever it sends', async () => {
    for (let i = 0; i < 5; i++) expect((await post(app, '/v1/bridge/quote', '{"fromChain": ', '198.51.100.4')).json()).toMatchObject({ error: { code: 'malformed_json' } });
    for (let i = 0; i < 5; i++) expect((await post(app, '/v1/bridge/quote', { ...quoteBody(wallet(300 + i)), amountAtomic: '0' }, '198.51.100.4')).json()).toMatchObject({ error: { code: 'invalid_amount' } });
    expect((await post(app, '/v1/bridge/quote', quoteBody(wallet(306)), '198.51.100.4')).statusCode).toBe(429);
    expect((await post(app, '/v1/bridge/quote', { nonsense: true }, '198.51.100.4')).statusCode).toBe(429);
  });

  it('limits build and submit by the wallet of the decision or transfer; an unknown id costs the IP only', async () => {
    const quote = await post(app, '/v1/bridge/quote', quoteBody(wallet(400)), '198.51.100.20');
    const decisionId = (quote.json() as { decisionId: string }).decisionId;
    const build = await post(app, '/v1/bridge/build', { decisionId: decisionId.toUpperCase() }, '198.51.100.21');
    expect(build.statusCode).toBe(200);
    expect(build.headers.ratelimit).toMatch(/^"ip";r=9;t=\d+, "wallet";r=8;t=\d+$/);
    const transferId = (build.json() as { transferId: string }).transferId;
    // A hash no chain here shows proves nothing about its sender: the transfer's counter, not the wallet's.
    const submit = await post(app, `/v1/bridge/transfers/${transferId}/submit`, { txHash: `0x${'ab'.repeat(32)}`, step: 'main' }, '198.51.100.22');
    expect(submit.headers.ratelimit).toMatch(/^"ip";r=9;t=\d+, "transfer";r=9;t=\d+$/);
    expect(submit.headers['ratelimit-policy']).toBe('"ip";q=10;w=60, "transfer";q=10;w=60');

    const unknown = await post(app, '/v1/bridge/build', { decisionId: '9b2f4c1e-0000-4000-8000-00000000abcd' }, '198.51.100.23');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.ratelimit).toMatch(/^"ip";r=9;t=\d+$/);
    const unknownTransfer = await post(app, '/v1/bridge/transfers/9b2f4c1e-0000-4000-8000-00000000abcd/submit', { txHash: `0x${'ab'.repeat(32)}`, step: 'main' }, '198.51.100.23');
    expect(unknownTransfer.statusCode).toBe(404);
    expect(unknownTransfer.headers.ratelimit).toMatch(/^"ip";r=8;t=\d+$/);

    for (let i = 0; i < 8; i++) await post(app, '/v1/bridge/quote', quoteBody(wallet(400)), `198.51.100.${30 + i}`);
    const overWallet = await post(app, `/v1/bridge/transfers/${transferId}/submit`, { signedTransaction: '0x02', step: 'main' }, '198.51.100.40');
    expect(overWallet.statusCode).toBe(429);
    expect((overWallet.json() as Refusal).error.details.exceeded).toEqual(['wallet']);
  });

  it('never lets quotes naming a wallet lock its owner out of submitting signed bytes', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const quote = await post(app, '/v1/bridge/quote', quoteBody(owner.address), '198.51.100.70');
    const build = await post(app, '/v1/bridge/build', { decisionId: (quote.json() as { decisionId: string }).decisionId }, '198.51.100.70');
    const transferId = (build.json() as { transferId: string }).transferId;
    // Strangers spend the owner's wallet counter by naming it in quotes, from IPs of their own.
    for (let i = 0; i < 10; i++) await post(app, '/v1/bridge/quote', quoteBody(owner.address.toLowerCase()), `198.51.100.${71 + i}`);
    expect((await post(app, '/v1/bridge/quote', quoteBody(owner.address), '198.51.100.90')).statusCode).toBe(429);

    const signed = await owner.signTransaction({ chainId: 8453, to: getAddress(DOUBLE_TARGET), data: '0x12345678', value: 0n, nonce: 0, gas: 100_000n, maxFeePerGas: 1_000_000_000n, maxPriorityFeePerGas: 1n });
    const submit = await post(app, `/v1/bridge/transfers/${transferId}/submit`, { signedTransaction: signed, step: 'main' }, '198.51.100.91');
    expect(submit.statusCode).not.toBe(429);
    expect(submit.headers.ratelimit).toMatch(/^"ip";r=9;t=\d+$/);
    // A hash no chain shows proves nothing about who sends it, so it cannot spend the owner's wallet
    // counter either: it spends the transfer's own.
    const byHash = await post(app, `/v1/bridge/transfers/${transferId}/submit`, { txHash: `0x${'cd'.repeat(32)}`, step: 'main' }, '198.51.100.92');
    expect(byHash.statusCode).not.toBe(429);
    expect(byHash.headers.ratelimit).toMatch(/^"ip";r=9;t=\d+, "transfer";r=9;t=\d+$/);
    // Bytes signed by someone else are not the owner's either.
    const stranger = await privateKeyToAccount(generatePrivateKey()).signTransaction({ chainId: 8453, to: getAddress(DOUBLE_TARGET), data: '0x12345678', value: 0n, nonce: 0, gas: 100_000n, maxFeePerGas: 1_000_000_000n, maxPriorityFeePerGas: 1n });
    expect((await post(app, `/v1/bridge/transfers/${transferId}/submit`, { signedTransaction: stranger, step: 'main' }, '198.51.100.93')).statusCode).toBe(429);
  });

  it('counts a completed transfer as three calls: approve and fee submits spend neither the IP nor the wallet counter, nor does an unproven main hash spend the wallet\'s', async () => {
    const ip = '198.51.100.100';
    const quote = await post(app, '/v1/bridge/quote', quoteBody(wallet(700)), ip);
    const build = await post(app, '/v1/bridge/build', { decisionId: (quote.json() as { decisionId: string }).decisionId }, ip);
    const transferId = (build.json() as { transferId: string }).transferId;
    for (const step of ['approve', 'fee', 'fee', 'approve']) {
      const response = await post(app, `/v1/bridge/transfers/${transferId}/submit`, { txHash: `0x${'ef'.repeat(32)}`, step }, ip);
      expect(response.statusCode).not.toBe(429);
      expect(response.headers.ratelimit).toMatch(/^"transfer";r=\d+;t=\d+$/);
    }
    const main = await post(app, `/v1/bridge/transfers/${transferId}/submit`, { txHash: `0x${'ab'.repeat(32)}`, step: 'main' }, ip);
    expect(main.headers.ratelimit).toMatch(/^"ip";r=7;t=\d+, "transfer";r=5;t=\d+$/);
    // The per-transfer counter bounds what anyone holding the id can send.
    for (let i = 0; i < 5; i++) await post(app, `/v1/bridge/transfers/${transferId}/submit`, { txHash: `0x${'ef'.repeat(32)}`, step: 'fee' }, `198.51.100.${101 + i}`);
    const over = await post(app, `/v1/bridge/transfers/${transferId}/submit`, { txHash: `0x${'ef'.repeat(32)}`, step: 'fee' }, '198.51.100.110');
    expect(over.statusCode).toBe(429);
    expect((over.json() as Refusal).error.details.exceeded).toEqual(['transfer']);
  });

  it('counts one wallet however a non-EVM address is spelled', async () => {
    // A Solana → … quote is refused by the venue double's corridor, but the wallet is counted first.
    const bech = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const btcQuote = (sender: string) => ({ fromChain: 'bitcoin', toChain: 'base', fromToken: null, toToken: 'USDC', amountAtomic: '500000', sender, recipient: USER });
    for (let i = 0; i < 10; i++) await post(app, '/v1/bridge/quote', btcQuote(i % 2 === 0 ? bech : bech.toUpperCase()), `198.51.100.${120 + i}`);
    const refused = await post(app, '/v1/bridge/quote', btcQuote(bech.toUpperCase()), '198.51.100.140');
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as Refusal).error.details.exceeded).toEqual(['wallet']);
  });

  it('leaves reads, /health, /ready and /metrics unlimited', async () => {
    for (let i = 0; i < 12; i++) {
      for (const url of ['/v1/bridge/venues', '/v1/bridge/source-chains', '/v1/bridge/transfers/9b2f4c1e-0000-4000-8000-00000000abcd', '/health', '/ready', '/metrics']) {
        const response = await app.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.50' });
        expect(response.statusCode).not.toBe(429);
        expect(response.headers.ratelimit).toBeUndefined();
      }
    }
  });

  it('is off with STRAIT_RATE_LIMIT_PER_MINUTE=0', async () => {
    const unlimited = await createTestStrait({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' }, [instant]);
    try {
      for (let i = 0; i < 12; i++) {
        const response = await post(unlimited, '/v1/bridge/quote', quoteBody(USER), '198.51.100.60');
        expect(response.statusCode).toBe(200);
        expect(response.headers.ratelimit).toBeUndefined();
      }
    } finally {
      await unlimited.close();
    }
  });

  it('counts the forwarded client IP behind a trusted proxy', async () => {
    const from = (client: string, n: number) =>
      app.app.inject({ method: 'POST', url: '/v1/bridge/quote', remoteAddress: '127.0.0.1', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, payload: JSON.stringify(quoteBody(wallet(n))) });
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.5', 500 + i)).statusCode).toBe(200);
    expect((await from('203.0.113.5', 510)).statusCode).toBe(429);
    expect((await from('203.0.113.6', 511)).statusCode).toBe(200);
  });
});

describe('submit by txHash on a real local chain (anvil), counted in memory', () => {
  it('never lets strangers\' junk hashes spend the owner\'s wallet counter: the owner\'s real hash is accepted after a dozen', async () => {
    const chain = await startClaimsChain();
    const proxy = await startCountingRpcProxy(chain.url);
    const strait = await createTestStrait({ STRAIT_RPC_BASE: proxy.url, STRAIT_RATE_LIMIT_PER_MINUTE: '10', STRAIT_TRUST_PROXY: 'loopback', STRAIT_QUOTE_MIN_WAIT_MS: '0' }, [venueDouble()]);
    try {
      await strangersJunkHashesNeverBlockTheOwner(strait, chain, proxy, 1);
    } finally {
      await strait.close();
      await proxy.close();
      await chain.stop();
    }
  });
});

describe('rate limits while Redis is unreachable', () => {
  it('never turns into a 500: limited routes answer as usual and /metrics reports the fallback', async () => {
    const strait = await createTestStrait({ STRAIT_RATE_LIMIT_PER_MINUTE: '10', REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const quote = await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ fromChain: 'base', toChain: 'base' }) });
      expect(quote.statusCode).toBe(400);
      expect(quote.headers.ratelimit).toMatch(/^"ip";r=9;t=\d+/);
      const build = await strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: '9b2f4c1e-0000-4000-8000-00000000abcd' } });
      expect(build.statusCode).toBe(404);
      const metrics = (await strait.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toContain('strait_rate_limit_backend{backend="memory-fallback"} 1');
    } finally {
      await strait.close();
    }
  });
});
