import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorOf } from '../src/domain/validatorOf.ts';
import { classify, impossibleQuote } from '../src/engine/fanOutQuotes.ts';
import type { ContractCase, RecordedRpcCall, ServedRoute, VenueContract } from '../src/venues/contract/ContractCase.ts';
import { recordedCallFor, replayedEvm, RPC_PATH } from '../src/venues/contract/rpcReplay.ts';
import { createVenueInstance } from '../src/venues/createVenueInstance.ts';
import type { VenueBuildPlan, VenueQuote, VenueStatus } from '../src/venues/Venue.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { isBuilt, type VenueModule } from '../src/venues/VenueModule.ts';

/**
 * The real-answer contract (docs/adding-a-venue.md) over every built module of `VENUE_MODULES`: each
 * case of `src/venues/<id>/<id>.contract.ts` serves recorded answers byte for byte from a loopback
 * server (a venue priced on chain gets its recorded node answers there too, on `/rpc/<chain>`),
 * runs the adapter's whole stack as the registry builds it (shared HTTP client, schema, mapping),
 * and checks what came out. A module without the file, without a quote and a status case
 * served from real answers, or with fixtures whose provenance does not check out, fails here.
 */

const VENUES_DIR = new URL('../src/venues/', import.meta.url);

interface Loaded {
  readonly module: VenueModule;
  readonly contract: VenueContract | null;
  readonly problem: string | null;
}

async function loadContract(module: VenueModule): Promise<Loaded> {
  const file = new URL(`${module.id}/${module.id}.contract.ts`, VENUES_DIR);
  if (!existsSync(file)) return { module, contract: null, problem: `src/venues/${module.id}/${module.id}.contract.ts is missing` };
  try {
    const loaded = (await import(file.href)) as { contract?: VenueContract };
    if (!loaded.contract) return { module, contract: null, problem: `src/venues/${module.id}/${module.id}.contract.ts exports no \`contract\`` };
    return { module, contract: loaded.contract, problem: null };
  } catch (error) {
    return { module, contract: null, problem: `src/venues/${module.id}/${module.id}.contract.ts failed to load: ${(error as Error).message}` };
  }
}

const LOADED = await Promise.all(VENUE_MODULES.filter(isBuilt).map(loadContract));

/** One loopback server per venue; each case swaps in its routes. Unmatched requests get 404 and are remembered. */
interface AnswerServer {
  readonly url: string;
  /** A case's HTTP routes and recorded node answers (`POST /rpc/<chain>`, contract/rpcReplay.ts). */
  serve(routes: readonly ServedRoute[], rpc?: readonly RecordedRpcCall[]): void;
  /** Requests no route matched since the last `serve`, for the failure message. */
  readonly unmatched: string[];
  /** Fixture files served since the last `serve`. */
  readonly served: string[];
  close(): Promise<void>;
}

