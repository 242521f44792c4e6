import pg from 'pg';
import { describeStoreContract } from './storeContract.ts';
import { openStore } from './openStore.ts';

const ADMIN_URL = process.env.STRAIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Each run gets its own throw-away database on the real server, so runs never see each other's rows. */
async function freshDatabase(): Promise<string> {
  const name = `strait_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

describeStoreContract('PostgreSQL (node-postgres)', async () => openStore({ databaseUrl: await freshDatabase() }));
