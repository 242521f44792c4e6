import { hashTypedData, type TypedDataDefinition } from 'viem';
import type { Json, TypedDataPayload } from '../../domain/steps.ts';
import { DOMAIN_FIELDS, integerOf, isObject } from './typedDataValues.ts';
import { viemTypedData } from './viemTypedData.ts';

const INTEGER = /^(u?)int(\d*)$/;
const BYTES = /^bytes(\d*)$/;
const ARRAY = /^(.+)\[(\d*)\]$/;
const MAX_DEPTH = 8;

/**
 * Why a venue's answer is not typed data a wallet signs unambiguously, or `null` when it is: a
 * primary type that is declared (and not the domain), a domain of the standard fields only (listed
 * in `EIP712Domain`, if at all, in the standard order), and a message whose every struct has exactly
 * its declared fields, each value fitting its type (integers in range, addresses of 20 bytes, fixed
 * bytes of their size). Undeclared keys are refused, not ignored: a wallet may show what the digest
 * does not sign.
 */
export function whyMalformedTypedData(typedData: unknown): string | null {
  if (!isObject(typedData as Json)) return 'is not typed data';
  const { domain, types, primaryType, message } = typedData as Record<string, Json>;
  if (!isObject(domain) || !isObject(types) || typeof primaryType !== 'string' || !isObject(message)) return 'lacks one of domain, types, primaryType and message';
  for (const [name, fields] of Object.entries(types)) {
    if (!Array.isArray(fields) || !fields.every((f) => isObject(f) && typeof f.name === 'string' && typeof f.type === 'string')) return `declares struct ${name} without a list of {name, type} fields`;
  }
  const payload = typedData as unknown as TypedDataPayload;
  if (primaryType === 'EIP712Domain' || !Array.isArray(payload.types[primaryType])) return `names primary type ${primaryType}, which its types do not declare`;
  const unknownKey = Object.keys(domain).find((key) => !DOMAIN_FIELDS.some((f) => f.name === key));
  if (unknownKey !== undefined) return `has a domain field ${unknownKey} outside EIP-712's standard ones`;
  const derived = DOMAIN_FIELDS.filter((f) => f.name in domain);
  const listed = payload.types.EIP712Domain;
  if (listed && (listed.length !== derived.length || listed.some((f, i) => f.name !== derived[i]!.name || f.type !== derived[i]!.type))) return 'lists EIP712Domain fields that are not its domain\'s, in the standard order';
  const domainWhy = whyNotValue(payload.types, 'EIP712Domain', domain, 'domain', 0, derived);
  if (domainWhy !== null) return domainWhy;
  const messageWhy = whyNotValue(payload.types, primaryType, message, 'message', 0);
  if (messageWhy !== null) return messageWhy;
  try {
    hashTypedData(viemTypedData(payload) as TypedDataDefinition);
    return null;
  } catch (error) {
    return `cannot be hashed as EIP-712 typed data (${(error as Error).message.split('\n')[0]})`;
  }
}

function whyNotValue(types: TypedDataPayload['types'], type: string, value: Json | undefined, path: string, depth: number, fieldsOverride?: readonly { readonly name: string; readonly type: string }[]): string | null {
  if (depth > MAX_DEPTH) return `nests deeper than ${MAX_DEPTH} levels at ${path}`;
  if (value === undefined) return `lacks ${path}`;
  const array = ARRAY.exec(type);
  if (array) {
    if (!Array.isArray(value)) return `has ${path}, which is not an array of ${array[1]}`;
    if (array[2] !== '' && value.length !== Number(array[2])) return `has ${path} of ${value.length} items, not ${array[2]}`;
    for (let i = 0; i < value.length; i++) {
      const why = whyNotValue(types, array[1]!, value[i], `${path}[${i}]`, depth + 1);
      if (why !== null) return why;
    }
    return null;
  }
  const fields = fieldsOverride ?? types[type];
  if (Array.isArray(fields)) {
    if (!isObject(value)) return `has ${path}, which is not a ${type} struct`;
    const extra = Object.keys(value).find((key) => !fields.some((f) => f.name === key));
    if (extra !== undefined) return `has ${path}.${extra}, which ${type} does not declare`;
    for (const field of fields) {
      const why = whyNotValue(types, field.type, value[field.name], `${path}.${field.name}`, depth + 1);
      if (why !== null) return why;
    }
    return null;
  }
  const integer = INTEGER.exec(type);
  if (integer) {
    const bits = integer[2] === '' ? 256 : Number(integer[2]);
    const n = integerOf(value);
    if (n === null) return `has ${path}, which is not an integer`;
    const [min, max] = integer[1] === 'u' ? [0n, 2n ** BigInt(bits) - 1n] : [-(2n ** BigInt(bits - 1)), 2n ** BigInt(bits - 1) - 1n];
    return n < min || n > max ? `has ${path} outside ${type}` : null;
  }
  if (type === 'address') return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? null : `has ${path}, which is not an address`;
  const bytes = BYTES.exec(type);
  if (bytes) {
    if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) return `has ${path}, which is not hex bytes`;
    return bytes[1] !== '' && value.length !== 2 + 2 * Number(bytes[1]) ? `has ${path}, which is not ${bytes[1]} bytes` : null;
  }
  if (type === 'bool') return typeof value === 'boolean' ? null : `has ${path}, which is not a boolean`;
  if (type === 'string') return typeof value === 'string' ? null : `has ${path}, which is not a string`;
  return `has ${path} of type ${type}, which its types do not declare`;
}
