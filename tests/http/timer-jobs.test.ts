import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import {
  as, cancelOccurrence, countRows, deliverOutbox, dropOneOffOccurrence, newMinistry, newPerson, newPosition, newUser,
  startTestServer, unique, type TestServer, type TestUser, assignVolunteer, assignmentPage,
} from '../kit/index.js';

// Each describe block runs on its own fresh server, because the top-up works on every schedule of the database.
let server: TestServer;
let admin: TestUser;
let otherTypeId: number;

async function freshServer() {
  server = await startTestServer();
  admin = await newUser(server, { roles: ['admin'] });
  const types = await server.get('/api/events/types', as(admin));
  otherTypeId = (types.body as Array<{ Id: number; Name: string }>).find((t) => t.Name === 'Other')!.Id;
}

const V = '/api/ministries';
const JOBS = '/api/background/timerjobs';
const WIDE = { from: '2026-01-01', to: '2026-12-31' };

async function runJobs(body: Record<string, unknown> = {}, options: { key?: string } = as(admin)): Promise<boolean> {
  const answer = await server.post(JOBS, body, options);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(Object.keys(answer.body), ['ran']);
  return answer.body.ran;
}

async function readSetting(name: string): Promise<string> {
  const answer = await server.get(`/admin/api/system/config/${name}`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return String(answer.body.value);
}

async function writeSetting(name: string, value: string) {
  const answer = await server.post(`/admin/api/system/config/${name}`, { value }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

/** A ministry, its default team and a `Greeter n` position on that team. */
async function newGreeterMinistry() {
  const ministry = await newMinistry(server);
  const position = await newPosition(server, ministry.id, ministry.teamId, { name: unique('Greeter') });
  return { ministryId: ministry.id, teamId: ministry.teamId, positionId: position.id };
}

/** A weekly Sunday 10:00–11:30 series of "Other" events; answers the event ids in date order. */
async function newSeries(title: string, rangeStart: string, rangeEnd: string): Promise<number[]> {
  const answer = await server.post('/api/events/repeat', {
    Title: title, Type: otherTypeId, StartTime: '10:00', EndTime: '11:30', RecurType: 'weekly', RecurDOW: 'Sunday', RangeStart: rangeStart, RangeEnd: rangeEnd,
  }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.eventIds;
}

async function newSchedule(ministryId: number, body: Record<string, unknown>): Promise<number> {
  const answer = await server.post(`${V}/ministries/${ministryId}/schedules`, {
    name: unique('Schedule'), linkMode: 'event_type', eventTypeId: otherTypeId, windowStart: '2026-03-01', ...body,
  }, as(admin));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.schedule.id;
}

async function occurrencesOf(scheduleId: number): Promise<Array<{ id: number; eventId: number; occurrenceDate: string; status: string }>> {
  const answer = await server.get(`${V}/occurrences`, { ...as(admin), query: { ...WIDE, scheduleId: String(scheduleId) } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.occurrences;
}

const datesOf = async (scheduleId: number) => (await occurrencesOf(scheduleId)).map((o) => o.occurrenceDate);

const statusOf = async (assignmentId: number) => (await assignmentPage(server, admin, assignmentId)).assignment.status;

describe('POST /api/background/timerjobs: callers', () => {
  before(freshServer);
  after(() => server.close());

  it('answers 401 without an API key', async () => {
    const answer = await server.post(JOBS, {});
    assert.equal(answer.status, 401);
    assert.equal(answer.body.message, 'Invalid API key');
  });

  it('refuses a self-service login with 403, even one leading a team', async () => {
    const volunteer = await newUser(server);
    const refused = await server.post(JOBS, { force: true }, as(volunteer));
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.equal(refused.body.message, 'This account may only use the volunteer and profile routes');
    assert.equal(refused.body.success, false);
    const { teamId } = await newGreeterMinistry();
    assert.equal((await server.post(`${V}/scopes`, { personId: volunteer.personId, scopeType: 'team', scopeId: teamId }, as(admin))).status, 201);
    assert.equal((await server.post(JOBS, { force: true }, as(volunteer))).status, 403);
    assert.equal(await readSetting('sLastTimerJobsRunDateTime'), '');
  });

  it('runs for any staff login, whatever its role', async () => {
    for (const role of ['finance', 'editRecords', 'manageMyMinistries'] as const) {
      assert.equal(await runJobs({ force: true }, as(await newUser(server, { roles: [role] }))), true, role);
    }
  });
});

describe('POST /api/background/timerjobs: rate limit', () => {
  before(freshServer);
  after(() => server.close());

  it('runs, then answers ran:false until iTimerJobsMinIntervalMinutes (default 15) have passed, recording the church-local run time', async () => {
    assert.equal(await runJobs(), true);
    assert.equal(await readSetting('sLastTimerJobsRunDateTime'), '2026-03-04 10:00:00');
    assert.equal(await runJobs(), false);
    server.clock.advance(14 * 60_000 + 59_000);
    assert.equal(await runJobs(), false);
    assert.equal(await readSetting('sLastTimerJobsRunDateTime'), '2026-03-04 10:00:00');
    server.clock.advance(1_000);
    assert.equal(await runJobs(), true);
    assert.equal(await readSetting('sLastTimerJobsRunDateTime'), '2026-03-04 10:15:00');
  });

  it('runs at once when forced (permissive boolean) and not when force is false', async () => {
    assert.equal(await runJobs({ force: false }), false);
    assert.equal(await runJobs({ force: 'no' }), false);
    assert.equal(await runJobs({ force: true }), true);
    assert.equal(await runJobs({ force: '1' }), true);
    assert.equal(await runJobs({ force: 'yes' }), true);
  });

  it('follows a changed interval, and never waits while it is 0', async () => {
    await writeSetting('iTimerJobsMinIntervalMinutes', '60');
    assert.equal(await runJobs({ force: true }), true);
    server.clock.advance(30 * 60_000);
    assert.equal(await runJobs(), false);
    await writeSetting('iTimerJobsMinIntervalMinutes', '0');
    assert.equal(await runJobs(), true);
    assert.equal(await runJobs(), true);
    await writeSetting('iTimerJobsMinIntervalMinutes', '15');
  });

  it('does no work when it answers ran:false', async () => {
    const { ministryId, teamId, positionId } = await newGreeterMinistry();
    const title = unique('Vespers');
    await newSeries(title, '2026-03-08', '2026-03-08');
    const scheduleId = await newSchedule(ministryId, { titleFilter: title, teamId });
    const [occurrence] = await occurrencesOf(scheduleId);
    const id = (await assignVolunteer(server, occurrence.id, positionId, 'accepted')).assignmentId;
    assert.equal(await runJobs({ force: true }), true);
    server.clock.set('2026-03-08T16:00:00Z'); // 12:00 on the day, after the event ended
    await writeSetting('sLastTimerJobsRunDateTime', '2026-03-08 11:55:00');
    assert.equal(await runJobs(), false);
    assert.equal(await statusOf(id), 'accepted');
    server.clock.advance(10 * 60_000);
    assert.equal(await runJobs(), true);
    assert.equal(await statusOf(id), 'completed');
  });
});

describe('POST /api/background/timerjobs: daily top-up', () => {
  let main: { ministryId: number; teamId: number; positionId: number };
  let mainSchedule: number;
  let inactiveSchedule: number;
  let inactiveMinistrySchedule: number;
  let oneOff: { scheduleId: number; eventId: number };
  let anna: number;
  let bob: number;
  let seriesTitle: string;

  before(async () => {
    await freshServer();
    main = await newGreeterMinistry();
    anna = (await newPerson(server)).id;
    bob = (await newPerson(server)).id;
    assert.equal((await server.post(`${V}/positions/${main.positionId}/qualifications`, { personId: anna }, as(admin))).status, 201);
    seriesTitle = unique('Worship');
    const eventIds = await newSeries(seriesTitle, '2026-03-08', '2026-06-28');
    // Greeter Min 1 Max 2: Anna (qualified) and Bob (not qualified) are the saved defaults.
    mainSchedule = await newSchedule(main.ministryId, {
      titleFilter: seriesTitle, teamId: main.teamId,
      requirements: [{ positionId: main.positionId, minCount: 1, maxCount: 2, defaults: [{ personId: anna }, { personId: bob }] }],
    });
    inactiveSchedule = await newSchedule(main.ministryId, { titleFilter: seriesTitle, teamId: main.teamId, active: false });
    const paused = await newGreeterMinistry();
    inactiveMinistrySchedule = await newSchedule(paused.ministryId, { titleFilter: seriesTitle, teamId: paused.teamId });
    assert.equal((await server.post(`${V}/ministries/${paused.ministryId}`, { active: false }, as(admin))).status, 200);
    const staffed = await server.post(`${V}/ministries/${main.ministryId}/staffed-events`, { eventId: eventIds[12], teamId: main.teamId }, as(admin));
    assert.equal(staffed.status, 201, JSON.stringify(staffed.body));
    oneOff = { scheduleId: staffed.body.schedule.id, eventId: eventIds[12] };
    // The one-off schedule stays, without its occurrence.
    await dropOneOffOccurrence(server, oneOff.scheduleId);
  });
  after(() => server.close());

  const THROUGH_APRIL = ['2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29', '2026-04-05', '2026-04-12', '2026-04-19', '2026-04-26'];

  it('starts from what the schedules generated when they were created', async () => {
    assert.deepEqual(await datesOf(mainSchedule), THROUGH_APRIL);
    assert.equal(await readSetting('sLastVolunteerTopUpRunDate'), '');
  });

  it('generates each active schedule to the horizon on a new church-local day, assigning the defaults on the new occurrences only', async () => {
    server.clock.set('2026-03-11T14:00:00Z'); // 10:00 EDT
    const before = await countRows(server, 'assignments');
    assert.equal(await runJobs(), true);
    // Today + 8 weeks = 2026-05-06.
    assert.deepEqual(await datesOf(mainSchedule), [...THROUGH_APRIL, '2026-05-03']);
    assert.equal(await readSetting('sLastVolunteerTopUpRunDate'), '2026-03-11');
    assert.deepEqual(JSON.parse(await readSetting('sLastVolunteerTopUpResult')), { ranAt: '2026-03-11 10:00:00', created: 1, assigned: 1, skipped: 0, unqualified: 1 });

    const newOccurrence = (await occurrencesOf(mainSchedule)).at(-1)!;
    assert.equal(await countRows(server, 'assignments'), before + 1, 'the defaults of the new occurrence only');
    const staffing = await server.get(`${V}/occurrences/${newOccurrence.id}/staffing`, as(admin));
    const added = staffing.body.requirements.flatMap((r: { assignments: unknown[] }) => r.assignments) as Array<Record<string, unknown>>;
    assert.deepEqual(added.map((a) => [a.occurrenceId, a.personId, a.status, a.assignedByPersonId]), [[newOccurrence.id, anna, 'pending', admin.personId]]);
    const queued = await server.get(`${V}/assignments/${added[0].id}/notifications`, as(admin));
    // Mail is off on a new install, so the drain that follows the top-up skips the message it queued.
    assert.deepEqual(queued.body.notifications.map((n: Record<string, unknown>) => [n.type, n.personId, n.status]), [['assignment', anna, 'skipped']]);
  });

  it('skips inactive schedules, schedules of inactive ministries and Staff-this-event schedules', async () => {
    assert.deepEqual(await datesOf(inactiveSchedule), []);
    assert.deepEqual(await datesOf(inactiveMinistrySchedule), THROUGH_APRIL);
    assert.deepEqual(await datesOf(oneOff.scheduleId), []);
    assert.equal((await server.get(`${V}/schedules/${oneOff.scheduleId}`, as(admin))).status, 200);
  });

  it('runs only once per church-local day, even when the UTC date has moved on', async () => {
    await writeSetting('iVolunteerSchedulingHorizonWeeks', '12');
    const deleted = (await occurrencesOf(mainSchedule))[3];
    assert.equal((await server.delete(`${V}/occurrences/${deleted.id}`, as(admin))).status, 200);
    const result = await readSetting('sLastVolunteerTopUpResult');
    server.clock.set('2026-03-12T03:30:00Z'); // 23:30 EDT on 2026-03-11
    assert.equal(await runJobs(), true);
    assert.equal(await readSetting('sLastVolunteerTopUpRunDate'), '2026-03-11');
    assert.equal(await readSetting('sLastVolunteerTopUpResult'), result);
    assert.equal((await occurrencesOf(mainSchedule)).length, 8);
    assert.ok(!(await datesOf(mainSchedule)).includes(deleted.occurrenceDate));
  });

  it('re-runs the same day when forced: new horizon, deleted occurrences regenerated', async () => {
    assert.equal(await runJobs({ force: true }), true);
    // Today (2026-03-11) + 12 weeks = 2026-06-03.
    assert.deepEqual(await datesOf(mainSchedule), [...THROUGH_APRIL, '2026-05-03', '2026-05-10', '2026-05-17', '2026-05-24', '2026-05-31']);
    const result = JSON.parse(await readSetting('sLastVolunteerTopUpResult'));
    // Four new Sundays and the regenerated 2026-03-29 (its defaults are assigned again: it is new in this run).
    assert.deepEqual(result, { ranAt: '2026-03-11 23:30:00', created: 5, assigned: 5, skipped: 0, unqualified: 5 });
    assert.deepEqual(await datesOf(oneOff.scheduleId), []);
    assert.deepEqual(await datesOf(inactiveSchedule), []);
  });

  it('runs again on the next church-local day without force', async () => {
    server.clock.set('2026-03-12T04:30:00Z'); // 00:30 EDT on 2026-03-12
    assert.equal(await runJobs(), true);
    assert.equal(await readSetting('sLastVolunteerTopUpRunDate'), '2026-03-12');
    assert.deepEqual(JSON.parse(await readSetting('sLastVolunteerTopUpResult')), { ranAt: '2026-03-12 00:30:00', created: 0, assigned: 0, skipped: 0, unqualified: 0 });
  });

  it('does nothing while sVolunteerVersion is v1', async () => {
    const deleted = (await occurrencesOf(mainSchedule)).find((o) => o.occurrenceDate === '2026-04-05')!;
    assert.equal((await server.delete(`${V}/occurrences/${deleted.id}`, as(admin))).status, 200);
    await writeSetting('sVolunteerVersion', 'v1');
    server.clock.set('2026-03-13T14:00:00Z');
    assert.equal(await runJobs({ force: true }), true);
    assert.equal(await readSetting('sLastVolunteerTopUpRunDate'), '2026-03-12');
    await writeSetting('sVolunteerVersion', 'v2');
    assert.equal((await occurrencesOf(mainSchedule)).length, 12);
    assert.ok(!(await datesOf(mainSchedule)).includes(deleted.occurrenceDate));
    // Open again: the next run tops up.
    assert.equal(await runJobs({ force: true }), true);
    assert.equal(await readSetting('sLastVolunteerTopUpRunDate'), '2026-03-13');
    assert.ok((await datesOf(mainSchedule)).includes(deleted.occurrenceDate));
  });
});

describe('POST /api/background/timerjobs: completion of past assignments', () => {
  let ended: number;
  let later: number;
  let mailServer: SMTPServer | undefined;
  const ids = {} as Record<'pending' | 'accepted' | 'declined' | 'cancelled' | 'future' | 'onCancelled', number>;

  /** The status of the message E14 queued for the assignment. */
  const messageStatus = async (assignmentId: number) => {
    const answer = await server.get(`${V}/assignments/${assignmentId}/notifications`, as(admin));
    return answer.body.notifications.find((n: { type: string }) => n.type === 'assignment').status;
  };

  before(async () => {
    await freshServer();
    const ministry = await newGreeterMinistry();
    const title = unique('Worship');
    await newSeries(title, '2026-03-08', '2026-03-15');
    // The shift runs 30 minutes past the event: 10:00–12:00 EDT on 2026-03-08.
    const scheduleId = await newSchedule(ministry.ministryId, { titleFilter: title, teamId: ministry.teamId, endOffsetMinutes: 30 });
    [ended, later] = (await occurrencesOf(scheduleId)).map((o) => o.id);
    const cancelledSchedule = await newSchedule(ministry.ministryId, { titleFilter: title, teamId: ministry.teamId });
    const cancelledOccurrence = (await occurrencesOf(cancelledSchedule))[0].id;

    ids.accepted = (await assignVolunteer(server, ended, ministry.positionId, 'accepted')).assignmentId;
    await deliverOutbox(server);
    // From here on the mail server refuses every message: each drain leaves them pending with one attempt more, as
    // messages still being retried when their shift ends.
    const refusing = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onRcptTo: (_address, _session, refuse) => refuse(new Error('Mailbox unavailable')),
    });
    mailServer = refusing;
    const port = await new Promise<number>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve((refusing.server.address() as AddressInfo).port)));
    await writeSetting('sSMTPHost', `127.0.0.1:${port}`);
    await writeSetting('bEnabledEmail', '1');
    for (const status of ['pending', 'declined', 'cancelled'] as const) ids[status] = (await assignVolunteer(server, ended, ministry.positionId, status)).assignmentId;
    ids.future = (await assignVolunteer(server, later, ministry.positionId, 'accepted')).assignmentId;
    ids.onCancelled = (await assignVolunteer(server, cancelledOccurrence, ministry.positionId, 'accepted')).assignmentId;
    await cancelOccurrence(server, cancelledOccurrence);
  });
  after(async () => {
    await new Promise<void>((resolve) => (mailServer ? mailServer.close(() => resolve()) : resolve()));
    await server.close();
  });

  it('leaves assignments alone while the shift (event end + end offset, church-local) has not ended', async () => {
    server.clock.set('2026-03-08T15:59:00Z'); // 11:59 EDT: the event ended at 11:30, the shift ends at 12:00
    assert.equal(await runJobs({ force: true }), true);
    assert.equal(await statusOf(ids.pending), 'pending');
    assert.equal(await statusOf(ids.accepted), 'accepted');
    assert.equal(await messageStatus(ids.pending), 'pending');
  });

  it('moves live assignments of an ended occurrence to completed and cancels their pending notifications', async () => {
    server.clock.set('2026-03-08T16:01:00Z'); // 12:01 EDT
    assert.equal(await runJobs({ force: true }), true);
    assert.equal(await statusOf(ids.pending), 'completed');
    assert.equal(await statusOf(ids.accepted), 'completed');
    assert.equal(await messageStatus(ids.pending), 'cancelled');
    assert.equal(await messageStatus(ids.accepted), 'sent');
  });

  it('leaves assignments that are not live, of later occurrences and of cancelled occurrences unchanged', async () => {
    assert.equal(await statusOf(ids.declined), 'declined');
    assert.equal(await statusOf(ids.cancelled), 'cancelled');
    assert.equal(await statusOf(ids.future), 'accepted');
    assert.equal(await messageStatus(ids.future), 'pending');
    assert.equal(await statusOf(ids.onCancelled), 'accepted');
  });

  it('shows the completed assignments as no longer live in the derived counts', async () => {
    const answer = await server.get(`${V}/occurrences/${ended}/staffing`, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.occurrence.liveCount, 0);
    assert.deepEqual(
      answer.body.otherAssignments.map((a: { id: number; status: string }) => [a.id, a.status]).sort((x: number[], y: number[]) => x[0] - y[0]),
      [[ids.accepted, 'completed'], [ids.pending, 'completed'], [ids.declined, 'declined'], [ids.cancelled, 'cancelled']],
    );
  });
});
