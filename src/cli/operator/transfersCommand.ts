import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import { TERMINAL_STATUSES, TRANSFER_STATUSES, type TransferStatus } from '../../domain/transferStatus.ts';
import type { Store } from '../../store/openStore.ts';
import { listPolls } from '../../store/pollHistoryRepository.ts';
import { findTransfer, listClaims, listEndedClaims, listFeeRows, listSteps } from '../../store/transferRepository.ts';
import { EXIT, UsageError, toJson, type CliIo } from './cliIo.ts';
import { ageText, formatTable, parseDuration, timeText } from './formatTable.ts';
import { openOperatorStore } from './openOperatorStore.ts';

export const TRANSFERS_USAGE = `usage: strait transfers list [filters] [--json]
       strait transfers show <transferId> [--json]

list: the newest transfers first (at most --limit, default 50).
  --status <S[,S]>      PENDING_SIGNATURE, SUBMITTED, PENDING, COMPLETED, PARTIAL, REFUNDED, FAILED, ABANDONED,
                        or 'open' (not terminal)
  --venue <id>          one venue
  --overdue             still polled past the give-up deadline (strait_transfers_overdue counts these)
  --wallet <address>    requester or recipient (EVM addresses in any case)
  --older-than <dur>    created at least this long ago: 90s, 15m, 2h, 7d
  --newer-than <dur>    created at most this long ago
  --limit <n>           1 to 10000
show: the transfer, its steps, submissions (current and ended), fee rows and its last 200 venue polls.
`;

export async function transfersCommand(args: readonly string[], config: Config, io: CliIo, now: number): Promise<number> {
  const [sub, ...rest] = args;
  // The command line is checked before the store is opened: a typo costs nothing.
  if (sub === 'list') {
    const filters = parseListFilters(rest, now);
    return withStore(config, (store) => listTransfers(store, filters, io, now));
  }
  if (sub === 'show') {
    const shown = parseShow(rest);
    return withStore(config, (store) => showTransfer(store, shown, io, now));
  }
  if (sub === undefined || sub === '--help' || sub === 'help') {
    io.out(TRANSFERS_USAGE);
    return sub === undefined ? EXIT.usage : EXIT.ok;
  }
  throw new UsageError(`unknown subcommand 'transfers ${sub}'`);
}

async function withStore(config: Config, task: (store: Store) => Promise<number>): Promise<number> {
  const store = await openOperatorStore(config);
  try {
    return await task(store);
  } finally {
    await store.close();
  }
}

interface ListFilters {
  readonly statuses: readonly TransferStatus[] | null;
  readonly venue: string | null;
  readonly overdue: boolean;
  readonly wallet: string | null;
  readonly createdBefore: number | null;
  readonly createdAfter: number | null;
  readonly limit: number;
}

/** Reads the list's flags; throws UsageError naming the bad one. */
export function parseListFilters(args: readonly string[], now: number): ListFilters & { json: boolean } {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      status: { type: 'string' },
      venue: { type: 'string' },
      overdue: { type: 'boolean', default: false },
      wallet: { type: 'string' },
      'older-than': { type: 'string' },
      'newer-than': { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  let statuses: TransferStatus[] | null = null;
  if (values.status !== undefined) {
    statuses = [];
    for (const raw of values.status.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean)) {
      if (raw === 'OPEN') statuses.push(...TRANSFER_STATUSES.filter((s) => !TERMINAL_STATUSES.has(s)));
      else if ((TRANSFER_STATUSES as readonly string[]).includes(raw)) statuses.push(raw as TransferStatus);
      else throw new UsageError(`--status: unknown status '${raw}' (one of ${TRANSFER_STATUSES.join(', ')}, or open)`);
    }
  }
  const age = (flag: 'older-than' | 'newer-than'): number | null => {
    const raw = values[flag];
    if (raw === undefined) return null;
    const ms = parseDuration(raw);
    if (ms === null) throw new UsageError(`--${flag}: '${raw}' is not a duration (90s, 15m, 2h, 7d)`);
    return now - ms;
  };
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError(`--limit must be an integer from 1 to 10000, got '${values.limit}'`);
  return { statuses, venue: values.venue ?? null, overdue: values.overdue, wallet: values.wallet ?? null, createdBefore: age('older-than'), createdAfter: age('newer-than'), limit, json: values.json };
}

