import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { CHURCH_SCHEMA, churchListener, databaseOf, newPool, preparing, statementNames, type Checkout, type Database } from './database.js';
import { recordStatement } from './statement-count.js';
import type { DB } from './schema.js';

export interface ChurchConnectionsOptions {
  connectionString: string;
  /** Connections of the instance, for all its churches together (DATABASE_POOL_SIZE). */
  connections: number;
  /** `statement_timeout` of every connection in milliseconds; 0 leaves the server's own. */
  statementTimeoutMs?: number;
  /**
   * A connection closes once it has served this many churches, and a new one takes its place: the server keeps,
   * for each connection, the catalogue and the plans of every church it served (bench/README.md, "Many churches").
   */
  churchesAConnection?: number;
}

/** Connections of one slot: a church's statements stay on its slot's connections, each planned there once. */
const CONNECTIONS_A_SLOT = 2;
/**
 * Connections that hold the churches' timer-job locks, beside the slots: a job holds its lock's connection while it
 * runs and needs others for its work, so holders taking slot connections could, every church's jobs starting at
 * once, hold them all and wait for good.
 */
const LOCK_CONNECTIONS = 2;

/** What a connection has served, as this process knows it: the church its search_path names, and all it served. */
interface Served {
  schema?: string;
  churches: Set<string>;
}

/**
 * The connections an instance of many churches (issue 40) shares among them, so that the server's connections are
 * bounded by the instances, not by the churches: 200 churches with a pool each ran the server out of its 100.
 *
 * The connections are split into slots of two, and each church has a home slot (its number modulo the slots). A
 * church's statements go to its home slot, and to another slot only when every connection of its own is busy and
 * another has room, so a busy church among idle ones still has all the connections. A statement reaches its
 * church's tables through the connection's `search_path`, set to the church on the checkout that finds it pointed
 * elsewhere, before any statement of the church runs. Each church names its prepared statements with a prefix of its
 * own: PostgreSQL plans a prepared statement again whenever the search_path differs from the one it was planned under,
 * so one name for every church would be planned on most uses (bench/README.md measured 6 times the CPU).
 */
export class ChurchConnections {
  private readonly slots: pg.Pool[];
  private readonly locks: pg.Pool;
  private readonly served = new WeakMap<pg.PoolClient, Served>();
  private readonly churchesAConnection: number;
  private readonly perSlot: number;

  constructor(private readonly options: ChurchConnectionsOptions) {
    const slotCount = Math.max(1, Math.floor(options.connections / CONNECTIONS_A_SLOT));
    this.perSlot = Math.max(1, Math.floor(options.connections / slotCount));
    this.churchesAConnection = options.churchesAConnection ?? 64;
    this.slots = Array.from({ length: slotCount }, () => this.pool(this.perSlot));
    this.locks = this.pool(LOCK_CONNECTIONS);
  }

  private pool(max: number): pg.Pool {
    return newPool(this.options.connectionString, max, this.options.statementTimeoutMs ?? 0);
  }

  /** The database of one church: its statements run in its schema alone, on the instance's connections. */
  open(schema: string): Database {
    if (!CHURCH_SCHEMA.test(schema)) throw new Error(`Not a church's schema: ${schema}`);
    const home = this.slots[Number(schema.slice('church_'.length)) % this.slots.length];
    const names = statementNames(`${schema}_`);
    const kysely = (checkout: Checkout) => new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparing(checkout, names) }), log: recordStatement });
    const listener = churchListener(this.options.connectionString, schema);
    return databaseOf(kysely(this.checkout(schema, () => this.slotFor(home))), 'postgres', schema, listener.listen, () => this.stats(), () => listener.close(), undefined, kysely(this.checkout(schema, () => this.locks)));
  }

  private checkout(schema: string, pool: () => pg.Pool): Checkout {
    return {
      connect: async () => {
        const client = await pool().connect();
        const served = this.served.get(client) ?? { churches: new Set<string>() };
        this.served.set(client, served);
        if (served.schema !== schema) {
          try {
            await client.query(`set search_path to ${pg.escapeIdentifier(schema)}`);
          } catch (error) {
            // Whatever the connection's search_path is now, it is not the church's: it leaves the pool.
            client.release(error instanceof Error ? error : true);
            throw error;
          }
          served.schema = schema;
          served.churches.add(schema);
        }
        return client;
      },
      release: (client) => client.release(this.served.get(client)!.churches.size >= this.churchesAConnection),
      // The connections are the instance's: a church that stops being served leaves them to the others.
      end: async () => undefined,
    };
  }

  /** The church's home slot, unless all its connections are busy and another slot has one idle or room for one. */
  private slotFor(home: pg.Pool): pg.Pool {
    if (home.idleCount > 0 || home.totalCount < this.perSlot) return home;
    return this.slots.find((slot) => slot.idleCount > 0) ?? this.slots.find((slot) => slot.totalCount < this.perSlot) ?? home;
  }

  /** The instance's connections, all slots together (for metrics). */
  stats(): { total: number; idle: number; waiting: number } {
    const sum = (count: (slot: pg.Pool) => number) => this.slots.reduce((total, slot) => total + count(slot), 0);
    return { total: sum((slot) => slot.totalCount), idle: sum((slot) => slot.idleCount), waiting: sum((slot) => slot.waitingCount) };
  }

  async close(): Promise<void> {
    await Promise.all([...this.slots, this.locks].map((pool) => pool.end()));
  }
}
