import type { Json, TypedDataPayload } from '../../domain/steps.ts';
import { integerOf, isObject } from './typedDataValues.ts';

const INTEGER = /^u?int(\d*)$/;
const ARRAY = /^(.+)\[(\d*)\]$/;

/**
 * The typed data as viem hashes it: every integer field a bigint (JSON carries them as strings),
 * everything else as stored. Assumes a payload that passed {@link whyMalformedTypedData}.
 */
export function viemTypedData(typedData: TypedDataPayload): { domain: Record<string, unknown>; types: Record<string, unknown>; primaryType: string; message: Record<string, unknown> } {
  const domainType = typedData.types.EIP712Domain;
  const domain: Record<string, unknown> = { ...typedData.domain };
  const chainId = integerOf(typedData.domain.chainId);
  if (chainId !== null) domain.chainId = chainId;
  const convert = (type: string, value: Json | undefined): unknown => {
    const array = ARRAY.exec(type);
    if (array) return Array.isArray(value) ? value.map((item) => convert(array[1]!, item)) : value;
    const fields = typedData.types[type];
    if (Array.isArray(fields) && isObject(value)) return Object.fromEntries(fields.map((f) => [f.name, convert(f.type, value[f.name])]));
    if (INTEGER.test(type)) return integerOf(value) ?? value;
    return value;
  };
  if (domainType) Object.assign(domain, convert('EIP712Domain', typedData.domain) as object);
  return { domain, types: typedData.types as Record<string, unknown>, primaryType: typedData.primaryType, message: convert(typedData.primaryType, typedData.message) as Record<string, unknown> };
}

