import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  as, newAssignment, newCoordinator, newMinistry, newPosition, newStaffedEvent, newTeam, newUser, overrideNeed, qualify, useServer,
  type TestUser,
} from '../kit/index.js';
import type { RosterView } from '../../src/http/schemas/roster.schemas.js';
import type { OccurrenceView } from '../../src/http/schemas/volunteer.schemas.js';
import type { DashboardGapView, DashboardUpcomingView } from '../../src/http/schemas/dashboard.schemas.js';
import type { MinistryReportView } from '../../src/http/schemas/reports.schemas.js';
import { weekOf } from '../../src/domain/reports/reports.js';

/**
 * One derivation of "filled" (issue 35 #5): the schedule page and the occurrence list (GET /occurrences), the occurrence
 * page (E6 and its staffing), the roster, the dashboard (E8 and §7.4's gaps), a ministry's events (E1) and its summary
 * (E16) answer the same figures for every occurrence of a seeded church, because they all come from the domain's gap
 * derivation; the report's coverage per week (issue 35 #4) is their sum over each week's occurrences. A new view of
 * staffing adds its reading to `views` below.
 */
const server = useServer();
const V = '/api/ministries';
const FROM = '2026-03-04';
const TO = '2026-04-28';

/** What every view must agree on, per occurrence: Min summed, places of Min filled, live people, and the gap per position. */
interface Figures {
  required: number;
  filled: number;
  live: number;
  gaps: Record<string, number>;
}

const ok = async (user: TestUser, url: string) => {
  const answer = await server.get(url, as(user));
  assert.equal(answer.status, 200, `${url}: ${answer.text}`);
  return answer.body;
};

/**
 * A church whose Sundays are staffed every way a figure can go wrong: a position over its Min beside one under it (the
 * old "21 of 21 filled · 2 open" beside "Singer: 2 missing"), declines and pending answers, an occurrence's own
 * needs overriding the plan, a position dropped there, a person placed off-plan, and a second team.
 */
async function seededChurch() {
  const ministry = await newMinistry(server);
  const singer = await newPosition(server, ministry.id, ministry.teamId, { name: 'Singer' });
  const usher = await newPosition(server, ministry.id, ministry.teamId, { name: 'Usher' });
  const greeter = await newPosition(server, ministry.id, ministry.teamId, { name: 'Greeter' });
  const band = await newTeam(server, ministry.id, { name: 'Band' });
  const drums = await newPosition(server, ministry.id, band.id, { name: 'Drums' });
  const coordinator = await newCoordinator(server, ministry.id);
  const people: TestUser[] = [];
  for (let i = 0; i < 8; i++) {
    const person = await newUser(server, { person: { first_name: `Person${i}`, last_name: 'Seed' } });
    for (const position of [singer, usher, greeter, drums]) await qualify(server, position.id, person.personId);
    people.push(person);
  }
  const needs = [{ positionId: singer.id, minCount: 2, maxCount: 3 }, { positionId: usher.id, minCount: 1, maxCount: 5 }, { positionId: greeter.id, minCount: 0, maxCount: 2 }];
  const sundays: number[] = [];
  const dates = new Map<number, string>();
  for (const date of ['2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29']) {
    sundays.push((await newStaffedEvent(server, ministry, needs, { date })).occurrenceId);
    dates.set(sundays.at(-1)!, date);
  }
  const [overStaffed, mixed, overridden, empty] = sundays;
  // Three Ushers for Min 1, no Singer: three people for three places of Min, yet two Singers missing.
  for (const person of people.slice(0, 3)) await newAssignment(server, overStaffed, usher.id, person.personId, { status: 'accepted' });
  // Answers of every kind; a declined Singer does not count, a pending one does.
  await newAssignment(server, mixed, singer.id, people[0].personId, { status: 'accepted' });
  await newAssignment(server, mixed, singer.id, people[1].personId, { status: 'declined' });
  await newAssignment(server, mixed, singer.id, people[2].personId);
  await newAssignment(server, mixed, greeter.id, people[3].personId);
  await newAssignment(server, mixed, usher.id, people[4].personId, { status: 'cancelled' });
  // The occurrence's own needs: three Singers, no Ushers; someone placed as Usher anyway is off-plan.
  await overrideNeed(server, overridden, { positionId: singer.id, minCount: 3, maxCount: 3 });
  await overrideNeed(server, overridden, { positionId: usher.id, minCount: 0, maxCount: 0 });
  await newAssignment(server, overridden, singer.id, people[5].personId, { status: 'accepted' });
  await newAssignment(server, overridden, drums.id, people[6].personId, { allowOutsidePool: true });
  const bandSunday = (await newStaffedEvent(server, { id: ministry.id, teamId: band.id }, [{ positionId: drums.id, minCount: 1 }], { date: '2026-03-08' })).occurrenceId;
  await newAssignment(server, bandSunday, drums.id, people[7].personId, { status: 'accepted' });
  dates.set(bandSunday, '2026-03-08');
  return { ministry, band, coordinator, occurrenceIds: [...sundays, bandSunday], dates, empty };
}

