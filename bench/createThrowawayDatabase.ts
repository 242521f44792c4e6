import pg from 'pg';

export interface ThrowawayDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A database of its own on the PostgreSQL server at `adminUrl`, dropped (connections and all) by `drop`. */
export async function createThrowawayDatabase(adminUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}

async function admin<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}
