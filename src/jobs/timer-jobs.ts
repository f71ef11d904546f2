import { withTransaction } from '../db/repositories/index.js';
import { isVolunteerV2Enabled } from '../domain/access/route-access.js';
import { minutesBetween } from '../domain/dates.js';
import { runGeneration } from '../domain/schedules/generation.js';
import type { Services } from '../domain/services.js';
import { drainOutbox, scheduleReminders } from './outbox-delivery.js';

const TIMER_JOBS_LOCK = 'timer-jobs';

/**
 * The timer jobs (contract §15.5): the daily top-up, reminder scheduling, the outbox drain, then completion of
 * past assignments. Each step is idempotent and safe when several instances tick at once.
 */
export class TimerJobs {
  constructor(private readonly services: Services) {}

  /**
   * Answers whether the jobs ran: not while another instance runs them (one at a time across instances; a
   * crashed instance's turn ends with its connection, so the next tick anywhere picks the work up), and not
   * when the last run is more recent than `iTimerJobsMinIntervalMinutes`, unless forced.
   */
  async run(force = false): Promise<{ ran: boolean }> {
    const turn = await this.services.database.whileHolding(TIMER_JOBS_LOCK, () => this.runNow(force));
    return turn.held ? turn.value : { ran: false };
  }

  private async runNow(force: boolean): Promise<{ ran: boolean }> {
    const { settings, time } = this.services;
    const now = await time.now();
    const interval = await settings.get('iTimerJobsMinIntervalMinutes');
    const lastRun = await settings.get('sLastTimerJobsRunDateTime');
    if (!force && interval > 0 && lastRun !== '' && minutesBetween(lastRun, now) < interval) return { ran: false };
    await settings.write('sLastTimerJobsRunDateTime', now);
    await this.topUp(force);
    if (isVolunteerV2Enabled(await settings.get('sVolunteerVersion'))) await scheduleReminders(this.services);
    // Already-queued messages are delivered even while the volunteer area is switched off (Open point 11).
    await drainOutbox(this.services);
    await this.completePastAssignments();
    return { ran: true };
  }

  /** Once per church-local day (or when forced): every active schedule of an active ministry generates to the horizon. */
  async topUp(force: boolean): Promise<void> {
    const { settings, time, database } = this.services;
    if (!isVolunteerV2Enabled(await settings.get('sVolunteerVersion'))) return;
    const now = await time.now();
    const today = now.slice(0, 10);
    if (!force && (await settings.get('sLastVolunteerTopUpRunDate')) === today) return;
    const horizonWeeks = await settings.get('iVolunteerSchedulingHorizonWeeks');
    const totals = await withTransaction(database.db, async (repos) => {
      await repos.locks.exclusive('volunteer-top-up');
      const sum = { created: 0, assigned: 0, skipped: 0, unqualified: 0 };
      for (const schedule of await repos.schedules.toppedUp()) {
        const counts = await runGeneration(repos, schedule, { now, today, horizonWeeks });
        sum.created += counts.created;
        sum.assigned += counts.assigned;
        sum.skipped += counts.skipped;
        sum.unqualified += counts.unqualified;
      }
      return sum;
    });
    await settings.write('sLastVolunteerTopUpRunDate', today);
    await settings.write('sLastVolunteerTopUpResult', JSON.stringify({ ranAt: now, ...totals }));
  }

  /** Live assignments of ended occurrences become `completed`; their pending outbox rows are cancelled (kept). */
  async completePastAssignments(): Promise<void> {
    const now = await this.services.time.now();
    await withTransaction(this.services.database.db, async (repos) => {
      const completed = await repos.assignments.completeEnded(now);
      await repos.assignments.cancelPendingNotifications(completed);
    });
  }
}

/** Runs the timer jobs on the service's own schedule (every 15 minutes); answers a stop function. */
export function scheduleTimerJobs(jobs: TimerJobs, onError: (error: unknown) => void, everyMs = 15 * 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await jobs.run();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
