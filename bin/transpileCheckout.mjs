// `npm start` from a checkout: src/ transpiled file by file with esbuild (what tsx does in memory) into
// node_modules/.cache/strait/, each file again only when its source is newer, and run there by plain
// Node. tsx's loader thread, its cache of transformed sources and its hooks on every import cost the
// running service 60–90 MB of RSS (docs/performance.md); this costs a stat per file at start.
// The mirror keeps src/'s layout, and every other file of src/ (fixtures, migrations, contracts,
// examples) is linked into it, so paths read beside a module resolve as in src/ and dist/.
import { existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// One mirror per Node version (esbuild's target) and per rule of this file (bump on a change).
const RULES = 3;
const MIRROR = join(ROOT, 'node_modules', '.cache', 'strait', `node-${process.versions.node}-rules-${RULES}`);

// Relative specifiers written with their `.ts` extension (the codebase's rule): `from './x.ts'`,
// `import './x.ts'`, `import('./x.ts')`. tsc's build rewrites the same ones (rewriteRelativeImportExtensions).
const RELATIVE_TS_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"\n]*?)\.ts\2/g;

/**
 * The transpiled module text of one TypeScript source, its relative `.ts` imports pointing at `.js`,
 * and its source map, which the module names as `<mapName>` beside it: a map inline in the module's
 * text would stay in the running process's memory with the text itself.
 */
export function transpiledModule(transform, code, sourcefile, mapName) {
  const { code: js, map } = transform(code, { loader: 'ts', format: 'esm', platform: 'node', target: `node${process.versions.node}`, sourcemap: 'external', sourcesContent: false, sourcefile });
  const module = js.replace(RELATIVE_TS_SPECIFIER, (_match, lead, quote, path) => `${lead}${quote}${path}.js${quote}`);
  return { module: `${module}//# sourceMappingURL=${mapName}\n`, map };
}

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

const isModuleSource = (path) => path.endsWith('.ts') && !path.endsWith('.d.ts') && !path.endsWith('.test.ts');

/**
 * Brings the mirror of the checkout's `dirs` (src/ alone for `npm start`; the bench adds bench/, whose
 * modules import src/'s) up to date, and answers the URL of the mirror's root (`src/main.js` in it
 * is src/main.ts's).
 */
export async function prepareCheckout(dirs = ['src']) {
  const { transformSync } = await import('esbuild');
  // Inside node_modules a module has no package scope of the checkout's: this one says ESM, so that
  // Node need not try each file as CommonJS first.
  mkdirSync(MIRROR, { recursive: true });
  if (!existsSync(join(MIRROR, 'package.json'))) writeAside(join(MIRROR, 'package.json'), '{ "type": "module" }\n');
  for (const dir of dirs) mirror(transformSync, dir);
  return pathToFileURL(`${MIRROR}/`).href;
}

function mirror(transformSync, dir) {
  for (const source of filesUnder(join(ROOT, dir))) {
    const rel = relative(ROOT, source);
    if (isModuleSource(source)) {
      const target = join(MIRROR, rel.replace(/\.ts$/, '.js'));
      const written = statSync(target, { throwIfNoEntry: false });
      if (written && written.mtimeMs >= statSync(source).mtimeMs) continue;
      mkdirSync(dirname(target), { recursive: true });
      const { module, map } = transpiledModule(transformSync, readFileSync(source, 'utf8'), source, `${basename(target)}.map`);
      // The map first: a module on disk always has its map.
      writeAside(`${target}.map`, map);
      writeAside(target, module);
    } else if (!source.endsWith('.ts')) {
      const target = join(MIRROR, rel);
      // A link made by another checkout sharing this node_modules points into that checkout, and
      // dangles once it is removed: only a link to this checkout's own file is kept.
      if (linkOf(target) === source) continue;
      mkdirSync(dirname(target), { recursive: true });
      linkAside(source, target);
    }
  }
}

/** Where the link at `path` points, or `null` when there is none. */
function linkOf(path) {
  try {
    return readlinkSync(path);
  } catch {
    return null;
  }
}

/** Linked aside, then renamed over whatever stands there, for the same reason as writeAside. */
function linkAside(source, path) {
  const aside = `${path}.${process.pid}.tmp`;
  symlinkSync(source, aside);
  renameSync(aside, path);
}

/** Written aside, then renamed: several processes starting at once (tests, a sandbox) each see a whole file or none. */
function writeAside(path, text) {
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, text);
  renameSync(aside, path);
}
