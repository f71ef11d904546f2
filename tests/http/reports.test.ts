import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countStatements } from '../../src/db/statement-count.js';
import {
  answerAs, as, atTime, checkIn, completeEndedShifts, expectError, newAssignment, newCoordinator, newFamily, newMinistry, newPerson, newPosition, newStaffedEvent,
  newTeam, newTeamLeader, newUser, qualify, setSetting, useServer, useUser,
} from '../kit/index.js';
import type { AvailabilityGlanceView, MinistryReportView } from '../../src/http/schemas/reports.schemas.js';
import type { ServingsView } from '../../src/http/schemas/auto-fill.schemas.js';

/**
 * A ministry's reports and its people's availability at a glance (ours, issue 35 #4, #6). The clock stands at
 * Wednesday 2026-03-04 15:00 UTC: the default range runs from Monday 2026-01-05 (8 weeks back) to Sunday 2026-05-03.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const V = '/api/ministries';

/** A small church: one position needing 2 a Sunday, Amy and Bob who serve, Cy who never does, and their coordinator. */
async function church() {
  const ministry = await newMinistry(server);
  const position = await newPosition(server, ministry.id, ministry.teamId);
  const coordinator = await newCoordinator(server, ministry.id);
  const [amy, bob] = [await newUser(server, { person: { first_name: 'Amy', last_name: 'Report' } }), await newUser(server, { person: { first_name: 'Bob', last_name: 'Report' } })];
  const cy = await newPerson(server, { first_name: 'Cy', last_name: 'Report' });
  for (const personId of [amy.personId, bob.personId, cy.id]) await qualify(server, position.id, personId);
  const sunday = async (date: string) => (await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 2 }], { date })).occurrenceId;
  return { ministry, position, coordinator, amy, bob, cy, sunday };
}

