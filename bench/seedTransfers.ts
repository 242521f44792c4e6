import { BENCH_QUOTE_BODY } from './straitBenchEnv.ts';
import { timedPost } from './timedPost.ts';

/** Creates `count` transfers through the API (quote, then build of its best row); returns their ids. */
export async function seedTransfers(serviceUrl: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const quote = await timedPost<{ decisionId: string }>(`${serviceUrl}/bridge/quote`, BENCH_QUOTE_BODY);
    if (quote.status !== 200) throw new Error(`seeding: quote answered ${quote.status} ${JSON.stringify(quote.body)}`);
    const build = await timedPost<{ transferId: string }>(`${serviceUrl}/bridge/build`, { decisionId: quote.body.decisionId });
    if (build.status !== 200) throw new Error(`seeding: build answered ${build.status} ${JSON.stringify(build.body)}`);
    ids.push(build.body.transferId);
  }
  return ids;
}
