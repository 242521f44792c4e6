// Writes openapi.json at the repository root: the document the app serves at /v1/openapi.json,
// generated from the same schemas, examples and routes. test/openapiDocument.test.ts fails when
// the two differ.
//
//   npx tsx scripts/writeOpenApi.ts
import { writeFileSync } from 'node:fs';
import { openApiDocument } from './openApiDocument.ts';

const file = new URL('../openapi.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
console.error(`wrote ${file.pathname}`);