describe('a ministry report (/ministries/{id}/report)', () => {
  it('sums replies and coverage of Min per week and servings per person, the pool’s people who never serve included', async () => {
    const { ministry, position, coordinator, amy, bob, cy, sunday } = await church();
    // Week of 16 February: Amy served (accepted, then completed once the shift ended); one of two places filled.
    await atTime(server, '2026-02-18T15:00:00Z', async () => {
      const past = await newAssignment(server, await sunday('2026-02-22'), position.id, amy.personId);
      await answerAs(server, amy, past.id, 'accepted');
    });
    await completeEndedShifts(server);
    // Week of 2 March: Amy has not answered, Bob declined; week of 9 March: both accepted.
    const march8 = await sunday('2026-03-08');
    await newAssignment(server, march8, position.id, amy.personId);
    await answerAs(server, bob, (await newAssignment(server, march8, position.id, bob.personId)).id, 'declined');
    const march15 = await sunday('2026-03-15');
    for (const person of [amy, bob]) await answerAs(server, person, (await newAssignment(server, march15, position.id, person.personId)).id, 'accepted');
    // A week with an event and nobody placed.
    await sunday('2026-03-22');

    const answer = await server.get(`${V}/ministries/${ministry.id}/report`, as(coordinator));
    assert.equal(answer.status, 200, answer.text);
    const report = answer.body as MinistryReportView;
    assert.deepEqual([report.from, report.to, report.teamId, report.ministryName, report.attendanceTracked], ['2026-01-05', '2026-05-03', null, ministry.name, false]);
    assert.equal(report.weeks.length, 17);
    const week = (monday: string) => report.weeks.find((w) => w.week === monday);
    assert.deepEqual(week('2026-02-16'), { week: '2026-02-16', occurrenceCount: 1, requiredCount: 2, filledCount: 1, coverage: 0.5, accepted: 1, declined: 0, noAnswer: 0 });
    assert.deepEqual(week('2026-03-02'), { week: '2026-03-02', occurrenceCount: 1, requiredCount: 2, filledCount: 1, coverage: 0.5, accepted: 0, declined: 1, noAnswer: 1 });
    assert.deepEqual(week('2026-03-09'), { week: '2026-03-09', occurrenceCount: 1, requiredCount: 2, filledCount: 2, coverage: 1, accepted: 2, declined: 0, noAnswer: 0 });
    assert.deepEqual(week('2026-03-16'), { week: '2026-03-16', occurrenceCount: 1, requiredCount: 2, filledCount: 0, coverage: 0, accepted: 0, declined: 0, noAnswer: 0 });
    assert.deepEqual(week('2026-01-05'), { week: '2026-01-05', occurrenceCount: 0, requiredCount: 0, filledCount: 0, coverage: null, accepted: 0, declined: 0, noAnswer: 0 });

    const row = (personId: number) => report.people.find((p) => p.personId === personId);
    assert.deepEqual(report.people.slice(0, 2).map((p) => p.personId), [amy.personId, bob.personId], 'most servings first');
    assert.deepEqual(row(amy.personId), { personId: amy.personId, displayName: 'Amy Report', inPool: true, servings: 3, accepted: 2, declined: 0, noAnswer: 1, served: 0, noShows: 0, hoursServed: 0 });
    assert.deepEqual(row(bob.personId), { personId: bob.personId, displayName: 'Bob Report', inPool: true, servings: 1, accepted: 1, declined: 1, noAnswer: 0, served: 0, noShows: 0, hoursServed: 0 });
    assert.deepEqual(row(cy.id), { personId: cy.id, displayName: 'Cy Report', inPool: true, servings: 0, accepted: 0, declined: 0, noAnswer: 0, served: 0, noShows: 0, hoursServed: 0 });
    assert.ok(row(coordinator.personId), 'the coordinator is in the pool too');

    // The coverage of a coming week agrees with the occurrence page's gaps (the same derivation).
    const detail = (await server.get(`${V}/occurrences/${march8}`, as(coordinator))).body as { requirements: Array<{ minCount: number; gapCount: number }> };
    assert.equal(detail.requirements.reduce((sum, r) => sum + r.minCount - r.gapCount, 0), week('2026-03-02')!.filledCount);

    const narrow = (await server.get(`${V}/ministries/${ministry.id}/report?from=2026-03-09&to=2026-03-15`, as(coordinator))).body as MinistryReportView;
    assert.deepEqual(narrow.weeks.map((w) => [w.week, w.accepted]), [['2026-03-09', 2]]);
    assert.deepEqual(narrow.people.filter((p) => p.servings > 0).map((p) => [p.displayName, p.servings]), [['Amy Report', 1], ['Bob Report', 1]]);
  });

  it('reads a fixed number of statements whatever the range', async () => {
    const { ministry, position, coordinator, amy, sunday } = await church();
    for (const date of ['2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29']) await newAssignment(server, await sunday(date), position.id, amy.personId);
    const url = `${V}/ministries/${ministry.id}/report`;
    await server.get(url, as(coordinator)); // the caller's grants and the settings are cached after a first call
    const oneWeek = await countStatements(() => server.get(`${url}?from=2026-03-02&to=2026-03-08`, as(coordinator)));
    const month = await countStatements(() => server.get(`${url}?from=2026-03-02&to=2026-04-05`, as(coordinator)));
    assert.equal(month.result.status, 200);
    assert.equal(month.statements, oneWeek.statements);
  });

  it('reads a range at the end of the calendar, and one given only its first day', async () => {
    const { ministry, coordinator } = await church();
    const url = `${V}/ministries/${ministry.id}/report`;
    const report = async (query: string) => {
      const answer = await server.get(`${url}${query}`, as(coordinator));
      assert.equal(answer.status, 200, answer.text);
      const body = answer.body as MinistryReportView;
      return [body.from, body.to, body.weeks.map((w) => w.week)];
    };
    // Past 9999-12-31 the date arithmetic wrote a six-digit year, which sorts before every date: these were 400s.
    assert.deepEqual(await report('?from=9999-12-31'), ['9999-12-31', '9999-12-31', ['9999-12-27']]);
    assert.deepEqual(await report('?from=9999-01-04&to=9999-12-31'), ['9999-01-04', '9999-12-31', Array.from({ length: 52 }, (_, i) => new Date(Date.UTC(9999, 0, 4 + 7 * i)).toISOString().slice(0, 10))]);
    // A first day alone covers its week and the 16 after it, as the default range does.
    assert.deepEqual((await report('?from=2026-06-03')).slice(0, 2), ['2026-06-03', '2026-09-27']);
  });

  it('refuses a bad range with its message, a coordinator of another ministry with 403, and lets a team leader read their team', async () => {
    const { ministry, coordinator } = await church();
    const url = `${V}/ministries/${ministry.id}/report`;
    expectError(await server.get(`${url}?from=2026-3-1`, as(coordinator)), 400, 'from must be a date in YYYY-MM-DD form');
    expectError(await server.get(`${url}?to=2026-02-30`, as(coordinator)), 400, 'to must be a date in YYYY-MM-DD form');
    expectError(await server.get(`${url}?from=2026-03-10&to=2026-03-01`, as(coordinator)), 400, 'to must be on or after from');
    expectError(await server.get(`${url}?from=2026-01-01&to=2027-03-01`, as(coordinator)), 400, 'A report covers at most 53 weeks; choose a shorter range');

    const stranger = await newCoordinator(server, (await newMinistry(server)).id);
    expectError(await server.get(url, as(stranger)), 403, 'Not authorized for this ministry');
    expectError(await server.get(`${V}/ministries/2147483647/report`, as(coordinator)), 404, 'Ministry not found');
    const leader = await newTeamLeader(server, ministry.teamId);
    expectError(await server.get(url, as(leader)), 403, 'Not authorized for this ministry');
    const team = await server.get(`${url}?teamId=${ministry.teamId}`, as(leader));
    assert.equal(team.status, 200, team.text);
    assert.equal((team.body as MinistryReportView).teamId, ministry.teamId);
    const otherTeam = await newTeam(server, ministry.id);
    expectError(await server.get(`${url}?teamId=${otherTeam.id}`, as(leader)), 403, 'Not authorized for this team');
    const volunteer = await newUser(server);
    assert.equal((await server.get(url, as(volunteer))).status, 403);
  });
});

