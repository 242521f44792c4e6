import { AppError } from '../../domain/errors.ts';
import { TERMINAL_STATUSES } from '../../domain/transferStatus.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { StoredStep } from '../../store/transferRepository.ts';
import { RELAYER_VENUE } from './relayedExecution.ts';

/**
 * The relayer route's leg pays the relayer whoever the HyperCore account is, so the relayer credits
 * whichever transfer claimed the leg's transaction. A leg Strait encodes itself ends with its
 * transfer's id (tagCalldata.ts), but one whose calldata a venue's API wrote is handed out as written,
 * and a venue that answers the same bytes for the same sender and amount would let a stranger's
 * look-alike transfer (the victim as sender, his own account as recipient) claim the victim's
 * transaction and be credited with the victim's USDC. Whichever of two such transfers is built
 * second is refused here, so the bytes are only ever handed out for one of them: a victim built
 * second never signs a transaction a look-alike holds, and a look-alike built second gets nothing.
 * Two builds at the same instant can both pass; the other transfer's id is not told (it is what
 * lets its holder submit).
 */
export async function refuseSharedLeg(db: Kysely<Database>, sender: string, legVenue: string, steps: readonly StoredStep[]): Promise<void> {
  const mains = new Set(steps.filter((s) => s.kind === 'main').map(fingerprintOf));
  if (mains.size === 0) return;
  const open = await db
    .selectFrom('transfer_steps as s')
    .innerJoin('transfers as t', 't.id', 's.transfer_id')
    .select(['s.kind', 's.vm', 's.chain', 's.payload', 's.step_index', 's.transfer_id'])
    .where('t.venue', '=', RELAYER_VENUE)
    .where('t.requester_wallet', '=', sender)
    .where('t.status', 'not in', [...TERMINAL_STATUSES])
    .where('s.kind', '=', 'main')
    .execute();
  const shared = open.some((row) => mains.has(fingerprintOf({ index: row.step_index, kind: row.kind, vm: row.vm, chain: row.chain, payload: row.payload as StoredStep['payload'] })));
  if (!shared) return;
  throw new AppError(
    'no_executable_quote',
    `the relayer route's leg through ${legVenue} would be the same transaction as another open relayer transfer of this sender, and the relayer could not tell the two apart; nothing was built. Choose another row, or quote again once the other transfer has ended`,
    { details: { venue: RELAYER_VENUE, legVenue, reason: 'leg_not_bound_to_one_transfer' } },
  );
}

/** What a wallet signs of a step, whatever key order the store gave its JSON back in. */
function fingerprintOf(step: StoredStep): string {
  const { feeKind: _feeKind, lookupTables: _lookupTables, ...signed } = step.payload as Record<string, unknown>;
  return `${step.vm}|${step.chain}|${canonicalJson(signed)}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  // Hex (addresses, calldata) compares without case; base64 and the rest as written.
  return JSON.stringify(typeof value === 'string' && /^0x[0-9a-f]*$/i.test(value) ? value.toLowerCase() : value);
}
