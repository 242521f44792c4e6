import { existsSync, readFileSync } from 'node:fs';
import type { FastifySchema } from 'fastify';

/** One request/response pair recorded from a sandbox run (scripts/recordApiExamples.ts). */
export interface RecordedExample {
  readonly summary: string;
  /** The JSON body, or for a GET the query/path values; absent when the operation takes none. */
  readonly request?: unknown;
  readonly status: number;
  readonly response: unknown;
}

/** The operations with a recorded example, by operationId; each is `src/http/examples/<operationId>.json`. */
export const EXAMPLE_OPERATIONS = ['getSourceChains', 'getRoutes', 'getVenues', 'quote', 'build', 'submitTransfer', 'getTransfer'] as const;

export function readExample(operationId: string): RecordedExample | null {
  const file = new URL(`./${operationId}.json`, import.meta.url);
  // Absent only while the recording script itself runs for the first time.
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedExample) : null;
}

type RouteSchema = FastifySchema & { operationId?: string; documentedBody?: unknown; response?: Record<string, Record<string, unknown>> };

/**
 * The route's schema as openapi.json shows it (the @fastify/swagger `transform`): the body a client
 * may send when it differs from what the validator admits (`documentedBody`), and the recorded
 * sandbox example on the request and the success answer. Validation never sees any of this.
 */
export function documentedSchema(schema: FastifySchema | undefined): FastifySchema | undefined {
  if (!schema) return schema;
  const { documentedBody, ...rest } = schema as RouteSchema;
  const out: RouteSchema = { ...rest, ...(documentedBody ? { body: documentedBody } : {}) };
  const example = out.operationId ? readExample(out.operationId) : null;
  if (!example) return out;
  const named = (value: unknown) => ({ sandbox: { summary: example.summary, value } });
  if (out.body && example.request !== undefined) out.body = { ...(out.body as object), 'x-examples': named(example.request) };
  const success = out.response?.[String(example.status)];
  if (success) out.response = { ...out.response, [String(example.status)]: { ...success, 'x-examples': named(example.response) } };
  return out;
}