describe('served, no-shows and hours in a report, for the ministry or one team', () => {
  it('counts them from the check-ins as the servings report does, no-shows only once the church tracks attendance, and one team alone with teamId', async () => {
    const { ministry, position, coordinator, amy, bob, cy } = await church();
    const band = await newTeam(server, ministry.id, { name: 'Band' });
    const drums = await newPosition(server, ministry.id, band.id, { name: 'Drums' });
    for (const personId of [amy.personId, bob.personId, cy.id]) await qualify(server, drums.id, personId);
    // 22 February, 09:00 to 10:00: Amy and Bob on the main team; 1 March: Bob and Cy at the drums. All have ended by 4 March.
    const main = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 2 }], { date: '2026-02-22' });
    const drumming = await newStaffedEvent(server, { id: ministry.id, teamId: band.id }, [{ positionId: drums.id, minCount: 1 }], { date: '2026-03-01' });
    await atTime(server, '2026-02-18T15:00:00Z', async () => {
      for (const person of [amy, bob]) await newAssignment(server, main.occurrenceId, position.id, person.personId, { status: 'accepted' });
      await newAssignment(server, drumming.occurrenceId, drums.id, bob.personId, { status: 'accepted' });
      await newAssignment(server, drumming.occurrenceId, drums.id, cy.id, { status: 'accepted' });
    });
    await completeEndedShifts(server);
    // Amy came and stayed an hour and a half; Cy checked in and never out (the shift's hour); Bob never came. Church time.
    await checkIn(server, [
      { eventId: main.eventId, personId: amy.personId, checkinAt: '2026-02-22 09:00:00', checkoutAt: '2026-02-22 10:30:00' },
      { eventId: drumming.eventId, personId: cy.id, checkinAt: '2026-03-01 09:05:00' },
    ]);
    const range = 'from=2026-02-16&to=2026-03-08';
    const read = async (query: string) => {
      const report = (await server.get(`${V}/ministries/${ministry.id}/report?${query}`, as(coordinator))).body as MinistryReportView;
      const servings = (await server.get(`${V}/ministries/${ministry.id}/servings?${query}`, as(coordinator))).body as ServingsView;
      const figures = (people: Array<{ personId: number; served: number; noShows: number; hoursServed: number }>) =>
        Object.fromEntries(people.filter((p) => [amy.personId, bob.personId, cy.id].includes(p.personId)).map((p) => [p.personId, [p.served, p.noShows, p.hoursServed]]));
      assert.deepEqual(figures(report.people.filter((p) => p.servings > 0)), figures(servings.people), `${query}: the report and the servings report agree`);
      assert.equal(report.attendanceTracked, servings.attendanceTracked);
      return { report, figures: figures(report.people) };
    };

    const whole = await read(range);
    assert.deepEqual(whole.figures, { [amy.personId]: [1, 0, 1.5], [bob.personId]: [0, 0, 0], [cy.id]: [1, 0, 1] }, 'attendance off: nobody is a no-show');
    await setSetting(server, admin, 'bEnableAttendance', 'true');
    try {
      const tracked = await read(range);
      assert.equal(tracked.report.attendanceTracked, true);
      assert.deepEqual(tracked.figures, { [amy.personId]: [1, 0, 1.5], [bob.personId]: [0, 2, 0], [cy.id]: [1, 0, 1] }, 'Bob missed both shifts');

      // One team: the band's Sunday alone, in the weeks, the answers and the attendance.
      const team = await read(`${range}&teamId=${band.id}`);
      assert.equal(team.report.teamId, band.id);
      assert.deepEqual(team.report.weeks.filter((w) => w.occurrenceCount > 0).map((w) => [w.week, w.occurrenceCount, w.requiredCount, w.filledCount, w.accepted]),
        [['2026-02-23', 1, 1, 1, 2]]);
      assert.deepEqual(team.figures, { [amy.personId]: [0, 0, 0], [bob.personId]: [0, 1, 0], [cy.id]: [1, 0, 1] });
      assert.deepEqual(team.report.people.filter((p) => p.servings > 0).map((p) => p.displayName), ['Bob Report', 'Cy Report']);
    } finally {
      await setSetting(server, admin, 'bEnableAttendance', 'false');
    }
  });
});

