import type { Database } from '../db/database.js';
import { createRepositories } from '../db/repositories/index.js';
import { isVolunteerV2Enabled } from '../domain/access/route-access.js';
import { minutesBetween } from '../domain/dates.js';
import type { Services } from '../domain/services.js';
import { drainInTurn, scheduleReminders } from './outbox-delivery.js';

const TIMER_JOBS_LOCK = 'timer-jobs';
// Rate-limit windows of clients that stopped calling; an hour outlives any window a limit uses.
const ENDED_RATE_LIMIT_WINDOWS_KEPT_MS = 60 * 60_000;

/** How a call of `TimerJobs.run` ended: the jobs ran, another instance or a recent run meant no turn, or they threw. */
export type TimerJobOutcome = 'ran' | 'skipped' | 'failed';

/**
 * The timer jobs (contract §15.5): the daily top-up, reminder scheduling, the outbox drain, then completion of
 * past assignments. Each step is idempotent and safe when several instances tick at once.
 */
export class TimerJobs {
  /**
   * `database` gives the lock that keeps the jobs to one instance at a time and the sweep of the rate-limit windows
   * (HTTP's own table); everything else is the domain services' work. `onRun` hears the outcome of every run,
   * scheduled or asked for over HTTP (the metrics count them).
   */
  constructor(
    private readonly services: Services,
    private readonly database: Database,
    private readonly onRun: (outcome: TimerJobOutcome) => void = () => undefined,
  ) {}

  /**
   * Answers whether the jobs ran: not while another instance runs them (one at a time across instances; a
   * crashed instance's turn ends with its connection, so the next tick anywhere picks the work up), and not
   * when the last run is more recent than `iTimerJobsMinIntervalMinutes`, unless forced.
   */
  async run(force = false): Promise<{ ran: boolean }> {
    try {
      const turn = await this.database.whileHolding(TIMER_JOBS_LOCK, () => this.runNow(force));
      const result = turn.held ? turn.value : { ran: false };
      this.onRun(result.ran ? 'ran' : 'skipped');
      return result;
    } catch (error) {
      this.onRun('failed');
      throw error;
    }
  }

  private async runNow(force: boolean): Promise<{ ran: boolean }> {
    const { settings, time } = this.services;
    const now = await time.now();
    const interval = await settings.get('iTimerJobsMinIntervalMinutes');
    const lastRun = await settings.get('sLastTimerJobsRunDateTime');
    if (!force && interval > 0 && lastRun !== '' && minutesBetween(lastRun, now) < interval) return { ran: false };
    await settings.write('sLastTimerJobsRunDateTime', now);
    await this.services.schedules.topUp(force);
    if (isVolunteerV2Enabled(await settings.get('sVolunteerVersion'))) await scheduleReminders(this.services);
    // Already-queued messages are delivered even while the volunteer area is switched off (Open point 11).
    await drainInTurn(this.services);
    await this.services.assignments.completeEnded();
    await createRepositories(this.database.db).rateLimits.forgetEnded(ENDED_RATE_LIMIT_WINDOWS_KEPT_MS, time.clock.now());
    return { ran: true };
  }
}

/** How often the service runs the timer jobs of a church on its own. */
export const TIMER_JOBS_EVERY_MS = 15 * 60_000;

/**
 * Runs the timer jobs on the service's own schedule (every 15 minutes), the first time after `firstAfterMs`;
 * answers a stop function that also waits for a run under way, so that its lock and transactions end before the
 * database closes.
 */
export function scheduleTimerJobs(
  jobs: TimerJobs,
  onError: (error: unknown) => void,
  { everyMs = TIMER_JOBS_EVERY_MS, firstAfterMs = everyMs }: { everyMs?: number; firstAfterMs?: number } = {},
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= jobs.run().then(() => undefined, onError).finally(() => {
      running = undefined;
    });
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    tick();
    interval = setInterval(tick, everyMs);
    interval.unref();
  }, firstAfterMs);
  first.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(interval);
    await running;
  };
}
