import fc, { type Arbitrary } from 'fast-check';

/**
 * Request generators for the fuzz test, derived from Strait's own /v1/openapi.json: for each
 * operation, values its schemas admit (with field-name hints so that many requests get past
 * validation into the engine), boundary values, wrong types, missing and unknown fields, oversized
 * bodies and odd encodings (BOM, invalid UTF-8, truncated JSON, deep nesting, `__proto__`, wrong or
 * missing content types, malformed percent-encoding in paths and queries).
 */

/** The parts of an OpenAPI 3.1 document the generators read. */
export interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
}

interface OpenApiOperation {
  readonly parameters?: readonly { readonly in: string; readonly name: string; readonly required?: boolean; readonly schema: JsonSchema }[];
  readonly requestBody?: { readonly content?: Readonly<Record<string, { readonly schema?: JsonSchema }>> };
}

export interface JsonSchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
}

export interface FuzzRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string | Buffer;
  /** What kind of request this is, for the failure report. */
  readonly label: string;
}

/** Semantically meaningful values per field or parameter name, mixed in with the schema's own. */
export type FuzzHints = Readonly<Record<string, Arbitrary<unknown>>>;

const BODY_LIMIT = 64 * 1024;

/** Every kind of request for one operation of the document (`path` as the document writes it). */
export function requestsFor(doc: OpenApiDocument, path: string, method: 'get' | 'post', hints: FuzzHints, example?: Arbitrary<Record<string, unknown>>): Arbitrary<FuzzRequest> {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`openapi.json has no ${method.toUpperCase()} ${path}`);
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;

  const pathArb: Arbitrary<string> = pathParams.reduce<Arbitrary<string>>(
    (acc, param) => fc.tuple(acc, pathValue(param.schema, hints[param.name])).map(([p, value]) => p.replace(`{${param.name}}`, value)),
    fc.constant(path),
  );
  const queryArb = queryParams.length > 0 ? queryString(queryParams, hints) : fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: garbageQuery() });
  const headersArb = headers(bodySchema !== undefined);
  const payloadArb = bodySchema ? payload(bodySchema, hints, example) : fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.json().map((j) => ({ payload: j, label: 'body on a GET' })) });

  return fc.tuple(pathArb, queryArb, headersArb, payloadArb).map(([p, query, hdrs, body]) => ({
    method: method === 'get' ? 'GET' : 'POST',
    url: `/v1${p}${query}`,
    headers: hdrs.headers,
    ...(body ? { payload: body.payload } : {}),
    label: [hdrs.label, body?.label ?? 'no body', query ? 'query' : ''].filter(Boolean).join(', '),
  }));
}

/** A value the schema admits, or one of the hints when the field has some. */
export function valueOf(schema: JsonSchema, hint?: Arbitrary<unknown>): Arbitrary<unknown> {
  const own = schemaValue(schema);
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: own }) : own;
}

function schemaValue(schema: JsonSchema): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => schemaValue(s)));
  switch (schema.type) {
    case 'string':
      return stringValue(schema);
    case 'number':
    case 'integer': {
      const min = schema.minimum ?? -1_000;
      const max = schema.maximum ?? 1_000;
      const integers = fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max, min - 1, max + 1, 0, -0));
      return schema.type === 'integer' ? integers : fc.oneof(integers, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0.5, 1e308, -1e-308));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'object':
      return objectValue(schema, {});
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringValue(schema: JsonSchema): Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 300, 300);
  const admitted = schema.pattern ? fc.stringMatching(new RegExp(schema.pattern)) : fc.string({ minLength: min, maxLength: max });
  const boundary: Arbitrary<string>[] = [fc.constant('a'.repeat(min))];
  if (schema.maxLength !== undefined) boundary.push(fc.constant('a'.repeat(schema.maxLength)), fc.constant('a'.repeat(schema.maxLength + 1)));
  return fc.oneof(
    { weight: 6, arbitrary: admitted },
    { weight: 1, arbitrary: fc.oneof(...boundary) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\u0000', '\ud800', '\u202e', 'null', '0x', '../../etc/passwd', "' OR 1=1 --", '%00', '\ufeff') },
  );
}

