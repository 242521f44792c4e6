import { afterAll, beforeAll } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { describeOperatorCommands } from './operatorCommands.ts';
import { runOperatorScenario, type OperatorScenario } from './operatorScenario.ts';
import { createThrowawayDatabase } from './throwawayDatabase.ts';

let database: { url: string; drop(): Promise<void> };
let strait: Strait;
let scenario: OperatorScenario;

beforeAll(async () => {
  database = await createThrowawayDatabase('strait_operator');
  const run = await runOperatorScenario({ DATABASE_URL: database.url });
  strait = run.strait;
  scenario = run.scenario;
});
afterAll(async () => {
  await strait?.close();
  await database?.drop();
});

// On PostgreSQL the service keeps running while the commands inspect the same database.
describeOperatorCommands('PostgreSQL', () => ({ env: { DATABASE_URL: database.url }, scenario }));
