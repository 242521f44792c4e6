import type { BenchServiceMessage } from './startBenchService.ts';

export function handleAllocationMessage(message: { type?: string }, send: (answer: BenchServiceMessage) => void): boolean;
