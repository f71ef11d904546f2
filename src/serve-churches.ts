import { createServer } from 'node:http';
import v8 from 'node:v8';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { ChurchConnections } from './db/church-connections.js';
import { openChurchRegistry } from './db/church-registry.js';
import { buildChurchesApp } from './app.js';
import { ChurchGateway } from './http/church-gateway.js';
import { loggerOptions } from './http/logging.js';
import { startDelivery } from './jobs/outbox-delivery.js';
import { scheduleTimerJobs, TIMER_JOBS_EVERY_MS } from './jobs/timer-jobs.js';
import { stopOnSignals } from './stop-on-signals.js';

const RECONCILE_MS = 30_000;
// Measured with 200 churches (bench/many-churches.ts): 198 MB resident at rest, against 170 MB for one church
// alone, so 0.14 MB a church; a quarter of a megabyte leaves room for its caches in use.
const HEAP_MB_A_CHURCH = 0.25;
const HEAP_MB_BESIDE = 150;

/**
 * npm start caps the heap at 512 MB: about 1,400 churches. An instance started with more would run out of memory
 * while opening them, so the operator is told how to start it.
 */
function warnOfSmallHeap(log: FastifyBaseLogger, churches: number): void {
  const neededMb = Math.ceil(HEAP_MB_BESIDE + HEAP_MB_A_CHURCH * churches);
  const limitMb = Math.round(v8.getHeapStatistics().heap_size_limit / 2 ** 20);
  if (neededMb <= limitMb) return;
  const flag = `--max-old-space-size=${Math.ceil(neededMb / 256) * 256}`;
  log.warn({ churches, neededMb, limitMb }, `serving ${churches} churches takes about ${neededMb} MB of memory and this process may use ${limitMb} MB: start it with node ${flag} scripts/start.mjs`);
}

/**
 * `npm start` with MANY_CHURCHES=true (issue 40): every church of the registry on DATABASE_URL, each chosen by the
 * host name of its requests and served in its own schema, with its own timer jobs and mail.
 */
export async function serveChurches(config: Config): Promise<void> {
  const root = Fastify({ logger: loggerOptions(config.logLevel) }).log;
  const registry = openChurchRegistry(config.databaseUrl!);
  await registry.ensure();
  const connections = new ChurchConnections({
    connectionString: config.databaseUrl!,
    connections: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  const app = await buildChurchesApp({ trustProxy: config.trustProxy, webRoot: config.webRoot, metricsToken: config.metricsToken, logger: root });
  const gateway = new ChurchGateway({
    registry,
    connections,
    app,
    loggerFor: (church) => root.child({ church: church.host }),
    async onServe({ church, parts: { database, services, timerJobs, log } }) {
      const stopFollowing = await services.settings.followChanges(database.listen).catch((error: unknown) => {
        log.error({ err: error }, 'settings changes from other instances are not announced here; cached settings live 5 s');
        return async () => undefined;
      });
      // Churches opened together would otherwise run their jobs together every 15 minutes, each burst queueing on the
      // lock connections; each church's first run falls somewhere in its first interval instead.
      const stopTimerJobs = scheduleTimerJobs(timerJobs, (error) => log.error({ err: error }, 'timer jobs failed'), { firstAfterMs: Math.random() * TIMER_JOBS_EVERY_MS });
      const stopDelivery = await startDelivery(services, database.listen, (error) => log.error({ err: error }, 'outbox delivery failed'));
      log.info({ schema: church.schema }, 'serving the church');
      return async () => {
        await Promise.all([stopTimerJobs(), stopDelivery(), stopFollowing()]);
      };
    },
  });
  warnOfSmallHeap(root, (await registry.list()).filter((church) => church.status === 'active').length);
  const served = await gateway.reconcile();
  // A church made, disabled or deleted by `npm run church` reaches every instance within this.
  const reconciling = setInterval(() => {
    gateway.reconcile().catch((error: unknown) => root.error({ err: error }, 'the registry of churches could not be read'));
  }, RECONCILE_MS);
  reconciling.unref();
  const server = createServer(gateway.handle);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));

  stopOnSignals(root, config.shutdownTimeoutMs, async () => {
    clearInterval(reconciling);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await gateway.close();
    await app.http.close();
    await connections.close();
    await registry.close();
  });
  root.info({ churches: served, port: config.port }, 'Volunteer Ministry Service is ready for many churches');
}
