/**
 * openapi.json with every `#/components/schemas/…` reference replaced by the schema it names, for
 * tests that walk schemas without a resolver (the fuzz generators, the contract checks).
 *
 * With `mergeOneOf`, an object `oneOf` (submit's body) becomes one object with every variant's
 * properties and only the fields all of them require: the validator admits that wider shape and the
 * engine refuses "both" and "neither" (`invalid_submission`), so the fuzz sends those too.
 */
export function dereferenceOpenApi<T>(doc: T, options: { mergeOneOf?: boolean } = {}): T {
  const components = ((doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}) as Record<string, unknown>;
  const walk = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, seen));
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    const ref = record.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (seen.includes(name)) throw new Error(`recursive schema ${name}`);
      const { $ref: _ignored, ...siblings } = record;
      return walk({ ...(components[name] as object), ...siblings }, [...seen, name]);
    }
    const out = Object.fromEntries(Object.entries(record).map(([k, v]) => [k, walk(v, seen)]));
    if (options.mergeOneOf && Array.isArray(out.oneOf) && out.oneOf.every((v: { type?: string }) => v.type === 'object')) {
      const variants = out.oneOf as { properties?: Record<string, unknown>; required?: string[] }[];
      const { oneOf: _oneOf, ...rest } = out;
      return {
        ...rest,
        type: 'object',
        properties: Object.assign({}, ...variants.map((v) => v.properties ?? {})),
        required: (variants[0]?.required ?? []).filter((field) => variants.every((v) => v.required?.includes(field))),
        additionalProperties: false,
      };
    }
    return out;
  };
  return walk(doc, []) as T;
}
