// Records the request/response pairs openapi.json shows as examples, from a real sandbox run:
// quote → build → sign (viem, a sandbox account) → submit → poll through one venue, plus the
// discovery reads. Writes src/http/examples/<operationId>.json; then run scripts/writeOpenApi.ts.
//
//   npx tsx scripts/recordApiExamples.ts [venue]     (default venue: across)
import { writeFileSync } from 'node:fs';
import { createPublicClient, createWalletClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startSandbox } from '../src/sandbox/startSandbox.ts';
import type { RecordedExample } from '../src/http/examples/attachExamples.ts';

const VENUE = process.argv[2] ?? 'across';
const OUT = new URL('../src/http/examples/', import.meta.url);

interface EvmStep { vm: 'evm'; step: string; chainId: number; to: Hex; data: Hex; value: string }

const sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
try {
  const { baseUrl, accounts, chains } = sandbox.info;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
    return { status: response.status, json };
  };
  const record = (operationId: string, example: RecordedExample) => {
    writeFileSync(new URL(`${operationId}.json`, OUT), `${JSON.stringify(example, null, 2)}\n`);
    console.error(`recorded ${operationId}`);
  };

  const sourceChains = await call('GET', '/bridge/source-chains');
  record('getSourceChains', { summary: 'The sandbox\'s source chains', status: sourceChains.status, response: sourceChains.json });
  const routes = await call('GET', '/bridge/routes?fromChain=base&toChain=arbitrum');
  record('getRoutes', { summary: 'base → arbitrum in the sandbox', request: { fromChain: 'base', toChain: 'arbitrum' }, status: routes.status, response: routes.json });
  const tokens = await call('GET', '/bridge/tokens?chain=base');
  // The native asset and the registry's tokens, then the first of the public list: the whole list would dwarf the document.
  const firstTokens = (tokens.json.tokens as unknown[]).slice(0, 4);
  record('getTokens', { summary: `The first ${firstTokens.length} of the ${(tokens.json.tokens as unknown[]).length} tokens on base, in the sandbox`, request: { chain: 'base' }, status: tokens.status, response: { ...tokens.json, tokens: firstTokens } });
  const venues = await call('GET', '/bridge/venues');
  // The first venues of the 36: the whole list would dwarf the rest of the document.
  const firstVenues = (venues.json.venues as unknown[]).slice(0, 3);
  record('getVenues', { summary: `The first ${firstVenues.length} of the ${(venues.json.venues as unknown[]).length} venues, in the sandbox`, status: venues.status, response: { venues: firstVenues } });

  const user = accounts[0]!;
  const account = privateKeyToAccount(user.privateKey);
  const quoteRequest = { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: user.address, recipient: user.address };
  const quote = await call('POST', '/bridge/quote', quoteRequest);
  record('quote', { summary: '100 USDC from base to arbitrum', request: quoteRequest, status: quote.status, response: quote.json });
  const row = (quote.json.quotes as { venue: string; quoteId: string }[]).find((q) => q.venue === VENUE);
  if (!row) throw new Error(`${VENUE} did not price: ${JSON.stringify(quote.json.rejected)}`);

  const buildRequest = { decisionId: quote.json.decisionId, quoteId: row.quoteId };
  const build = await call('POST', '/bridge/build', buildRequest);
  record('build', { summary: `Build the ${VENUE} row`, request: buildRequest, status: build.status, response: build.json });
  const transferId = build.json.transferId as string;
  const steps = (build.json.steps ?? []) as EvmStep[];
  if (steps.length === 0 || steps.some((s) => s.vm !== 'evm')) throw new Error(`pick a venue whose build has EVM steps; ${VENUE} gave ${JSON.stringify(build.json)}`);

  const base = chains.base!;
  const wallet = createWalletClient({ account, transport: http(base.rpcUrl) });
  const chain = createPublicClient({ transport: http(base.rpcUrl) });
  for (const step of steps) {
    const request = await wallet.prepareTransactionRequest({ account, chain: null, to: step.to, data: step.data, value: BigInt(step.value) });
    const signedTransaction = await wallet.signTransaction({ ...request, chainId: step.chainId } as never);
    const submitRequest = { signedTransaction, step: step.step };
    const submit = await call('POST', `/bridge/transfers/${transferId}/submit`, submitRequest);
    // The main step is the example: the one every flow submits.
    if (step.step === 'main') record('submitTransfer', { summary: 'Submit the signed main step', request: submitRequest, status: submit.status, response: submit.json });
    await chain.waitForTransactionReceipt({ hash: submit.json.txHash as Hex, pollingInterval: 50 });
  }

  const terminal = ['COMPLETED', 'PARTIAL', 'REFUNDED', 'FAILED', 'ABANDONED'];
  let transfer = await call('GET', `/bridge/transfers/${transferId}`);
  for (let i = 0; i < 240 && !terminal.includes(transfer.json.status as string); i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    transfer = await call('GET', `/bridge/transfers/${transferId}`);
  }
  if (transfer.json.status !== 'COMPLETED') throw new Error(`the transfer ended ${JSON.stringify(transfer.json)}`);
  record('getTransfer', { summary: 'A completed transfer', request: { id: transferId }, status: transfer.status, response: transfer.json });
  // The whole stream of the completed transfer, from its first event: it ends after the terminal one.
  const stream = await fetch(`${baseUrl}/bridge/transfers/${transferId}/events`, { headers: { 'last-event-id': '0' } });
  if (stream.status !== 200) throw new Error(`GET /bridge/transfers/${transferId}/events → ${stream.status}`);
  record('streamTransferEvents', { summary: 'Every event of the completed transfer (resumed from Last-Event-ID 0)', request: { id: transferId }, status: stream.status, response: (await stream.text()).replace(/^: heartbeat\n\n/gm, '') });
} finally {
  await sandbox.stop();
}
