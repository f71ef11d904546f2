import { sql } from 'kysely';
import { migrateToLatest, type Database } from '../../src/db/database.js';
import { createRepositories } from '../../src/db/repositories/index.js';
import { ROLE_FLAGS, type Caller, type Roles } from '../../src/domain/access/caller.js';
import { addDays } from '../../src/domain/dates.js';
import { buildServices } from '../../src/domain/services.js';
import { parseNewMinistryEvent } from '../../src/http/commands/ministry-events.commands.js';
import { parseScheduleCreate } from '../../src/http/commands/schedules.commands.js';
import { loadEffectiveRequirements } from '../../src/domain/staffing/staffing.js';
import { EVENT_TYPE_NAME, SERVICES } from '../../scripts/seed/catalogue.js';
import type { SeedContext } from '../../scripts/seed/context.js';
import { seedPeople } from '../../scripts/seed/people.js';
import { BENCH_PASSWORD } from '../../scripts/seed/plan.js';
import { MovableClock, Progress, Random } from '../../scripts/seed/support.js';
import { countRows, printSummary } from '../../scripts/seed/summary.js';

/**
 * The church of one ministry that issue 21's figures are taken on, built through the domain services like
 * `npm run seed`: 500 people, 10 teams, 12 positions (the first two teams have two), one weekly Sunday service
 * with 50 occurrences per team (8 past), needs of Min 2–5 and Max Min + 4 per position, about 2,000 assignments
 * in rotation among the qualified, the logins `coordinator` (of the ministry) and `volunteer1` … `volunteer100`.
 */
export const PEER_VOLUNTEERS = 100;
export const PEER_PASSWORD = BENCH_PASSWORD;
const PEOPLE = 500;
const TEAMS = 10;
const SUNDAYS = 50;
const PAST_SUNDAYS = 8;
/** Qualified per position besides the volunteers (each volunteer holds two positions: about 17 per position). */
const OTHERS_PER_POSITION = 15;
/** Room left above Min for E14 to assign into: 12 × 42 upcoming needs × 4 ≈ 2,000 assignments. */
const ROOM_ABOVE_MIN = 4;
const HORIZON_SETTING = 'iVolunteerSchedulingHorizonWeeks';

