import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;

let sandbox: RunningSandbox;
let folder: string;
let lineFile: string;

beforeAll(async () => {
  // Four examples in a row from one address make more limited calls than §8 allows in a minute
  // (examples/README.md says the same to whoever runs them by hand).
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
  folder = await mkdtemp(join(tmpdir(), 'strait-examples-'));
  lineFile = join(folder, 'sandbox.json');
  await writeFile(lineFile, `${JSON.stringify(sandbox.info)}\n`);
});
afterAll(async () => {
  await sandbox?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Runs an example the way examples/README.md does, as its own process; answers its one stdout line. */
async function example(name: string, argument: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join('examples', `${name}.ts`), argument], { cwd: ROOT, timeout: 60_000 });
  const lines = stdout.trim().split('\n');
  expect(lines, stdout).toHaveLength(1);
  return lines[0]!;
}

const HASH = '0x[0-9a-f]{64}';

describe('examples/ against one sandbox', () => {
  it('evmTransfer: approve, fee and main signed beside each other, the fee batch named, the share settled', async () => {
    const line = await example('evmTransfer', lineFile);
    // The app's 5 bps share is always a fee step; a platform fee step joins it when Across saved enough.
    expect(line).toMatch(new RegExp(`^evmTransfer COMPLETED venue=across steps=approve,(fee,)+main feeCapture=batch feeBatch=\\{"chainId":8453,"stepIndexes":\\[0,1,2(,3)?\\]\\} fees=\\S*referral=50000:settled\\S* received=\\d+ tx=${HASH}$`));
    expect(line).not.toMatch(/:(offered|expected|void)/);
  });

  it('depositTransfer: the wallet funds the NEAR Intents deposit address and the venue pays out', async () => {
    const line = await example('depositTransfer', lineFile);
    expect(line).toMatch(new RegExp(`^depositTransfer COMPLETED venue=nearintents depositAddress=0x[0-9a-fA-F]{40} paid=50000000 received=\\d+ tx=${HASH}$`));
  });

  it('privateTransfer: privacy drops every public venue and the transfer runs through the sandbox\'s private desk; the line may also come inline', async () => {
    const line = await example('privateTransfer', JSON.stringify(sandbox.info));
    expect(line).toMatch(/^privateTransfer COMPLETED venue=exolix privacy=true privacyModel=custodial-hop dropped=[a-z0-9,]+ received=\d+$/);
    expect(line.split('dropped=')[1]!.split(' ')[0]!.split(',')).toEqual(expect.arrayContaining(['across', 'cctp', 'lifi', 'nearintents', 'relay']));
  });

  it('referral: 16 bps refused with the envelope, 10 bps paid to the referrer by the user\'s own signature', async () => {
    const line = await example('referral', lineFile);
    expect(line).toMatch(/^referral COMPLETED bps16=400:invalid_referral_bps venue=across referralCapture=batch share=100000:settled referrerReceived=100000 received=\d+$/);
  });
});
