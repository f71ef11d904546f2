import { createRepositories } from '../../src/db/repositories/index.js';
import { ROLE_FLAGS, type Caller, type Roles } from '../../src/domain/access/caller.js';
import type { ScheduleInput } from '../../src/domain/schedules/schedules.commands.js';
import type { VolunteerActor } from '../../src/domain/access/volunteer-access.js';
import type { Services } from '../../src/domain/services.js';
import { newUser, type TestUser } from '../helpers/factories.js';
import type { TestServer } from '../helpers/server.js';
import { drainOutbox } from '../../src/jobs/outbox-delivery.js';
import { presentPosition, presentQualification, presentScope, presentTeamOf } from '../../src/http/presenters/ministries.presenter.js';
import { parseNewMinistryEvent } from '../../src/http/commands/ministry-events.commands.js';
import { parseStaffEvent } from '../../src/http/commands/schedules.commands.js';
import { setUp } from './http.js';
import { startMailSink, type SunkMail } from './mail.js';
import { presentOccurrence } from '../../src/http/presenters/occurrences.presenter.js';
import { presentRequirement, presentWithSchedule } from '../../src/http/presenters/schedules.presenter.js';

/*
 * Arrangers for the volunteer area. They call the domain services as `scripts/seed` does, as an administrator of
 * their own, so that arranging costs no HTTP round trip and no test depends on another route's answer. Each
 * returns one shape, whatever the test: the contract's view of what it made, plus the ids a test needs next.
 */

let sequence = 0;
/** A name no other arranger call of this process has used. */
export const unique = (prefix: string) => `${prefix} ${++sequence}`;

const actors = new WeakMap<object, Promise<VolunteerActor>>();

/** The administrator the arrangers act as: made once per server, with every role. */
function arrangerOf(server: TestServer): Promise<VolunteerActor> {
  let actor = actors.get(server.app);
  if (!actor) {
    actor = newUser(server, { roles: ['admin'] }).then((user) =>
      server.app.services.volunteerAccess.actorOf({ userId: user.userId, personId: user.personId, userName: user.userName, roles: { admin: true } as Roles }));
    actors.set(server.app, actor);
  }
  return actor;
}

/** The services and the arranging administrator. */
async function arrange(server: TestServer): Promise<{ services: Services; actor: VolunteerActor }> {
  return { services: server.app.services, actor: await arrangerOf(server) };
}

export interface Ministry {
  id: number;
  name: string;
  /** The team every ministry is created with. */
  teamId: number;
  poolGroupId: number;
  calendarId: number;
}

/**
 * A ministry named `Ministry n` (or as given) with its default team, pool group and calendar; `helpWanted`,
 * `helpWantedText` and `active` are set after creation, as the update route does.
 */
export async function newMinistry(
  server: TestServer,
  fields: { name?: string; description?: string; sundaySchool?: boolean; helpWanted?: boolean; helpWantedText?: string; active?: boolean } = {},
): Promise<Ministry> {
  const { services, actor } = await arrange(server);
  const { name = unique('Ministry'), description, sundaySchool = false, helpWanted, helpWantedText, active } = fields;
  const created = await services.ministries.create(actor, { name, description, sundaySchool });
  if (helpWanted !== undefined || helpWantedText !== undefined || active !== undefined) {
    const ministry = await services.volunteerAccess.ministry(actor, created.ministry.id);
    await services.ministries.update(actor, ministry, { helpWanted, helpWantedText, active });
  }
  const [team] = await createRepositories(server.database.db).teams.listWithDetails({ ministryId: created.ministry.id });
  return { id: created.ministry.id, name: created.ministry.name, teamId: team.id, poolGroupId: created.poolGroupId, calendarId: created.calendarId };
}

/** A team of the ministry, named `Team n` unless given; the contract's Team view. */
export async function newTeam(server: TestServer, ministryId: number, fields: { name?: string; description?: string; classGroupId?: number | null } = {}) {
  const { services, actor } = await arrange(server);
  const ministry = await services.volunteerAccess.ministry(actor, ministryId);
  return presentTeamOf(await services.teams.create(actor, ministry, { name: unique('Team'), ...fields }));
}

/**
 * A position named `Position n` on the team (active, not recruiting, self-assignable unless `fields` say
 * otherwise); the contract's Position view.
 */
