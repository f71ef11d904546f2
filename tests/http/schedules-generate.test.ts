import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { as, expectError, lowerMaxBelowDefaults, newPosition, newTeam, newTeamLeader, qualify, storedRows, unique } from '../kit/index.js';
import { SUNDAYS, TODAY, useSchedules, V } from './support/schedules.js';

const {
  server, admin, newEvent, body, create, generate, readSchedule, readNeeds, countEvents, eventSnapshot,
  occurrenceDates, assignmentsOf, setHorizon, withHorizon, withClock, newWorld,
} = useSchedules();

describe('POST /api/ministries/schedules/{id}/generate (E5)', () => {
  it('is idempotent: a second run creates nothing and counts the occurrences as existing', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    const again = await generate(schedule.id);
    assert.equal(again.created, 0);
    assert.equal(again.existing, SUNDAYS.length);
    assert.equal(again.noEvents, false);
    assert.equal((await readSchedule(schedule.id)).occurrenceCount, SUNDAYS.length);
  });

  it('never creates or changes a calendar event', async () => {
    const world = await newWorld();
    const before = await countEvents();
    const snapshot = await eventSnapshot(world.eventIds);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { startOffsetMinutes: -60 }));
    await generate(schedule.id, { through: '2026-12-31' });
    assert.equal(await countEvents(), before);
    assert.deepEqual(await eventSnapshot(world.eventIds), snapshot);
  });

  it('covers [max(today, windowStart) .. min(through, today + horizon, windowEnd)]', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { windowStart: '2026-03-20', windowEnd: '2026-04-15', active: false }));
    assert.equal((await server.post(`${V}/schedules/${schedule.id}`, { active: true }, as(admin))).status, 200);
    const short = await generate(schedule.id, { through: '2026-03-25' });
    assert.deepEqual([short.from, short.through, short.created], ['2026-03-20', '2026-03-25', 1]);
    const capped = await generate(schedule.id, { through: '2026-12-31' });
    assert.deepEqual([capped.from, capped.through, capped.created, capped.existing], ['2026-03-20', '2026-04-15', 3, 1]);
    assert.deepEqual(await occurrenceDates(schedule.id), ['2026-03-22', '2026-03-29', '2026-04-05', '2026-04-12']);
  });

  it('moves `through` with iVolunteerSchedulingHorizonWeeks', async () => {
    const world = await newWorld();
    await withHorizon(2, async () => {
      const { schedule, generated } = await create(world.ministry.id, body(world.teamId, world.title));
      assert.equal(generated!.through, '2026-03-18');
      assert.equal(generated!.created, 2);
      assert.equal(schedule.horizonWeeks, 2);
      assert.equal(schedule.generateThrough, '2026-03-18');
      await setHorizon(4);
      const wider = await generate(schedule.id);
      assert.deepEqual([wider.through, wider.created, wider.existing], ['2026-04-01', 2, 2]);
      const read = await readSchedule(schedule.id);
      assert.equal(read.horizonWeeks, 4);
      assert.equal(read.generateThrough, '2026-04-01');
      const capped = await generate(schedule.id, { through: '2026-12-31' });
      assert.equal(capped.through, '2026-04-01');
    });
  });

  it('starts at today when the clock moves past windowStart, and says noEvents when nothing is in the window', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    await withClock('2026-03-18T15:00:00Z', async () => {
      const run = await generate(schedule.id);
      assert.equal(run.from, '2026-03-18');
      assert.equal(run.through, '2026-05-13');
      assert.equal(run.created, 0);
      assert.equal(run.existing, 6);
    });
    const empty = await generate(schedule.id, { through: '2026-03-06' });
    assert.deepEqual([empty.created, empty.existing, empty.noEvents], [0, 0, true]);
  });

  it('answers 409 for an inactive schedule', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { active: false }));
    expectError(await server.post(`${V}/schedules/${schedule.id}/generate`, {}, as(admin)), 409, 'This schedule is inactive. Reactivate it to generate its occurrences.');
    assert.deepEqual(await occurrenceDates(schedule.id), []);
  });

  it('answers 404 for an unknown schedule and 403 to a leader of another team', async () => {
    const world = await newWorld();
    const secondTeam = (await newTeam(server, world.ministry.id)).id;
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    expectError(await server.post(`${V}/schedules/987654/generate`, {}, as(admin)), 404, 'Schedule not found');
    const stranger = await newTeamLeader(server, secondTeam);
    expectError(await server.post(`${V}/schedules/${schedule.id}/generate`, {}, as(stranger)), 403, 'Not authorized for this schedule');
  });

  it('saves body defaults first (in order, [] clears, an omitted position keeps its own, counts unchanged)', async () => {
    const world = await newWorld();
    const second = (await newPosition(server, world.ministry.id, world.teamId)).id;
    await qualify(server, second, world.ben);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, maxCount: 3 }, { positionId: second, minCount: 1, defaults: [{ personId: world.ben }] }],
    }));
    await generate(schedule.id, { requirements: [{ positionId: world.position, defaults: [{ personId: world.ben }, { personId: world.anna }] }] });
    let needs = await readNeeds(schedule.id);
    assert.deepEqual(needs.map((n) => n.positionId), [world.position, second].sort((a, b) => a - b));
    const first = () => needs.find((n) => n.positionId === world.position)!;
    const other = () => needs.find((n) => n.positionId === second)!;
    assert.deepEqual(first().defaults.map((d) => d.personId), [world.ben, world.anna]);
    assert.deepEqual([first().minCount, first().maxCount], [1, 3]);
    assert.deepEqual(other().defaults.map((d) => d.personId), [world.ben]);
    assert.equal(first().defaults[0].setBy, admin.personId);

    await generate(schedule.id, { requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }, { personId: world.ben }] }] });
    needs = await readNeeds(schedule.id);
    assert.deepEqual(first().defaults.map((d) => d.personId), [world.anna, world.ben]);

    await generate(schedule.id, { requirements: [{ positionId: world.position, defaults: [] }] });
    needs = await readNeeds(schedule.id);
    assert.deepEqual(first().defaults, []);
    assert.deepEqual(other().defaults.map((d) => d.personId), [world.ben]);
    assert.deepEqual([first().minCount, first().maxCount, other().minCount, other().maxCount], [1, 3, 1, null]);
  });

  it('assigns new defaults only on the occurrences this run created, never on earlier ones', async () => {
    const world = await newWorld();
    const scheduleId = await withHorizon(2, async () => {
      const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 1, maxCount: 2 }] }));
      const saved = await generate(schedule.id, { requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }] }] });
      assert.deepEqual([saved.created, saved.existing, saved.assigned], [0, 2, 0]);
      assert.deepEqual(await assignmentsOf(schedule.id), []);
      await setHorizon(4);
      const wider = await generate(schedule.id);
      assert.deepEqual([wider.created, wider.assigned], [2, 2]);
      const rows = await assignmentsOf(schedule.id);
      assert.deepEqual(rows.map((r) => [String(r.occurrence_date).slice(0, 10), r.person_id]), [[SUNDAYS[2], world.anna], [SUNDAYS[3], world.anna]]);
      return schedule.id;
    });
    await withClock('2026-03-25T15:00:00Z', async () => {
      const later = await generate(scheduleId);
      assert.equal(later.created, 4, 'the clock brings in 04-05 .. 04-26 with the default horizon');
      assert.equal(later.assigned, 4);
    });
  });

  it('records the person who set a default as assigner, even when someone else runs the generation', async () => {
    const world = await newWorld();
    const leader = await newTeamLeader(server, world.teamId);
    await withHorizon(1, async () => {
      const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 1 }] }));
      const saved = await server.post(`${V}/schedules/${schedule.id}/generate`, { accepted: true, requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }] }] }, as(leader));
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.assigned, 0);
      const [need] = await readNeeds(schedule.id);
      assert.equal(need.defaults[0].setBy, leader.personId);
      await setHorizon(2);
      const run = await generate(schedule.id);
      assert.deepEqual([run.created, run.assigned], [1, 1]);
      const [row] = await assignmentsOf(schedule.id);
      assert.deepEqual([row.person_id, row.status, row.assigned_by_person_id], [world.anna, 'accepted', leader.personId]);
      const responses = await storedRows(server, 'responses', { assignment_id: row.id });
      assert.deepEqual(responses.map((r) => [r.response, r.channel, r.person_id]), [['accepted', 'coordinator', leader.personId]]);
    });
  });

  it('saves an unqualified default, reads it back qualified:false, skips it and counts it in `unqualified`', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[2] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 2 }], active: false }));
    await server.post(`${V}/schedules/${schedule.id}`, { active: true }, as(admin));
    const run = await generate(schedule.id, { requirements: [{ positionId: world.position, defaults: [{ personId: world.carl }, { personId: world.anna }] }] });
    assert.deepEqual([run.created, run.assigned, run.unqualified, run.skipped], [3, 3, 3, 0]);
    const [need] = await readNeeds(schedule.id);
    assert.deepEqual(need.defaults.map((d) => [d.personId, d.qualified]), [[world.carl, false], [world.anna, true]]);
    assert.ok((await assignmentsOf(schedule.id)).every((r) => r.person_id === world.anna));
  });

  it('assigns no more defaults than Max; the rest are skipped', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[1] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, maxCount: 2, defaults: [{ personId: world.anna }, { personId: world.ben }] }], active: false,
    }));
    await lowerMaxBelowDefaults(server, schedule.id, 1);
    await server.post(`${V}/schedules/${schedule.id}`, { active: true }, as(admin));
    const run = await generate(schedule.id);
    assert.deepEqual([run.created, run.assigned, run.skipped, run.unqualified], [2, 2, 2, 0]);
    assert.deepEqual((await assignmentsOf(schedule.id)).map((r) => r.person_id), [world.anna, world.anna]);
  });

  it('skips a default on an occurrence created already over (an event earlier today)', async () => {
    const world = await newWorld();
    const title = unique('Early');
    await newEvent(title, TODAY, { Start: `${TODAY} 07:00:00`, End: `${TODAY} 08:00:00` });
    await newEvent(title, SUNDAYS[0]);
    const { generated, schedule } = await create(world.ministry.id, body(world.teamId, title, {
      requirements: [{ positionId: world.position, minCount: 1, defaults: [{ personId: world.anna }] }],
    }));
    assert.deepEqual([generated!.created, generated!.assigned, generated!.skipped], [2, 1, 1]);
    assert.deepEqual((await assignmentsOf(schedule.id)).map((r) => String(r.occurrence_date).slice(0, 10)), [SUNDAYS[0]]);
  });

  it('refuses more defaults than Max, the same person twice, a position outside the needs and top-level defaults (400), an unknown person (404); nothing saved', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[0] });
    const outside = (await newPosition(server, world.ministry.id, world.teamId)).id;
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, maxCount: 2, defaults: [{ personId: world.ben }] }],
    }));
    const url = `${V}/schedules/${schedule.id}/generate`;
    const three = [{ personId: world.anna }, { personId: world.ben }, { personId: world.carl }];
    const tooMany = await server.post(url, { requirements: [{ positionId: world.position, defaults: three }] }, as(admin));
    expectError(tooMany, 400, 'Max is 2 but 3 default volunteers are chosen. Remove one or raise Max.');
    const twice = await server.post(url, { requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }, { personId: world.anna }] }] }, as(admin));
    assert.equal(twice.status, 400);
    assert.ok(twice.body.message.includes('the same person is chosen twice'), twice.body.message);
    expectError(await server.post(url, { requirements: [{ positionId: outside, defaults: [{ personId: world.anna }] }] }, as(admin)), 400, 'Position not found among the schedule\'s staffing needs');
    expectError(await server.post(url, { requirements: [{ positionId: world.position, defaults: [{ personId: 987654 }] }] }, as(admin)), 404, 'Person not found');
    expectError(await server.post(url, { requirements: { positionId: world.position } }, as(admin)), 400, 'The staffing needs must be a list');
    expectError(await server.post(url, { through: '2026-13-01' }, as(admin)), 400, 'through must be a date in YYYY-MM-DD form');
    for (const field of ['defaults', 'defaultPersonId', 'defaultAccepted']) {
      const answer = await server.post(url, { [field]: field === 'defaults' ? [{ personId: world.anna }] : field === 'defaultPersonId' ? world.anna : true }, as(admin));
      assert.equal(answer.status, 400, `${field}: ${JSON.stringify(answer.body)}`);
      assert.ok(answer.body.message.includes(field), answer.body.message);
    }
    // A valid first item does not slip through when a later one fails.
    const mixed = await server.post(url, { requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }] }, { positionId: outside, defaults: [] }] }, as(admin));
    expectError(mixed, 400, 'Position not found among the schedule\'s staffing needs');
    const [need] = await readNeeds(schedule.id);
    assert.deepEqual(need.defaults.map((d) => d.personId), [world.ben]);
  });

  it('accepted:true (top level) makes accepted assignments with a coordinator-channel response and no assignment message', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[1] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 1 }], active: false }));
    await server.post(`${V}/schedules/${schedule.id}`, { active: true }, as(admin));
    const run = await generate(schedule.id, { accepted: true, requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }] }] });
    assert.equal(run.assigned, 2);
    const rows = await assignmentsOf(schedule.id);
    assert.deepEqual(rows.map((r) => r.status), ['accepted', 'accepted']);
    assert.ok(rows.every((r) => r.assigned_by_person_id === admin.personId));
    const ids = rows.map((r) => r.id);
    const responses = await storedRows(server, 'responses', { assignment_id: ids });
    assert.equal(responses.length, 2);
    assert.ok(responses.every((r) => r.response === 'accepted' && r.channel === 'coordinator' && r.person_id === admin.personId), JSON.stringify(responses));
    const messages = await storedRows(server, 'notifications', { assignment_id: ids, type: 'assignment' });
    assert.deepEqual(messages, []);
    const [need] = await readNeeds(schedule.id);
    assert.equal(need.defaults[0].accepted, true);
  });

  it('a per-default accepted:true wins over a top-level accepted:false', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[0] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 2 }], active: false }));
    await server.post(`${V}/schedules/${schedule.id}`, { active: true }, as(admin));
    await generate(schedule.id, { accepted: false, requirements: [{ positionId: world.position, defaults: [{ personId: world.anna, accepted: true }, { personId: world.ben }] }] });
    const rows = await assignmentsOf(schedule.id);
    assert.deepEqual(rows.map((r) => [r.person_id, r.status]), [[world.anna, 'accepted'], [world.ben, 'pending']]);
  });

  it('accepted:false makes pending assignments and queues one `assignment` message each', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[1] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 2 }], active: false }));
    await server.post(`${V}/schedules/${schedule.id}`, { active: true }, as(admin));
    await generate(schedule.id, { accepted: false, requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }, { personId: world.ben }] }] });
    const rows = await assignmentsOf(schedule.id);
    assert.equal(rows.length, 4);
    assert.ok(rows.every((r) => r.status === 'pending'));
    const messages = await storedRows(server, 'notifications', { assignment_id: rows.map((r) => r.id) });
    assert.equal(messages.length, 4);
    for (const row of rows) {
      const mine = messages.filter((m) => m.assignment_id === row.id);
      assert.equal(mine.length, 1);
      assert.equal(mine[0].type, 'assignment');
      assert.equal(mine[0].person_id, row.person_id);
      assert.equal(mine[0].dedupe_key, `assignment:${row.id}:${row.person_id}`);
    }
    const responses = await storedRows(server, 'responses', { assignment_id: rows.map((r) => r.id) });
    assert.deepEqual(responses, []);
  });
});