type View = (world: Awaited<ReturnType<typeof seededChurch>>) => Promise<Map<number, Partial<Figures>>>;

const gapsOf = (requirements: Array<{ positionName: string; gapCount: number }>) =>
  Object.fromEntries(requirements.filter((r) => r.gapCount > 0).map((r) => [r.positionName, r.gapCount]));

/** Each view's reading of the figures, per occurrence. */
const views: Record<string, View> = {
  'occurrence list and schedule page (GET /occurrences)': async ({ ministry, coordinator }) => {
    const body = await ok(coordinator, `${V}/occurrences?ministryId=${ministry.id}&from=${FROM}&to=${TO}`);
    return new Map((body.occurrences as OccurrenceView[]).map((o) => [o.id, {
      required: o.requiredCount, filled: o.filledCount, live: o.liveCount, gaps: Object.fromEntries(o.gaps.map((g) => [g.positionName, g.gapCount])),
    }]));
  },
  'occurrence page (E6)': async ({ coordinator, occurrenceIds }) => {
    const result = new Map<number, Partial<Figures>>();
    for (const id of occurrenceIds) {
      const { occurrence, requirements } = await ok(coordinator, `${V}/occurrences/${id}`);
      result.set(id, { required: occurrence.requiredCount, filled: occurrence.filledCount, live: occurrence.liveCount, gaps: gapsOf(requirements) });
    }
    return result;
  },
  'occurrence page staffing': async ({ coordinator, occurrenceIds }) => {
    const result = new Map<number, Partial<Figures>>();
    for (const id of occurrenceIds) {
      const { occurrence, requirements } = await ok(coordinator, `${V}/occurrences/${id}/staffing`);
      const live = (requirements as Array<{ assignments: Array<{ status: string }> }>)
        .reduce((sum, r) => sum + r.assignments.filter((a) => a.status === 'pending' || a.status === 'accepted').length, 0);
      result.set(id, { required: occurrence.requiredCount, filled: occurrence.filledCount, gaps: gapsOf(requirements), live });
    }
    return result;
  },
  roster: async ({ ministry, coordinator }) => {
    const roster = await ok(coordinator, `${V}/ministries/${ministry.id}/roster?from=${FROM}&to=${TO}`) as RosterView;
    const names = new Map(roster.positions.map((p) => [p.id, p.name]));
    return new Map(roster.occurrences.map((o) => {
      const cells = roster.cells.filter((c) => c.occurrenceId === o.id);
      return [o.id, {
        required: o.requiredCount, filled: o.filledCount, live: o.liveCount,
        gaps: gapsOf(cells.map((c) => ({ positionName: names.get(c.positionId)!, gapCount: c.gapCount }))),
      }];
    }));
  },
  'dashboard (E8 upcoming and gaps)': async ({ coordinator }) => {
    const body = await ok(coordinator, `${V}/dashboard?days=60`);
    const result = new Map<number, Partial<Figures>>();
    for (const o of body.upcoming as DashboardUpcomingView[]) result.set(o.id, { required: o.requiredCount, filled: o.filledCount, live: o.liveCount, gaps: {} });
    for (const gap of body.gaps as DashboardGapView[]) result.get(gap.occurrenceId)!.gaps![gap.positionName] = gap.gapCount;
    return result;
  },
  'gaps list (§7.4)': async ({ ministry, coordinator, occurrenceIds }) => {
    const body = await ok(coordinator, `${V}/gaps?ministryId=${ministry.id}&from=${FROM}&to=${TO}`);
    const result = new Map<number, Partial<Figures>>(occurrenceIds.map((id) => [id, { gaps: {} }]));
    for (const gap of body.gaps as DashboardGapView[]) result.get(gap.occurrenceId)!.gaps![gap.positionName] = gap.gapCount;
    return result;
  },
  "ministry's events (E1)": async ({ ministry, coordinator }) => {
    const body = await ok(coordinator, `${V}/ministries/${ministry.id}/events?from=${FROM}&to=${TO}`);
    const result = new Map<number, Partial<Figures>>();
    for (const event of body.events) {
      for (const team of event.staffing) {
        if (team.occurrenceIds.length === 1) result.set(team.occurrenceIds[0], { required: team.needed, filled: team.filled });
      }
    }
    return result;
  },
};

