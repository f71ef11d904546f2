import { createServer } from 'node:http';
import Fastify from 'fastify';
import type { Config } from './config.js';
import { openChurchRegistry } from './db/church-registry.js';
import { ChurchGateway } from './http/church-gateway.js';
import { loggerOptions } from './http/logging.js';
import { startDelivery } from './jobs/outbox-delivery.js';
import { scheduleTimerJobs } from './jobs/timer-jobs.js';

const RECONCILE_MS = 30_000;

/**
 * `npm start` with MANY_CHURCHES=true (issue 40): every church of the registry on DATABASE_URL, each chosen by the
 * host name of its requests and served in its own schema, with its own timer jobs and mail.
 */
export async function serveChurches(config: Config): Promise<void> {
  const root = Fastify({ logger: loggerOptions(config.logLevel) }).log;
  const registry = openChurchRegistry(config.databaseUrl!);
  await registry.ensure();
  const gateway = new ChurchGateway({
    connectionString: config.databaseUrl!,
    registry,
    // Each church's connections serve it alone (its plans and catalogue only), so a few suffice.
    poolSize: Math.min(config.databasePoolSize, 3),
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    app: { trustProxy: config.trustProxy, webRoot: config.webRoot, metricsToken: config.metricsToken, loggerFor: (church) => root.child({ church: church.host }) },
    async onServe({ church, database, app }) {
      const log = app.http.log;
      const stopFollowing = await app.services.settings.followChanges(database.listen).catch((error: unknown) => {
        log.error({ err: error }, 'settings changes from other instances are not announced here; cached settings live 5 s');
        return async () => undefined;
      });
      const stopTimerJobs = scheduleTimerJobs(app.timerJobs, (error) => log.error({ err: error }, 'timer jobs failed'));
      const stopDelivery = await startDelivery(app.services, database.listen, (error) => log.error({ err: error }, 'outbox delivery failed'));
      log.info({ schema: church.schema }, 'serving the church');
      return async () => {
        await Promise.all([stopTimerJobs(), stopDelivery(), stopFollowing()]);
      };
    },
  });
  const served = await gateway.reconcile();
  // A church made, disabled or deleted by `npm run church` reaches every instance within this.
  const reconciling = setInterval(() => {
    gateway.reconcile().catch((error: unknown) => root.error({ err: error }, 'the registry of churches could not be read'));
  }, RECONCILE_MS);
  reconciling.unref();
  const server = createServer(gateway.handle);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    root.info({ signal }, 'shutting down: finishing the requests in flight');
    setTimeout(() => {
      root.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown did not finish within SHUTDOWN_TIMEOUT_MS; exiting with work unfinished');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    clearInterval(reconciling);
    try {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.close();
      await registry.close();
      root.info('stopped');
      process.exit(0);
    } catch (error) {
      root.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  root.info({ churches: served, port: config.port }, 'Volunteer Ministry Service is ready for many churches');
}
