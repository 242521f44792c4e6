import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_CATALOGUE, type ErrorCode } from '../domain/errors.ts';

interface Envelope {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown>; retryAfterMs?: number };
}

/**
 * Writes every error as the §7 envelope with a stable code, Fastify's own included: a malformed
 * body, a wrong content type or a schema failure is the caller's 4xx, never a 500. Only a fault
 * Strait did not foresee is `internal_error`, logged with the request id.
 */
export function toEnvelope(error: unknown): { status: number; body: Envelope } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}), ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}) } },
    };
  }
  const fastifyError = error as Partial<FastifyError> & { validation?: { instancePath?: string; message?: string; params?: unknown }[]; validationContext?: string };
  if (fastifyError.validation) {
    const issues = fastifyError.validation.map((v) => ({ path: `${fastifyError.validationContext ? `/${fastifyError.validationContext}` : ''}${v.instancePath ?? ''}`, message: v.message ?? 'invalid', ...(v.params ? { params: v.params } : {}) }));
    return envelope('invalid_request', `the request does not match the schema: ${issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}`, { issues });
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return envelope('unsupported_media_type', 'send the body as Content-Type: application/json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return envelope('payload_too_large', 'the body is larger than 64 KiB');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return envelope('malformed_json', 'the body is empty but Content-Type says application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return envelope('malformed_json', 'the body is not valid JSON');
    default:
      break;
  }
  if (error instanceof SyntaxError || (fastifyError.statusCode === 400 && /json/i.test(fastifyError.message ?? ''))) {
    return envelope('malformed_json', 'the body is not valid JSON');
  }
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    if (fastifyError.statusCode === 415) return envelope('unsupported_media_type', fastifyError.message ?? 'unsupported media type');
    if (fastifyError.statusCode === 413) return envelope('payload_too_large', fastifyError.message ?? 'payload too large');
    return envelope('invalid_request', fastifyError.message ?? 'invalid request');
  }
  if (isStoreDown(error)) return envelope('service_unavailable', 'the store is unreachable; retry shortly');
  return envelope('internal_error', 'an unexpected fault; it is logged with the request id');
}

export function sendError(reply: FastifyReply, error: unknown, request: FastifyRequest): FastifyReply {
  const { status, body } = toEnvelope(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: body.error.code }, 'request refused');
  // A 503 without its own hint still tells the client when to come back.
  // A 500 is retriable too (docs/errors.md): it says when.
  const retryAfterMs = body.error.retryAfterMs ?? (status === 503 ? 2_000 : status === 500 ? 1_000 : undefined);
  if (retryAfterMs !== undefined) {
    body.error.retryAfterMs = retryAfterMs;
    void reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
  }
  return reply.status(status).type('application/json').send(body);
}

function envelope(code: ErrorCode, message: string, details?: Record<string, unknown>) {
  return { status: ERROR_CATALOGUE[code].status, body: { error: { code, message, ...(details ? { details } : {}) } } as Envelope };
}

// node-postgres raises these without a code when the server drops a connection mid-use (restart,
// failover, pg_terminate_backend): the query was cut off, the store is what failed.
const STORE_DOWN_MESSAGES = /^(Connection terminated unexpectedly|Connection terminated due to connection timeout|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)$/;

function isStoreDown(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'].includes(code)) return true;
  return code === undefined && error instanceof Error && STORE_DOWN_MESSAGES.test(error.message);
}
