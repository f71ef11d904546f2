import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, embeddedDatabaseExists, migrateToLatest, migrationOf, NewerDataError, openPglite, openPostgres, type Database, type PgliteDatabase } from './db/database.js';
import { isDiskFull } from './db/errors.js';
import { PasswordHasher } from './domain/users/secrets.js';
import { loggerOptions } from './http/logging.js';
import { startDelivery } from './jobs/outbox-delivery.js';
import { scheduleTimerJobs } from './jobs/timer-jobs.js';
import { serveChurches } from './serve-churches.js';
import { stopOnSignals } from './stop-on-signals.js';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  if (config.manyChurches) return serveChurches(config);
  // A first start hashes the administrator's password (half a second of scrypt, on the thread pool) while the
  // embedded database is created, instead of after it.
  const adminPasswordHash = !config.databaseUrl && !embeddedDatabaseExists(config.dataDir) ? new PasswordHasher().hash(config.adminPassword) : undefined;
  adminPasswordHash?.catch(() => undefined);
  const embedded: PgliteDatabase | undefined = config.databaseUrl ? undefined : await openPglite(config.dataDir);
  const database: Database = embedded ?? openPostgres(config.databaseUrl!, { poolSize: config.databasePoolSize, statementTimeoutMs: config.databaseStatementTimeoutMs });
  // Building the routes touches no table, so it runs while the migrations wait on the database.
  const [ran, { http, services, timerJobs }] = await Promise.all([
    migrateToLatest(database.db),
    buildApp({ database, logger: loggerOptions(config.logLevel), trustProxy: config.trustProxy, webRoot: config.webRoot, metricsToken: config.metricsToken }),
  ]);
  const log = http.log;
  if (ran.length > 0) log.info({ migrations: ran }, `Ran ${ran.length} migration${ran.length === 1 ? '' : 's'}; the database is at this version's schema now`);
  const migration = embedded && migrationOf(config.dataDir);
  if (migration) {
    log.warn(
      migration,
      `This embedded database was copied to ${migration.server} by npm run migrate-to; what changes here does not reach the server. Set DATABASE_URL to run on the server.`,
    );
  }
  if (embedded?.templateProblem) {
    log.warn({ problem: embedded.templateProblem }, 'The shipped PGlite template could not be used; created the embedded database with initdb instead');
  }

  if (await services.users.ensureFirstAdministrator(config.adminPassword, adminPasswordHash)) {
    log.warn(
      config.adminPassword === 'changeme'
        ? 'Created the first administrator: sign in as "admin" with password "changeme" and change it at once.'
        : 'Created the first administrator "admin" with the password from ADMIN_PASSWORD.',
    );
  }

  await http.listen({ port: config.port, host: config.host });

  const stopFollowingSettings = await services.settings.followChanges(database.listen).catch((error: unknown) => {
    log.error({ err: error }, 'settings changes from other instances are not announced here; cached settings live 5 s');
    return async () => undefined;
  });
  const stopTimerJobs = scheduleTimerJobs(timerJobs, (error) => log.error({ err: error }, 'timer jobs failed'));
  const stopDelivery = await startDelivery(services, database.listen, (error) => log.error({ err: error }, 'outbox delivery failed'));

  // New connections are refused at once; requests in flight finish while the workers stop, and only then does the
  // database close.
  stopOnSignals(log, config.shutdownTimeoutMs, async () => {
    await Promise.all([http.close(), stopTimerJobs(), stopDelivery(), stopFollowingSettings()]);
    await database.close();
  });
  // Ready only once the workers run and a stop signal is handled: a SIGTERM right after this line shuts down cleanly.
  log.info(
    {
      database: embedded ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL server',
      ...(embedded && { dataDirectory: embedded.start }),
      startupMs: Math.round(performance.now() - startedAt),
    },
    'Volunteer Ministry Service is ready',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof NewerDataError) {
    console.error(error.message);
  } else if (isDiskFull(error)) {
    console.error('The disk holding the database is full, so the service could not start: free some space and start again.');
  } else {
    console.error('The service could not start:', error);
  }
  process.exit(1);
});
