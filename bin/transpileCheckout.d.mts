import type { transformSync } from 'esbuild';

export function transpiledModule(transform: typeof transformSync, code: string, sourcefile: string, mapName: string): { module: string; map: string };
export function prepareCheckout(dirs?: readonly string[]): Promise<string>;