/** An object of the schema, required fields always there, optional ones sometimes. */
function objectValue(schema: JsonSchema, hints: FuzzHints): Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, valueOf(s, hints[name])]));
  return fc.record(model, { requiredKeys: [...(schema.required ?? [])] as never }) as Arbitrary<Record<string, unknown>>;
}

/**
 * Valid bodies, and every way of getting one wrong. With an `example` (a body the engine accepts),
 * most bodies are the example or the example with one field drawn from its schema and hints, so
 * requests get past validation into the engine and each differs from a good one in one place.
 */
function bodyOf(schema: JsonSchema, hints: FuzzHints, example?: Arbitrary<Record<string, unknown>>): Arbitrary<{ value: unknown; label: string }> {
  const fromSchema = objectValue(schema, hints);
  const fields = Object.keys(schema.properties ?? {});
  const valid = example
    ? fc.oneof(
        { weight: 2, arbitrary: example },
        { weight: 4, arbitrary: fc.tuple(example, fc.constantFrom(...fields)).chain(([body, field]) => valueOf(schema.properties?.[field] ?? {}, hints[field]).map((value) => ({ ...body, [field]: value }))) },
        { weight: 1, arbitrary: fromSchema },
      )
    : fromSchema;
  const required = schema.required ?? [];
  const withLabel = (label: string) => (value: unknown) => ({ value, label });
  const mutations: Arbitrary<{ value: unknown; label: string }>[] = [
    fc.tuple(valid, fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 2 })).map(([body, field, wrong]) => ({ value: { ...body, [field]: wrong }, label: `wrong type at ${field}` })),
    fc.tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 })).map(([body, key, value]) => ({ value: { ...body, [`x${key}`]: value }, label: 'unknown field' })),
    fc.jsonValue({ maxDepth: 2 }).filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)).map(withLabel('not an object')),
  ];
  if (required.length > 0) {
    mutations.push(fc.tuple(valid, fc.constantFrom(...required)).map(([body, field]) => ({ value: Object.fromEntries(Object.entries(body).filter(([k]) => k !== field)), label: `missing ${field}` })));
  }
  return fc.oneof({ weight: 6, arbitrary: valid.map(withLabel('schema body')) }, { weight: 3, arbitrary: fc.oneof(...mutations) });
}

/** How the body travels: mostly plain JSON, else an odd encoding of it or no JSON at all. */
function payload(schema: JsonSchema, hints: FuzzHints, example?: Arbitrary<Record<string, unknown>>): Arbitrary<{ payload: string | Buffer; label: string }> {
  const bodyValue = (s: JsonSchema, h: FuzzHints) => bodyOf(s, h, example);
  return fc.oneof(
    { weight: 12, arbitrary: bodyValue(schema, hints).map(({ value, label }) => ({ payload: JSON.stringify(value), label })) },
    {
      weight: 4,
      arbitrary: fc.oneof(
        bodyValue(schema, hints).map(({ value }) => ({ payload: `\ufeff${JSON.stringify(value)}`, label: 'BOM before JSON' })),
        bodyValue(schema, hints).map(({ value }) => ({ payload: JSON.stringify(value).slice(0, -1), label: 'truncated JSON' })),
        bodyValue(schema, hints).map(({ value }) => ({ payload: Buffer.concat([Buffer.from(JSON.stringify(value)), Buffer.from([0xff, 0xfe, 0xc3])]), label: 'invalid UTF-8 after JSON' })),
        bodyValue(schema, hints).map(({ value }) => ({ payload: Buffer.from(JSON.stringify(value), 'utf16le'), label: 'UTF-16 body' })),
        bodyValue(schema, hints).map(({ value }) => ({ payload: JSON.stringify({ ...(value as object), padding: 'x'.repeat(BODY_LIMIT) }), label: 'oversized body' })),
        bodyValue(schema, hints).map(({ value }) => ({ payload: `{"__proto__":{"polluted":true},${JSON.stringify(value).slice(1)}`, label: '__proto__ key' })),
        bodyValue(schema, hints).map(({ value }) => ({ payload: `{"constructor":{"prototype":{"polluted":true}},${JSON.stringify(value).slice(1)}`, label: 'constructor.prototype key' })),
        fc.integer({ min: 1, max: 20_000 }).map((depth) => ({ payload: `${'['.repeat(depth)}${']'.repeat(depth)}`, label: 'deep nesting' })),
        fc.constantFrom('', 'null', '[]', '{}', '1e999', '"just a string"', '{"a":1,"a":2}', '{,}', 'NaN', 'undefined', '{"fromChain":"base"'.repeat(3)).map((p) => ({ payload: p, label: 'JSON edge case' })),
        fc.string({ unit: 'binary', maxLength: 200 }).map((p) => ({ payload: p, label: 'arbitrary text' })),
        fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ payload: Buffer.from(bytes), label: 'arbitrary bytes' })),
      ),
    },
  );
}

