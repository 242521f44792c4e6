import type { Json, JsonObject, TypedDataPayload } from '../../domain/steps.ts';

/** The fields `eth_signTypedData_v4` gives a domain it was not told the type of, in their hashing order. */
export const DOMAIN_FIELDS: readonly { readonly name: string; readonly type: string }[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
];

/** The `EIP712Domain` fields of this domain: the ones the typed data lists, else the standard ones it names. */
export function domainFieldsOf(typedData: Pick<TypedDataPayload, 'domain' | 'types'>): readonly { readonly name: string; readonly type: string }[] {
  const listed = typedData.types.EIP712Domain;
  return Array.isArray(listed) ? listed : DOMAIN_FIELDS.filter((field) => field.name in typedData.domain);
}

const INTEGER = /^u?int(\d*)$/;
const BYTES = /^bytes(\d*)$/;
const ARRAY = /^(.+)\[(\d*)\]$/;

/**
 * A typed value in one spelling per meaning, so two copies of the same typed data compare equal
 * whatever legal choices a client made: integers as decimal strings (numbers, decimal or hex strings
 * accepted), addresses and bytes lower-cased hex. A value that does not fit its type is kept as it
 * is, so it still differs from a value that does.
 */
export function canonicalValue(types: TypedDataPayload['types'], type: string, value: Json | undefined): Json | undefined {
  const array = ARRAY.exec(type);
  if (array) return Array.isArray(value) ? value.map((item) => canonicalValue(types, array[1]!, item) ?? null) : value;
  const fields = types[type];
  if (Array.isArray(fields)) return isObject(value) ? canonicalStruct(types, fields, value) : value;
  if (INTEGER.test(type)) return integerOf(value)?.toString() ?? value;
  if (type === 'address' || BYTES.test(type)) return typeof value === 'string' && /^0x[0-9a-f]*$/i.test(value) ? value.toLowerCase() : value;
  return value;
}

/** A struct's declared fields in order, then (so a difference still shows) any undeclared key, kept as is. */
export function canonicalStruct(types: TypedDataPayload['types'], fields: readonly { readonly name: string; readonly type: string }[], value: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const field of fields) {
    const item = canonicalValue(types, field.type, value[field.name]);
    if (item !== undefined) out[field.name] = item;
  }
  for (const key of Object.keys(value)) if (!(key in out) && !fields.some((f) => f.name === key)) out[key] = value[key]!;
  return out;
}

/** An integer field as a bigint: a JSON safe integer, or a decimal or 0x-hex string; `null` otherwise. */
export function integerOf(value: Json | undefined): bigint | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : null;
  if (typeof value !== 'string') return null;
  if (/^-?\d{1,78}$/.test(value) || /^0x[0-9a-f]{1,64}$/i.test(value)) return BigInt(value.toLowerCase());
  return null;
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
