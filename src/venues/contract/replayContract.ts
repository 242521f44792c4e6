import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorOf } from '../../domain/validatorOf.ts';
import { classify, impossibleQuote } from '../../engine/fanOutQuotes.ts';
import { createTestVenue, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan } from '../Venue.ts';
import type { VenueModule } from '../VenueModule.ts';
import type { RecordedRpcCall, ServedRoute, VenueContract } from './ContractCase.ts';
import { recordedCallFor, replayedEvm, RPC_PATH } from './rpcReplay.ts';

/**
 * Replays a module's contract cases in its own test file, for a venue written but not registered
 * yet (test/venueContract.test.ts runs registered modules only): each case's files served by a
 * loopback server (recorded node answers on `/rpc/<chain>`, `rpcReplay.ts`), the adapter built as
 * the registry builds it, the outcome checked as that runner checks it, and the fixtures' SOURCES.json entries checked against the files' bytes.
 */
export function describeContractReplay(module: VenueModule, contract: VenueContract, fixtures: URL): void {
  describe(`${module.id} contract cases`, () => {
    let routes: readonly ServedRoute[] = [];
    let rpcCalls: readonly RecordedRpcCall[] = [];
    const server = createServer((req, res) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
        const rpcChain = req.method === 'POST' ? RPC_PATH.exec(path)?.[1] : undefined;
        const answer = rpcChain === undefined
          ? routes.find((r) => r.method === req.method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)))?.answer
          : recordedCallFor(rpcCalls, rpcChain, Buffer.concat(chunks).toString('utf8'))?.answer;
        if (!answer) {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
          return;
        }
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers }).end(await readFile(new URL(answer.file, fixtures)));
      })();
    });
    let url = '';
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it.each(contract.cases.map((c) => [c.name, c] as const))('%s', async (_, testCase) => {
      routes = testCase.routes;
      rpcCalls = testCase.rpc ?? [];
      const now = testCase.now;
      const { venue } = createTestVenue(module, url, { credentials: testCase.credentials ?? {}, evm: replayedEvm(testCase.rpc, url), ...(now === undefined ? {} : { now: () => now }) });
      const what = testCase.call;
      const outcome = await (what.kind === 'quote' ? venue.quote(what.request, testCall()) : what.kind === 'build' ? venue.build(what.request, testCall()) : venue.status(what.request, testCall())).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      const expected = testCase.expect;
      if (expected.kind === 'rejection') {
        if (outcome.ok) throw new Error('expected a rejection');
        const rejection = classify(module.id, outcome.error);
        expect(rejection.code).toBe(expected.code);
        if (expected.details) expect(rejection.details ?? {}).toMatchObject(expected.details);
        return;
      }
      if (!outcome.ok) throw outcome.error;
      if (expected.kind === 'row') {
        const quote = outcome.value as Awaited<ReturnType<typeof venue.quote>>;
        expect(quote.amountOut).toBe(expected.amountOut);
        if (expected.minAmountOut !== undefined) expect(quote.minAmountOut).toBe(expected.minAmountOut);
        if (expected.estimatedSeconds !== undefined) expect(quote.estimatedSeconds).toBe(expected.estimatedSeconds);
        if (expected.expiresAt !== undefined) expect(quote.expiresAt).toBe(expected.expiresAt);
        if (what.kind === 'quote') expect(impossibleQuote(quote, what.request)).toBeNull();
        expected.check?.(quote);
      } else if (expected.kind === 'status') {
        const status = outcome.value as Awaited<ReturnType<typeof venue.status>>;
        expect(status.state).toBe(expected.state);
        if (expected.destinationTxHash !== undefined) expect(status.destinationTxHash).toBe(expected.destinationTxHash);
        if (expected.receivedAmount !== undefined) expect(status.receivedAmount).toBe(expected.receivedAmount);
        if (expected.unrecognized !== undefined) expect(status.unrecognized ?? false).toBe(expected.unrecognized);
        expected.check?.(status);
      } else {
        if (what.kind === 'build') expect(validatorOf(module.contextSchema).Check({ ...(what.request.quote.context as object), ...((outcome.value as StepsPlan).context as object) })).toBe(true);
        expected.check(outcome.value as never);
      }
    });

    it('every fixture has its SOURCES.json entry with the bytes’ sha256, and every served file exists', () => {
      for (const kind of ['real', 'synthetic']) {
        const dir = new URL(`${kind}/`, fixtures);
        const sources = JSON.parse(readFileSync(new URL('SOURCES.json', dir), 'utf8')) as Record<string, { source?: string; sha256?: string }>;
        const files = readdirSync(dir).filter((name) => name !== 'SOURCES.json');
        expect(Object.keys(sources).sort()).toEqual([...files].sort());
        for (const file of files) {
          expect(sources[file]?.source?.trim()).toBeTruthy();
          expect(sources[file]?.sha256).toBe(createHash('sha256').update(readFileSync(new URL(file, dir))).digest('hex'));
        }
      }
      for (const testCase of contract.cases) for (const { answer } of [...testCase.routes, ...(testCase.rpc ?? [])]) expect(() => readFileSync(new URL(answer.file, fixtures))).not.toThrow();
    });
  });
}