function pathValue(schema: JsonSchema, hint: Arbitrary<unknown> | undefined): Arbitrary<string> {
  const own = schema.pattern ? fc.stringMatching(new RegExp(schema.pattern)) : fc.string({ maxLength: 40 });
  // Long values and malformed percent-encoding included: the router's own refusals are in the envelope too.
  return fc
    .oneof(
      { weight: 5, arbitrary: (hint ?? own).map((v) => encodeURIComponent(String(v))) },
      { weight: 2, arbitrary: own.map(encodeURIComponent) },
      { weight: 1, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }).map(encodeURIComponent) },
      { weight: 1, arbitrary: fc.constantFrom('%00', '..%2F..%2Fetc', '%2e%2e', 'a'.repeat(100), 'a'.repeat(2_000), '%zz', '%F0%9F%98%80', '00000000-0000-0000-0000-00000000000g', '%20', '+') },
    );
}

function queryString(params: readonly { name: string; required?: boolean; schema: JsonSchema }[], hints: FuzzHints): Arbitrary<string> {
  const pairs = fc.tuple(
    ...params.map((p) =>
      fc.oneof(
        { weight: 8, arbitrary: valueOf(p.schema, hints[p.name]).map((v) => [[p.name, typeof v === 'string' ? v : JSON.stringify(v)]]) },
        { weight: 1, arbitrary: fc.constant([] as string[][]) },
        { weight: 1, arbitrary: fc.tuple(valueOf(p.schema, hints[p.name]), valueOf(p.schema, hints[p.name])).map(([a, b]) => [[p.name, String(a)], [p.name, String(b)]]) },
      ),
    ),
  );
  const encoded = pairs.map((all) => {
    const flat = (all as string[][][]).flat();
    return flat.length === 0 ? '' : `?${flat.map(([k, v]) => `${encodeURIComponent(k as string)}=${encodeURIComponent(v as string)}`).join('&')}`;
  });
  return fc.oneof({ weight: 8, arbitrary: encoded }, { weight: 1, arbitrary: fc.tuple(encoded, garbageQuery()).map(([a, b]) => (a ? `${a}&${b.slice(1)}` : b)) }, { weight: 1, arbitrary: garbageQuery() });
}

function garbageQuery(): Arbitrary<string> {
  return fc.oneof(
    fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 4 }).map((d) => `?${new URLSearchParams(d).toString()}`),
    fc.constantFrom('?%zz=1', '?a=%', '?=', '?&&&', '?privacy=%00', '?fromChain[]=base', `?x=${'y'.repeat(10_000)}`, '?__proto__=1', '?constructor=1'),
  );
}

function headers(hasBody: boolean): Arbitrary<{ headers: Record<string, string>; label: string }> {
  const contentType = fc.oneof(
    { weight: 20, arbitrary: fc.constant('application/json') },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'APPLICATION/JSON',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        '',
        'application/json, text/plain',
      ),
    },
  );
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.record(
        {
          'x-request-id': fc.string({ maxLength: 80, unit: 'grapheme-ascii' }),
          'if-none-match': fc.constantFrom('*', '"x"', 'W/"x"', ''),
          'content-encoding': fc.constantFrom('gzip', 'br', 'identity'),
          accept: fc.constantFrom('text/html', '*/*', 'application/xml'),
          'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), fc.constant('not-an-ip')),
        },
        { requiredKeys: [] },
      ),
    },
  );
  return fc.tuple(hasBody ? fc.option(contentType, { freq: 20 }) : fc.constant(null), extra).map(([type, more]) => ({
    headers: { ...(type === null ? {} : { 'content-type': type }), ...(more as Record<string, string>) },
    label: type === null ? 'no content type' : `content-type '${type}'`,
  }));
}
