import type { ErrorEnvelope } from './straitTypes.ts';

/** Stands in for the envelope when the body of an error answer was not one. */
export interface UnexpectedResponseEnvelope {
  error: { code: 'unexpected_response'; message: string; details?: undefined; retryAfterMs?: undefined };
}

/**
 * Strait answered 4xx or 5xx. `envelope` is the body it sent (spec §7); `code` is its stable error
 * code (docs/errors.md), or `unexpected_response` when the body was not an envelope (a proxy's page,
 * say), in which case `envelope` is synthesised from the HTTP status.
 */
export class StraitApiError extends Error {
  override readonly name = 'StraitApiError';
  readonly status: number;
  readonly code: string;
  readonly envelope: ErrorEnvelope | UnexpectedResponseEnvelope;
  /** How long to wait before retrying, when Strait said (429 `rate_limited`). */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, body: unknown, operation: string) {
    const envelope = isEnvelope(body) ? body : syntheticEnvelope(status, body);
    super(`${operation}: ${status} ${envelope.error.code}: ${envelope.error.message}`);
    this.status = status;
    this.code = envelope.error.code;
    this.envelope = envelope;
    this.retryAfterMs = envelope.error.retryAfterMs;
  }
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && 'message' in error && typeof error.message === 'string';
}

function syntheticEnvelope(status: number, body: unknown): UnexpectedResponseEnvelope {
  const text = typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body)?.slice(0, 200);
  return { error: { code: 'unexpected_response', message: `HTTP ${status}${text ? `: ${text}` : ''}` } };
}
