import { isIP } from 'node:net';
import path from 'node:path';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** A PostgreSQL connection string; when absent the embedded database (PGlite) in `dataDir` is used. */
  readonly databaseUrl: string | undefined;
  readonly adminPassword: string;
  readonly logLevel: string;
  /**
   * Which reverse proxies to believe about the client's address (`X-Forwarded-For`): a hop count, or the
   * proxies' addresses and CIDR ranges; false believes none (the socket address counts).
   */
  readonly trustProxy: number | string[] | false;
  /** The built web app, set by `npm start` after it builds web/ (WEB_ROOT); without it only the API is served. */
  readonly webRoot: string | undefined;
  /** The bearer token that opens `GET /metrics`; without it the route answers 404. */
  readonly metricsToken: string | undefined;
  /** Connections in the PostgreSQL pool (ignored by the embedded database, which has one). */
  readonly databasePoolSize: number;
  /** PostgreSQL's `statement_timeout` for the pool's connections, in milliseconds; 0 sets none. */
  readonly databaseStatementTimeoutMs: number;
  /** How long a SIGTERM/SIGINT may take to finish requests in flight and stop the workers before the process gives up. */
  readonly shutdownTimeoutMs: number;
  /**
   * Serve the many churches of the registry on `DATABASE_URL`, each in its own schema and chosen by host name
   * (MANY_CHURCHES=true, issue 40), instead of one church in the database's `public` schema.
   */
  readonly manyChurches: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

/** Reads the settings of contract §17 from the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];

  const portText = env.PORT?.trim() || '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${portText}")`);
  }

  const host = env.HOST?.trim() || '127.0.0.1';

  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }

  const adminPassword = env.ADMIN_PASSWORD ?? 'changeme';
  if (adminPassword.length === 0) problems.push('ADMIN_PASSWORD must not be empty');

  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }

  const trustProxy = parseTrustProxy(env.TRUST_PROXY?.trim() ?? '', problems);

  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) {
    problems.push(`METRICS_TOKEN must be at least 16 characters long (got ${metricsToken.length})`);
  }

  // The timer jobs hold one pooled connection for their advisory lock while they work on others: one would deadlock.
  const databasePoolSize = wholeNumber(env, 'DATABASE_POOL_SIZE', 10, 2, 100, problems);
  const databaseStatementTimeoutMs = wholeNumber(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000, problems);
  const shutdownTimeoutMs = wholeNumber(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 1, 600_000, problems);

  const manyChurchesText = env.MANY_CHURCHES?.trim().toLowerCase() || 'false';
  if (!['true', 'false'].includes(manyChurchesText)) problems.push(`MANY_CHURCHES must be true or false (got "${env.MANY_CHURCHES?.trim()}")`);
  const manyChurches = manyChurchesText === 'true';
  if (manyChurches && databaseUrl === undefined) problems.push('MANY_CHURCHES=true needs DATABASE_URL: the churches\' schemas live on a PostgreSQL server');

  if (problems.length > 0) throw new ConfigError(problems);

  return Object.freeze({
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    adminPassword,
    logLevel,
    trustProxy,
    webRoot: env.WEB_ROOT?.trim() || undefined,
    metricsToken,
    databasePoolSize,
    databaseStatementTimeoutMs,
    shutdownTimeoutMs,
    manyChurches,
  });
}

/** A whole-number variable within [min, max], or `fallback` when unset; a bad value is added to `problems`. */
/**
 * The address a browser on this machine opens to reach the service: one listening on every interface (`HOST=0.0.0.0`
 * or `::`) is reached on loopback, since a wildcard address is no place to connect to.
 */
export function localUrl({ host, port }: Pick<Config, 'host' | 'port'>): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${reachable}:${port}/`;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const text = env[name]?.trim() || String(fallback);
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${text}")`);
  }
  return value;
}

/** `TRUST_PROXY`: empty (none), a hop count such as `1`, or a comma-separated list of addresses and CIDR ranges. */
function parseTrustProxy(text: string, problems: string[]): number | string[] | false {
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return true;
    return prefix !== undefined && (!/^\d+$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128));
  });
  if (bad.length > 0) {
    problems.push(`TRUST_PROXY must be a hop count or a comma-separated list of IP addresses and CIDR ranges (bad: ${bad.map((b) => `"${b}"`).join(', ')})`);
  }
  return entries;
}