export async function newPosition(
  server: TestServer,
  ministryId: number,
  teamId: number,
  fields: { name?: string; description?: string; recruiting?: boolean; selfAssignable?: boolean; active?: boolean; order?: number } = {},
) {
  const { services, actor } = await arrange(server);
  const ministry = await services.volunteerAccess.ministry(actor, ministryId);
  return presentPosition((await services.positions.create(actor, ministry, { name: unique('Position'), teamId, ...fields })).position);
}

/** Qualifies the person for the position (the person joins the pool); the contract's Qualification view. */
export async function qualify(server: TestServer, positionId: number, personId: number) {
  const { services, actor } = await arrange(server);
  const position = await services.volunteerAccess.position(actor, positionId);
  return presentQualification((await services.qualifications.grant(actor, position, personId, null)).qualification);
}

/** A coordinator (ministry) or team-leader (team) grant for the person, who joins the pool; the Scope view. */
export async function grantScope(server: TestServer, personId: number, scopeType: 'ministry' | 'team', scopeId: number) {
  const { services, actor } = await arrange(server);
  return presentScope((await services.scopes.grant(actor, { personId, scopeType, scopeId })).scope);
}

/** A login with the given roles (Manage My Ministries by default) holding a ministry grant on each ministry. */
export async function newCoordinator(server: TestServer, ministryIds: number | number[], roles: Array<keyof Roles> = ['manageMyMinistries']): Promise<TestUser> {
  const user = await newUser(server, { roles });
  for (const id of [ministryIds].flat()) await grantScope(server, user.personId, 'ministry', id);
  return user;
}

/** A login with the given roles (none by default: a self-service member) leading each team. */
export async function newTeamLeader(server: TestServer, teamIds: number | number[], roles: Array<keyof Roles> = []): Promise<TestUser> {
  const user = await newUser(server, { roles });
  for (const id of [teamIds].flat()) await grantScope(server, user.personId, 'team', id);
  return user;
}

/** What `newStaffedEvent` made: the occurrence to staff, its one-event schedule and the ministry event behind it. */
export interface StaffedEvent {
  occurrenceId: number;
  scheduleId: number;
  eventId: number;
}

export interface Need {
  positionId: number;
  minCount: number;
  maxCount?: number;
}

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * A ministry event of the seeded `Other` type, staffed (Staff this event, E3) by the team with the given needs:
 * on 2026-03-10 from 09:00 to 10:00 unless `when` says otherwise. An event not after today is made with the clock
 * at 15:00 UTC the day before its date (staffing refuses events that are over), then the clock returns.
 */
export async function newStaffedEvent(
  server: TestServer,
  where: { id: number; teamId: number },
  needs: Need[],
  when: { date?: string; startTime?: string; endTime?: string; title?: string } = {},
): Promise<StaffedEvent> {
  const { services, actor } = await arrange(server);
  const { date = '2026-03-10', startTime = '09:00', endTime = '10:00', title = unique('Event') } = when;
  const staff = async () => {
    const ministry = await services.volunteerAccess.ministry(actor, where.id);
    const eventTypeId = (await createRepositories(server.database.db).eventTypes.findByName('Other'))!.id;
    const events = await services.ministryEvents.create(actor, ministry, parseNewMinistryEvent({ title, eventTypeId, date, startTime, endTime }));
    return staffEvent(server, where, events[0].id, needs);
  };
  return date <= server.clock.now().toISOString().slice(0, 10) ? atTime(server, `${dayBefore(date)}T15:00:00Z`, staff) : staff();
}

/** The team staffs an existing upcoming event of any ministry (Staff this event, E3) with the given needs. */
export async function staffEvent(server: TestServer, where: { id: number; teamId: number }, eventId: number, needs: Need[]): Promise<StaffedEvent> {
  const { services, actor } = await arrange(server);
  const ministry = await services.volunteerAccess.ministry(actor, where.id);
  const staffed = await services.schedules.staffEvent(actor, ministry, parseStaffEvent({ eventId, teamId: where.teamId, requirements: needs }));
  return { occurrenceId: staffed.occurrenceId, scheduleId: staffed.schedule.row.id, eventId };
}

/** What a coordinator may decide for an assigned volunteer (E15). */
export type Decision = 'accepted' | 'declined' | 'cancelled';

/**
 * An assignment of the person to the position on the occurrence, as a coordinator's assign (E14) makes it, pending
 * unless a coordinator then decides `status` for them; `allowOutsidePool` lets a person who is not in the pool in.
 * The contract's Assignment view.
 */
