import type { FastifyInstance } from 'fastify';
import { AppError } from '../domain/errors.ts';

type BodyParser = (request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => void;

/**
 * Replaces Fastify's JSON body parser with the same parser, whose one refusal is told apart: Fastify
 * refuses a `__proto__` key, or a `constructor` holding a `prototype` (prototype poisoning), with the
 * same error as text that does not parse, so a valid JSON body would be answered "not valid JSON".
 * Such a body is `400 invalid_request` naming the key; only on that failure is the text parsed again.
 */
export function refusePoisonedJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error') as unknown as BodyParser;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      const poisoned = error ? poisonedKey(body as string) : null;
      if (poisoned === null) return done(error, value);
      const { key, path } = poisoned;
      done(new AppError('invalid_request', `the body is valid JSON but a \`${key}\` key (at ${path}) is refused: it could poison object prototypes`, { details: { issues: [{ path, message: `a \`${key}\` key is refused` }] } }));
    });
  });
}

interface PoisonedKey {
  readonly key: '__proto__' | 'constructor.prototype';
  /** JSON pointer of the key, from `/body`, as schema issues are. */
  readonly path: string;
}

/** The first key of `text` Fastify refuses, or `null` when the text is not JSON or holds none. */
function poisonedKey(text: string): PoisonedKey | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return find(parsed, '/body');
}

function find(value: unknown, at: string): PoisonedKey | null {
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key === '__proto__') return { key, path: `${at}/__proto__` };
    if (key === 'constructor' && typeof child === 'object' && child !== null && Object.hasOwn(child, 'prototype')) return { key: 'constructor.prototype', path: `${at}/constructor/prototype` };
    const found = find(child, `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    if (found) return found;
  }
  return null;
}
