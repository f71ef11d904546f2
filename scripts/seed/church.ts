import type { Authorized } from '../../src/domain/access/authorized.js';
import { MINISTRIES, type MinistryTemplate } from './catalogue.js';
import type { SeedContext } from './context.js';
import type { SeededPeople, SeededPerson } from './people.js';
import { COORDINATED_MINISTRIES, QUALIFIED_PER_POSITION, VOLUNTEER_MINISTRIES } from './plan.js';
import { mapLimit, Random } from './support.js';

/** Index of a team's positions: the core role, the second role, and the self-assignable sign-up role. */
export const CORE = 0;
export const SECOND = 1;
export const SIGN_UP = 2;

export interface SeededTeam {
  id: number;
  name: string;
  ministry: Authorized<'ministry'>;
  /** [core, second, sign-up], each with the general people qualified for it (bench volunteers not included). */
  positions: Array<{ row: Authorized<'position'>; qualified: number[] }>;
}

export interface SeededChurch {
  ministries: Array<Authorized<'ministry'>>;
  teams: SeededTeam[];
}

/** `Hospitality`, and `Hospitality 2`, `Hospitality 3` … once the scale needs more than the built-in list. */
function ministryName(index: number): { template: MinistryTemplate; name: string } {
  const template = MINISTRIES[index % MINISTRIES.length];
  const round = Math.floor(index / MINISTRIES.length);
  return { template, name: round === 0 ? template.name : `${template.name} ${round + 1}` };
}

function teamName(template: MinistryTemplate, index: number): string {
  const round = Math.floor(index / template.teams.length);
  const name = template.teams[index % template.teams.length];
  return round === 0 ? name : `${name} ${round + 1}`;
}

/** One ministry with its teams (the default team renamed to the first) and three positions per team. */
async function seedMinistry(context: SeedContext, index: number, teamCount: number): Promise<SeededTeam[]> {
  const { services, repos, actor } = context;
  // A generator of its own: ministries are built in parallel on PostgreSQL, and the draws must not depend on timing.
  const random = new Random(7_000 + index);
  const { template, name } = ministryName(index);
  const { ministry } = await services.ministries.create(actor, { name, description: `The ${name} ministry`, sundaySchool: false });
  const row = await services.volunteerAccess.ministry(actor, ministry.id);
  if (template.helpWantedText !== '') await services.ministries.update(actor, row, { helpWanted: true, helpWantedText: template.helpWantedText });
  const defaultTeam = await services.volunteerAccess.team(actor, (await repos.teams.listWithDetails({ ministryId: row.id }))[0].id, 'ministry');
  const teams: SeededTeam[] = [];
  for (let t = 0; t < teamCount; t++) {
    const name = teamName(template, t);
    const { team } = t === 0
      ? await services.teams.update(actor, defaultTeam, { name })
      : await services.teams.create(actor, row, { name });
    const positions: SeededTeam['positions'] = [];
    for (const [order, positionName] of template.positions.entries()) {
      const { position } = await services.positions.create(actor, row, {
        name: positionName,
        teamId: team.id,
        order,
        recruiting: order === SIGN_UP ? random.chance(0.4) : order === CORE && random.chance(0.1),
        // Positions are self-assignable unless told otherwise; only the sign-up role is open to members.
        selfAssignable: order === SIGN_UP,
      });
      positions.push({ row: await services.volunteerAccess.position(actor, position.id), qualified: [] });
    }
    teams.push({ id: team.id, name, ministry: row, positions });
  }
  return teams;
}

/** Ministries, teams and positions; team i belongs to ministry i mod the number of ministries. */
export async function seedMinistries(context: SeedContext): Promise<SeededChurch> {
  const { plan, parallelism, progress } = context;
  const step = progress.begin('ministries, teams and positions');
  const teamCounts = Array.from({ length: plan.ministries }, (_, m) => Math.floor(plan.teams / plan.ministries) + (m < plan.teams % plan.ministries ? 1 : 0));
  const perMinistry = await mapLimit(teamCounts, parallelism, (count, m) => seedMinistry(context, m, count));
  const teams = perMinistry.flat();
  step.done(`${plan.ministries} ministries, ${teams.length} teams, ${teams.length * 3} positions`);
  return { ministries: perMinistry.map((list) => list[0].ministry), teams };
}

