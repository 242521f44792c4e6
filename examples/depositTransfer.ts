// A deposit-address transfer: NEAR Intents (1Click) answers with an address to pay instead of
// calldata. runTransfer signs the fee step, then the USDC transfer that funds the address, and submits
// that as the `main` step; the venue pays out on arbitrum.
//
//   npx tsx examples/depositTransfer.ts <sandbox JSON line | file holding it>
import { runTransfer, unwrap } from '@strait/client';
import { connectToSandbox, logProgress } from './connectToSandbox.ts';

const { client, walletOn } = connectToSandbox();
const { account, wallet, reader } = walletOn('base', 2);

const decision = unwrap(
  await client.POST('/bridge/quote', {
    body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '50000000', sender: account.address, recipient: account.address },
  }),
);
const row = decision.quotes.find((q) => q.venue === 'nearintents');
if (!row) throw new Error(`nearintents did not price: ${JSON.stringify(decision.rejected)}`);

const { build, transfer } = await runTransfer({
  client,
  decisionId: decision.decisionId,
  quote: row,
  wallet,
  publicClients: reader,
  pollIntervalMs: 500,
  onProgress: (progress) => {
    if (progress.phase === 'built' && progress.build.deposit) console.error(`  pay ${progress.build.deposit.amountAtomic} of ${progress.build.deposit.token} to ${progress.build.deposit.address} on ${progress.build.deposit.chain}`);
    logProgress(progress);
  },
});

console.log(`depositTransfer ${transfer.status} venue=${transfer.venue} depositAddress=${build.deposit?.address} paid=${build.deposit?.amountAtomic} received=${transfer.receivedAmountAtomic} tx=${transfer.destinationTxHash}`);
