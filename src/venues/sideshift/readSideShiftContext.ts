import type { JsonObject } from '../../domain/steps.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import { VenueRejection } from '../Venue.ts';
import { SideShiftContextSchema, type SideShiftContext } from './sideShiftSchemas.ts';

/**
 * The stored quote/build context, checked once against {@link SideShiftContextSchema} and then read
 * typed. A context that does not match was not written by this adapter (or was altered in the store):
 * the call refuses it by name rather than acting on half of it.
 */
export function readSideShiftContext(context: JsonObject, call: 'build' | 'status'): SideShiftContext {
  const validator = validatorOf(SideShiftContextSchema);
  if (validator.Check(context)) return context;
  const first = validator.Errors(context)[0];
  const where = first ? `${first.instancePath || '/'}: ${first.message}` : 'unknown field';
  throw new VenueRejection('invalid_input', `SideShift ${call} got a stored context it cannot read (${where})`, { path: first?.instancePath ?? '/' });
}
