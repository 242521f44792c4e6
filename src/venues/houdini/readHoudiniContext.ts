import type { JsonObject } from '../../domain/steps.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import { VenueRejection } from '../Venue.ts';
import { HoudiniContextSchema, type HoudiniContext } from './houdiniSchemas.ts';

/**
 * The stored quote/build context, checked once against {@link HoudiniContextSchema} and then read
 * typed. A context that does not match was not written by this adapter: the call refuses it by name.
 */
export function readHoudiniContext(context: JsonObject, call: 'build' | 'status'): HoudiniContext {
  const validator = validatorOf(HoudiniContextSchema);
  if (validator.Check(context)) return context;
  const first = validator.Errors(context)[0];
  const where = first ? `${first.instancePath || '/'}: ${first.message}` : 'unknown field';
  throw new VenueRejection('invalid_input', `Houdini ${call} got a stored context it cannot read (${where})`, { path: first?.instancePath ?? '/' });
}
