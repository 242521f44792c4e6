import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readlinkSync, renameSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { prepareCheckout, transpiledModule } from '../bin/transpileCheckout.mjs';

/** `npm start` from a checkout runs src/ transpiled by bin/transpileCheckout.mjs, in plain Node. */
describe('the checkout transpiler', () => {
  it("points every relative .ts import at .js, and touches nothing else", () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { T } from './types.ts';",
      "import b, { c } from \"../b/c.ts\";",
      "import './side-effect.ts';",
      "export { d } from './d.ts';",
      "export * from '../e.ts';",
      "import list from './list.json' with { type: 'json' };",
      "import { x } from 'some-package';",
      "const lazy = () => import('./lazy.ts');",
      "const text = 'see ./notes.ts';",
      'export const all: T[] = [a, b, c, list, x, lazy, text];',
    ].join('\n');
    const { module: out, map } = transpiledModule(transformSync, source, '/src/example.ts', 'example.js.map');
    expect(out).toContain('from "./a.js"');
    expect(out).toContain('from "../b/c.js"');
    expect(out).toContain('import "./side-effect.js"');
    expect(out).toContain('from "./d.js"');
    expect(out).toContain('from "../e.js"');
    expect(out).toContain('import("./lazy.js")');
    expect(out).toMatch(/from "\.\/list\.json" with \{ type: "json" \}/);
    expect(out).toContain('from "some-package"');
    expect(out).toContain('"see ./notes.ts"');
    expect(out).not.toContain('types');
    expect(out.trimEnd().endsWith('//# sourceMappingURL=example.js.map')).toBe(true);
    expect((JSON.parse(map) as { sources: string[] }).sources).toEqual(['/src/example.ts']);
  });

  it('mirrors src/ so that plain Node runs it: the CLI answers, and a second start transpiles nothing', async () => {
    const entry = new URL('src/main.js', await prepareCheckout());
    const writtenAt = statSync(fileURLToPath(entry)).mtimeMs;
    // Inside node_modules the checkout's package.json does not reach: the mirror declares ESM itself.
    expect(JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', entry)), 'utf8'))).toEqual({ type: 'module' });
    const help = spawnSync(process.execPath, [fileURLToPath(new URL('../bin/strait.js', import.meta.url)), '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(help.stdout).toContain('serve');
    expect(help.status).toBe(0);
    expect(new URL('src/main.js', await prepareCheckout()).href).toBe(entry.href);
    expect(statSync(fileURLToPath(entry)).mtimeMs).toBe(writtenAt);
    // Stack traces name the TypeScript source and its line, through the map beside each module.
    const config = new URL('config.js', entry).href;
    const thrown = spawnSync(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', `const { loadConfig } = await import(${JSON.stringify(config)}); try { loadConfig({ STRAIT_PORT: 'nope' }); } catch (error) { console.log(error.stack); }`], { encoding: 'utf8', timeout: 60_000 });
    expect(thrown.stdout).toMatch(/src\/config\.ts:\d+:\d+/);
  });

  it('re-points a linked file that another checkout linked to itself', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const rel = 'src/venues/across/fixtures/real/SOURCES.json';
    const mirrored = fileURLToPath(new URL(rel, await prepareCheckout()));
    // The same bytes elsewhere, so a test reading the file meanwhile still reads it whole.
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'strait-other-checkout-')), 'SOURCES.json');
    copyFileSync(join(root, rel), elsewhere);
    symlinkSync(elsewhere, `${mirrored}.test.tmp`);
    renameSync(`${mirrored}.test.tmp`, mirrored);
    await prepareCheckout();
    expect(readlinkSync(mirrored)).toBe(join(root, rel));
  });
});
