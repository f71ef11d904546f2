import type { FastifyBaseLogger } from 'fastify';

/**
 * Stops the process on SIGTERM or SIGINT: `close` refuses new connections, lets the requests in flight finish and
 * stops the workers. A request or job that hangs must not keep a stopping instance alive: after `timeoutMs`
 * (SHUTDOWN_TIMEOUT_MS) the process exits anyway, with status 1.
 */
export function stopOnSignals(log: Pick<FastifyBaseLogger, 'info' | 'error'>, timeoutMs: number, close: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const startedAt = performance.now();
    log.info({ signal, timeoutMs }, 'shutting down: finishing the requests in flight');
    setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown did not finish within SHUTDOWN_TIMEOUT_MS; exiting with work unfinished');
      process.exit(1);
    }, timeoutMs);
    try {
      await close();
      log.info({ shutdownMs: Math.round(performance.now() - startedAt) }, 'stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
