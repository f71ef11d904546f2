import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { unauthorized } from '../../domain/errors.js';
import { readOutboxFigures } from '../../domain/notifications/outbox-figures.js';
import type { Database } from '../../db/database.js';
import type { TimerJobOutcome } from '../../jobs/timer-jobs.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** A route pattern as a dashboard names it: `/api/person/:personId`, without the digits-only constraint `(^\d+)`. */
const routeLabel = (url: string | undefined) => (url === undefined ? 'unmatched' : url.replace(/\([^/]*\)/g, ''));

/**
 * The service's Prometheus metrics (`GET /metrics`), on a registry of this app's own so that several apps in one
 * process (tests) never clash. Requests and timer-job runs are counted as they happen, per instance; the outbox and
 * the pool are read when scraped, so no worker needs to report to this object.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly tokenHash: Buffer;

  private readonly requestDuration = new Histogram({
    name: 'vms_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern ("unmatched" when no route matched)',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  private readonly timerJobRuns = new Counter({
    name: 'vms_timer_job_runs_total',
    help: 'Timer-job runs by outcome: ran, skipped (another instance holds them, or they ran too recently) or failed',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly outboxMessages = new Gauge({
    name: 'vms_outbox_messages',
    help: 'Outbox messages by status, database-wide (every instance reports the same)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  private readonly failedSends = new Counter({
    name: 'vms_outbox_failed_sends_total',
    help: 'Failed send attempts of outbox messages, database-wide (every instance reports the same)',
    registers: [this.registry],
  });

  private readonly poolConnections = new Gauge({
    name: 'vms_db_pool_connections',
    help: 'Database connections by state (total, idle, waiting = queries waiting for one); the embedded database has one',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  constructor(private readonly databaseOf: () => Database, token: string) {
    this.tokenHash = sha256(token);
    collectDefaultMetrics({ register: this.registry });
  }

  /** True when an `Authorization` header carries the metrics token (compared in constant time). */
  admits(authorization: string | undefined): boolean {
    const given = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    return given !== undefined && timingSafeEqual(sha256(given), this.tokenHash);
  }

  /** The metrics route's hook: 401, asking for the bearer token, unless the request carries it. */
  readonly requireToken = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (this.admits(request.headers.authorization)) return;
    reply.header('www-authenticate', 'Bearer');
    throw unauthorized('A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>)');
  };

  /** Times every answer by its route pattern, never its URL: some paths carry secrets (calendar tokens). */
  observeRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      this.requestDuration.observe(
        { method: request.method, route: routeLabel(request.routeOptions.url), status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    });
  }

  readonly countTimerJobRun = (outcome: TimerJobOutcome): void => {
    this.timerJobRuns.inc({ outcome });
  };

  /** The exposition text, with the outbox (one grouped query) and the pool read now. */
  async scrape(): Promise<string> {
    const database = this.databaseOf();
    const outbox = await readOutboxFigures(database.db);
    for (const [status, count] of Object.entries(outbox.messages)) this.outboxMessages.set({ status }, count);
    // The database holds the running total; a counter only goes up, so it is replaced rather than added to.
    this.failedSends.reset();
    this.failedSends.inc(outbox.failedSends);
    for (const [state, count] of Object.entries(database.poolStats())) this.poolConnections.set({ state }, count);
    return this.registry.metrics();
  }
}
