import { readFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { ERROR_CATALOGUE } from '../src/domain/errors.ts';
import { readExample } from '../src/http/examples/attachExamples.ts';
import { createTestStrait } from './testStrait.ts';

interface Media { schema: { $ref?: string }; examples?: Record<string, { value: unknown }> }
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
}
interface Document { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } }

let strait: Strait;
let served: Document;
beforeAll(async () => {
  strait = await createTestStrait();
  served = (await strait.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as Document;
});
afterAll(async () => {
  await strait?.close();
});

const operations = () => Object.entries(served.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })));

describe('openapi.json', () => {
  it('is the committed openapi.json', async () => {
    const committed = JSON.parse(await readFile(new URL('../openapi.json', import.meta.url), 'utf8')) as unknown;
    expect(served, 'openapi.json at the repository root is stale: regenerate it with `npx tsx scripts/writeOpenApi.ts` (after `npx tsx scripts/recordApiExamples.ts` if the examples no longer validate)').toEqual(committed);
  });

  it('documents every route with an operationId, a tag, a summary, a description and described responses', () => {
    const routes = strait.app.printRoutes({ commonPrefix: false });
    expect(operations().map((o) => o.operation.operationId).sort()).toEqual(['build', 'getRoutes', 'getSourceChains', 'getTokens', 'getTransfer', 'getVenues', 'quote', 'streamTransferEvents', 'submitTransfer']);
    for (const { path, method, operation } of operations()) {
      expect(routes, `${method} ${path} is a route`).toContain(path.split('/').pop()?.replace(/\{\w+\}/, ':'));
      expect(operation.tags?.length, `${operation.operationId} tag`).toBe(1);
      expect(['Discovery', 'Quotes', 'Transfers']).toContain(operation.tags?.[0]);
      expect(operation.summary, `${operation.operationId} summary`).toBeTruthy();
      expect(operation.description, `${operation.operationId} description`).toBeTruthy();
      for (const [status, response] of Object.entries(operation.responses)) expect(response.description, `${operation.operationId} ${status}`).not.toBe('Default Response');
    }
  });

  it('names its schemas once and refers to them; submit\'s body is a oneOf', () => {
    for (const name of ['ChainKey', 'QuoteRequest', 'QuoteRow', 'QuoteDecision', 'Rejection', 'Fees', 'BuildRequest', 'BuildResult', 'EvmStep', 'SvmStep', 'Step', 'Deposit', 'SubmitRequest', 'SubmitResult', 'Transfer', 'FeeRow', 'Route', 'Venue', 'ErrorEnvelope']) {
      expect(served.components.schemas, name).toHaveProperty(name);
    }
    const submit = served.paths['/bridge/transfers/{id}/submit']?.post;
    expect(submit?.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/SubmitRequest' });
    expect((served.components.schemas.SubmitRequest as { oneOf: unknown[] }).oneOf).toHaveLength(2);
    // Every error status points at the one envelope, and every code of the catalogue is listed somewhere.
    for (const { operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) expect(response.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      }
    }
    const listed = new Set(JSON.stringify(served.paths).match(/`([a-z_]+)`: /g)?.map((m) => m.slice(1, -3)));
    expect([...listed].sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
    expect(JSON.stringify(served).length).toBeLessThan(250_000);
  });

  it('carries a recorded example on every operation, each valid against its schema', () => {
    // The document's own schemas, as a JSON Schema 2020-12 validator reads them (OpenAPI 3.1 is that dialect).
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: 'strait', components: served.components });
    const check = (schema: { $ref?: string }, value: unknown, what: string) => {
      const ref = schema.$ref?.replace('#/components/schemas/', 'strait#/components/schemas/');
      const validate = ajv.compile(ref ? { $ref: ref } : schema);
      expect(validate(value), `${what}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    for (const { operation } of operations()) {
      const id = operation.operationId as string;
      const recorded = readExample(id);
      expect(recorded, `src/http/examples/${id}.json (record with npx tsx scripts/recordApiExamples.ts)`).not.toBeNull();
      // JSON, or the text of an event stream (streamTransferEvents).
      const answer = Object.values(operation.responses[String(recorded?.status)]?.content ?? {})[0];
      expect(answer?.examples?.sandbox?.value, `${id} response example`).toEqual(recorded?.response);
      check(answer!.schema, recorded?.response, `${id} response example`);
      const body = operation.requestBody?.content['application/json'];
      if (body) {
        expect(body.examples?.sandbox?.value, `${id} request example`).toEqual(recorded?.request);
        check(body.schema, recorded?.request, `${id} request example`);
      }
    }
  });

  it('is OpenAPI 3.1.0 by the published schema\'s rules that matter here: paths, operations, responses', () => {
    expect(served.openapi).toBe('3.1.0');
    for (const { operation } of operations()) expect(Object.keys(operation.responses).every((s) => /^[1-5]\d\d$/.test(s))).toBe(true);
  });
});