export async function seedPeer(database: Database, adminPassword: string): Promise<void> {
  await migrateToLatest(database.db);
  const clock = new MovableClock();
  const services = buildServices(database, clock);
  await services.users.ensureFirstAdministrator(adminPassword);
  const admin: Caller = { userId: 1, personId: 1, userName: 'admin', roles: Object.fromEntries(ROLE_FLAGS.map((f) => [f, true])) as Roles };
  const actor = await services.volunteerAccess.actorOf(admin);
  const progress = new Progress();
  const random = new Random(20_261_124);
  const context: SeedContext = {
    services, repos: createRepositories(database.db), admin, actor, clock, progress, random, parallelism: 1,
    plan: { scale: 0.1, people: PEOPLE, families: Math.ceil(PEOPLE / 3), ministries: 1, teams: TEAMS, extraPoolMembers: 0 },
  };
  const people = await seedPeople(context);
  const servers = people.all.filter((p) => p.canServe);
  const [coordinator, ...rest] = servers;
  const volunteers = rest.slice(0, PEER_VOLUNTEERS);
  const others = rest.slice(PEER_VOLUNTEERS);

  let step = progress.begin('ministry, teams, positions, qualifications');
  const { ministry } = await services.ministries.create(actor, { name: 'Sunday Services', description: 'Everyone who serves on Sundays', sundaySchool: false });
  const row = await services.volunteerAccess.ministry(actor, ministry.id);
  const defaultTeamId = (await context.repos.teams.listWithDetails({ ministryId: row.id }))[0].id;
  const teamIds: number[] = [];
  const positions: Array<{ id: number; teamId: number; qualified: number[] }> = [];
  for (let t = 0; t < TEAMS; t++) {
    const { team } = t === 0
      ? await services.teams.update(actor, await services.volunteerAccess.team(actor, defaultTeamId, 'ministry'), { name: 'Team 1' })
      : await services.teams.create(actor, row, { name: `Team ${t + 1}` });
    teamIds.push(team.id);
    for (let order = 0; order < (t < 2 ? 2 : 1); order++) {
      const { position } = await services.positions.create(actor, row, { name: `Position ${positions.length + 1}`, teamId: team.id, order });
      positions.push({ id: position.id, teamId: team.id, qualified: [] });
    }
  }
  // Each volunteer holds two positions, so that every login has a share of the rotation; a grant also joins the pool.
  volunteers.forEach((v, i) => {
    positions[(2 * i) % positions.length].qualified.push(v.id);
    positions[(2 * i + 1) % positions.length].qualified.push(v.id);
  });
  for (const position of positions) {
    position.qualified.push(...random.sample(others, OTHERS_PER_POSITION).map((p) => p.id));
    const authorized = await services.volunteerAccess.position(actor, position.id);
    for (const personId of position.qualified) await services.qualifications.grant(actor, authorized, personId, null);
  }
  await services.scopes.grant(actor, { personId: coordinator.id, scopeType: 'ministry', scopeId: row.id });
  step.done(`${positions.length} positions, ${positions.reduce((n, p) => n + p.qualified.length, 0)} qualifications`);

  step = progress.begin('logins (scrypt)');
  await services.users.createUser({ personId: coordinator.id, userName: 'coordinator', roles: { manageMyMinistries: true }, password: PEER_PASSWORD });
  for (const [i, v] of volunteers.entries()) await services.users.createUser({ personId: v.id, userName: `volunteer${i + 1}`, roles: {}, password: PEER_PASSWORD });
  step.done(volunteers.length + 1);

  step = progress.begin('Sunday service and schedules');
  const originalHorizon = await services.settings.readForApi(HORIZON_SETTING);
  await services.settings.write(HORIZON_SETTING, '52');
  const realToday = await services.time.today();
  // With the clock back to the first past Sunday's week, creating the schedules generates all 50 occurrences.
  clock.shiftDays(-PAST_SUNDAYS * 7);
  const firstDay = await services.time.today();
  const service = SERVICES[0];
  const eventTypeId = (await services.eventTypes.create({ name: EVENT_TYPE_NAME, defStartTime: '09:00:00' })).id;
  await services.ministryEvents.create(actor, row, parseNewMinistryEvent({
    title: service.title, eventTypeId, startTime: service.startTime, endTime: service.endTime,
    recurrence: { type: 'weekly', dow: 'sunday' }, rangeStart: firstDay, rangeEnd: addDays(firstDay, SUNDAYS * 7 - 1),
  }));
  for (const [t, teamId] of teamIds.entries()) {
    await services.schedules.create(actor, row, parseScheduleCreate({
      name: `Team ${t + 1} – Sunday`, linkMode: 'event_type', eventTypeId, titleFilter: service.title, teamId, windowStart: firstDay,
      requirements: positions.filter((p) => p.teamId === teamId).map((p) => {
        const min = random.int(2, 5);
        return { positionId: p.id, minCount: min, maxCount: min + ROOM_ABOVE_MIN };
      }),
    }));
  }
  clock.reset();
  await services.settings.write(HORIZON_SETTING, originalHorizon);
  step.done(`${SUNDAYS} Sundays from ${firstDay}`);

  step = progress.begin('assignments (E14 in rotation, three in four accepted)');
  const occurrences = await context.repos.occurrences.list({ from: firstDay, to: addDays(firstDay, SUNDAYS * 7), limit: 10_000 });
  const effective = await loadEffectiveRequirements(context.repos, occurrences.map((o) => o.id));
  const next = new Map(positions.map((p) => [p.id, 0]));
  const servingOn = new Map<string, Set<number>>();
  let assigned = 0;
  for (const occurrence of occurrences) {
    // Assigned the day before, as a coordinator would: the past Sundays with the clock moved back to then.
    clock.shiftDays(daysFrom(realToday, occurrence.occurrence_date) - 1);
    const authorized = await services.volunteerAccess.occurrence(actor, occurrence.id);
    const busy = servingOn.get(occurrence.occurrence_date) ?? new Set<number>();
    servingOn.set(occurrence.occurrence_date, busy);
    for (const need of effective.get(occurrence.id)?.requirements ?? []) {
      const { qualified } = positions.find((p) => p.id === need.positionId)!;
      // Most needs are filled to Min; one in four is one short (a gap).
      let wanted = need.minCount - (random.chance(0.25) ? 1 : 0);
      for (let tries = 0; wanted > 0 && tries < qualified.length; tries++) {
        const index = next.get(need.positionId)!;
        next.set(need.positionId, index + 1);
        const personId = qualified[index % qualified.length];
        // One service at a time: nobody serves two teams on the same Sunday.
        if (busy.has(personId)) continue;
        busy.add(personId);
        const { assignment } = await services.assignments.assign(admin, authorized, { positionId: need.positionId, personId, allowOutsidePool: false });
        if (random.chance(0.75)) await services.assignmentActions.setStatus(actor, await services.volunteerAccess.assignment(actor, assignment.id), 'accepted', null);
        wanted--;
        assigned++;
      }
    }
  }
  clock.reset();
  await services.assignments.completeEnded();
  step.done(assigned);

  step = progress.begin('vacuum analyze');
  await sql`vacuum analyze`.execute(database.db);
  step.done('tables');
  printSummary(await countRows(database.db), progress.elapsed());
}

/** Whole days from `from` to `to` (dates). */
const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
