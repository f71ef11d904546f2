import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countStatements } from '../../src/db/statement-count.js';
import {
  as, expectError, newAssignment, newCoordinator, newMinistry, newPosition, newStaffedEvent, newTeam, newTeamLeader, newUser, qualify, setSetting,
  useServer, useUser, type TestUser,
} from '../kit/index.js';
import type { RosterView } from '../../src/http/schemas/roster.schemas.js';
import type { OccurrenceView } from '../../src/http/schemas/volunteer.schemas.js';

/**
 * The roster (issue 35 #1, #3) and a Sunday with its people in one call (issue 39 #2). The clock stands at
 * 2026-03-04 15:00 UTC, so the default range is 2026-03-04 to 2026-04-28; shifts run 09:00–10:00.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const V = '/api/ministries';

async function person(first: string, last: string, positionIds: number[]): Promise<TestUser> {
  const user = await newUser(server, { person: { first_name: first, last_name: last } });
  for (const id of positionIds) await qualify(server, id, user.personId);
  return user;
}

/** A ministry whose team has Singers (Min 2, Max 3) and an Usher (Min 1, Max 4) on two Sundays, and a second team on the first. */
async function church() {
  const ministry = await newMinistry(server);
  const singer = await newPosition(server, ministry.id, ministry.teamId, { name: 'Singer' });
  const usher = await newPosition(server, ministry.id, ministry.teamId, { name: 'Usher' });
  const band = await newTeam(server, ministry.id, { name: 'Band' });
  const drums = await newPosition(server, ministry.id, band.id, { name: 'Drums' });
  const coordinator = await newCoordinator(server, ministry.id);
  const needs = [{ positionId: singer.id, minCount: 2, maxCount: 3 }, { positionId: usher.id, minCount: 1, maxCount: 4 }];
  const first = (await newStaffedEvent(server, ministry, needs, { date: '2026-03-08', title: 'Morning service' })).occurrenceId;
  const second = (await newStaffedEvent(server, ministry, needs, { date: '2026-03-15', title: 'Morning service' })).occurrenceId;
  const bandSunday = (await newStaffedEvent(server, { id: ministry.id, teamId: band.id }, [{ positionId: drums.id, minCount: 1 }], { date: '2026-03-08' })).occurrenceId;
  const ana = await person('Ana', 'Acosta', [singer.id, usher.id]);
  const ben = await person('Ben', 'Baker', [singer.id, usher.id]);
  const cai = await person('Cai', 'Cole', [singer.id, usher.id]);
  // First Sunday: Singers Ana (accepted) and Ben (declined), nobody pending; three Ushers, one more than Min.
  await newAssignment(server, first, singer.id, ana.personId, { status: 'accepted' });
  await newAssignment(server, first, singer.id, ben.personId, { status: 'declined' });
  for (const usherPerson of [cai, ben]) await newAssignment(server, first, usher.id, usherPerson.personId);
  await newAssignment(server, first, usher.id, (await person('Dee', 'Diaz', [usher.id])).personId, { status: 'accepted' });
  return { ministry, singer, usher, band, drums, coordinator, first, second, bandSunday, ana, ben, cai };
}

async function roster(user: TestUser, ministryId: number, query = ''): Promise<RosterView> {
  const answer = await server.get(`${V}/ministries/${ministryId}/roster${query}`, as(user));
  assert.equal(answer.status, 200, answer.text);
  return answer.body as RosterView;
}

const cellOf = (view: RosterView, occurrenceId: number, positionId: number) => view.cells.find((c) => c.occurrenceId === occurrenceId && c.positionId === positionId);

