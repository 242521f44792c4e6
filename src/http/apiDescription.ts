/**
 * The document's `info.description`: the introduction and getting-started guide the /v1/docs page
 * shows above the operations. Markdown; kept here so that openapi.json and the page say the same.
 */
export const API_DESCRIPTION = `Strait prices a cross-chain transfer at many venues, builds the unsigned steps for the user's wallet, verifies the signed transactions against what it built before broadcasting them, and tracks the transfer to a terminal state. It never holds keys.

Every error is the envelope \`{"error": {"code", "message", "details?", "retryAfterMs?"}}\`; each operation lists the codes it can answer with under its error statuses.

Strait can be called from a browser page of any origin (CORS): every answer carries \`Access-Control-Allow-Origin: *\` and exposes \`ETag\`, \`Retry-After\`, \`RateLimit\`, \`RateLimit-Policy\` and \`X-Request-Id\`; preflights (\`OPTIONS\`) are answered \`204\` and never count against a rate limit.

## Getting started

The flow is **quote → build → sign → submit → poll**. Try it on your machine with the sandbox (\`STRAIT_RATE_LIMIT_PER_MINUTE=0 npm run sandbox\`): it prints \`baseUrl\` and funded \`accounts\`. Below, \`$BASE\` is that \`baseUrl\` (it ends in \`/v1\`).

### 1. Quote

\`\`\`bash
curl -s $BASE/bridge/quote -H 'content-type: application/json' -d '{
  "fromChain": "base", "toChain": "arbitrum", "fromToken": "USDC", "toToken": "USDC",
  "amountAtomic": "100000000",
  "sender": "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  "recipient": "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
}'
\`\`\`

The answer ranks the venues' rows (\`best\`, \`quotes\`) and carries the \`decisionId\`.

### 2. Build

\`\`\`bash
curl -s $BASE/bridge/build -H 'content-type: application/json' -d '{"decisionId": "<decisionId>"}'
\`\`\`

The answer holds the \`transferId\` and the \`steps\` to sign in order (\`approve\`, \`fee\`, \`main\`), or a \`deposit\` address.

### 3. Sign, 4. submit

Each EVM step is \`{to, data, value, chainId}\`: the wallet picks nonce and gas, signs, and Strait verifies the bytes against the built step before broadcasting them.

\`\`\`bash
curl -s $BASE/bridge/transfers/<transferId>/submit -H 'content-type: application/json' \\
  -d '{"step": "main", "signedTransaction": "0x02f8…"}'
# or, when the wallet broadcast it itself:
#  -d '{"step": "main", "txHash": "0x…"}'
\`\`\`

### 5. Poll

\`\`\`bash
curl -s $BASE/bridge/transfers/<transferId>   # until status is COMPLETED, PARTIAL, REFUNDED, FAILED or ABANDONED
\`\`\`

Or follow it without polling: \`curl -N $BASE/bridge/transfers/<transferId>/events\` streams the transfer now and after every change (Server-Sent Events, resumable with \`Last-Event-ID\`), and a \`webhookUrl\` given to build receives the same changes, signed per Standard Webhooks.

### The same in TypeScript (viem)

\`\`\`ts
import { createPublicClient, createWalletClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const BASE = 'http://127.0.0.1:8080/v1'; // the sandbox's baseUrl
const account = privateKeyToAccount(process.env.PRIVATE_KEY as Hex);
const wallet = createWalletClient({ account, transport: http(process.env.BASE_RPC_URL) });
const chain = createPublicClient({ transport: http(process.env.BASE_RPC_URL) });

async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(BASE + path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await response.json();
  if (!response.ok) throw new Error(json.error.code + ': ' + json.error.message);
  return json as T;
}

// 1. quote
const quote = await call<{ decisionId: string }>('/bridge/quote', {
  fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC',
  amountAtomic: '100000000', sender: account.address, recipient: account.address,
});
// 2. build
const build = await call<{ transferId: string; steps: { step: string; chainId: number; to: Hex; data: Hex; value: string }[] }>(
  '/bridge/build', { decisionId: quote.decisionId },
);
// 3. sign and 4. submit each step, in order
for (const step of build.steps) {
  const request = await wallet.prepareTransactionRequest({ account, chain: null, to: step.to, data: step.data, value: BigInt(step.value) });
  const signedTransaction = await wallet.signTransaction({ ...request, chainId: step.chainId } as never);
  const submitted = await call<{ txHash: Hex }>('/bridge/transfers/' + build.transferId + '/submit', { step: step.step, signedTransaction });
  await chain.waitForTransactionReceipt({ hash: submitted.txHash }); // the next step may spend what this one approved
}
// 5. poll
const terminal = ['COMPLETED', 'PARTIAL', 'REFUNDED', 'FAILED', 'ABANDONED'];
let transfer = await call<{ status: string }>('/bridge/transfers/' + build.transferId);
while (!terminal.includes(transfer.status)) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  transfer = await call<{ status: string }>('/bridge/transfers/' + build.transferId);
}
console.log(transfer);
\`\`\`

The whole document is also at [openapi.json](../openapi.json).`;