export async function newAssignment(
  server: TestServer,
  occurrenceId: number,
  positionId: number,
  personId: number,
  options: { allowOutsidePool?: boolean; status?: 'pending' | Decision } = {},
) {
  const { services, actor } = await arrange(server);
  const occurrence = await services.volunteerAccess.occurrence(actor, occurrenceId);
  const { assignment } = await services.assignments.assign(actor.caller, occurrence, { positionId, personId, allowOutsidePool: options.allowOutsidePool === true });
  return options.status === undefined || options.status === 'pending' ? assignment : setAssignmentStatus(server, assignment.id, options.status);
}

/** A new volunteer (a login with no role), qualified for the position and assigned as `newAssignment` does. */
export async function assignVolunteer(server: TestServer, occurrenceId: number, positionId: number, status: 'pending' | Decision = 'pending') {
  const volunteer = await newUser(server);
  await qualify(server, positionId, volunteer.personId);
  const assignment = await newAssignment(server, occurrenceId, positionId, volunteer.personId, { status });
  return { assignmentId: assignment.id, volunteer };
}

/** A coordinator's decision on an assignment (accepted, declined or cancelled, E15); the contract's Assignment detail. */
export async function setAssignmentStatus(server: TestServer, assignmentId: number, status: Decision) {
  const { services, actor } = await arrange(server);
  const assignment = await services.volunteerAccess.assignment(actor, assignmentId);
  return (await services.assignmentActions.setStatus(actor, assignment, status, null)).assignment;
}

/** A ministry made in a `setUp` step, for a file whose tests share one (see `newMinistry`); filled in then. */
export function useMinistry(server: TestServer, fields: Parameters<typeof newMinistry>[1] = {}): Ministry {
  const ministry = {} as Ministry;
  setUp(async () => Object.assign(ministry, await newMinistry(server, fields)));
  return ministry;
}

/** The caller the member services take for a test login: who it is, with no role (member actions need none). */
const memberOf = (user: TestUser): Caller => ({
  userId: user.userId, personId: user.personId, userName: user.userName, roles: Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, false])) as Roles,
});

/** The volunteer's own answer to an assignment (E13 through the app); the contract's MeAssignment view. */
export async function answerAs(server: TestServer, volunteer: TestUser, assignmentId: number, response: 'accepted' | 'declined') {
  return (await server.app.services.member.respond(memberOf(volunteer), assignmentId, response, null)).assignment;
}

/** The volunteer proposes `substituteId` to take over the assignment (E9); the contract's Swap view. */
export async function proposeSubstitute(server: TestServer, volunteer: TestUser, assignmentId: number, substituteId: number) {
  return (await server.app.services.member.proposeSubstitute(memberOf(volunteer), assignmentId, substituteId, null)).swap;
}

/**
 * A recurring schedule of the team (E4) from 2026-03-01 unless `fields` say otherwise. `fields` name the events it
 * follows (`linkMode`, `titleFilter`, `eventTypeId`, `groupId`), and one must be upcoming, as the route requires;
 * an active schedule generates at once. The contract's Schedule view with the run's counts.
 */
export async function newSchedule(server: TestServer, where: { id: number; teamId: number }, fields: Omit<ScheduleInput, 'teamId'> = {}) {
  const { services, actor } = await arrange(server);
  const ministry = await services.volunteerAccess.ministry(actor, where.id);
  return presentWithSchedule(await services.schedules.create(actor, ministry, { name: unique('Schedule'), windowStart: '2026-03-01', ...fields, teamId: where.teamId }));
}

/**
 * Runs `work` with the clock at `iso`, then puts the clock back: for what the services accept only before an
 * occurrence is over (its schedule, its assignments), when a test needs it in the past. Answers what `work` does.
 */
export async function atTime<T>(server: TestServer, iso: string, work: () => Promise<T>): Promise<T> {
  const current = server.clock.now().toISOString();
  server.clock.set(iso);
  try {
    return await work();
  } finally {
    server.clock.set(current);
  }
}

/**
 * Changes a schedule as its update route does (never generates): `requirements` replace the plan, a need without
 * `defaults` keeping its stored ones. The contract's Schedule view.
 */
export async function editSchedule(server: TestServer, scheduleId: number, fields: ScheduleInput) {
  const { services, actor } = await arrange(server);
  const schedule = await services.volunteerAccess.schedule(actor, scheduleId);
  return (await services.schedules.update(actor, schedule, fields)).schedule;
}