async function listTransfers(store: Store, filters: ListFilters & { json: boolean }, io: CliIo, now: number): Promise<number> {
  let query = store.db.selectFrom('transfers').select(['id', 'status', 'venue', 'from_chain', 'to_chain', 'amount_in', 'requester_wallet', 'recipient_wallet', 'created_at', 'updated_at', 'give_up_at', 'next_poll_at', 'poll_attempts', 'status_detail']);
  if (filters.statuses) query = filters.statuses.length === 0 ? query.where(sql<boolean>`false`) : query.where('status', 'in', filters.statuses);
  if (filters.venue) query = query.where('venue', '=', filters.venue);
  // The same rule as the strait_transfers_overdue gauge (store/workerBacklog.ts).
  if (filters.overdue) query = query.where('next_poll_at', 'is not', null).where('give_up_at', '<', now);
  if (filters.wallet) {
    const wallet = filters.wallet.toLowerCase();
    query = query.where((eb) => eb.or([eb(eb.fn('lower', ['requester_wallet']), '=', wallet), eb(eb.fn('lower', ['recipient_wallet']), '=', wallet)]));
  }
  if (filters.createdBefore !== null) query = query.where('created_at', '<=', filters.createdBefore);
  if (filters.createdAfter !== null) query = query.where('created_at', '>=', filters.createdAfter);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(filters.limit).execute();
  if (filters.json) {
    io.out(
      toJson(
        rows.map((r) => ({
          id: r.id, status: r.status, venue: r.venue, fromChain: r.from_chain, toChain: r.to_chain, amountIn: String(r.amount_in), requesterWallet: r.requester_wallet, recipientWallet: r.recipient_wallet,
          createdAt: Number(r.created_at), updatedAt: Number(r.updated_at), giveUpAt: r.give_up_at === null ? null : Number(r.give_up_at), nextPollAt: r.next_poll_at === null ? null : Number(r.next_poll_at), pollAttempts: r.poll_attempts, statusDetail: r.status_detail,
          overdue: r.next_poll_at !== null && r.give_up_at !== null && Number(r.give_up_at) < now,
        })),
      ),
    );
    return EXIT.ok;
  }
  if (rows.length === 0) {
    io.out('no transfer matches\n');
    return EXIT.ok;
  }
  io.out(
    formatTable(
      ['id', 'status', 'venue', 'route', 'amount in', 'age', 'polls', 'detail'],
      rows.map((r) => [r.id, r.status, r.venue, `${r.from_chain}->${r.to_chain}`, String(r.amount_in), ageText(Number(r.created_at), now), r.poll_attempts, r.status_detail]),
    ),
  );
  io.out(`${rows.length} transfer${rows.length === 1 ? '' : 's'}${rows.length === filters.limit ? ` (the newest ${filters.limit}; --limit for more)` : ''}\n`);
  return EXIT.ok;
}

function parseShow(args: readonly string[]): { id: string; json: boolean } {
  const { values, positionals } = parseArgs({ args: [...args], options: { json: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
  const [raw, extra] = positionals;
  if (raw === undefined) throw new UsageError('transfers show needs a transfer id');
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  const id = raw.toLowerCase();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw new UsageError(`'${raw}' is not a transfer id (a UUID)`);
  return { id, json: values.json };
}

async function showTransfer(store: Store, { id, json }: { id: string; json: boolean }, io: CliIo, now: number): Promise<number> {
  const transfer = await findTransfer(store.db, id);
  if (!transfer) {
    io.err(`no transfer ${id}\n`);
    return EXIT.notFound;
  }
  const [steps, submissions, ended, fees, polls] = await Promise.all([listSteps(store.db, id), listClaims(store.db, id), listEndedClaims(store.db, id), listFeeRows(store.db, id), listPolls(store.db, id)]);
  if (json) {
    io.out(toJson({ transfer, steps, submissions, endedSubmissions: ended, feeRows: fees, polls }));
    return EXIT.ok;
  }
  const t = transfer;
  const overdue = t.nextPollAt !== null && t.giveUpAt !== null && t.giveUpAt < now;
  io.out(
    formatTable(
      ['field', 'value'],
      [
        ['id', t.id], ['status', `${t.status}${overdue ? ' (overdue)' : ''}`], ['detail', t.statusDetail], ['venue', t.venue], ['route', `${t.fromChain} ${t.fromAsset} -> ${t.toChain} ${t.toAsset}`],
        ['amount in', t.amountIn], ['expected out', t.expectedOut], ['min out', t.minOut], ['received', t.receivedAmount === null ? null : `${t.receivedAmount} ${t.receivedAsset ?? ''}`.trim()],
        ['requester', t.requesterWallet], ['recipient', t.recipientWallet], ['source tx', t.sourceTxHash === null ? null : `${t.sourceTxHash} (${t.sourceTxVerification ?? 'unverified'})`], ['destination tx', t.destinationTxHash],
        ['created', timeText(t.createdAt)], ['submitted', timeText(t.submittedAt)], ['completed', timeText(t.completedAt)], ['updated', timeText(t.updatedAt)],
        ['next poll', timeText(t.nextPollAt)], ['give up at', timeText(t.giveUpAt)], ['polls', t.pollAttempts], ['decision', `${t.decisionId} (${t.quoteId})`],
      ],
      200,
    ),
  );
  io.out(`\nsteps\n${formatTable(['#', 'kind', 'vm', 'chain', 'target'], steps.map((s) => [s.index, s.kind, s.vm, s.chain, s.payload.to ?? s.payload.depositAddress ?? s.payload.programId ?? null]), 80)}`);
  io.out(`\nsubmissions\n${submissions.length + ended.length === 0 ? 'none\n' : formatTable(['step', 'kind', 'tx', 'verification', 'at', 'ended'], [...submissions.map((s) => [s.stepIndex, s.kind, s.txHash, s.verification, timeText(s.createdAt), null]), ...ended.map((s) => [s.stepIndex, s.kind, s.txHash, s.verification, timeText(s.createdAt), `${s.reason} ${timeText(s.endedAt)}`])], 90)}`);
  io.out(`\nfee rows\n${fees.length === 0 ? 'none\n' : formatTable(['kind', 'status', 'bps', 'amount', 'chain', 'wallet', 'tx'], fees.map((f) => [f.kind, f.status, f.bps, f.amount, f.chain, f.wallet, f.txHash]), 90)}`);
  io.out(`\nvenue polls (last ${polls.length}, oldest first)\n${polls.length === 0 ? 'none\n' : formatTable(['at', 'venue', 'venue status', 'mapped', 'error'], polls.map((p) => [timeText(p.polledAt), p.venue, p.venueStatus, p.mappedStatus, p.error]), 120)}`);
  return EXIT.ok;
}
