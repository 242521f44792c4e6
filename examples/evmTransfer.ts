// An EVM transfer with the fee batch: 100 USDC base → arbitrum through Across, from a wallet app that
// takes its own 5 bps. Strait's cuts (the app's share here, and the platform fee when the route saved
// enough) are `fee` steps beside the bridge call, and `feeBatch` names the steps an EIP-5792 wallet
// may sign as one bundle. This local key signs them one by one: approve, fee, main.
//
//   npx tsx examples/evmTransfer.ts <sandbox JSON line | file holding it>
import { runTransfer, unwrap } from '@strait/client';
import { connectToSandbox, logProgress } from './connectToSandbox.ts';

const { client, line, walletOn } = connectToSandbox();
const { account, wallet, reader } = walletOn('base', 1);
const appWallet = line.accounts[9]!.address;

const decision = unwrap(
  await client.POST('/bridge/quote', {
    body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: account.address, recipient: account.address, referralWallet: appWallet, referralBps: 5 },
  }),
);
// Across answers with calldata (the deposit-address venue is examples/depositTransfer.ts).
const row = decision.quotes.find((q) => q.venue === 'across');
if (!row) throw new Error(`across did not price: ${JSON.stringify(decision.rejected)}`);
console.error(`quoted ${decision.quotes.length} venues; building ${row.venue} (${row.amountOutAtomic} out)`);

const { build, transfer } = await runTransfer({ client, decisionId: decision.decisionId, quote: row, wallet, publicClients: reader, pollIntervalMs: 500, onProgress: logProgress });

const steps = (build.steps ?? []).map((s) => s.step).join(',');
const fees = transfer.fees.map((f) => `${f.kind}=${f.amountAtomic}:${f.status}`).join(',');
console.log(`evmTransfer ${transfer.status} venue=${transfer.venue} steps=${steps} feeCapture=${build.feeCapture} feeBatch=${JSON.stringify(build.feeBatch)} fees=${fees} received=${transfer.receivedAmountAtomic} tx=${transfer.destinationTxHash}`);
