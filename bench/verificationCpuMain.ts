/** Child entry of bench/measureVerificationCpuInChild.ts: measures, sends the result, exits. */
import { measureVerificationCpu } from './measureVerificationCpu.ts';

const result = await measureVerificationCpu(Number(process.argv[2] ?? 2_000));
process.send?.(result, () => process.exit(0));
