import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError } from '../domain/errors.ts';
import { toEnvelope } from './errorHandler.ts';
import { CORS_HEADERS } from './registerCors.ts';

/**
 * Answers what Node's HTTP parser refuses before Fastify routes anything (oversized headers, a
 * malformed header line, a control character in the path, a request that never arrives whole) in
 * the §7 envelope instead of Fastify's own `{ error, message, statusCode }` body. The connection is
 * closed afterwards: after a parse error the rest of its bytes cannot be framed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || socket.destroyed) return;
  const refusal =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('headers_too_large', 'the request headers are larger than 16 KiB')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('request_timeout', 'the request did not arrive whole in time')
        : new AppError('malformed_request', `the HTTP request does not parse (${describe(error.code)})`);
  const { status, body } = toEnvelope(refusal);
  const payload = JSON.stringify(body);
  const cors = Object.entries(CORS_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n${cors}Connection: close\r\n\r\n${payload}`);
}

function describe(code: string | undefined): string {
  switch (code) {
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_INVALID_HEADER_VALUE':
      return 'a header line is malformed';
    case 'HPE_INVALID_URL':
      return 'the path holds a character a URL may not';
    case 'HPE_INVALID_METHOD':
      return 'the method is not a valid HTTP method';
    case 'HPE_INVALID_VERSION':
      return 'the HTTP version is not valid';
    default:
      return 'the request line or headers are malformed';
  }
}
