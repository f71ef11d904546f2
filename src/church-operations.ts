import { randomBytes } from 'node:crypto';
import { HostTakenError, isHostName, type Church, type ChurchRegistry } from './db/church-registry.js';
import { migrateToLatest, openPostgres, type Database } from './db/database.js';
import { systemClock } from './domain/clock.js';
import { buildServices } from './domain/services.js';

/** A refusal an operator reads: the command stops with this message and changes nothing. */
export class ChurchRefusal extends Error {}

export interface NewChurch {
  host: string;
  name: string;
  adminEmail?: string;
}

/** A church's own connections: its schema alone on the search path. */
export const openChurch = (connectionString: string, church: Church, poolSize = 2): Database =>
  openPostgres(connectionString, { schema: church.schema, poolSize });

/**
 * Makes a church (issue 40): its registry entry and schema, this build's migrations, its name and address, and a
 * first administrator `admin` whose one-time password the caller shows once (it must be changed at the first
 * sign-in). A failure at any step leaves no trace: the entry and the schema go again.
 */
export async function createChurch(connectionString: string, registry: ChurchRegistry, wanted: NewChurch): Promise<{ church: Church; adminPassword: string }> {
  const host = wanted.host.trim().toLowerCase();
  if (!isHostName(host)) throw new ChurchRefusal(`"${wanted.host}" is not a host name (letters, digits, hyphens and dots, such as grace.example.org).`);
  await registry.ensure();
  let church: Church;
  try {
    church = await registry.add(host, wanted.name.trim() || host);
  } catch (error) {
    if (error instanceof HostTakenError) throw new ChurchRefusal(error.message);
    throw error;
  }
  const database = openChurch(connectionString, church);
  try {
    await migrateToLatest(database.db, church.schema);
    const services = buildServices(database, systemClock);
    const adminPassword = randomBytes(12).toString('base64url');
    await services.users.ensureFirstAdministrator(adminPassword, undefined, wanted.adminEmail?.trim() || undefined);
    await services.settings.write('sChurchName', church.name);
    await services.settings.write('sServiceURL', `https://${host}`);
    return { church, adminPassword };
  } catch (error) {
    await registry.remove(host);
    throw error;
  } finally {
    await database.close();
  }
}

/**
 * Brings every church's schema to this build's migrations, one church after another, reporting each. A failure
 * stops at that church and leaves the ones before it done: running it again goes on from there.
 */
export async function migrateChurches(
  connectionString: string,
  registry: ChurchRegistry,
  progress: (done: number, total: number, church: Church, ran: string[]) => void,
): Promise<number> {
  await registry.ensure();
  const churches = await registry.list();
  for (const [index, church] of churches.entries()) {
    const database = openChurch(connectionString, church, 1);
    try {
      progress(index + 1, churches.length, church, await migrateToLatest(database.db, church.schema));
    } finally {
      await database.close();
    }
  }
  return churches.length;
}
