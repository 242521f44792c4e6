#!/usr/bin/env node
// In a checkout (src/ beside bin/) the TypeScript sources run as they are, transpiled on start into a
// cache beside node_modules (bin/transpileCheckout.mjs: esbuild, a dev dependency, only the files
// changed since the last start); an installed package runs its build (dist/), with neither.
import { existsSync } from 'node:fs';

const source = new URL('../src/main.ts', import.meta.url);
if (existsSync(source)) {
  const { prepareCheckout } = await import('./transpileCheckout.mjs');
  const mirror = await prepareCheckout();
  // Source maps stay off unless Node is asked (NODE_OPTIONS=--enable-source-maps): Node keeps every
  // module's map in the heap, ≈ 15 MB for Strait's (docs/deploy.md). Without them a stack trace names
  // the transpiled file in the mirror, with the source's names.
  await import(new URL('src/main.js', mirror).href);
} else {
  await import(new URL('../dist/main.js', import.meta.url).href);
}
