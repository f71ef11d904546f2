import { randomBytes } from 'node:crypto';
import { HostTakenError, isHostName, type Church, type ChurchRegistry } from './db/church-registry.js';
import { migrateToLatest, openPostgres, type Database } from './db/database.js';
import { systemClock } from './domain/clock.js';
import { buildServices } from './domain/services.js';
import { FIRST_ADMINISTRATOR } from './domain/users/users.service.js';

/** A refusal an operator reads: the command stops with this message and changes nothing. */
export class ChurchRefusal extends Error {}

export interface NewChurch {
  host: string;
  name: string;
  adminEmail?: string;
}

/**
 * The mail server a deployment gives its new churches (CHURCH_SMTP_HOST, CHURCH_SMTP_USER, CHURCH_SMTP_PASSWORD,
 * CHURCH_MAIL_FROM): with it a church's first administrator is welcomed by mail, and each church may change it.
 */
export interface NewChurchMail {
  smtpHost: string;
  smtpUser: string;
  smtpPassword: string;
  from: string;
}

/** The new churches' mail server from the environment, or none; a half-given one is refused, naming what is missing. */
export function newChurchMail(env: NodeJS.ProcessEnv = process.env): NewChurchMail | undefined {
  const [smtpHost, smtpUser, smtpPassword, from] = ['CHURCH_SMTP_HOST', 'CHURCH_SMTP_USER', 'CHURCH_SMTP_PASSWORD', 'CHURCH_MAIL_FROM'].map((name) => env[name]?.trim() ?? '');
  if (!smtpHost) {
    if (from || smtpUser) throw new ChurchRefusal('CHURCH_MAIL_FROM and CHURCH_SMTP_USER need CHURCH_SMTP_HOST, the mail server new churches send through.');
    return undefined;
  }
  if (!from) throw new ChurchRefusal('CHURCH_SMTP_HOST needs CHURCH_MAIL_FROM, the address new churches\' mail comes from.');
  return { smtpHost, smtpUser, smtpPassword, from };
}

/** How the first administrator gets in: welcomed by mail, or by a one-time password the operator passes on. */
export type FirstAdministrator = { welcomedAt: string } | { oneTimePassword: string };

/** A church's own connections: its schema alone on the search path. */
export const openChurch = (connectionString: string, church: Church, poolSize = 2): Database =>
  openPostgres(connectionString, { schema: church.schema, poolSize });

/**
 * Makes a church (issue 40): its registry entry and schema, this build's migrations, its name, address and mail
 * server, and a first administrator `admin`. With a mail server and an address the administrator is mailed a link
 * to choose their password (sent by the instances serving the church); otherwise the caller shows the one-time
 * password answered (it must be changed at the first sign-in). A failure at any step leaves no trace: the entry and
 * the schema go again.
 */
export async function createChurch(
  connectionString: string,
  registry: ChurchRegistry,
  wanted: NewChurch,
  mail?: NewChurchMail,
): Promise<{ church: Church; administrator: FirstAdministrator }> {
  const host = wanted.host.trim().toLowerCase();
  if (!isHostName(host)) throw new ChurchRefusal(`"${wanted.host}" is not a host name (letters, digits, hyphens and dots, such as grace.example.org).`);
  const adminEmail = wanted.adminEmail?.trim() || undefined;
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
    const password = randomBytes(12).toString('base64url');
    await services.users.ensureFirstAdministrator(password, undefined, adminEmail);
    await services.settings.write('sChurchName', church.name);
    await services.settings.write('sServiceURL', `https://${host}`);
    if (mail) {
      await services.settings.write('sSMTPHost', mail.smtpHost);
      await services.settings.write('bSMTPAuth', mail.smtpUser ? '1' : '0');
      await services.settings.write('sSMTPUser', mail.smtpUser);
      await services.settings.write('sSMTPPass', mail.smtpPassword);
      await services.settings.write('sChurchEmail', mail.from);
      await services.settings.write('bEnabledEmail', '1');
    }
    if (mail && adminEmail) {
      await services.passwords.welcomeFirstAdministrator(FIRST_ADMINISTRATOR);
      return { church, administrator: { welcomedAt: adminEmail } };
    }
    return { church, administrator: { oneTimePassword: password } };
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
