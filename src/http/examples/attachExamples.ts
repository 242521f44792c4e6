import { existsSync, readFileSync } from 'node:fs';

/** One request/response pair recorded from a sandbox run (scripts/recordApiExamples.ts). */
export interface RecordedExample {
  readonly summary: string;
  /** The JSON body, or for a GET its query or path values; absent when the operation takes none. */
  readonly request?: Record<string, unknown>;
  readonly status: number;
  readonly response: unknown;
}

export function readExample(operationId: string): RecordedExample | null {
  const file = new URL(`./${operationId}.json`, import.meta.url);
  // Absent only before the recording script has run once.
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedExample) : null;
}

interface Media { schema?: unknown; examples?: Record<string, { summary: string; value: unknown }> }
interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}

/**
 * Puts each operation's recorded example (src/http/examples/<operationId>.json) into the generated
 * document (the @fastify/swagger `transformObject`): the body or parameter values on the request,
 * the answer on its status.
 */
export function attachExamples<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const example = operation.operationId ? readExample(operation.operationId) : null;
      if (!example) continue;
      const named = (value: unknown) => ({ sandbox: { summary: example.summary, value } });
      const body = operation.requestBody?.content?.['application/json'];
      if (body && example.request) body.examples = named(example.request);
      for (const parameter of operation.parameters ?? []) {
        if (example.request && parameter.name in example.request) parameter.example = example.request[parameter.name];
      }
      // The answer's one media type: JSON, or the event stream's text.
      const answer = Object.values(operation.responses?.[String(example.status)]?.content ?? {})[0];
      if (answer) answer.examples = named(example.response);
    }
  }
  return document;
}
