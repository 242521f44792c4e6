import { describe, expect, it } from 'vitest';
import { unknownVariables } from './cli/startupReport.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('STRAIT_DECISION_RETENTION_HOURS', () => {
  it('keeps unbuilt decisions 24 hours past their expiry by default; 0 keeps them for ever', () => {
    expect(loadConfig({}).decisionRetentionMs).toBe(24 * 3_600_000);
    expect(loadConfig({ STRAIT_DECISION_RETENTION_HOURS: '168' }).decisionRetentionMs).toBe(168 * 3_600_000);
    expect(loadConfig({ STRAIT_DECISION_RETENTION_HOURS: '0' }).decisionRetentionMs).toBe(0);
  });

  it('stops on a negative, fractional or non-numeric value, and is known to the typo check', () => {
    for (const bad of ['-1', '1.5', 'a day']) expect(() => loadConfig({ STRAIT_DECISION_RETENTION_HOURS: bad })).toThrow(ConfigError);
    expect(unknownVariables({ STRAIT_DECISION_RETENTION_HOURS: '1' }, loadConfig({}))).toEqual([]);
  });
});
