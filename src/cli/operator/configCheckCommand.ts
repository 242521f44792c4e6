import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config, type Env } from '../../config.ts';
import { CHAIN_KEYS } from '../../domain/chains.ts';
import { createVenueRegistry } from '../../venues/createVenueRegistry.ts';
import { VENUE_MODULES } from '../../venues/venueModules.ts';
import type { VenueEntry } from '../../venues/VenueModule.ts';
import { startupSummary, unknownVariables, type UnknownVariable } from '../startupReport.ts';
import { EXIT, UsageError, toJson, type CliIo } from './cliIo.ts';
import { formatTable } from './formatTable.ts';
import { storeLabel } from './openOperatorStore.ts';

export const CONFIG_USAGE = `usage: strait config check [--json]

Loads the environment as strait serve would, without starting anything or calling out: names every
STRAIT_* variable Strait does not read (with the one it most likely misspells), and prints which
venues are on or off (and why), which chains have an RPC and a fee wallet, and the store.
Exit 0: the configuration loads and every STRAIT_* variable is known; 1: unknown variables;
78: the configuration does not load (the message names the variable).
`;

interface VenueRow {
  readonly venue: string;
  readonly state: 'on' | 'off' | 'planned';
  readonly reason: string | null;
  readonly baseUrl: string | null;
  readonly credentials: readonly string[];
}

interface ChainRow {
  readonly chain: string;
  readonly rpc: string | null;
  readonly feeWallet: string | null;
  readonly note: string | null;
}

export function configCheckCommand(args: readonly string[], env: Env, io: CliIo, modules: readonly VenueEntry[] = VENUE_MODULES): number {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === 'help') {
    io.out(CONFIG_USAGE);
    return sub === undefined ? EXIT.usage : EXIT.ok;
  }
  if (sub !== 'check') throw new UsageError(`unknown subcommand 'config ${sub}'`);
  const { values } = parseArgs({ args: [...rest], options: { json: { type: 'boolean', default: false } }, strict: true });
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    if (values.json) io.out(toJson({ ok: false, error: error.message }));
    else io.err(`configuration error: ${error.message}\n`);
    return EXIT.config;
  }
  const unknown = unknownVariables(env, config);
  // Built without RPC clients and never asked anything: only who is on and why.
  const registry = createVenueRegistry({ modules, venues: config.venues, evm: () => null });
  const venues: VenueRow[] = registry.all.map((v) => ({
    venue: v.id,
    state: !v.venue ? 'planned' : v.enabled ? 'on' : 'off',
    reason: v.enabled ? null : v.notRoutableReason,
    baseUrl: config.venues[v.id]?.baseUrl ? hostOf(config.venues[v.id]!.baseUrl!) : null,
    credentials: Object.keys(config.venues[v.id]?.credentials ?? {}).sort(),
  }));
  const chains: ChainRow[] = CHAIN_KEYS.map((chain) => {
    const rpc = config.rpcUrls[chain];
    const feeWallet = config.fees.wallets[chain] ?? null;
    const kind = config.utxoIndexerKinds[chain];
    // Which dialect a Bitcoin-family indexer is read in matters as much as where it is.
    return { chain, rpc: rpc ? `${hostOf(rpc)}${kind === 'blockbook' ? ' (blockbook)' : ''}` : null, feeWallet, note: chainNote(Boolean(rpc), Boolean(feeWallet)) };
  });
  const summary = startupSummary(config, registry);
  if (values.json) {
    io.out(toJson({ ok: unknown.length === 0, unknownVariables: unknown, store: storeLabel(config), storeInspectable: Boolean(config.databaseUrl) || config.dataDir !== 'memory', venues, chains, summary }));
    return unknown.length === 0 ? EXIT.ok : EXIT.problem;
  }
  io.out(`store: ${storeLabel(config)}${!config.databaseUrl && config.dataDir === 'memory' ? ' (in memory: nothing survives a restart, and strait transfers/migrate/db cannot inspect it from another process)' : ''}\n`);
  io.out(`rate limit: ${String(summary.rateLimit)}; prices: ${config.prices.source}; quote deadline ${config.quote.deadlineMs} ms; worker probes on port ${config.worker.port}\n\n`);
  io.out(`venues (${venues.filter((v) => v.state === 'on').length} on, ${venues.filter((v) => v.state === 'off').length} off, ${venues.filter((v) => v.state === 'planned').length} planned)\n`);
  io.out(formatTable(['venue', 'state', 'base URL', 'credentials set', 'why off'], venues.map((v) => [v.venue, v.state, v.baseUrl ?? 'default', v.credentials.join(' ') || null, v.reason]), 110));
  io.out(`\nchains (${chains.filter((c) => c.rpc).length} with an RPC, ${chains.filter((c) => c.feeWallet).length} with a fee wallet)\n${formatTable(['chain', 'RPC', 'fee wallet', 'note'], chains.map((c) => [c.chain, c.rpc, c.feeWallet, c.note]), 90)}`);
  io.out(`no RPC: signed bytes on that chain cannot be submitted (422 no_rpc_for_chain) and txHash submissions stay unverified_no_rpc;\nno fee wallet: neither the platform fee nor a referral share is collected on that source chain\n`);
  io.out(unknownText(unknown));
  return unknown.length === 0 ? EXIT.ok : EXIT.problem;
}

function unknownText(unknown: readonly UnknownVariable[]): string {
  if (unknown.length === 0) return '\nevery STRAIT_* variable set is one Strait reads\n';
  return `\nunknown variables (Strait does not read them; the setting they meant stays at its default)\n${unknown.map((u) => `  ${u.name}${u.didYouMean ? `: did you mean ${u.didYouMean}?` : ''}\n`).join('')}`;
}

/** What a chain without an RPC or a fee wallet cannot do (docs/configuration.md). */
function chainNote(rpc: boolean, feeWallet: boolean): string | null {
  const notes = [...(rpc ? [] : ['no RPC']), ...(feeWallet ? [] : ['no fee wallet'])];
  return notes.length === 0 ? null : notes.join(', ');
}

/** Host (and port) of a URL, never its path or query, which may carry a key. */
function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(unparsable URL)';
  }
}
