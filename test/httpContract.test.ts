import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, REJECTION_CATALOGUE } from '../src/domain/errors.ts';
import type { Strait } from '../src/createStrait.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { isBuilt } from '../src/venues/VenueModule.ts';
import { dereferenceOpenApi } from './dereferenceOpenApi.ts';
import { createTestStrait } from './testStrait.ts';

let strait: Strait;
beforeAll(async () => {
  strait = await createTestStrait();
});
afterAll(async () => {
  await strait.close();
});

const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const quoteBody = { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: SENDER, recipient: SENDER };

async function post(url: string, payload: string | object, contentType = 'application/json') {
  return strait.app.inject({ method: 'POST', url, payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': contentType } });
}

describe('error envelope for every error, Fastify\'s own included', () => {
  it.each([
    ['malformed JSON', () => post('/v1/bridge/quote', '{"fromChain": '), 400, 'malformed_json'],
    ['wrong content type', () => post('/v1/bridge/quote', 'fromChain=base', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type'],
    ['empty JSON body', () => post('/v1/bridge/quote', ''), 400, 'malformed_json'],
    ['schema failure', () => post('/v1/bridge/quote', { ...quoteBody, amountAtomic: 100 }), 400, 'invalid_request'],
    ['unknown field', () => post('/v1/bridge/quote', { ...quoteBody, slippage: 1 }), 400, 'invalid_request'],
    ['unknown route', () => strait.app.inject({ method: 'GET', url: '/v1/bridge/nothing' }), 404, 'route_not_found'],
    ['wrong method', () => strait.app.inject({ method: 'DELETE', url: '/v1/bridge/venues' }), 404, 'route_not_found'],
    ['oversized body', () => post('/v1/bridge/quote', { ...quoteBody, sender: 'x'.repeat(70_000) }), 413, 'payload_too_large'],
    ['non-UUID transfer id', () => strait.app.inject({ method: 'GET', url: '/v1/bridge/transfers/nope' }), 400, 'invalid_request'],
    ['unknown transfer', () => strait.app.inject({ method: 'GET', url: '/v1/bridge/transfers/9B2F4C1E-0000-4000-8000-00000000ABCD' }), 404, 'transfer_not_found'],
    ['unknown decision', () => post('/v1/bridge/build', { decisionId: '9b2f4c1e-0000-4000-8000-00000000abcd' }), 404, 'decision_not_found'],
    ['submit with both fields', () => post('/v1/bridge/transfers/9b2f4c1e-0000-4000-8000-00000000abcd/submit', { step: 'main', txHash: '0x1', signedTransaction: '0x2' }), 400, 'invalid_submission'],
  ])('%s → %i %s', async (_name, send, status, code) => {
    const response = await send();
    expect(response.statusCode).toBe(status);
    const body = response.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(0);
  });
});

describe('quote input rules', () => {
  it.each([
    [{ fromChain: 'base', toChain: 'base' }, 'same_chain'],
    [{ fromChain: 'mars' }, 'invalid_request'],
    [{ fromToken: 'NOPE' }, 'unknown_token'],
    [{ amountAtomic: '0' }, 'invalid_amount'],
    [{ amountAtomic: '1.5' }, 'invalid_amount'],
    [{ amountAtomic: '1'.repeat(79) }, 'invalid_amount'],
    [{ sender: '0x123' }, 'invalid_sender'],
    // SENDER with one letter's case flipped: mixed case whose EIP-55 checksum no longer holds.
    [{ recipient: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }, 'invalid_recipient'],
    [{ referralWallet: SENDER }, 'referral_incomplete'],
    [{ referralWallet: SENDER, referralBps: 16 }, 'invalid_referral_bps'],
    [{ referralWallet: SENDER, referralBps: 1.5 }, 'invalid_referral_bps'],
    [{ referralWallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', referralBps: 5 }, 'invalid_referral_wallet'],
    [{ userIp: '300.1.1.1' }, 'invalid_user_ip'],
  ])('%j → 400 %s', async (patch, code) => {
    const response = await post('/v1/bridge/quote', { ...quoteBody, ...patch });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: { code: string } }).error.code).toBe(code);
  });
});

describe('venues and routes', () => {
  it('lists all 36 venues of the list with their modules\' capabilities and the spec\'s privacy counts', async () => {
    const body = (await strait.app.inject({ method: 'GET', url: '/v1/bridge/venues' })).json() as { venues: { venue: string; registered: boolean; routable: boolean; notRoutableReason: string | null; capabilities: { privacyModel: string; requiresUserIp: boolean } }[] };
    expect(body.venues).toHaveLength(36);
    expect(body.venues.map((v) => v.venue)).toEqual(VENUE_MODULES.map((v) => v.id));
    for (const [i, v] of body.venues.entries()) expect(v.capabilities).toEqual(VENUE_MODULES[i]?.capabilities);
    const count = (model: string) => body.venues.filter((v) => v.capabilities.privacyModel === model).length;
    expect([count('unlinkable'), count('custodial-hop'), count('none')]).toEqual([2, 6, 28]);
    expect(body.venues.filter((v) => v.capabilities.requiresUserIp)).toHaveLength(2);
    for (const v of body.venues.filter((x) => !x.registered)) expect(v).toMatchObject({ routable: false, notRoutableReason: expect.any(String) });
    expect(body.venues.filter((v) => v.registered).map((v) => v.venue)).toEqual(VENUE_MODULES.filter(isBuilt).map((m) => m.id));
  });

  it('routes carry Cache-Control, an ETag, and answer 304 on a match', async () => {
    const first = await strait.app.inject({ method: 'GET', url: '/v1/bridge/routes?fromChain=base&toChain=arbitrum' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('max-age=30');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const routes = (first.json() as { routes: { venue: string; tokenSymbolCount: number; tokenSymbols: string[] }[] }).routes;
    expect(routes.map((r) => r.venue)).toEqual(expect.arrayContaining(['across', 'cctp', 'nearintents', 'relay']));
    for (const r of routes) expect(VENUE_MODULES.filter(isBuilt).map((m) => m.id)).toContain(r.venue);
    // deBridge carries native inputs only (its flat fee rides as native value beside the order);
    // FixedFloat's table holds only ETH on Base (its code for Base USDC is unconfirmed); Gas.zip
    // delivers native gas only.
    const nativeOnly = new Set(['debridge', 'fixedfloat', 'gaszip']);
    for (const r of routes) expect(r.tokenSymbols).toContain(nativeOnly.has(r.venue) ? 'ETH' : 'USDC');
    const second = await strait.app.inject({ method: 'GET', url: '/v1/bridge/routes?fromChain=base&toChain=arbitrum', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    const privateRoutes = (await strait.app.inject({ method: 'GET', url: '/v1/bridge/routes?fromChain=base&toChain=arbitrum&privacy=true' })).json() as { privacy: boolean; routes: unknown[] };
    expect(privateRoutes.privacy).toBe(true);
    for (const r of privateRoutes.routes as { venue: string }[]) expect(VENUE_MODULES.find((v) => v.id === r.venue)?.capabilities.privacyModel).not.toBe('none');
  });

  // RFC 9110 §8.8.1: a strong validator changes whenever the bytes do; generatedAt changes every answer.
  it('routes label answers that differ only in generatedAt with one weak ETag, which If-None-Match matches either way', async () => {
    const url = '/v1/bridge/routes?fromChain=base&toChain=arbitrum';
    const first = await strait.app.inject({ method: 'GET', url });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await strait.app.inject({ method: 'GET', url });
    const generatedAt = (r: typeof first) => (r.json() as { generatedAt: number }).generatedAt;
    expect(generatedAt(second)).toBeGreaterThan(generatedAt(first));
    expect(second.body).not.toBe(first.body);
    const etag = first.headers.etag as string;
    expect(etag.startsWith('W/')).toBe(true);
    expect(second.headers.etag).toBe(etag);
    for (const tag of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const conditional = await strait.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
      expect(conditional.statusCode, tag).toBe(304);
      expect(conditional.headers.etag).toBe(etag);
      expect(conditional.body).toBe('');
    }
    const privateTag = (await strait.app.inject({ method: 'GET', url: `${url}&privacy=true` })).headers.etag;
    expect(privateTag).not.toBe(etag);
    expect((await strait.app.inject({ method: 'GET', url: `${url}&privacy=true`, headers: { 'if-none-match': etag } })).statusCode).toBe(200);
  });

  // One rule for every endpoint: a parameter it does not take is refused, never silently ignored.
  const UUID = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['GET', '/v1/bridge/source-chains?x=1'],
    ['GET', '/v1/bridge/venues?x=1'],
    ['GET', '/v1/bridge/routes?fromChain=base&toChain=arbitrum&x=1'],
    ['GET', '/v1/bridge/tokens?chain=base&x=1'],
    ['GET', `/v1/bridge/transfers/${UUID}?x=1`],
    ['GET', `/v1/bridge/transfers/${UUID}/events?x=1`],
    ['POST', '/v1/bridge/quote?x=1', quoteBody],
    ['POST', '/v1/bridge/build?x=1', { decisionId: UUID }],
    ['POST', `/v1/bridge/transfers/${UUID}/submit?x=1`, { step: 'main', txHash: `0x${'ab'.repeat(32)}` }],
  ] as const)('%s %s refuses the unknown query parameter with 400 invalid_request naming it', async (method, url, payload?: object) => {
    const answer = await strait.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: 'the request does not match the schema: /querystring must NOT have additional properties',
        details: { issues: [{ path: '/querystring', message: 'must NOT have additional properties', params: { additionalProperty: 'x' } }] },
      },
    });
  });

  it('source chains count the venues accepting each origin', async () => {
    const body = (await strait.app.inject({ method: 'GET', url: '/v1/bridge/source-chains' })).json() as { chains: { chain: string; venues: number }[] };
    const servingBase = strait.deps.venues.routable().filter((v) => v.venue.coverage().origins.includes('base')).length;
    expect(servingBase).toBeGreaterThanOrEqual(4);
    expect(body.chains.find((c) => c.chain === 'base')?.venues).toBe(servingBase);
  });
});

describe('openapi.json and the error catalogue agree', () => {
  it('declares OpenAPI 3.1.0, version 1.0.0, every path and the envelope on every error', async () => {
    const doc = dereferenceOpenApi((await strait.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json()) as { openapi: string; info: { version: string }; paths: Record<string, Record<string, { responses: Record<string, { content?: { 'application/json'?: { schema?: { properties?: { error?: unknown } } } } }> }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(Object.keys(doc.paths).sort()).toEqual(['/bridge/build', '/bridge/quote', '/bridge/routes', '/bridge/source-chains', '/bridge/tokens', '/bridge/transfers/{id}', '/bridge/transfers/{id}/events', '/bridge/transfers/{id}/submit', '/bridge/venues']);
    for (const operations of Object.values(doc.paths)) {
      for (const operation of Object.values(operations)) {
        const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
        expect(errors.length).toBeGreaterThan(0);
        for (const [, response] of errors) expect(response.content?.['application/json']?.schema?.properties?.error).toBeDefined();
      }
    }
    const documented = new Set(JSON.stringify(doc).match(/`([a-z_]+)`: /g)?.map((m) => m.slice(1, -3)));
    expect([...documented].sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
  });

  it('docs/errors.md lists every code with its status, and nothing else', async () => {
    const text = await readFile(new URL('../docs/errors.md', import.meta.url), 'utf8');
    const rows = [...text.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, spec]) => [code, spec.status])));
  });

  it('docs/errors.md gives every code the catalogue\'s retriable flag and meaning, word for word', async () => {
    const text = await readFile(new URL('../docs/errors.md', import.meta.url), 'utf8');
    const rows = [...text.matchAll(/^\| `([a-z_]+)` \| \d{3} \| (yes|no) \| (.+) \|$/gm)].map((m) => [m[1], { retriable: m[2] === 'yes', summary: m[3] }]);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, spec]) => [code, { retriable: spec.retriable, summary: spec.summary }])));
  });

  // emptyReason is picked by these priorities: both tables a client reads them in must hold every code.
  it.each(['errors.md', 'quotes.md'])('docs/%s lists every rejection code with its priority, and nothing else', async (file) => {
    const text = await readFile(new URL(`../docs/${file}`, import.meta.url), 'utf8');
    const rows = [...text.matchAll(/^\| (\d{1,2}) \| `([a-z_]+)` \|/gm)].map((m) => [m[2], Number(m[1])]);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(Object.entries(REJECTION_CATALOGUE).map(([code, spec]) => [code, spec.priority])));
  });
});