/**
 * General qualifications (15, 13 and 2 per team's positions, drawn from everyone old enough to serve), then the
 * bench volunteers on every sign-up position of their ministries. A grant also puts the person in the pool.
 */
export async function seedQualifications(context: SeedContext, church: SeededChurch, people: SeededPeople): Promise<number> {
  const { services, actor, random, parallelism, progress } = context;
  const step = progress.begin('qualifications');
  const grants: Array<{ position: Authorized<'position'>; personId: number }> = [];
  for (const team of church.teams) {
    for (const [index, position] of team.positions.entries()) {
      position.qualified = random.sample(people.servers, QUALIFIED_PER_POSITION[index]).map((p) => p.id);
      for (const personId of position.qualified) grants.push({ position: position.row, personId });
    }
  }
  for (const volunteer of volunteersOf(people)) {
    for (const ministry of volunteerMinistries(church)) {
      for (const team of church.teams.filter((t) => t.ministry.id === ministry.id)) grants.push({ position: team.positions[SIGN_UP].row, personId: volunteer.id });
    }
  }
  let done = 0;
  await mapLimit(grants, parallelism, async ({ position, personId }) => {
    await services.qualifications.grant(actor, position, personId, null);
    if (++done % 1000 === 0) step.tick(done, grants.length);
  });
  step.done(grants.length);
  return grants.length;
}

/** The bench volunteers: the bench persons after the coordinator and the manager. */
export const volunteersOf = (people: SeededPeople): SeededPerson[] => people.bench.slice(2);
export const coordinatorOf = (people: SeededPeople): SeededPerson => people.bench[0];
export const managerOf = (people: SeededPeople): SeededPerson => people.bench[1];

/**
 * Every bench volunteer serves in the same first ministries, so that the sign-up benchmark's parallel clients
 * compete for the same open slots (the capacity check under contention is what it measures).
 */
export function volunteerMinistries(church: SeededChurch): Array<Authorized<'ministry'>> {
  return church.ministries.slice(0, VOLUNTEER_MINISTRIES);
}

/** The bench coordinator coordinates the first three ministries. */
export const coordinatedMinistries = (church: SeededChurch): Array<Authorized<'ministry'>> => church.ministries.slice(0, COORDINATED_MINISTRIES);

/**
 * Scope grants: the bench coordinator on its ministries, one more coordinator per ministry and one leader per
 * team (the first person qualified for its core position). Grant holders join the pool.
 */
export async function seedScopes(context: SeedContext, church: SeededChurch, people: SeededPeople): Promise<number> {
  const { services, actor, random, parallelism, progress } = context;
  const step = progress.begin('scope grants (coordinators, team leaders)');
  const grants = [
    ...coordinatedMinistries(church).map((m) => ({ personId: coordinatorOf(people).id, scopeType: 'ministry' as const, scopeId: m.id })),
    ...church.ministries.map((m) => ({ personId: random.pick(people.servers).id, scopeType: 'ministry' as const, scopeId: m.id })),
    ...church.teams.map((t) => ({ personId: t.positions[CORE].qualified[0], scopeType: 'team' as const, scopeId: t.id })),
  ];
  await mapLimit(grants, parallelism, (grant) => services.scopes.grant(actor, grant));
  step.done(grants.length);
  return grants.length;
}

/** More pool members per ministry through the administrator's cart (E18's bulk path), emptied after each ministry. */
export async function seedPools(context: SeedContext, church: SeededChurch, people: SeededPeople): Promise<number> {
  const { services, admin, actor, random, plan, progress } = context;
  const step = progress.begin('volunteer pools (through the cart)');
  let added = 0;
  // One cart per user: the ministries take turns with it, so this step does not run in parallel.
  for (const ministry of church.ministries) {
    await services.cart.add(admin, { persons: random.sample(people.servers, plan.extraPoolMembers).map((p) => p.id) });
    added += (await services.pool.addFromCart(actor, ministry)).added;
    await services.cart.remove(admin);
  }
  step.done(`${added} added`);
  return added;
}