describe('One derivation of "filled"', () => {
  it('gives the same figures for every occurrence in every view of staffing', async () => {
    const world = await seededChurch();
    const readings = Object.entries(views);
    const answers = new Map<string, Map<number, Partial<Figures>>>();
    for (const [name, read] of readings) answers.set(name, await read(world));
    const reference = answers.get('occurrence page (E6)')!;
    for (const id of world.occurrenceIds) {
      const expected = reference.get(id)!;
      for (const [name, answer] of answers) {
        const figures = answer.get(id);
        assert.ok(figures, `${name} shows occurrence ${id}`);
        for (const field of Object.keys(figures) as Array<keyof Figures>) {
          assert.deepEqual(figures[field], expected[field], `${name}: ${field} of occurrence ${id}`);
        }
      }
    }
    // The service that used to read "3 of 3 filled · 2 open" beside "Singer: 2 missing" now reads 1 of 3, Singer 2 missing.
    const [overStaffed] = world.occurrenceIds;
    assert.deepEqual(reference.get(overStaffed), { required: 3, filled: 1, live: 3, gaps: { Singer: 2 } });
    // The report's coverage, for the ministry and for one team: per week, Min and places filled summed over the week's occurrences.
    for (const team of [undefined, world.band.id]) {
      const query = `from=${FROM}&to=${TO}${team === undefined ? '' : `&teamId=${team}`}`;
      const report = await ok(world.coordinator, `${V}/ministries/${world.ministry.id}/report?${query}`) as MinistryReportView;
      const expected = new Map<string, { occurrences: number; required: number; filled: number }>();
      const inScope = team === undefined ? world.occurrenceIds : [world.occurrenceIds.at(-1)!];
      for (const id of inScope) {
        const week = weekOf(world.dates.get(id)!);
        const sums = expected.get(week) ?? { occurrences: 0, required: 0, filled: 0 };
        expected.set(week, { occurrences: sums.occurrences + 1, required: sums.required + reference.get(id)!.required!, filled: sums.filled + reference.get(id)!.filled! });
      }
      const weeks = report.weeks.filter((w) => w.occurrenceCount > 0);
      assert.deepEqual(new Map(weeks.map((w) => [w.week, { occurrences: w.occurrenceCount, required: w.requiredCount, filled: w.filledCount }])), expected, `report ${query}`);
      for (const w of weeks) assert.equal(w.coverage, w.requiredCount === 0 ? null : w.filledCount / w.requiredCount, `coverage of ${w.week}`);
    }
    // E16's count of places to fill is the sum of the same gaps over the ministry's upcoming occurrences.
    const summary = await ok(world.coordinator, `${V}/ministries/${world.ministry.id}/summary`);
    const totalGap = world.occurrenceIds.reduce((sum, id) => sum + Object.values(reference.get(id)!.gaps!).reduce((a, b) => a + b, 0), 0);
    assert.equal(summary.summary?.unfilledPositionCount ?? summary.unfilledPositionCount, totalGap);
  });
});
