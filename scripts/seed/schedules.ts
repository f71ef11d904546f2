import type { Authorized } from '../../src/domain/access/authorized.js';
import { addDays } from '../../src/domain/dates.js';
import { parseGenerate, parseScheduleCreate } from '../../src/http/commands/schedules.commands.js';
import { parseNewMinistryEvent } from '../../src/http/commands/ministry-events.commands.js';
import { EVENT_TYPE_NAME, SERVICES } from './catalogue.js';
import { CORE, SECOND, SIGN_UP, type SeededChurch, type SeededTeam } from './church.js';
import type { SeedContext } from './context.js';
import { WEEKS } from './plan.js';
import { mapLimit, type Random } from './support.js';

const HORIZON_SETTING = 'iVolunteerSchedulingHorizonWeeks';

type DefaultEntry = { personId: number; accepted: boolean };

/** One staffing need of a schedule: its counts, the defaults of the past year and those of the year ahead. */
interface NeedPlan {
  positionId: number;
  minCount: number;
  maxCount: number;
  history: DefaultEntry[];
  future: DefaultEntry[];
}

interface SchedulePlan {
  team: SeededTeam;
  service: (typeof SERVICES)[number];
  needs: NeedPlan[];
}

/** The 9:00 schedule takes the first qualified people of a position, the 11:00 one the last (they overlap). */
function crew(qualified: readonly number[], count: number, serviceIndex: number): number[] {
  return serviceIndex === 0 ? qualified.slice(0, count) : qualified.slice(Math.max(0, qualified.length - count));
}

const accepted = (ids: readonly number[]): DefaultEntry[] => ids.map((personId) => ({ personId, accepted: true }));

/**
 * ~24 defaults per occurrence of history: core 12 (Min 10, Max 12), second 11–12 (Min 10, Max 12), sign-up 1–2
 * (Min 1–2, Max 3–6). The year ahead differs on purpose: some core and second needs lose three people (gaps),
 * some core defaults are not accepted yet (awaiting reply), and the sign-up role keeps at most one default so
 * members find room to sign up.
 */
function planNeeds(random: Random, team: SeededTeam, serviceIndex: number): NeedPlan[] {
  const [core, second, signUp] = [team.positions[CORE], team.positions[SECOND], team.positions[SIGN_UP]];
  const coreCrew = crew(core.qualified, 12, serviceIndex);
  const secondCrew = crew(second.qualified, random.chance(0.5) ? 12 : 11, serviceIndex);
  const signUpMax = random.int(3, 6);
  const signUpCrew = crew(signUp.qualified, random.chance(0.4) ? 2 : 1, serviceIndex);

  const coreFuture = random.chance(0.2) ? coreCrew.slice(0, coreCrew.length - 3) : coreCrew;
  const isCoreAwaitingReply = random.chance(0.3);
  const secondFuture = random.chance(0.15) ? secondCrew.slice(0, secondCrew.length - 3) : secondCrew;
  const signUpFuture = random.chance(0.85) ? signUpCrew.slice(0, 1) : [];
  return [
    {
      positionId: core.row.id, minCount: 10, maxCount: 12, history: accepted(coreCrew),
      future: coreFuture.map((personId, i) => ({ personId, accepted: !(isCoreAwaitingReply && i >= coreFuture.length - 2) })),
    },
    { positionId: second.row.id, minCount: 10, maxCount: 12, history: accepted(secondCrew), future: accepted(secondFuture) },
    {
      positionId: signUp.row.id, minCount: random.chance(0.85) ? 1 : 2, maxCount: signUpMax,
      history: accepted(signUpCrew), future: accepted(signUpFuture),
    },
  ];
}

/** The event type the services carry (created once, found again when it already exists). */
async function serviceEventType(context: SeedContext): Promise<number> {
  const existing = await context.repos.eventTypes.findByName(EVENT_TYPE_NAME);
  return existing?.id ?? (await context.services.eventTypes.create({ name: EVENT_TYPE_NAME, defStartTime: '09:00:00' })).id;
}

/**
 * The two weekly Sunday services as the first ministry's own events (E2), from a year ago to a year and a week
 * ahead: every schedule of every ministry follows one of them by type and title.
 */