describe('The roster', () => {
  it('answers the next eight weeks: occurrences as columns, positions as rows, each cell its people with their answers and the gap', async () => {
    const world = await church();
    const view = await roster(world.coordinator, world.ministry.id);
    assert.equal(view.from, '2026-03-04');
    assert.equal(view.to, '2026-04-28');
    assert.deepEqual([view.ministryId, view.teamId, view.capped], [world.ministry.id, null, false]);
    assert.deepEqual(view.occurrences.map((o) => o.id).sort((a, b) => a - b), [world.first, world.second, world.bandSunday].sort((a, b) => a - b));
    assert.deepEqual(view.positions.map((p) => p.name).sort(), ['Drums', 'Singer', 'Usher']);

    const singers = cellOf(view, world.first, world.singer.id)!;
    assert.deepEqual(singers.people.map((p) => [p.displayName, p.status]), [['Ana Acosta', 'accepted'], ['Ben Baker', 'declined']]);
    assert.deepEqual([singers.required, singers.minCount, singers.maxCount, singers.liveCount, singers.gapCount, singers.openCount], [true, 2, 3, 1, 1, 2]);
    const ushers = cellOf(view, world.first, world.usher.id)!;
    assert.deepEqual(ushers.people.map((p) => p.status).sort(), ['accepted', 'pending', 'pending']);
    assert.deepEqual([ushers.liveCount, ushers.pendingCount, ushers.gapCount, ushers.openCount], [3, 2, 0, 1]);
    const empty = cellOf(view, world.second, world.singer.id)!;
    assert.deepEqual([empty.people.length, empty.gapCount], [0, 2]);

    // Three people for Min 3, but one Singer missing: "filled" counts places of Min, so it says 2 of 3, as the gap does.
    const column = view.occurrences.find((o) => o.id === world.first)!;
    assert.deepEqual([column.requiredCount, column.filledCount, column.liveCount, column.gapCount], [3, 2, 4, 1]);
    const detail = (await server.get(`${V}/occurrences/${world.first}`, as(world.coordinator))).body.occurrence as OccurrenceView;
    assert.deepEqual([detail.requiredCount, detail.filledCount, detail.liveCount, detail.gapCount], [column.requiredCount, column.filledCount, column.liveCount, column.gapCount]);
  });

  it('keeps to one team with teamId, and with from = to answers that day with its people (a Sunday in one call)', async () => {
    const world = await church();
    const team = await roster(world.coordinator, world.ministry.id, `?teamId=${world.band.id}`);
    assert.deepEqual([team.teamId, team.teamName], [world.band.id, 'Band']);
    assert.deepEqual(team.occurrences.map((o) => o.id), [world.bandSunday]);
    assert.deepEqual(team.positions.map((p) => p.name), ['Drums']);

    const day = await roster(world.coordinator, world.ministry.id, '?from=2026-03-08&to=2026-03-08');
    assert.deepEqual(day.occurrences.map((o) => o.id).sort((a, b) => a - b), [world.first, world.bandSunday].sort((a, b) => a - b));
    assert.ok(day.occurrences.every((o) => o.occurrenceDate === '2026-03-08'));
    assert.deepEqual(cellOf(day, world.first, world.singer.id)!.people.map((p) => p.displayName), ['Ana Acosta', 'Ben Baker']);
  });

  it('is for the ministry\'s coordinators and managers, and a team\'s leaders with their team: 404, then 403', async () => {
    const world = await church();
    const url = `${V}/ministries/${world.ministry.id}/roster`;
    expectError(await server.get(`${V}/ministries/999999/roster`, as(world.coordinator)), 404, 'Ministry not found');
    const other = await newMinistry(server);
    expectError(await server.get(`${url}?teamId=${other.teamId}`, as(world.coordinator)), 404, 'Team not found');
    expectError(await server.get(`${url}?teamId=999999`, as(world.coordinator)), 404, 'Team not found');
    expectError(await server.get(url, as(await newCoordinator(server, other.id))), 403, 'Not authorized for this ministry');
    const leader = await newTeamLeader(server, world.band.id);
    expectError(await server.get(url, as(leader)), 403, 'Not authorized for this ministry');
    expectError(await server.get(`${url}?teamId=${world.ministry.teamId}`, as(leader)), 403, 'Not authorized for this team');
    assert.deepEqual((await roster(leader, world.ministry.id, `?teamId=${world.band.id}`)).occurrences.map((o) => o.id), [world.bandSunday]);
    const manager = await newUser(server, { roles: ['manageMinistries'] });
    assert.equal((await roster(manager, world.ministry.id)).occurrences.length, 3);
    expectError(await server.get(url, as(await newUser(server))), 403, /Manage My Ministries access/);
  });

  it('refuses a range it cannot read with 400 and says why', async () => {
    const world = await church();
    const url = `${V}/ministries/${world.ministry.id}/roster`;
    const key = as(world.coordinator);
    expectError(await server.get(`${url}?from=2026-02-30`, key), 400, 'from must be a date in YYYY-MM-DD form');
    expectError(await server.get(`${url}?to=next week`, key), 400, 'to must be a date in YYYY-MM-DD form');
    expectError(await server.get(`${url}?from=2026-03-10&to=2026-03-09`, key), 400, 'to must be on or after from');
    expectError(await server.get(`${url}?from=2026-03-01&to=2026-09-01`, key), 400, 'The roster covers at most 26 weeks; choose a shorter range');
    expectError(await server.get(`${url}?teamId=x`, key), 400, 'teamId must be an id');
    assert.equal((await roster(world.coordinator, world.ministry.id, '?from=2026-03-01&to=2026-08-29')).to, '2026-08-29');
    // At the end of the calendar the default and the longest range stop at its last day instead of refusing a good range.
    const last = await roster(world.coordinator, world.ministry.id, '?from=9999-12-30&to=9999-12-31');
    assert.deepEqual([last.from, last.to], ['9999-12-30', '9999-12-31']);
    assert.equal((await roster(world.coordinator, world.ministry.id, '?from=9999-12-20')).to, '9999-12-31');
  });

  it('sends the same number of statements for one Sunday as for eight weeks of them', async () => {
    const world = await church();
    for (const date of ['2026-03-22', '2026-03-29', '2026-04-05', '2026-04-12', '2026-04-19', '2026-04-26']) {
      const sunday = (await newStaffedEvent(server, world.ministry, [{ positionId: world.singer.id, minCount: 2 }, { positionId: world.usher.id, minCount: 1 }], { date })).occurrenceId;
      await newAssignment(server, sunday, world.singer.id, world.ana.personId);
      await newAssignment(server, sunday, world.usher.id, world.cai.personId, { status: 'accepted' });
    }
    const key = world.coordinator.apiKey;
    // The first request of a key records its use and the first roster warms the caches: the figures are those of later requests.
    await server.get('/api/users/current', { key });
    await server.get(`${V}/ministries/${world.ministry.id}/roster`, { key });
    const count = async (query: string) => {
      const { result, statements } = await countStatements(() => server.get(`${V}/ministries/${world.ministry.id}/roster${query}`, { key }));
      assert.equal(result.status, 200, result.text);
      return { statements, occurrences: (result.body as RosterView).occurrences.length };
    };
    const day = await count('?from=2026-03-08&to=2026-03-08');
    const weeks = await count('?from=2026-03-01&to=2026-04-30');
    assert.deepEqual([day.occurrences, weeks.occurrences], [2, 9]);
    assert.equal(weeks.statements, day.statements, 'a longer range sends no more statements');
    assert.ok(weeks.statements <= 8, `the roster sends ${weeks.statements} statements`);
    const team = await count(`?teamId=${world.ministry.teamId}&from=2026-03-01&to=2026-04-30`);
    assert.ok(team.statements <= 9, `a team's roster sends ${team.statements} statements`);
  });

  it('exports as CSV, one line per occurrence and position, with each person\'s answer', async () => {
    const world = await church();
    const answer = await server.get(`${V}/ministries/${world.ministry.id}/roster.csv?teamId=${world.ministry.teamId}&from=2026-03-08&to=2026-03-15`, as(world.coordinator));
    assert.equal(answer.status, 200, answer.text);
    assert.match(String(answer.headers['content-type']), /^text\/csv/);
    assert.match(String(answer.headers['content-disposition']), new RegExp(`attachment; filename="roster-team-${world.ministry.teamId}-2026-03-08-2026-03-15.csv"`));
    const lines = answer.text.trimEnd().split('\r\n');
    assert.equal(lines[0], 'Date,Start,End,Schedule,Status,Team,Position,Min,Max,Placed,Missing,People');
    assert.equal(lines.length, 5);
    const singers = lines.find((line) => line.startsWith('2026-03-08') && line.includes(',Singer,'))!;
    assert.match(singers, /,09:00,10:00,/);
    assert.match(singers, /,Singer,2,3,1,1,"Ana Acosta \(accepted\); Ben Baker \(declined\)"$/);
    assert.ok(lines.some((line) => line.startsWith('2026-03-15') && line.endsWith(',Singer,2,3,0,2,')), answer.text);
  });

  it('exports a team\'s roster as iCalendar, one event per occurrence with its people', async () => {
    const world = await church();
    const answer = await server.get(`${V}/ministries/${world.ministry.id}/roster.ics?teamId=${world.ministry.teamId}`, as(world.coordinator));
    assert.equal(answer.status, 200, answer.text);
    assert.match(String(answer.headers['content-type']), /^text\/calendar/);
    const ics = answer.text.replace(/\r\n /g, '');
    assert.equal(ics.match(/BEGIN:VEVENT/g)?.length, 2);
    assert.match(ics, new RegExp(`UID:roster-occurrence-${world.first}`));
    assert.match(ics, /DTSTART;TZID=[^:]+:20260308T090000/);
    assert.match(ics, /Singer \(1 missing\): Ana Acosta \(accepted\)\\; Ben Baker \(declined\)/);
    expectError(await server.get(`${V}/ministries/${world.ministry.id}/roster.ics?teamId=${world.ministry.teamId}`, as(await newTeamLeader(server, world.band.id))), 403, 'Not authorized for this team');
  });

  it('keeps line breaks in a team\'s or the church\'s name inside the calendar\'s name, so a name cannot add an event or a property to the file', async () => {
    const world = await church();
    const team = await newTeam(server, world.ministry.id, { name: 'Band\r\nBEGIN:VEVENT\r\nSUMMARY:Free pizza\r\nEND:VEVENT' });
    await setSetting(server, admin, 'sChurchName', 'Grace\r\nX-INJECTED:1');
    try {
      const answer = await server.get(`${V}/ministries/${world.ministry.id}/roster.ics?teamId=${team.id}`, as(world.coordinator));
      assert.equal(answer.status, 200, answer.text);
      const lines = answer.text.replace(/\r\n /g, '').split('\r\n');
      assert.deepEqual(lines.filter((line) => /^(BEGIN:VEVENT|SUMMARY|END:VEVENT|X-INJECTED)/.test(line)), [], answer.text);
      assert.ok(lines.includes('X-WR-CALNAME:Band\\nBEGIN:VEVENT\\nSUMMARY:Free pizza\\nEND:VEVENT roster'), answer.text);
      assert.ok(lines.includes('PRODID:-//Grace X-INJECTED:1//Volunteer Ministry Service//EN'), answer.text);
    } finally {
      await setSetting(server, admin, 'sChurchName', 'Our Church');
    }
  });
});
