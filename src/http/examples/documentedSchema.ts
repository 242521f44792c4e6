import type { FastifySchema } from 'fastify';

/**
 * The route's schema as openapi.json shows it (the @fastify/swagger `transform`): the body a client
 * may send, when it differs from what the validator admits (`documentedBody`). Validation never
 * sees this.
 */
export function documentedSchema(schema: FastifySchema | undefined): FastifySchema | undefined {
  if (!schema) return schema;
  const { documentedBody, ...rest } = schema as FastifySchema & { documentedBody?: unknown };
  return { ...rest, ...(documentedBody ? { body: documentedBody } : {}) };
}
