/**
 * `npx tsx bench/measureDecisionWrites.ts [--postgres]`: CPU and wall time of storing quote
 * decisions (36 rows and a rejection each, shaped like the bench's) one statement per decision
 * against one statement per batch of 8 (what the decision writer sends when 16 quotes finish
 * together), interleaved in rounds. On PGlite the store's work is this process's CPU.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { insertDecisions, type StoredDecision } from '../src/store/decisionRepository.ts';
import { openStore } from '../src/store/openStore.ts';
import { createThrowawayDatabase } from './createThrowawayDatabase.ts';

const postgres = process.argv.includes('--postgres');
const database = postgres ? await createThrowawayDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'strait_writes') : null;
const dirArg = process.argv.find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length);
const store = await openStore(database ? { databaseUrl: database.url } : { dataDir: dirArg ?? 'memory' });

const decision = (): StoredDecision => ({
  id: randomUUID(),
  request: { fromChain: 'base', toChain: 'arbitrum', fromToken: { chain: 'base', symbol: 'USDC', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 }, amountIn: '100000000', sender: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', recipient: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
  privacy: false,
  userIp: '203.0.113.7',
  fees: { platform: null, referral: null },
  pricing: { fromToken: { usd: 1, source: 'fixed', asOf: 1 }, toToken: { usd: 1, source: 'fixed', asOf: 1 }, notes: [] },
  bestQuoteId: 'v0_x',
  emptyReason: null,
  createdAt: Date.now(),
  expiresAt: Date.now() + 60_000,
  quotes: Array.from({ length: 36 }, (_, i) => ({
    quoteId: `venue${i}_${randomBytes(6).toString('hex')}`,
    rank: i,
    venue: `venue${i}`,
    amountIn: 100_000_000n,
    amountOut: 99_900_000n - BigInt(i),
    minAmountOut: 99_800_000n,
    estimatedSeconds: 30 + i,
    feeBps: 0,
    feeAmount: 0n,
    tierSavedBps: 0,
    executable: true,
    eligibility: 'ok',
    expiresAt: Date.now() + 60_000,
    venueQuote: { amountIn: '100000000', amountOut: '99900000', minAmountOut: '99800000', estimatedSeconds: 30, expiresAt: null, context: { quoteId: randomUUID(), to: '0x000000000000000000000000000000000000dead', data: `0x${randomBytes(68).toString('hex')}` } },
  })),
  rejections: [{ venue: 'thorchain', code: 'route_not_served', message: 'thorchain does not serve base', details: null }],
});

const measure = async (label: string, count: number, batch: number) => {
  const decisions = Array.from({ length: count }, decision);
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < count; i += batch) await insertDecisions(store.db, decisions.slice(i, i + batch));
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - start;
  process.stdout.write(`${label}: ${((used.user + used.system) / 1000 / count).toFixed(2)} ms CPU, ${(wall / count).toFixed(2)} ms wall per decision\n`);
};

try {
  await measure('warm-up', 100, 1);
  for (let round = 1; round <= 3; round += 1) {
    await measure(`round ${round}, one per statement`, 200, 1);
    await measure(`round ${round}, 8 per statement  `, 200, 8);
  }
} finally {
  await store.close();
  await database?.drop();
}
