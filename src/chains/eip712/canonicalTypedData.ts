import type { Json, JsonObject } from '../../domain/steps.ts';
import { DOMAIN_FIELDS, canonicalStruct, isObject } from './typedDataValues.ts';

/**
 * Typed data in one spelling per meaning (typedDataValues.ts), as Strait compares a client's copy
 * with the stored one. `EIP712Domain` is left out of `types` when it is exactly what a wallet derives
 * from the domain's keys, since listing it or not signs the same digest. Never throws: a copy that
 * is not typed data at all comes back as is, and differs.
 */
export function canonicalTypedData(input: unknown): JsonObject {
  if (!isObject(input as Json)) return { typedData: (input ?? null) as Json };
  const typedData = input as JsonObject;
  const types = isTypes(typedData.types) ? typedData.types : null;
  if (types === null) return typedData;
  const domain = isObject(typedData.domain) ? typedData.domain : null;
  const listedDomain = types.EIP712Domain;
  const derived = domain === null ? [] : DOMAIN_FIELDS.filter((field) => field.name in domain);
  const domainFields = listedDomain ?? derived;
  const keptTypes: JsonObject = {};
  for (const [name, fields] of Object.entries(types)) {
    if (name === 'EIP712Domain' && sameFields(fields, derived)) continue;
    keptTypes[name] = fields.map((field) => ({ name: field.name, type: field.type }));
  }
  const primaryType = typedData.primaryType;
  const primary = typeof primaryType === 'string' ? types[primaryType] : undefined;
  const message = typedData.message;
  return {
    ...typedData,
    domain: domain === null ? (typedData.domain ?? null) : canonicalStruct(types, domainFields, domain),
    types: keptTypes,
    primaryType: primaryType ?? null,
    message: primary !== undefined && isObject(message) ? canonicalStruct(types, primary, message) : (message ?? null),
  };
}

function isTypes(value: Json | undefined): value is { [struct: string]: { name: string; type: string }[] } {
  if (!isObject(value)) return false;
  return Object.values(value).every((fields) => Array.isArray(fields) && fields.every((f) => isObject(f) && typeof f.name === 'string' && typeof f.type === 'string'));
}

function sameFields(a: readonly { name: string; type: string }[], b: readonly { readonly name: string; readonly type: string }[]): boolean {
  return a.length === b.length && a.every((field, i) => field.name === b[i]!.name && field.type === b[i]!.type);
}
