#!/usr/bin/env node
// Runs the TypeScript entry point through tsx, so `npx strait <command>` works from a checkout.
import { register } from 'tsx/esm/api';
register();
await import('../src/main.ts');
