import { ERROR_CATALOGUE, type ErrorCode } from '../domain/errors.ts';
import { Ref } from './schemas.ts';

/** Codes every route can answer with, whatever it does (the last three before any route sees the request). */
const COMMON: readonly ErrorCode[] = ['invalid_request', 'route_not_found', 'internal_error', 'service_unavailable', 'malformed_request', 'headers_too_large', 'request_timeout'];
const WITH_BODY: readonly ErrorCode[] = ['malformed_json', 'unsupported_media_type', 'payload_too_large', 'rate_limited'];

/**
 * The error part of a route's `response` schema: one entry per HTTP status the route's codes use,
 * each the §7 envelope (one shared `ErrorEnvelope` schema), described by the codes it carries. This is what puts every error of every
 * path into openapi.json.
 */
export function errorResponses(codes: readonly ErrorCode[], options: { body?: boolean } = {}) {
  const all = [...new Set([...COMMON, ...(options.body ? WITH_BODY : []), ...codes])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of all) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [status, { ...Ref('ErrorEnvelope'), description: list.map((c) => `\`${c}\`: ${ERROR_CATALOGUE[c].summary}`).join('\n\n') }]),
  );
}
