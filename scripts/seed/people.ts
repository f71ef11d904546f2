import { CITIES, FEMALE_NAMES, LAST_NAMES, MALE_NAMES, STREETS } from './catalogue.js';
import type { SeedContext } from './context.js';
import { BENCH_PEOPLE } from './plan.js';
import { mapLimit, type Random } from './support.js';

const MALE = 1;
const FEMALE = 2;
const ROLE = { head: 1, spouse: 2, child: 3 } as const;

interface MemberPlan {
  firstName: string;
  gender: number;
  roleId: number;
  birthYear: number;
}

interface FamilyPlan {
  lastName: string;
  members: MemberPlan[];
}

export interface SeededPerson {
  id: number;
  firstName: string;
  lastName: string;
  /** Old enough to serve on a team (14 and over). */
  canServe: boolean;
}

export interface SeededPeople {
  /** The persons behind the bench logins: coordinator, manager, then volunteer1 … volunteer50. */
  bench: SeededPerson[];
  /** Everyone else who can serve: the pool the qualifications and default volunteers are drawn from. */
  servers: SeededPerson[];
  all: SeededPerson[];
  familyCount: number;
}

const thisYear = new Date().getFullYear();

function newMember(random: Random, roleId: number, birthYear: number, gender = random.chance(0.5) ? MALE : FEMALE): MemberPlan {
  return { firstName: random.pick(gender === MALE ? MALE_NAMES : FEMALE_NAMES), gender, roleId, birthYear };
}

/** Households of one head each; the remaining people join random households as a spouse (one) or children. */
function planFamilies(random: Random, familyCount: number, peopleCount: number): FamilyPlan[] {
  const families: FamilyPlan[] = Array.from({ length: familyCount }, () => ({
    lastName: random.pick(LAST_NAMES),
    members: [newMember(random, ROLE.head, random.int(1945, 2000))],
  }));
  for (let i = familyCount; i < peopleCount; i++) {
    const family = families[random.int(0, familyCount - 1)];
    const head = family.members[0];
    const hasSpouse = family.members.some((m) => m.roleId === ROLE.spouse);
    if (!hasSpouse && random.chance(0.85)) {
      family.members.push(newMember(random, ROLE.spouse, head.birthYear + random.int(-4, 4), head.gender === MALE ? FEMALE : MALE));
    } else {
      family.members.push(newMember(random, ROLE.child, Math.min(thisYear - 1, head.birthYear + random.int(22, 42))));
    }
  }
  return families;
}

/** `first.last@example.org`, numbered when the name repeats. */
function emailMaker() {
  const seen = new Map<string, number>();
  return (first: string, last: string) => {
    const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return `${base}${count > 1 ? count : ''}@example.org`;
  };
}

const phone = (random: Random) => `(555) ${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, '0')}`;

/** Families and their people through PeopleService; the first people old enough to serve become the bench persons. */
export async function seedPeople(context: SeedContext): Promise<SeededPeople> {
  const { services, admin, plan, random, progress, parallelism } = context;
  const plans = planFamilies(random, plan.families, plan.people);
  const emailOf = emailMaker();

  let step = progress.begin('families');
  const families = await mapLimit(plans, parallelism, (family) =>
    services.people.createFamily(admin, {
      name: family.lastName,
      address1: `${random.int(1, 999)} ${random.pick(STREETS)}`,
      city: random.pick(CITIES),
      state: 'IL',
      zip: String(random.int(60000, 62999)),
      country: 'US',
      homePhone: phone(random),
    }));
  step.done(families.length);

  step = progress.begin('people');
  const specs = plans.flatMap((family, f) => family.members.map((member) => ({ family, familyId: families[f].id, member })));
  const all = await mapLimit(specs, parallelism, async ({ family, familyId, member }): Promise<SeededPerson> => {
    const age = thisYear - member.birthYear;
    const isAdult = age >= 18;
    const person = await services.people.createPerson(admin, {
      firstName: member.firstName,
      lastName: family.lastName,
      email: age >= 16 ? emailOf(member.firstName, family.lastName) : null,
      gender: member.gender,
      familyId,
      familyRoleId: member.roleId,
      birthDate: `${member.birthYear}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      cellPhone: isAdult ? phone(random) : null,
    });
    return { id: person.id, firstName: member.firstName, lastName: family.lastName, canServe: age >= 14 };
  });
  step.done(all.length);

  // People old enough to serve first, so that the bench logins never belong to small children when the scale allows it.
  const byAge = [...all].sort((a, b) => Number(b.canServe) - Number(a.canServe));
  const bench = byAge.slice(0, BENCH_PEOPLE);
  const benchIds = new Set(bench.map((p) => p.id));
  const servers = all.filter((p) => p.canServe && !benchIds.has(p.id));
  return { bench, servers, all, familyCount: families.length };
}
