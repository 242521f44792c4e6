import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { createTestStrait } from './testStrait.ts';

// The page itself, rendered, is test/docsPage.test.ts (needs Chromium); these are its routes, which
// load Scalar's plugin on the first request (src/http/registerApiReference.ts).
let strait: Strait;
beforeAll(async () => {
  strait = await createTestStrait();
});
afterAll(async () => {
  await strait?.close();
});

describe('/v1/docs', () => {
  it('redirects to the page, serves the page and its script, and lists none of them in the API description', async () => {
    const bare = await strait.app.inject({ method: 'GET', url: '/v1/docs' });
    expect([bare.statusCode, bare.headers.location]).toEqual([301, '/v1/docs/']);
    const [page, script] = await Promise.all([strait.app.inject({ method: 'GET', url: '/v1/docs/' }), strait.app.inject({ method: 'GET', url: '/v1/docs/js/scalar.js' })]);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Strait API reference');
    expect([...page.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1])).toEqual(['js/scalar.js']);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('application/javascript');
    expect(script.body.length).toBeGreaterThan(1_000_000);
    const again = await strait.app.inject({ method: 'GET', url: '/v1/docs/js/scalar.js' });
    expect(again.body).toBe(script.body);
    const doc = (await strait.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes('docs'))).toEqual([]);
  });
});
