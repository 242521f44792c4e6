import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES, generateTypes } from '../scripts/generateTypes.ts';

describe('@strait/client generated types', () => {
  it('are what openapi-typescript makes from the committed openapi.json', async () => {
    const committed = await readFile(GENERATED_TYPES, 'utf8');
    // toBe, not a diff of the AST: any byte that differs means the committed file is stale.
    expect(committed === (await generateTypes()), 'packages/client/src/generated/straitApi.ts is stale: run `npm run client:generate`').toBe(true);
  });
});
