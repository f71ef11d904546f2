/**
 * `npm run seed -- --scale N`: fills the configured database (DATA_DIR or DATABASE_URL, as `npm start`) with a
 * large church through the domain services. Scale 1: 5,000 people in 1,800 families, 20 ministries, 100 teams,
 * 300 positions, ~4,000 qualifications, 200 schedules over two years of Sunday services (a year of history,
 * a year ahead) and ~500,000 assignments, plus the bench logins (`coordinator`, `manager`, `volunteer1` …
 * `volunteer50`, password `seed-password`). Refuses a database that already has ministries. Stop the service
 * first when it uses the embedded database.
 */
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { migrateToLatest, openPglite, openPostgres } from '../src/db/database.js';
import { createRepositories } from '../src/db/repositories/index.js';
import { ROLE_FLAGS, type Caller, type Roles } from '../src/domain/access/caller.js';
import { buildServices } from '../src/domain/services.js';
import { seedAccounts } from './seed/accounts.js';
import { seedMinistries, seedPools, seedQualifications, seedScopes } from './seed/church.js';
import type { SeedContext } from './seed/context.js';
import { seedPeople } from './seed/people.js';
import { parseScale, planFor, USAGE, UsageError } from './seed/plan.js';
import { seedSchedules } from './seed/schedules.js';
import { MovableClock, Progress, Random } from './seed/support.js';
import { countRows, printSummary } from './seed/summary.js';

/** Service calls in flight at once on PostgreSQL: enough to overlap round trips, few enough for two cores. */
const POSTGRES_PARALLELISM = 4;

/** A database the seed must not touch; reported in one line, without a stack. */
class Refusal extends Error {}

/** Fills the configured database at `scale`; throws Refusal when it already has ministries. */
async function seed(scale: number): Promise<void> {
  const progress = new Progress();
  const config = loadConfig();
  const opening = progress.begin('open and migrate');
  const database = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  const clock = new MovableClock();
  try {
    await migrateToLatest(database.db);
    opening.done(database.kind);
    const services = buildServices(database, clock);
    await services.users.ensureFirstAdministrator(config.adminPassword);
    if ((await database.db.selectFrom('ministries').select('id').limit(1).execute()).length > 0) {
      throw new Refusal('This database already has ministries; the seed only fills an empty church.');
    }
    const plan = planFor(scale);
    console.log(`seed: scale ${scale} on ${database.kind}: ${plan.people} people, ${plan.families} families, ${plan.ministries} ministries, ${plan.teams} teams`);
    const admin: Caller = { userId: 1, personId: 1, userName: 'admin', roles: Object.fromEntries(ROLE_FLAGS.map((f) => [f, true])) as Roles };
    const context: SeedContext = {
      services,
      repos: createRepositories(database.db),
      admin,
      actor: await services.volunteerAccess.actorOf(admin),
      clock,
      progress,
      plan,
      random: new Random(20_240_901),
      parallelism: database.kind === 'postgres' ? POSTGRES_PARALLELISM : 1,
    };

    const people = await seedPeople(context);
    // Password hashing is CPU work on a worker thread: it runs beside the database steps instead of before them.
    const accounts = seedAccounts(context, people);
    // Awaited below; this only keeps an early failure from being reported as unhandled meanwhile.
    accounts.catch(() => undefined);
    const church = await seedMinistries(context);
    await seedQualifications(context, church, people);
    // Team leaders are drawn from the people qualified for the team's core position.
    await seedScopes(context, church, people);
    await seedPools(context, church, people);
    await seedSchedules(context, church);
    await accounts;
    // Fresh statistics, as after any bulk load: the planner otherwise sizes half a million rows as none.
    const analyzing = progress.begin('vacuum analyze');
    await sql`vacuum analyze`.execute(database.db);
    analyzing.done('tables');
    printSummary(await countRows(database.db), progress.elapsed());
  } finally {
    await database.close();
  }
}

try {
  await seed(parseScale(process.argv.slice(2)));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`seed: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof Refusal) {
    console.error(`seed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
