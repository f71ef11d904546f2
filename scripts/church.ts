/**
 * `npm run church -- COMMAND …`: the churches of a deployment of many (MANY_CHURCHES=true, issue 40), on the
 * PostgreSQL server of DATABASE_URL. Each church is a schema; the registry maps host names to them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ChurchRefusal, createChurch, migrateChurches, newChurchMail, openChurch } from '../src/church-operations.js';
import { loadConfig } from '../src/config.js';
import { HostTakenError, isHostName, NothingToAdoptError, openChurchRegistry, type Church } from '../src/db/church-registry.js';
import { saveSnapshotFile } from '../src/db/snapshot-file.js';
import { WELCOME_LINK_DAYS } from '../src/domain/users/passwords.service.js';
import { FIRST_ADMINISTRATOR } from '../src/domain/users/users.service.js';
import { printCounts, progressPrinter, Refusal, runCommand, withoutPassword } from './snapshot/cli.js';

const USAGE = `Usage: npm run church -- COMMAND
  create --host HOST [--name NAME] [--admin-email ADDRESS]   a new church answering at HOST; with CHURCH_SMTP_HOST
                                        and CHURCH_MAIL_FROM set, its administrator is welcomed by mail
  adopt --host HOST [--name NAME]       the single church in this database's public schema becomes a church of many
  list                                  every church, its host, schema and state
  disable --host HOST                   refuse the church's requests (its data stays)
  enable --host HOST                    serve it again
  export --host HOST FILE               the church's own backup, which npm run restore reads into any database
  migrate                               bring every church to this version's schema, one after another
  delete --host HOST --confirm HOST     the church and everything in it, for good`;

runCommand(async () => {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { host: { type: 'string' }, name: { type: 'string' }, 'admin-email': { type: 'string' }, confirm: { type: 'string' } },
    strict: false,
  });
  const [command, ...rest] = positionals;
  const known = new Set(['host', 'name', 'admin-email', 'confirm']);
  const unknown = Object.keys(values).find((key) => !known.has(key));
  if (unknown) throw new Refusal(`Unknown option --${unknown}.\n${USAGE}`);
  const config = loadConfig();
  if (!config.databaseUrl) throw new Refusal('Churches live on a PostgreSQL server: set DATABASE_URL.');
  const url = config.databaseUrl;
  const registry = openChurchRegistry(url);
  const host = typeof values.host === 'string' ? values.host.trim().toLowerCase() : undefined;
  const needHost = () => {
    if (!host) throw new Refusal(`${command} needs --host HOST.\n${USAGE}`);
    return host;
  };
  const find = async (): Promise<Church> => {
    const church = await registry.byHost(needHost());
    if (!church) throw new Refusal(`No church answers at ${host}; npm run church -- list shows those that do.`);
    return church;
  };
  try {
    await registry.ensure();
    switch (command) {
      case 'create': {
        const { church, administrator } = await createChurch(url, registry, { host: needHost(), name: String(values.name ?? ''), adminEmail: values['admin-email'] as string | undefined }, newChurchMail());
        console.log(`Created ${church.name} at ${church.host} (schema ${church.schema}) on ${withoutPassword(url)}.`);
        if ('welcomedAt' in administrator) {
          console.log(`Its administrator ("${FIRST_ADMINISTRATOR}") is mailed at ${administrator.welcomedAt} a link to choose a password, valid for ${WELCOME_LINK_DAYS} days;`);
          console.log('the mail leaves from an instance serving the church (MANY_CHURCHES=true) within 30 seconds.');
        } else {
          console.log(`Its administrator signs in at https://${church.host}/ as "${FIRST_ADMINISTRATOR}" with this one-time password, and must choose their own at once:`);
          console.log(`  ${administrator.oneTimePassword}`);
          console.log('It is shown only now: pass it on by a safe way.');
        }
        break;
      }
      case 'adopt': {
        if (!isHostName(needHost())) throw new Refusal(`"${host}" is not a host name (letters, digits, hyphens and dots, such as grace.example.org).`);
        const church = await registry.adoptPublic(needHost(), String(values.name ?? '') || needHost());
        console.log(`The church of the public schema now answers at ${church.host} (schema ${church.schema}); nothing was copied or lost.`);
        break;
      }
      case 'list': {
        const churches = await registry.list();
        if (churches.length === 0) console.log('No churches yet: npm run church -- create --host HOST makes one.');
        for (const church of churches) console.log(`${church.host.padEnd(32)} ${church.schema.padEnd(14)} ${church.status.padEnd(9)} ${church.name}`);
        break;
      }
      case 'disable':
      case 'enable': {
        const church = await registry.setStatus(needHost(), command === 'disable' ? 'disabled' : 'active');
        if (!church) throw new Refusal(`No church answers at ${host}.`);
        console.log(command === 'disable' ? `${church.host} is disabled: its requests are refused within 5 seconds, and its data stays.` : `${church.host} is served again.`);
        break;
      }
      case 'export': {
        if (rest.length !== 1) throw new Refusal(`export needs --host HOST and a FILE.\n${USAGE}`);
        const church = await find();
        const file = path.resolve(rest[0]);
        if (fs.existsSync(file)) throw new Refusal(`${file} exists already; choose a new name, so that no earlier backup is overwritten.`);
        const database = openChurch(url, church, 1);
        const progress = progressPrinter('exporting');
        try {
          const counts = await saveSnapshotFile(database.db, file, progress.onTable);
          progress.done();
          console.log(`Exported ${church.host} to ${file} (${(fs.statSync(file).size / 1024).toFixed(0)} KB):`);
          printCounts(Object.entries(counts).map(([table, rows]) => ({ table, rows })));
          console.log(`Restore it into an embedded or a single-church database with: npm run restore -- ${rest[0]}`);
        } finally {
          await database.close();
        }
        break;
      }
      case 'migrate': {
        const started = performance.now();
        const total = await migrateChurches(url, registry, (done, count, church, ran) => {
          console.log(`[${done}/${count}] ${church.host}: ${ran.length === 0 ? 'up to date' : `ran ${ran.join(', ')}`}`);
        });
        console.log(`${total} church${total === 1 ? '' : 'es'} at this version's schema (${((performance.now() - started) / 1000).toFixed(1)} s).`);
        break;
      }
      case 'delete': {
        const church = await find();
        if (values.confirm !== church.host) throw new Refusal(`Deleting ${church.host} removes all its people, schedules and history for good. To go on, add --confirm ${church.host}.`);
        await registry.remove(church.host);
        console.log(`Deleted ${church.host} and its schema ${church.schema}.`);
        break;
      }
      default:
        throw new Refusal(USAGE);
    }
  } catch (error) {
    if (error instanceof ChurchRefusal || error instanceof HostTakenError || error instanceof NothingToAdoptError) throw new Refusal(error.message);
    throw error;
  } finally {
    await registry.close();
  }
});

