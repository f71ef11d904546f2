import pg from 'pg';

/**
 * The registry of a deployment of many churches (issue 40): which host name is which church, and the schema that
 * holds it. It lives in a schema of its own (`vms_registry`) beside the churches' schemas, which hold no reference
 * to it or to one another.
 */
export const REGISTRY_SCHEMA = 'vms_registry';

export type ChurchStatus = 'active' | 'disabled';

export interface Church {
  id: number;
  host: string;
  schema: string;
  name: string;
  status: ChurchStatus;
  createdAt: string;
}

type ChurchRow = { id: number; host: string; schema_name: string; name: string; status: ChurchStatus; created_at: Date };

const toChurch = (row: ChurchRow): Church => ({
  id: row.id, host: row.host, schema: row.schema_name, name: row.name, status: row.status, createdAt: row.created_at.toISOString(),
});

/** A host name as a browser sends it, without its port and in lower case. */
export function hostOf(header: string | undefined): string {
  return (header ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** Host names a church may answer at: letters, digits, hyphens and dots, as DNS allows. */
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
export const isHostName = (host: string) => HOST.test(host);

export class HostTakenError extends Error {}
export class NothingToAdoptError extends Error {}

export interface ChurchRegistry {
  /** Makes the registry's schema and table when they are missing (every instance and command may call it). */
  ensure(): Promise<void>;
  /** Adds a church and makes its (empty) schema in one transaction; a host already taken is refused. */
  add(host: string, name: string): Promise<Church>;
  /**
   * Makes the service's data in `public` (a single-church deployment) a church of the registry: the schema is
   * renamed to the church's, with every table, sequence and migration record in it, and an empty `public` made.
   */
  adoptPublic(host: string, name: string): Promise<Church>;
  byHost(host: string): Promise<Church | undefined>;
  list(): Promise<Church[]>;
  setStatus(host: string, status: ChurchStatus): Promise<Church | undefined>;
  /** Drops the church's schema with everything in it and forgets the church, in one transaction. */
  remove(host: string): Promise<Church | undefined>;
  close(): Promise<void>;
}

export function openChurchRegistry(connectionString: string): ChurchRegistry {
  const pool = new pg.Pool({ connectionString, max: 2 });
  pool.on('error', () => undefined);
  const inTransaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const value = await work(client);
      await client.query('commit');
      return value;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  const columns = 'id, host, schema_name, name, status, created_at';
  const refuseTaken = async (client: pg.PoolClient, host: string) => {
    const taken = await client.query(`select 1 from ${REGISTRY_SCHEMA}.churches where host = $1`, [host]);
    if (taken.rowCount) throw new HostTakenError(`A church already answers at ${host}.`);
  };
  // The schema's name comes from the church's number, never from what an operator typed.
  const insert = async (client: pg.PoolClient, host: string, name: string) => {
    try {
      return (await client.query<ChurchRow>(
        `with next as (select nextval(pg_get_serial_sequence('${REGISTRY_SCHEMA}.churches', 'id'))::int as id)
         insert into ${REGISTRY_SCHEMA}.churches (id, host, schema_name, name) select id, $1, 'church_' || id, $2 from next
         returning ${columns}`,
        [host, name],
      )).rows;
    } catch (error) {
      // Two commands adding one host at once: the second meets the first's row at the unique index.
      if ((error as { code?: string }).code === '23505') throw new HostTakenError(`A church already answers at ${host}.`);
      throw error;
    }
  };
  return {
    async ensure() {
      await inTransaction(async (client) => {
        // Two instances starting together must not both create the schema.
        await client.query(`select pg_advisory_xact_lock(hashtext('${REGISTRY_SCHEMA}'))`);
        await client.query(`create schema if not exists ${REGISTRY_SCHEMA}`);
        await client.query(`create table if not exists ${REGISTRY_SCHEMA}.churches (
          id serial primary key,
          host text not null unique,
          schema_name text not null unique,
          name text not null,
          status text not null default 'active' check (status in ('active', 'disabled')),
          created_at timestamptz not null default now()
        )`);
      });
    },
    async add(host, name) {
      return inTransaction(async (client) => {
        await refuseTaken(client, host);
        const rows = await insert(client, host, name);
        await client.query(`create schema ${rows[0].schema_name}`);
        return toChurch(rows[0]);
      });
    },
    async adoptPublic(host, name) {
      return inTransaction(async (client) => {
        await refuseTaken(client, host);
        const { rows: found } = await client.query<{ found: string | null }>(`select to_regclass('public.kysely_migration')::text as found`);
        if (!found[0].found) throw new NothingToAdoptError('The database holds no church in its public schema: there is nothing to adopt.');
        const rows = await insert(client, host, name);
        await client.query(`alter schema public rename to ${rows[0].schema_name}`);
        await client.query('create schema public');
        return toChurch(rows[0]);
      });
    },
    async byHost(host) {
      const { rows } = await pool.query<ChurchRow>(`select ${columns} from ${REGISTRY_SCHEMA}.churches where host = $1`, [host]);
      return rows[0] && toChurch(rows[0]);
    },
    async list() {
      const { rows } = await pool.query<ChurchRow>(`select ${columns} from ${REGISTRY_SCHEMA}.churches order by id`);
      return rows.map(toChurch);
    },
    async setStatus(host, status) {
      const { rows } = await pool.query<ChurchRow>(`update ${REGISTRY_SCHEMA}.churches set status = $2 where host = $1 returning ${columns}`, [host, status]);
      return rows[0] && toChurch(rows[0]);
    },
    async remove(host) {
      return inTransaction(async (client) => {
        const { rows } = await client.query<ChurchRow>(`delete from ${REGISTRY_SCHEMA}.churches where host = $1 returning ${columns}`, [host]);
        if (rows[0]) await client.query(`drop schema ${rows[0].schema_name} cascade`);
        return rows[0] && toChurch(rows[0]);
      });
    },
    close: () => pool.end(),
  };
}
