import { runCli } from './cli/runCli.ts';

// The only place that hands the process environment to Strait.
// eslint-disable-next-line no-restricted-properties
runCli(process.argv.slice(2), process.env).then(
  (code) => {
    if (code !== null) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
