import type { ServedRoute } from './ContractCase.ts';

/**
 * The routes of a contract case that answer one venue endpoint with one recorded file:
 * `const quoteAt = servedAt('GET', '/quote')` then `quoteAt('real/quote.json')`, or
 * `quoteAt('synthetic/error.json', 429, { 'retry-after': '3' })` for another status and headers.
 */
export function servedAt(method: ServedRoute['method'], path: ServedRoute['path']): (file: string, status?: number, headers?: Readonly<Record<string, string>>) => ServedRoute[] {
  return (file, status = 200, headers) => [{ method, path, answer: { file, status, ...(headers ? { headers } : {}) } }];
}
