import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/** The compiled validator of a TypeBox schema, compiled once per schema object. */
export function validatorOf(schema: TSchema): ReturnType<typeof Compile> {
  let validator = compiled.get(schema);
  if (!validator) {
    validator = Compile(schema);
    compiled.set(schema, validator);
  }
  return validator;
}
