import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countStatements } from '../../src/db/statement-count.js';
import { drainOutbox } from '../../src/jobs/outbox-delivery.js';
import {
  countRows, storedRows, as, expectError, startMailSink, newAssignment, newCoordinator, newFamily, newMinistry, newPosition, newStaffedEvent, newTeam, newTeamLeader, newUser, qualify, useServer, useUser,
  type Ministry, type TestUser, setSetting,
} from '../kit/index.js';
import type { AutoFillPreviewView, ProposalView as Proposal } from '../../src/http/schemas/auto-fill.schemas.js';

/**
 * Auto-fill (ours, issue 18). The clock stands at 2026-03-04 15:00 UTC, so the scheduling horizon (8 weeks) ends on
 * 2026-04-29; shifts run 09:00–10:00 church time on the given dates.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const V = '/api/ministries';
const SUNDAYS = ['2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29', '2026-04-05', '2026-04-12', '2026-04-19', '2026-04-26'];

async function church(names: string[] = []) {
  const ministry = await newMinistry(server);
  const position = await newPosition(server, ministry.id, ministry.teamId);
  const coordinator = await newCoordinator(server, ministry.id);
  const people: TestUser[] = [];
  for (const [i, name] of names.entries()) {
    const person = await newUser(server, { person: { first_name: name, last_name: `Fill${String(i).padStart(2, '0')}` } });
    await qualify(server, position.id, person.personId);
    people.push(person);
  }
  const sunday = async (date: string, needs: Array<{ positionId: number; minCount: number; maxCount?: number }> = [{ positionId: position.id, minCount: 1 }]) => (await newStaffedEvent(server, ministry, needs, { date })).occurrenceId;
  return { ministry, position, coordinator, people, sunday };
}

async function preview(user: TestUser, body: Record<string, unknown>) {
  const answer = await server.post(`${V}/auto-fill/preview`, body, as(user));
  assert.equal(answer.status, 200, answer.text);
  return answer.body as AutoFillPreviewView;
}

async function commit(user: TestUser, body: Record<string, unknown>) {
  const answer = await server.post(`${V}/auto-fill/commit`, body, as(user));
  assert.equal(answer.status, 201, answer.text);
  return answer.body as {
    runId: number; committedBy: { personId: number; displayName: string };
    created: Array<{ assignmentId: number; occurrenceId: number; personId: number; status: string; source: string; autoFilled: boolean }>;
    skipped: Array<{ occurrenceId: number; personId: number; reason: string }>;
  };
}

const liveOn = async (occurrenceId: number) => {
  const detail = await server.get(`${V}/occurrences/${occurrenceId}`, as(admin));
  return (detail.body.requirements as Array<{ liveCount: number }>).reduce((sum, r) => sum + r.liveCount, 0);
};

/** A real SMTP server that keeps who each message went to and its subject. */
/** An SMTP sink the service's mail now goes to, with the outbox drained into it. */
async function drainedIntoSink() {
  const sink = await startMailSink();
  try {
    await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${sink.port}`);
    await setSetting(server, admin, 'sChurchEmail', 'office@church.example');
    await setSetting(server, admin, 'bEnabledEmail', '1');
    await drainOutbox(server.app.services);
    return sink;
  } catch (error) {
    await sink.close();
    throw error;
  }
}

const pick = (p: Proposal) => ({ occurrenceId: p.occurrenceId, positionId: p.positionId, personId: p.personId });

describe('auto-fill preview', () => {
  it('writes nothing and passes over each person a hard rule excludes, with the reason', async () => {
    const { id: familyId } = await newFamily(server, 'Apart family');
    const { ministry, position, coordinator, people, sunday } = await church(['Chosen', 'Blocked', 'Uncredentialed', 'Conflicted', 'Limited', 'Outsider']);
    const [chosen, blocked, uncredentialed, conflicted, limited, outsider] = people;
    const serving = await newUser(server, { person: { first_name: 'Serving', last_name: 'Apart', family_id: familyId } });
    const apart = await newUser(server, { person: { first_name: 'Parent', last_name: 'Apart', family_id: familyId } });
    await qualify(server, position.id, apart.personId);
    const other = await newPosition(server, ministry.id, ministry.teamId);
    await qualify(server, other.id, serving.personId);
    await qualify(server, position.id, serving.personId);
    const target = await sunday('2026-03-15', [{ positionId: position.id, minCount: 1 }, { positionId: other.id, minCount: 1 }]);
    await newAssignment(server, target, other.id, serving.personId);
    await server.post('/api/me/household/rules', { otherPersonId: serving.personId, rule: 'apart' }, as(apart));

    assert.equal((await server.post('/api/me/blockouts', { startDate: '2026-03-14', endDate: '2026-03-16' }, as(blocked))).status, 201);
    const credential = (await server.post(`${V}/credentials`, { name: 'Auto-fill check' }, as(admin))).body.credential;
    await server.post(`${V}/ministries/${ministry.id}/credential-requirements`, { credentialId: credential.id, positionId: position.id }, as(coordinator));
    for (const person of [chosen, blocked, conflicted, limited, outsider, serving, apart]) {
      await server.put(`${V}/people/${person.personId}/credentials`, { credentialId: credential.id, expiresOn: null }, as(coordinator));
    }
    const elsewhere = await newMinistry(server);
    const elsewherePosition = await newPosition(server, elsewhere.id, elsewhere.teamId);
    await qualify(server, elsewherePosition.id, conflicted.personId);
    const clash = (await newStaffedEvent(server, elsewhere, [{ positionId: elsewherePosition.id, minCount: 1 }], { date: '2026-03-15', startTime: '09:30', endTime: '10:30' })).occurrenceId;
    await newAssignment(server, clash, elsewherePosition.id, conflicted.personId);
    await server.put('/api/me/preferences', { ministryId: ministry.id, maxPerMonth: 1 }, as(limited));
    await newAssignment(server, await sunday('2026-03-08'), position.id, limited.personId);
    assert.equal((await server.delete(`${V}/ministries/${ministry.id}/pool/${outsider.personId}`, as(coordinator))).status, 200);

    const answer = await preview(coordinator, { occurrenceId: target });
    assert.deepEqual(answer.proposals.map((p) => [p.positionId, p.personId]), [[position.id, chosen.personId]]);
    const reasons = new Map(answer.proposals[0].reasons.passedOver.map((p) => [p.personId, p.reason]));
    assert.deepEqual(Object.fromEntries([blocked, uncredentialed, conflicted, limited, outsider, serving, apart].map((p) => [p.personId, reasons.get(p.personId)])), {
      [blocked.personId]: 'blocked_out', [uncredentialed.personId]: 'missing_credential', [conflicted.personId]: 'conflict', [limited.personId]: 'over_preference',
      [outsider.personId]: 'outside_pool', [serving.personId]: 'already_serving', [apart.personId]: 'household_apart',
    });
    assert.deepEqual(answer.proposals[0].reasons.inPool, true);
    assert.equal(await liveOn(target), 1, 'the preview assigned nobody');

    const outside = await preview(coordinator, { occurrenceId: target, allowOutsidePool: true, fillTo: 'min' });
    assert.equal(outside.proposals[0].personId, chosen.personId, 'pool members come before people outside it');
  });

  it('fills the hardest need first, so that a need only one person can fill is not left empty', async () => {
    const { ministry, position, coordinator, people: [versatile, single], sunday } = await church(['Versatile', 'Single']);
    const rare = await newPosition(server, ministry.id, ministry.teamId);
    await qualify(server, rare.id, versatile.personId);
    await newAssignment(server, await sunday('2026-03-08'), position.id, single.personId);
    const target = await sunday('2026-03-15', [{ positionId: position.id, minCount: 1 }, { positionId: rare.id, minCount: 1 }]);
    const answer = await preview(coordinator, { occurrenceId: target });
    assert.deepEqual(answer.proposals.map((p) => [p.positionId, p.personId]), [[rare.id, versatile.personId], [position.id, single.personId]]);
    assert.deepEqual(answer.unfilled, []);
  });

  it('spreads a window fairly where a first-eligible fill gives one person every Sunday, and repeats itself for a seed', async () => {
    const { ministry, coordinator, people, sunday } = await church(['Anna', 'Ben', 'Cleo', 'Dan']);
    for (const date of SUNDAYS) await sunday(date);
    const answer = await preview(coordinator, { ministryId: ministry.id, seed: 7 });
    assert.equal(answer.proposals.length, 8);
    const counts = people.map((person) => answer.proposals.filter((p) => p.personId === person.personId).length);
    assert.deepEqual(counts, [2, 2, 2, 2]);
    // A first-eligible fill gives Anna all eight Sundays: a spread of 8 and a Gini coefficient of 0.75.
    assert.deepEqual([answer.summary.after.spread, answer.summary.after.gini], [0, 0]);
    assert.ok(answer.summary.after.spread < 8);
    const again = await preview(coordinator, { ministryId: ministry.id, seed: 7 });
    assert.deepEqual(again, answer);
  });

  it('fills up to Min by default and up to Max when asked', async () => {
    const { coordinator, position, sunday } = await church(['Sol', 'Tia', 'Uma']);
    const target = await sunday('2026-03-15', [{ positionId: position.id, minCount: 1, maxCount: 2 }]);
    assert.equal((await preview(coordinator, { occurrenceId: target })).proposals.length, 1);
    assert.equal((await preview(coordinator, { occurrenceId: target, fillTo: 'max' })).proposals.length, 2);
  });

  it('refuses a window beyond the scheduling horizon, and a scope that is not exactly one', async () => {
    const { ministry, coordinator } = await church();
    expectError(await server.post(`${V}/auto-fill/preview`, { ministryId: ministry.id, to: '2026-05-30' }, as(coordinator)), 400, 'The window may reach at most the scheduling horizon, 2026-04-29');
    expectError(await server.post(`${V}/auto-fill/preview`, { ministryId: ministry.id, teamId: ministry.teamId }, as(coordinator)), 400, 'Name exactly one of occurrenceId, scheduleId, teamId or ministryId');
    expectError(await server.post(`${V}/auto-fill/preview`, {}, as(coordinator)), 400, 'Name exactly one of occurrenceId, scheduleId, teamId or ministryId');
  });

  it('names the needs it cannot fill, with why', async () => {
    const { coordinator, people: [only], sunday } = await church(['Only']);
    const target = await sunday('2026-03-15');
    await server.post('/api/me/blockouts', { startDate: '2026-03-15' }, as(only));
    const answer = await preview(coordinator, { occurrenceId: target });
    assert.deepEqual(answer.unfilled.map((u) => [u.occurrenceId, u.missing, u.why]), [[target, 1, 'Every qualified person is excluded: 1 blocked out']]);
  });

  it("holds a person to the ministry's own monthly limit, which replaces their general one there", async () => {
    const { ministry, position, coordinator, people: [keen], sunday } = await church(['Keen']);
    assert.equal((await server.put('/api/me/preferences', { maxPerMonth: 1 }, as(keen))).status, 200);
    assert.equal((await server.put('/api/me/preferences', { ministryId: ministry.id, maxPerMonth: 3 }, as(keen))).status, 200);
    await newAssignment(server, await sunday('2026-03-08'), position.id, keen.personId);
    const [second, third, fourth] = [await sunday('2026-03-15'), await sunday('2026-03-22'), await sunday('2026-03-29')];
    const answer = await preview(coordinator, { ministryId: ministry.id });
    assert.deepEqual(answer.proposals.map((p) => [p.occurrenceId, p.personId, p.reasons.timesThisMonth]), [[second, keen.personId, 1], [third, keen.personId, 2]]);
    assert.deepEqual(answer.unfilled.map((u) => [u.occurrenceId, u.missing, u.why]), [[fourth, 1, 'Every qualified person is excluded: 1 at their monthly limit']]);
  });
});

describe('auto-fill commit and undo', () => {
  it('creates the kept proposals as pending coordinator assignments marked autoFilled, queues their mails and names who committed', async () => {
    const { ministry, coordinator, sunday } = await church(['Eve', 'Finn', 'Gus']);
    const dates = SUNDAYS.slice(0, 3);
    for (const date of dates) await sunday(date);
    const { token, proposals } = await preview(coordinator, { ministryId: ministry.id, to: '2026-03-22' });
    assert.equal(proposals.length, 3);
    const kept = proposals.slice(0, 2);
    const result = await commit(coordinator, { token, proposals: kept.map(pick) });
    assert.deepEqual(result.created.map((c) => [c.occurrenceId, c.personId, c.status, c.source, c.autoFilled]), kept.map((p) => [p.occurrenceId, p.personId, 'pending', 'coordinator', true]));
    assert.deepEqual(result.skipped, []);
    const person = (await server.get(`/api/person/${coordinator.personId}`, as(admin))).body;
    assert.deepEqual(result.committedBy, { personId: coordinator.personId, displayName: `${person.FirstName} ${person.LastName}`, at: '2026-03-04 10:00:00' });
    const detail = (await server.get(`${V}/assignments/${result.created[0].assignmentId}`, as(coordinator))).body;
    assert.deepEqual([detail.assignment.autoFilled, detail.assignment.source], [true, 'coordinator']);
    assert.deepEqual(detail.notifications.map((n: { type: string; status: string }) => [n.type, n.status]), [['assignment', 'pending']]);
    assert.equal(await liveOn(proposals[2].occurrenceId), 0, 'the unticked row was not created');

    const sink = await drainedIntoSink();
    try {
      const emailOf = async (personId: number) => (await server.get(`/api/person/${personId}`, as(admin))).body.Email as string;
      const told = new Set(sink.inbox.map((mail) => mail.to));
      assert.deepEqual(await Promise.all(kept.map(async (p) => told.has(await emailOf(p.personId)))), [true, true], 'each volunteer kept receives the assignment request');
    } finally {
      await setSetting(server, admin, 'bEnabledEmail', '0');
      await sink.close();
    }
  });

  it('skips a need someone filled since the preview and never overbooks it', async () => {
    const { coordinator, people: [first, second], sunday, position } = await church(['Hana', 'Ivo']);
    const target = await sunday('2026-03-15');
    const { token, proposals } = await preview(coordinator, { occurrenceId: target });
    const other = proposals[0].personId === first.personId ? second : first;
    await newAssignment(server, target, position.id, other.personId);
    const result = await commit(coordinator, { token, proposals: [...proposals.map(pick), { ...pick(proposals[0]), positionId: position.id + 1000 }] });
    assert.deepEqual(result.created, []);
    assert.deepEqual(result.skipped.map((s) => [s.personId, s.reason]), [[proposals[0].personId, 'filled_since_preview'], [proposals[0].personId, 'not_needed']]);
    assert.equal(await liveOn(target), 1);
  });

  it('skips a kept proposal whose person blocked out the day since the preview, with blocked_out, and places nobody there', async () => {
    const { coordinator, people: [only], sunday } = await church(['Pia']);
    const target = await sunday('2026-03-15');
    const { token, proposals } = await preview(coordinator, { occurrenceId: target });
    assert.deepEqual(proposals.map((p) => [p.occurrenceId, p.personId]), [[target, only.personId]]);
    assert.equal((await server.post('/api/me/blockouts', { startDate: '2026-03-15' }, as(only))).status, 201);
    const result = await commit(coordinator, { token, proposals: proposals.map(pick) });
    assert.deepEqual(result.created, []);
    assert.deepEqual(result.skipped.map((s) => [s.occurrenceId, s.personId, s.reason]), [[target, only.personId, 'blocked_out']]);
    assert.equal(await liveOn(target), 0);
  });

  it('never overbooks under parallel commits of the same need', async () => {
    const { coordinator, sunday } = await church(['Jo', 'Kai', 'Lea', 'Mo']);
    const target = await sunday('2026-03-15');
    const previews = await Promise.all([1, 2, 3, 4].map((seed) => preview(coordinator, { occurrenceId: target, seed })));
    const results = await Promise.all(previews.map((p) => commit(coordinator, { token: p.token, proposals: p.proposals.map(pick) })));
    assert.equal(results.reduce((sum, r) => sum + r.created.length, 0), 1);
    assert.equal(await liveOn(target), 1);
  });

  it('commits the whole plan again from the token when no rows are listed', async () => {
    const { ministry, coordinator, sunday } = await church(['Nia', 'Oz']);
    const target = await sunday('2026-03-15');
    const { token, proposals } = await preview(coordinator, { ministryId: ministry.id, to: '2026-03-21' });
    const result = await commit(coordinator, { token });
    assert.deepEqual(result.created.map((c) => [c.occurrenceId, c.personId]), proposals.map((p) => [p.occurrenceId, p.personId]));
    assert.equal(await liveOn(target), 1);
    expectError(await server.post(`${V}/auto-fill/commit`, { token: 'not-a-token' }, as(coordinator)), 400, 'The token is not one an auto-fill preview answered');
  });

  it('answers 400 to a forged token whose scope or options the preview body would refuse, and creates nothing', async () => {
    const { ministry, coordinator, sunday } = await church(['Pia']);
    await sunday('2026-03-15');
    const { token } = await preview(coordinator, { ministryId: ministry.id, to: '2026-03-21' });
    const real = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    const forged = (changes: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...real, ...changes })).toString('base64url');
    const runsBefore = await countRows(server, 'auto_fill_runs');
    for (const changes of [
      { scope: { ministryId: { id: ministry.id } } },
      { scope: { ministryId: 1e20 } },
      { scope: { ministryId: '1 or true' } },
      { scope: { ministryId: ministry.id, note: 'extra' } },
      { from: ['2026-03-04'] },
      { seed: -1 },
      { fillTo: 'all' },
      { v: 2 },
    ]) {
      expectError(await server.post(`${V}/auto-fill/commit`, { token: forged(changes) }, as(coordinator)), 400, 'The token is not one an auto-fill preview answered');
    }
    assert.equal(await countRows(server, 'auto_fill_runs'), runsBefore);
  });

  it('tells a volunteer whose request had gone out that it is withdrawn when the run is undone', async () => {
    const { ministry, coordinator, sunday, position } = await church(['Rae', 'Sol']);
    await sunday('2026-03-15');
    const { token, proposals } = await preview(coordinator, { ministryId: ministry.id, to: '2026-03-21' });
    const { runId, created } = await commit(coordinator, { token, proposals: proposals.map(pick) });
    const sink = await drainedIntoSink();
    try {
      const email = (await server.get(`/api/person/${created[0].personId}`, as(admin))).body.Email as string;
      assert.equal(sink.inbox.filter((mail) => mail.to === email).length, 1, 'the request went out');
      assert.equal((await server.post(`${V}/auto-fill/runs/${runId}/undo`, {}, as(coordinator))).status, 200);
      await drainOutbox(server.app.services);
      assert.deepEqual(sink.inbox.filter((mail) => mail.to === email).map((mail) => mail.subject.replace(/^\[[^\]]*\] /, '')),
        [`Please serve as ${position.name}`, `No longer needed: ${position.name}`]);
    } finally {
      await setSetting(server, admin, 'bEnabledEmail', '0');
      await sink.close();
    }
  });

  it('undoes the untouched assignments of a run and keeps the answered ones', async () => {
    const { ministry, coordinator, people, sunday } = await church(['Pia', 'Quin']);
    const [a, b] = [await sunday('2026-03-15'), await sunday('2026-03-22')];
    const { token, proposals } = await preview(coordinator, { ministryId: ministry.id, to: '2026-03-22' });
    const { runId, created } = await commit(coordinator, { token, proposals: proposals.map(pick) });
    assert.equal(created.length, 2);
    const answered = created.find((c) => c.occurrenceId === a)!;
    const untouched = created.find((c) => c.occurrenceId === b)!;
    const volunteer = people.find((p) => p.personId === answered.personId)!;
    assert.equal((await server.post(`/api/me/assignments/${answered.assignmentId}/respond`, { response: 'accepted' }, as(volunteer))).status, 200);
    const undone = await server.post(`${V}/auto-fill/runs/${runId}/undo`, {}, as(coordinator));
    assert.equal(undone.status, 200, undone.text);
    assert.deepEqual(undone.body.cancelled.map((c: { assignmentId: number }) => c.assignmentId), [untouched.assignmentId]);
    assert.deepEqual(undone.body.kept.map((k: { assignmentId: number; reason: string }) => [k.assignmentId, k.reason]), [[answered.assignmentId, 'It is accepted']]);
    const cancelled = (await server.get(`${V}/assignments/${untouched.assignmentId}`, as(coordinator))).body;
    assert.equal(cancelled.assignment.status, 'cancelled');
    assert.deepEqual(cancelled.notifications.map((n: { status: string }) => n.status), ['cancelled'], 'the request mail that was not sent yet is never sent');
    assert.equal((await server.get(`${V}/assignments/${answered.assignmentId}`, as(coordinator))).body.assignment.status, 'accepted');

    const again = await preview(coordinator, { occurrenceId: b });
    const refilled = await commit(coordinator, { token: again.token, proposals: again.proposals.map(pick) });
    assert.deepEqual(refilled.created.map((c) => [c.assignmentId, c.personId, c.status, c.autoFilled]), [[untouched.assignmentId, untouched.personId, 'pending', true]], 'the cancelled row is re-used (rule I8)');
    const rerun = await server.post(`${V}/auto-fill/runs/${refilled.runId}/undo`, {}, as(coordinator));
    assert.deepEqual(rerun.body.cancelled.map((c: { assignmentId: number }) => c.assignmentId), [refilled.created[0].assignmentId], 'a re-used row counts as untouched');
    expectError(await server.post(`${V}/auto-fill/runs/2147483647/undo`, {}, as(coordinator)), 404, 'Auto-fill run not found');
  });
});

describe('who served how often', () => {
  it('counts assignments by status per person with the last date served, sorted by name or count, and as CSV', async () => {
    const { ministry, position, coordinator, people: [zed, amy], sunday } = await church(['Zed', 'Amy']);
    server.clock.set('2026-03-01T15:00:00Z');
    const past = await sunday('2026-03-02');
    await newAssignment(server, past, position.id, amy.personId);
    server.clock.set('2026-03-04T15:00:00Z');
    for (const date of ['2026-03-08', '2026-03-15']) await newAssignment(server, await sunday(date), position.id, zed.personId);
    const declined = await newAssignment(server, await sunday('2026-03-22'), position.id, amy.personId);
    await server.post(`/api/me/assignments/${declined.id}/respond`, { response: 'declined' }, as(amy));

    const url = `${V}/ministries/${ministry.id}/servings?from=2026-03-01&to=2026-03-31`;
    const report = await server.get(url, as(coordinator));
    assert.equal(report.status, 200, report.text);
    assert.deepEqual(report.body.people.map((p: Record<string, unknown>) => [p.personId, p.total, p.pending, p.declined, p.lastServed]), [
      [amy.personId, 2, 1, 1, '2026-03-02'], [zed.personId, 2, 2, 0, null],
    ]);
    const byCount = await server.get(`${url}&sort=count`, as(coordinator));
    assert.deepEqual(byCount.body.people.map((p: { personId: number }) => p.personId), [amy.personId, zed.personId], 'equal counts fall back to the name');
    const csv = await server.get(`${url}&format=csv`, as(coordinator));
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    assert.deepEqual(lines[0], 'personId,name,total,pending,accepted,declined,cancelled,completed,lastServed,served,noShows,hoursServed');
    assert.equal(lines.length, 3);
    const csvPath = await server.get(`${V}/ministries/${ministry.id}/servings.csv?from=2026-03-01&to=2026-03-31`, as(coordinator));
    assert.equal(csvPath.text, csv.text);
  });
});

describe('auto-fill access', () => {
  it('answers 403 to a coordinator of another ministry and lets a team leader fill only their team', async () => {
    const { ministry, coordinator, sunday } = await church(['Rae']);
    const target = await sunday('2026-03-15');
    const stranger = await newCoordinator(server, (await newMinistry(server)).id);
    expectError(await server.post(`${V}/auto-fill/preview`, { ministryId: ministry.id }, as(stranger)), 403, 'Not authorized for this ministry');
    expectError(await server.post(`${V}/auto-fill/preview`, { occurrenceId: target }, as(stranger)), 403, 'Not authorized for this occurrence');
    expectError(await server.get(`${V}/ministries/${ministry.id}/servings`, as(stranger)), 403, 'Not authorized for this ministry');

    const leader = await newTeamLeader(server, ministry.teamId);
    assert.equal((await server.post(`${V}/auto-fill/preview`, { teamId: ministry.teamId }, as(leader))).status, 200);
    assert.equal((await server.get(`${V}/ministries/${ministry.id}/servings?teamId=${ministry.teamId}`, as(leader))).status, 200);
    expectError(await server.post(`${V}/auto-fill/preview`, { ministryId: ministry.id }, as(leader)), 403, 'Not authorized for this ministry');
    expectError(await server.get(`${V}/ministries/${ministry.id}/servings`, as(leader)), 403, 'Not authorized for this ministry');
    const otherTeam = await newTeam(server, ministry.id);
    expectError(await server.post(`${V}/auto-fill/preview`, { teamId: otherTeam.id }, as(leader)), 403, 'Not authorized for this team');

    const { token, proposals } = await preview(coordinator, { occurrenceId: target });
    expectError(await server.post(`${V}/auto-fill/commit`, { token, proposals: proposals.map(pick) }, as(stranger)), 403, 'Not authorized for this occurrence');
    const { runId } = await commit(coordinator, { token, proposals: proposals.map(pick) });
    expectError(await server.post(`${V}/auto-fill/runs/${runId}/undo`, {}, as(stranger)), 403, 'Not authorized for this auto-fill run');
    assert.equal(await liveOn(target), 1);
  });
});

describe('a quarter of Sundays', () => {
  it('previews and commits thirteen Sundays of six positions', async (t) => {
    await server.post('/admin/api/system/config/iVolunteerSchedulingHorizonWeeks', { value: '14' }, as(admin));
    const ministry: Ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const positions = [];
    for (let i = 0; i < 6; i++) positions.push(await newPosition(server, ministry.id, ministry.teamId));
    for (let i = 0; i < 30; i++) {
      const person = await newUser(server);
      for (const position of positions.filter((_, j) => (i + j) % 2 === 0)) await qualify(server, position.id, person.personId);
    }
    const start = Date.parse('2026-03-08T00:00:00Z');
    for (let week = 0; week < 13; week++) {
      const date = new Date(start + week * 7 * 86_400_000).toISOString().slice(0, 10);
      await newStaffedEvent(server, ministry, positions.map((p) => ({ positionId: p.id, minCount: 2 })), { date });
    }
    await preview(coordinator, { ministryId: ministry.id, to: '2026-03-08' }); // reads the changed horizon setting into its cache
    const oneWeek = await countStatements(() => preview(coordinator, { ministryId: ministry.id, to: '2026-03-08' }));
    let clock = performance.now();
    const quarter = await countStatements(() => preview(coordinator, { ministryId: ministry.id, to: '2026-05-31' }));
    const previewMs = performance.now() - clock;
    const planned = quarter.result;
    clock = performance.now();
    const committed = await countStatements(() => commit(coordinator, { token: planned.token, proposals: planned.proposals.map(pick) }));
    const commitMs = performance.now() - clock;
    const result = committed.result;
    t.diagnostic(`preview ${previewMs.toFixed(0)} ms (${quarter.statements} statements), commit ${commitMs.toFixed(0)} ms (${committed.statements} statements) for ${result.created.length} assignments; spread ${planned.summary.before.spread} → ${planned.summary.after.spread}, Gini ${planned.summary.after.gini}`);
    assert.equal(result.created.length, 13 * 6 * 2);
    assert.ok(planned.summary.after.spread <= 1);
    assert.equal(quarter.statements, oneWeek.statements, 'the preview sends as many statements for a quarter as for a week');
    assert.ok(committed.statements <= 12 * 13 + 12, `at most 12 statements per occurrence committed (sent ${committed.statements})`);
    await server.post('/admin/api/system/config/iVolunteerSchedulingHorizonWeeks', { value: '8' }, as(admin));
  });
});

describe('filling a declined place again (refillOnDecline)', () => {
  it('asks the next fitting person at once on a schedule that wants it, never the one who declined, and nobody on one that does not', async () => {
    const { ministry, position, coordinator, people: [first] } = await church(['Tia', 'Uma']);
    const asked = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 1 }], { date: '2026-03-15' });
    const plain = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 1 }], { date: '2026-03-22' });
    const set = await server.post(`${V}/schedules/${asked.scheduleId}`, { refillOnDecline: true }, as(coordinator));
    assert.equal(set.status, 200, set.text);
    assert.deepEqual([set.body.schedule.refillOnDecline, (await server.get(`${V}/schedules/${plain.scheduleId}`, as(coordinator))).body.schedule.refillOnDecline], [true, false]);
    expectError(await server.post(`${V}/schedules/${asked.scheduleId}`, { refillOnDecline: 'sometimes' }, as(coordinator)), 400, 'refillOnDecline must be true or false');

    for (const { occurrenceId } of [asked, plain]) {
      const assignment = await newAssignment(server, occurrenceId, position.id, first.personId);
      assert.equal((await server.post(`/api/me/assignments/${assignment.id}/respond`, { response: 'declined' }, as(first))).status, 200);
    }
    const rows = async (occurrenceId: number) => (await storedRows(server, 'assignments', { occurrence_id: occurrenceId }))
      .map((row) => ({ personId: row.person_id, status: row.status, id: row.id }));
    const refilled = (await rows(asked.occurrenceId)).filter((row) => row.status === 'pending');
    assert.equal(refilled.length, 1, 'one person was asked instead');
    assert.notEqual(refilled[0].personId, first.personId);
    const detail = (await server.get(`${V}/assignments/${refilled[0].id}`, as(coordinator))).body;
    assert.deepEqual([detail.assignment.autoFilled, detail.assignment.source], [true, 'coordinator']);
    assert.deepEqual((await rows(plain.occurrenceId)).map((row) => row.status), ['declined'], 'the other schedule waits for the coordinator');
  });
});