async function seedServices(context: SeedContext, owner: Authorized<'ministry'>, firstDay: string): Promise<number> {
  const { services, actor, progress } = context;
  const step = progress.begin('Sunday services (two weekly series over two years)');
  const eventTypeId = await serviceEventType(context);
  let count = 0;
  for (const service of SERVICES) {
    const events = await services.ministryEvents.create(actor, owner, parseNewMinistryEvent({
      title: service.title, eventTypeId, startTime: service.startTime, endTime: service.endTime,
      recurrence: { type: 'weekly', dow: 'sunday' }, rangeStart: firstDay, rangeEnd: addDays(firstDay, (2 * WEEKS + 1) * 7),
    }));
    count += events.length;
  }
  step.done(`${count} events`);
  return eventTypeId;
}

/** Creates every schedule with the clock a year back: creation generates (and staffs) the whole past year. */
async function createSchedules(context: SeedContext, plans: readonly SchedulePlan[], eventTypeId: number, windowStart: string): Promise<number[]> {
  const { services, actor, parallelism, progress } = context;
  const step = progress.begin('schedules with a year of history');
  let done = 0;
  const every = Math.max(1, Math.ceil(plans.length / 10));
  const ids = await mapLimit(plans, parallelism, async (plan) => {
    const { schedule } = await services.schedules.create(actor, plan.team.ministry, parseScheduleCreate({
      name: `${plan.team.name} – ${plan.service.label} service`,
      linkMode: 'event_type', eventTypeId, titleFilter: plan.service.title, teamId: plan.team.id, windowStart,
      requirements: plan.needs.map((need) => ({ positionId: need.positionId, minCount: need.minCount, maxCount: need.maxCount, defaults: need.history })),
    }));
    if (++done % every === 0) step.tick(done, plans.length);
    return schedule.row.id;
  });
  step.done(`${ids.length} schedules`);
  return ids;
}

/** With the real clock: each schedule saves its year-ahead defaults and generates (E5) the next 52 weeks. */
async function generateFuture(context: SeedContext, plans: readonly SchedulePlan[], scheduleIds: readonly number[]): Promise<void> {
  const { services, actor, parallelism, progress } = context;
  const step = progress.begin('the year ahead (generate)');
  let done = 0;
  const every = Math.max(1, Math.ceil(plans.length / 10));
  await mapLimit(plans, parallelism, async (plan, i) => {
    const schedule = await services.volunteerAccess.schedule(actor, scheduleIds[i]);
    await services.schedules.generate(actor, schedule, parseGenerate({
      requirements: plan.needs.map((need) => ({ positionId: need.positionId, defaults: need.future })),
    }));
    if (++done % every === 0) step.tick(done, plans.length);
  });
  step.done(`${plans.length} schedules`);
}

/**
 * Past assignments become `completed` through the timer job, with the clock walked forward through the year.
 * One run at the real now would hand every completed id to one `IN (…)` list (cancelPendingNotifications),
 * which PostgreSQL refuses beyond 65,535 bind parameters; steps keep each run to about 40,000 rows.
 */
async function completeHistory(context: SeedContext, scheduleCount: number): Promise<void> {
  const { services, clock, progress } = context;
  const step = progress.begin('completing past assignments (timer job)');
  const stepWeeks = Math.max(1, Math.floor(40_000 / (scheduleCount * 26)));
  let runs = 0;
  for (let week = stepWeeks; week < WEEKS; week += stepWeeks) {
    clock.shiftDays(-(WEEKS - week) * 7);
    await services.assignments.completeEnded();
    runs++;
  }
  clock.reset();
  await services.assignments.completeEnded();
  step.done(`${runs + 1} runs`);
}

/**
 * Two years of weekly services and two schedules per team: the horizon goes to its maximum (52 weeks), the clock a
 * year back so that creating the schedules writes the history, then the real clock generates the year ahead;
 * the horizon is restored and past assignments are completed.
 */
export async function seedSchedules(context: SeedContext, church: SeededChurch): Promise<number> {
  const { services, clock, random } = context;
  const originalHorizon = await services.settings.readForApi(HORIZON_SETTING);
  await services.settings.write(HORIZON_SETTING, String(WEEKS));
  const plans = church.teams.flatMap((team) => SERVICES.map((service, s) => ({ team, service, needs: planNeeds(random, team, s) })));
  let scheduleIds: number[];
  try {
    clock.shiftDays(-WEEKS * 7);
    const firstDay = await services.time.today();
    const eventTypeId = await seedServices(context, church.ministries[0], firstDay);
    scheduleIds = await createSchedules(context, plans, eventTypeId, firstDay);
    clock.reset();
    await generateFuture(context, plans, scheduleIds);
  } finally {
    clock.reset();
    await services.settings.write(HORIZON_SETTING, originalHorizon);
  }
  await completeHistory(context, scheduleIds.length);
  return scheduleIds.length;
}