/** The occurrence's own need for one position, over the schedule's (an override row); the contract's Requirement view. */
export async function overrideNeed(server: TestServer, occurrenceId: number, need: Need) {
  const { services, actor } = await arrange(server);
  const occurrence = await services.volunteerAccess.occurrence(actor, occurrenceId);
  return presentRequirement((await services.occurrences.upsertOverride(occurrence, need)).requirement, []);
}

/** The occurrence called off (kept, with its assignments as they were); the contract's Occurrence view. */
export async function cancelOccurrence(server: TestServer, occurrenceId: number) {
  const { services, actor } = await arrange(server);
  const occurrence = await services.volunteerAccess.occurrence(actor, occurrenceId);
  return presentOccurrence(await services.occurrences.setStatus(occurrence, 'cancelled'));
}

/**
 * A coordinator approves a proposed substitute: the original assignment becomes `substituted` and the substitute
 * holds an accepted one. The swap, the original and the replacement, each in the contract's view.
 */
export async function approveSwap(server: TestServer, swapId: number) {
  const { services, actor } = await arrange(server);
  const swap = await services.volunteerAccess.swap(actor, swapId);
  return services.swaps.approve(actor, swap, null);
}

/**
 * A coordinator removes an assignment: a fresh pending one is deleted with its messages, any other cancelled.
 * Answers `{ deleted, assignment }` (the cancelled assignment's view, or null).
 */
export async function removeAssignment(server: TestServer, assignmentId: number) {
  const { services, actor } = await arrange(server);
  const assignment = await services.volunteerAccess.assignment(actor, assignmentId);
  return services.assignmentActions.remove(actor, assignment);
}

/** Every live assignment of a shift over by now becomes `completed`, as the timer job marks them. */
export async function completeEndedShifts(server: TestServer) {
  await server.app.services.assignments.completeEnded();
}

/**
 * Delivers every message due, as the outbox job does, to a real SMTP server that takes them all (they become
 * `sent`): the mail settings point at it and e-mail is on for the drain, then both are as they were. Answers the
 * drain's counts; what the server received is added to `inbox`.
 */
export async function deliverOutbox(server: TestServer, inbox: SunkMail[] = []) {
  const { settings } = server.app.services;
  const earlier = { sSMTPHost: await settings.get('sSMTPHost'), bEnabledEmail: (await settings.get('bEnabledEmail')) ? '1' : '0' };
  const sink = await startMailSink(inbox);
  try {
    await settings.write('sSMTPHost', `127.0.0.1:${sink.port}`);
    await settings.write('bEnabledEmail', '1');
    return await drainOutbox(server.app.services);
  } finally {
    for (const [name, value] of Object.entries(earlier)) await settings.write(name, value);
    await sink.close();
  }
}

/** Takes the person out of the ministry's volunteer pool, as the pool route does; qualifications stay. */
export async function leavePool(server: TestServer, ministryId: number, personId: number) {
  const { services, actor } = await arrange(server);
  await services.pool.remove(await services.volunteerAccess.ministry(actor, ministryId), personId);
}

/** Revokes the qualification (kept, inactive), as a coordinator's revoke does; the contract's Qualification view. */
export async function revokeQualification(server: TestServer, qualificationId: number) {
  const { services, actor } = await arrange(server);
  return presentQualification(await services.qualifications.revoke(await services.volunteerAccess.qualification(actor, qualificationId)));
}

/** An administrator's Reset login of the user: failed logins back to 0, and the user is mailed (`account_unlocked`). */
export async function resetLogin(server: TestServer, userId: number) {
  await server.app.services.users.resetLogin(userId);
}

/**
 * Calendar events of one title and type, one per slot (church wall clock, `YYYY-MM-DD HH:MM:SS`), pinned to the
 * calendars given, made in one go as the events service makes a series; their ids.
 */
export async function newEvents(server: TestServer, title: string, typeId: number, slots: Array<{ start: string; end: string }>, calendarIds: number[] = []) {
  const events = await server.app.services.events.createEvents({ title, typeId, slots, calendarIds, linkedGroupIds: [] });
  return events.map((event) => event.id);
}

/** The groups an event is for (its audience), set as the events service sets them; our routes send one group. */
export async function setAudience(server: TestServer, eventId: number, groupIds: number[]) {
  await server.app.services.events.updateEvent(eventId, { linkedGroupIds: groupIds });
}
