#!/usr/bin/env node
// In a checkout (src/ beside bin/) the TypeScript entry point runs through tsx, a dev dependency, so
// `npm start` always runs the code as it is; an installed package runs its build (dist/), with no tsx.
import { existsSync } from 'node:fs';

const source = new URL('../src/main.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/main.js', import.meta.url).href);
}
