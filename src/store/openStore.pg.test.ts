import pg from 'pg';
import { afterAll } from 'vitest';
import { describeStoreContract } from './storeContract.ts';
import { openStore } from './openStore.ts';

const ADMIN_URL = process.env.STRAIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const created: string[] = [];

async function admin<T>(task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/** Each run gets its own throw-away database on the real server, so runs never see each other's rows. */
async function freshDatabase(): Promise<string> {
  const name = `strait_test_${process.pid}_${Date.now()}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  created.push(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

describeStoreContract('PostgreSQL (node-postgres)', async () => openStore({ databaseUrl: await freshDatabase() }));

afterAll(async () => {
  for (const name of created) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});