describe('the servings report looks at the coming weeks too', () => {
  it('counts an upcoming placement by default and quotes a name with a tab in its CSV', async () => {
    const { ministry, position, coordinator, sunday } = await church();
    const tabbed = await newPerson(server, { first_name: 'Tab\tIn', last_name: 'Name' });
    await qualify(server, position.id, tabbed.id);
    await newAssignment(server, await sunday('2026-04-19'), position.id, tabbed.id);
    const servings = await server.get(`${V}/ministries/${ministry.id}/servings`, as(coordinator));
    assert.equal(servings.status, 200, servings.text);
    assert.equal(servings.body.to, '2026-04-29', 'eight weeks ahead');
    assert.deepEqual(servings.body.people.map((p: { personId: number; total: number }) => [p.personId, p.total]), [[tabbed.id, 1]]);
    const csv = await server.get(`${V}/ministries/${ministry.id}/servings.csv`, as(coordinator));
    assert.equal(csv.text.split('\r\n')[1].split(',').slice(0, 2).join(','), `${tabbed.id},"Tab\tIn Name"`);
  });
});

describe("people's availability at a glance (/ministries/{id}/availability)", () => {
  it('shows limits, household rules, days away without their reason and credentials with expiry; a coordinator records limits for people without a login', async () => {
    const { ministry, position, coordinator, amy, cy } = await church();
    const { id: familyId } = await newFamily(server, 'Glance family');
    const [dan, eve] = [await newPerson(server, { first_name: 'Dan', last_name: 'Glance', family_id: familyId }), await newPerson(server, { first_name: 'Eve', last_name: 'Glance', family_id: familyId })];
    for (const person of [dan, eve]) await qualify(server, position.id, person.id);

    const away = await server.post('/api/me/blockouts', { startDate: '2026-03-20', endDate: '2026-03-22', reason: 'Surgery, please keep it quiet' }, as(amy));
    assert.equal(away.status, 201, away.text);
    await server.put('/api/me/preferences', { maxPerMonth: 2, preferredWeeks: [1, 3] }, as(amy));
    const check = (await server.post(`${V}/credentials`, { name: 'Glance background check' }, as(admin))).body.credential;
    await server.post(`${V}/ministries/${ministry.id}/credential-requirements`, { credentialId: check.id }, as(admin));
    await server.put(`${V}/people/${amy.personId}/credentials`, { credentialId: check.id, expiresOn: '2027-01-31' }, as(coordinator));
    await server.put(`${V}/people/${cy.id}/credentials`, { credentialId: check.id, expiresOn: '2026-02-28' }, as(coordinator));

    // Limits and a household rule for people without a login, recorded by the coordinator.
    const limits = await server.put(`${V}/people/${dan.id}/preferences`, { ministryId: ministry.id, maxPerMonth: 1 }, as(coordinator));
    assert.equal(limits.status, 200, limits.text);
    const together = await server.post(`${V}/people/${dan.id}/household/rules`, { otherPersonId: eve.id, rule: 'together' }, as(coordinator));
    assert.equal(together.status, 200, together.text);
    assert.deepEqual(together.body.rules.map((r: { otherName: string; rule: string }) => [r.otherName, r.rule]), [['Eve Glance', 'together']]);
    expectError(await server.put(`${V}/people/${amy.personId}/preferences`, { maxPerMonth: 5 }, as(coordinator)), 409, 'This person signs in and sets their own limits and household rules');
    expectError(await server.post(`${V}/people/${dan.id}/household/rules`, { otherPersonId: cy.id, rule: 'apart' }, as(coordinator)), 400, 'That person is not in the same family');
    const stranger = await newCoordinator(server, (await newMinistry(server)).id);
    expectError(await server.put(`${V}/people/${dan.id}/preferences`, { maxPerMonth: 3 }, as(stranger)), 403, 'This person is not in a ministry or team you manage');

    const answer = await server.get(`${V}/ministries/${ministry.id}/availability`, as(coordinator));
    assert.equal(answer.status, 200, answer.text);
    assert.doesNotMatch(answer.text, /Surgery/, 'no reason leaks');
    const glance = answer.body as AvailabilityGlanceView;
    assert.deepEqual(glance.requiredCredentials, [{ credentialId: check.id, name: 'Glance background check', positionName: null }]);
    const person = (id: number) => glance.people.find((p) => p.personId === id)!;
    assert.deepEqual(person(amy.personId), {
      personId: amy.personId, displayName: 'Amy Report', hasLogin: true,
      limits: { maxPerMonth: 2, preferredWeeks: [1, 3], appliesTo: 'every' },
      daysAway: [{ startDate: '2026-03-20', endDate: '2026-03-22', startTime: null, endTime: null, repeatWeeklyUntil: null }],
      credentials: [{ credentialId: check.id, name: 'Glance background check', expiresOn: '2027-01-31', valid: true }],
      household: [],
    });
    assert.deepEqual(person(cy.id).credentials.map((c) => [c.expiresOn, c.valid]), [['2026-02-28', false]], 'expired');
    assert.equal(person(cy.id).hasLogin, false);
    assert.deepEqual(person(dan.id).limits, { maxPerMonth: 1, preferredWeeks: [], appliesTo: 'ministry' });
    assert.deepEqual(person(eve.id).household.map((r) => [r.otherPersonId, r.rule]), [[dan.id, 'together']]);

    expectError(await server.get(`${V}/ministries/${ministry.id}/availability`, as(stranger)), 403, 'Not authorized for this ministry');
    const ids = glance.people.length;
    const more = await newPerson(server);
    await qualify(server, position.id, more.id);
    const counted = await countStatements(() => server.get(`${V}/ministries/${ministry.id}/availability`, as(coordinator)));
    assert.equal((counted.result.body as AvailabilityGlanceView).people.length, ids + 1);
    const again = await countStatements(() => server.get(`${V}/ministries/${ministry.id}/availability`, as(coordinator)));
    assert.equal(counted.statements, again.statements);
  });

  it('lets a coordinator remove a household rule, and change the limits, of a person without a login', async () => {
    const { ministry, position, coordinator, amy } = await church();
    const { id: familyId } = await newFamily(server, 'Removal family');
    const [dan, eve] = [await newPerson(server, { first_name: 'Dan', last_name: 'Removal', family_id: familyId }), await newPerson(server, { first_name: 'Eve', last_name: 'Removal', family_id: familyId })];
    for (const person of [dan, eve]) await qualify(server, position.id, person.id);
    const rule = (await server.post(`${V}/people/${dan.id}/household/rules`, { otherPersonId: eve.id, rule: 'apart' }, as(coordinator))).body.rules[0] as { id: number };
    const glance = async () => ((await server.get(`${V}/ministries/${ministry.id}/availability`, as(coordinator))).body as AvailabilityGlanceView).people;
    assert.deepEqual((await glance()).find((p) => p.personId === eve.id)!.household.map((r) => r.rule), ['apart']);

    // The refusals, in order: the person unknown (404), out of reach (403), signs in (409), a rule not theirs (404).
    const url = (personId: number, ruleId: number) => `${V}/people/${personId}/household/rules/${ruleId}`;
    expectError(await server.delete(url(2147483647, rule.id), as(coordinator)), 404, 'Person not found');
    const stranger = await newCoordinator(server, (await newMinistry(server)).id);
    expectError(await server.delete(url(dan.id, rule.id), as(stranger)), 403, 'This person is not in a ministry or team you manage');
    expectError(await server.delete(url(amy.personId, rule.id), as(coordinator)), 409, 'This person signs in and sets their own limits and household rules');
    const cy = (await glance()).find((p) => p.displayName === 'Cy Report')!;
    expectError(await server.delete(url(cy.personId, rule.id), as(coordinator)), 404, 'Household rule not found');
    expectError(await server.delete(url(dan.id, 2147483647), as(coordinator)), 404, 'Household rule not found');
    assert.equal((await glance()).find((p) => p.personId === dan.id)!.household.length, 1, 'nothing removed by a refusal');

    // Removed from either side: the answer is the person's household without it, and the glance shows it on neither.
    const removed = await server.delete(url(eve.id, rule.id), as(coordinator));
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual([removed.body.familyId, removed.body.rules], [familyId, []]);
    assert.deepEqual((await glance()).filter((p) => p.personId === dan.id || p.personId === eve.id).map((p) => p.household), [[], []]);
    expectError(await server.delete(url(dan.id, rule.id), as(coordinator)), 404, 'Household rule not found');

    // Limits are changed by setting them again, and cleared with none.
    await server.put(`${V}/people/${dan.id}/preferences`, { ministryId: ministry.id, maxPerMonth: 3, preferredWeeks: [2] }, as(coordinator));
    const cleared = await server.put(`${V}/people/${dan.id}/preferences`, { ministryId: ministry.id, maxPerMonth: null, preferredWeeks: [] }, as(coordinator));
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual((await glance()).find((p) => p.personId === dan.id)!.limits, { maxPerMonth: null, preferredWeeks: [], appliesTo: 'ministry' });
  });
});