async function startAnswerServer(fixturesDir: URL): Promise<AnswerServer> {
  let routes: readonly ServedRoute[] = [];
  let rpcCalls: readonly RecordedRpcCall[] = [];
  const unmatched: string[] = [];
  const served: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void answer(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `contract server failed: ${(error as Error).message}` }));
    });
  });
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer); // HTTP answers ignore the body; a JSON-RPC one is chosen by it
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const rpcChain = req.method === 'POST' ? RPC_PATH.exec(path)?.[1] : undefined;
    const body = Buffer.concat(chunks).toString('utf8');
    const answer = rpcChain === undefined
      ? routes.find((r) => r.method === req.method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)))?.answer
      : recordedCallFor(rpcCalls, rpcChain, body)?.answer;
    if (!answer) {
      unmatched.push(rpcChain === undefined ? `${req.method} ${req.url}` : `${req.method} ${req.url} ${body.slice(0, 200)}`);
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message":"not found"}');
      return;
    }
    const bytes = await readFile(new URL(answer.file, fixturesDir));
    served.push(answer.file);
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    res.end(bytes);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    unmatched,
    served,
    serve(next, rpc = []) {
      routes = next;
      rpcCalls = rpc;
      unmatched.length = 0;
      served.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Outcome = { readonly ok: true; readonly value: VenueQuote | VenueBuildPlan | VenueStatus } | { readonly ok: false; readonly error: unknown };

async function runCall(module: VenueModule, baseUrl: string, testCase: ContractCase): Promise<Outcome> {
  const now = testCase.now;
  const { venue } = createVenueInstance(module, {
    baseUrl,
    credentials: testCase.credentials ?? {},
    evm: replayedEvm(testCase.rpc, baseUrl),
    now: now === undefined ? Date.now : () => now,
    attemptTimeoutMs: 5_000,
    breaker: { failuresToOpen: 1_000, halfOpenAfterMs: 1 },
  });
  const call = { signal: AbortSignal.timeout(10_000), requestId: `contract-${module.id}` };
  try {
    const { call: what } = testCase;
    const value = what.kind === 'quote' ? await venue.quote(what.request, call) : what.kind === 'build' ? await venue.build(what.request, call) : await venue.status(what.request, call);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error };
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Checks one case's outcome against its expectation; throws with what came out instead. */
function check(module: VenueModule, testCase: ContractCase, outcome: Outcome): void {
  const venueId = module.id;
  const expected = testCase.expect;
  if (expected.kind === 'rejection') {
    if (outcome.ok) throw new Error(`expected rejection ${expected.code}, got an answer: ${JSON.stringify(outcome.value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}`);
    // What the engine would record: adapters' typed rejections as they are, anything else classified.
    const rejection = classify(venueId, outcome.error);
    expect(rejection.code, describeError(outcome.error)).toBe(expected.code);
    if (expected.details) expect(rejection.details ?? {}).toMatchObject(expected.details);
    return;
  }
  if (!outcome.ok) throw new Error(`expected a ${expected.kind}, the adapter threw ${describeError(outcome.error)}`, { cause: outcome.error });
  const call = testCase.call;
  if (expected.kind === 'row') {
    if (call.kind !== 'quote') throw new Error(`a row expectation needs a quote call, not ${call.kind}`);
    const quote = outcome.value as VenueQuote;
    expect(quote.amountOut).toBe(expected.amountOut);
    if (expected.minAmountOut !== undefined) expect(quote.minAmountOut).toBe(expected.minAmountOut);
    if (expected.estimatedSeconds !== undefined) expect(quote.estimatedSeconds).toBe(expected.estimatedSeconds);
    if (expected.expiresAt !== undefined) expect(quote.expiresAt).toBe(expected.expiresAt);
    // The fan-out drops impossible rows (negative, minimum above expected, more input than offered).
    expect(impossibleQuote(quote, call.request)).toBeNull();
    expected.check?.(quote);
    return;
  }
  if (expected.kind === 'status') {
    if (call.kind !== 'status') throw new Error(`a status expectation needs a status call, not ${call.kind}`);
    const status = outcome.value as VenueStatus;
    expect(status.state).toBe(expected.state);
    if (expected.destinationTxHash !== undefined) expect(status.destinationTxHash).toBe(expected.destinationTxHash);
    if (expected.receivedAmount !== undefined) expect(status.receivedAmount).toBe(expected.receivedAmount);
    if (expected.unrecognized !== undefined) expect(status.unrecognized ?? false).toBe(expected.unrecognized);
    expected.check?.(status);
    return;
  }
  if (call.kind !== 'build') throw new Error(`a plan expectation needs a build call, not ${call.kind}`);
  const plan = outcome.value as VenueBuildPlan;
  // What status will read: the build's context merged over the quote's, through the module's schema.
  const stored = { ...call.request.quote.context, ...plan.context };
  const validator = validatorOf(module.contextSchema);
  expect(validator.Check(stored), `the stored context fails ${venueId}'s contextSchema: ${JSON.stringify(validator.Errors(stored)[0] ?? null)}`).toBe(true);
  expected.check(plan);
}

interface SourceEntry {
  readonly source?: unknown;
  readonly sha256?: unknown;
}

/** Every file of `fixtures/<kind>/` has a SOURCES.json entry with a source and its bytes' sha256, and every entry names a file. */
function provenanceProblems(fixturesDir: URL, kind: 'real' | 'synthetic'): string[] {
  const dir = new URL(`${kind}/`, fixturesDir);
  const files = readdirSync(dir).filter((name) => name !== 'SOURCES.json');
  const sourcesFile = new URL('SOURCES.json', dir);
  if (!existsSync(sourcesFile)) return files.length > 0 ? [`fixtures/${kind}/SOURCES.json is missing`] : [];
  let sources: Record<string, SourceEntry>;
  try {
    sources = JSON.parse(readFileSync(sourcesFile, 'utf8')) as Record<string, SourceEntry>;
  } catch (error) {
    return [`fixtures/${kind}/SOURCES.json is not JSON: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  for (const file of files) {
    const entry = sources[file];
    if (!entry) {
      problems.push(`fixtures/${kind}/${file} has no SOURCES.json entry`);
      continue;
    }
    if (typeof entry.source !== 'string' || entry.source.trim() === '') problems.push(`fixtures/${kind}/${file}: SOURCES.json names no source`);
    const sha256 = createHash('sha256').update(readFileSync(new URL(file, dir))).digest('hex');
    if (entry.sha256 !== sha256) problems.push(`fixtures/${kind}/${file}: SOURCES.json sha256 ${String(entry.sha256)} but the file's bytes hash to ${sha256}`);
  }
  for (const name of Object.keys(sources)) if (!files.includes(name)) problems.push(`fixtures/${kind}/SOURCES.json names ${name}, which does not exist`);
  return problems;
}

for (const { module, contract, problem } of LOADED) {
  describe(`venue contract: ${module.id}`, () => {
    const fixturesDir = new URL(`${module.id}/fixtures/`, VENUES_DIR);

    it(`has src/venues/${module.id}/${module.id}.contract.ts exporting its contract`, () => {
      if (problem) throw new Error(problem);
      expect(contract?.venue).toBe(module.id);
    });

    it('names the source and sha256 of every fixture in fixtures/real/SOURCES.json (and synthetic/)', () => {
      expect(existsSync(new URL('real/', fixturesDir)), 'fixtures/real/ is missing').toBe(true);
      const problems = [...provenanceProblems(fixturesDir, 'real'), ...(existsSync(new URL('synthetic/', fixturesDir)) ? provenanceProblems(fixturesDir, 'synthetic') : [])];
      expect(problems).toEqual([]);
    });

    if (!contract) return;
    const cases = contract.cases;

    it('serves only files of fixtures/real/ or fixtures/synthetic/ that exist', () => {
      const problems = cases.flatMap((c) =>
        [...c.routes, ...(c.rpc ?? [])].flatMap((r) => {
          const file = r.answer.file;
          if (!/^(real|synthetic)\/[^/]+$/.test(file)) return [`${c.name}: ${file} is not a file of fixtures/real/ or fixtures/synthetic/`];
          return existsSync(new URL(file, fixturesDir)) ? [] : [`${c.name}: fixtures/${file} does not exist`];
        }),
      );
      expect(problems).toEqual([]);
    });

    // Cases that passed while the adapter read at least one file of fixtures/real/, by call kind.
    const provenByRealAnswers = { quote: [] as string[], build: [] as string[], status: [] as string[] };

    describe('cases', () => {
      let server: AnswerServer;
      beforeAll(async () => {
        server = await startAnswerServer(fixturesDir);
      });
      afterAll(async () => {
        await server?.close();
      });

      for (const testCase of cases) {
        it(`${testCase.call.kind}: ${testCase.name}`, async () => {
          server.serve(testCase.routes, testCase.rpc);
          const outcome = await runCall(module, server.url, testCase);
          try {
            check(module, testCase, outcome);
          } catch (error) {
            if (server.unmatched.length > 0) (error as Error).message += `\n(no route for: ${server.unmatched.join(', ')})`;
            throw error;
          }
          if (server.served.some((file) => file.startsWith('real/'))) provenByRealAnswers[testCase.call.kind].push(testCase.name);
        });
      }
    });

    // Runs after the cases (tests of a file run in order): only a passing case that read a real answer counts.
    it('proves quote and status with real answers: a passing quote case and status case that read fixtures/real/', () => {
      expect(provenByRealAnswers.quote, 'no passing quote case read a real answer').not.toHaveLength(0);
      expect(provenByRealAnswers.status, 'no passing status case read a real answer').not.toHaveLength(0);
    });
  });
}
