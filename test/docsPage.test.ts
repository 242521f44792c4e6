import { execFile } from 'node:child_process';
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { createTestStrait } from './testStrait.ts';

const run = promisify(execFile);

/** Debian's `chromium` (CI installs it: .ci/run), or another the environment names. */
async function findChromium(): Promise<string | null> {
  for (const candidate of [process.env.CHROMIUM_PATH, 'chromium', 'chromium-browser'].filter(Boolean) as string[]) {
    try {
      await run(candidate, ['--version']);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

const chromium = await findChromium();
if (!chromium) console.warn('docsPage.test.ts skipped: no `chromium` on PATH (apt-get install chromium, or set CHROMIUM_PATH)');

// Any host but the app's resolves to nothing: a page that needed a CDN or a font server renders broken.
const OFFLINE = ['--headless', '--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', '--virtual-time-budget=20000', '--window-size=1400,1000'];

let strait: Strait;
let baseUrl: string;
beforeAll(async () => {
  if (!chromium) return;
  strait = await createTestStrait({ STRAIT_HOST: '127.0.0.1' });
  baseUrl = await strait.listen();
});
afterAll(async () => {
  await strait?.close();
});

describe.skipIf(!chromium)('/v1/docs in headless Chromium', () => {
  it('renders every operation and the getting-started guide, offline', async () => {
    const doc = (await strait.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { summary: string }>> };
    const summaries = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.summary));
    expect(summaries).toHaveLength(9);
    const { stdout: rendered } = await run(chromium as string, [...OFFLINE, '--dump-dom', `${baseUrl}/docs`], { maxBuffer: 64 * 1024 * 1024, timeout: 90_000 });
    // Scalar offers line breaks inside long words (`Server<wbr>-Sent`); the text a reader sees has none.
    const dom = rendered.replaceAll('<wbr>', '');
    for (const summary of summaries) expect(dom, `the rendered page shows "${summary}"`).toContain(summary);
    expect(dom).toContain('Getting started');
    expect(dom).toContain('prepareTransactionRequest');
  }, 120_000);

  it('serves its script itself and names no other host to load from', async () => {
    const page = await fetch(`${baseUrl}/docs/`).then((r) => r.text());
    const scripts = [...page.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts).toEqual(['js/scalar.js']);
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
    const script = await fetch(`${baseUrl}/docs/js/scalar.js`);
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(1_000_000);
  });

  it('takes a screenshot', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'strait-docs-')), 'docs.png');
    await run(chromium as string, [...OFFLINE, `--screenshot=${file}`, `${baseUrl}/docs`], { timeout: 90_000 });
    expect((await stat(file)).size).toBeGreaterThan(10_000);
    console.log(`docs page screenshot: ${file}`);
  }, 120_000);
});
