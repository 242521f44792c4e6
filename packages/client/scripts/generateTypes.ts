// Regenerates src/generated/straitApi.ts from the committed openapi.json at the repository root.
// packages/client/test/generatedTypes.test.ts fails when the committed file differs from a fresh run.
//
//   npm run client:generate
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const OPENAPI_DOCUMENT = new URL('../../../openapi.json', import.meta.url);
export const GENERATED_TYPES = new URL('../src/generated/straitApi.ts', import.meta.url);

const HEADER = `// Generated from openapi.json by openapi-typescript (npm run client:generate). Do not edit.\n\n`;

/** The types file openapi-typescript makes from the committed document, as text. */
export async function generateTypes(): Promise<string> {
  const ast = await openapiTS(OPENAPI_DOCUMENT, { alphabetize: false });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(GENERATED_TYPES, await generateTypes());
  console.error(`wrote ${fileURLToPath(GENERATED_TYPES)}`);
}
