/**
 * `npm run demo`: fills the configured database (DATA_DIR or DATABASE_URL, as `npm start`) with a small,
 * friendly church through the domain services — people, two ministries with teams and positions, Sunday
 * services for the next two months, schedules with default volunteers and a few gaps. Refuses a database
 * that already has ministries. Stop the service first when it uses the embedded database.
 */
import { loadConfig, localUrl } from '../src/config.js';
import { migrateToLatest, openPglite, openPostgres } from '../src/db/database.js';
import { createRepositories } from '../src/db/repositories/index.js';
import { ROLE_FLAGS, type Caller, type Roles } from '../src/domain/access/caller.js';
import { systemClock } from '../src/domain/clock.js';
import { addDays } from '../src/domain/dates.js';
import { parseScheduleCreate } from '../src/http/commands/schedules.commands.js';
import { buildServices } from '../src/domain/services.js';

const config = loadConfig();
const database = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
const step = (text: string) => console.log(`demo: ${text}`);
const DEMO_VOLUNTEER_PASSWORD = 'volunteer-demo';

try {
  await migrateToLatest(database.db);
  const services = buildServices(database, systemClock);
  await services.users.ensureFirstAdministrator(config.adminPassword);
  if ((await database.db.selectFrom('ministries').select('id').limit(1).execute()).length > 0) {
    throw new Error('This database already has ministries; the demo only fills an empty church.');
  }
  const admin: Caller = { userId: 1, personId: 1, userName: 'admin', roles: Object.fromEntries(ROLE_FLAGS.map((f) => [f, true])) as Roles };
  const actor = await services.volunteerAccess.actorOf(admin);
  const repos = createRepositories(database.db);

  step('people');
  const names = [
    ['Grace', 'Okafor'], ['Daniel', 'Kim'], ['Maria', 'Santos'], ['Peter', 'Novak'], ['Ruth', 'Abebe'], ['Samuel', 'Lee'],
    ['Hannah', 'Schmidt'], ['Joseph', 'Mensah'], ['Esther', 'Rossi'], ['David', 'Nguyen'], ['Lydia', 'Brown'], ['Thomas', 'Murphy'],
  ];
  const people = [];
  for (const [first, last] of names) {
    people.push(await services.people.createPerson(admin, { firstName: first, lastName: last, email: `${first.toLowerCase()}.${last.toLowerCase()}@example.org` }));
  }

  step('Sunday services for the next two months');
  const today = await services.time.today();
  const other = (await repos.eventTypes.findByName('Other'))!;
  const { events } = await services.events.createSeries({
    title: 'Sunday Service', typeId: other.id, calendarIds: [], linkedGroupIds: [],
    recurrence: { type: 'weekly', weekday: 0 }, rangeStart: today, rangeEnd: addDays(today, 62), startTime: '10:00:00', endTime: '11:30:00',
  });

  const plans = [
    { ministry: 'Hospitality', team: 'Welcome Team', positions: ['Greeter', 'Coffee Host', 'Usher'], volunteers: people.slice(0, 6) },
    { ministry: 'Children', team: 'Sunday Kids', positions: ['Nursery', 'Storyteller'], volunteers: people.slice(6, 12) },
  ];
  for (const plan of plans) {
    step(`${plan.ministry} ministry`);
    const { ministry } = await services.ministries.create(actor, { name: plan.ministry, description: `The ${plan.ministry.toLowerCase()} ministry`, sundaySchool: false });
    const ministryRow = await services.volunteerAccess.ministry(actor, ministry.id);
    const { team } = await services.teams.create(actor, ministryRow, { name: plan.team });
    const positionIds: number[] = [];
    for (const [order, name] of plan.positions.entries()) {
      const { position } = await services.positions.create(actor, ministryRow, { name, teamId: team.id, order, recruiting: order === 0 });
      positionIds.push(position.id);
      const positionRow = await services.volunteerAccess.position(actor, position.id);
      // Everyone is qualified for the first position; the later ones have fewer people, so gaps show.
      for (const person of plan.volunteers.slice(0, order === 0 ? plan.volunteers.length : 2)) {
        await services.qualifications.grant(actor, positionRow, person.id, null);
      }
    }
    await services.ministries.update(actor, ministryRow, { helpWanted: true, helpWantedText: `${plan.ministry} would love more helpers on Sundays.` });
    await services.schedules.create(actor, ministryRow, parseScheduleCreate({
      name: `${plan.team} on Sundays`, linkMode: 'event_type', eventTypeId: other.id, titleFilter: 'Sunday Service', teamId: team.id, windowStart: today,
      requirements: positionIds.map((positionId, i) => ({
        positionId, minCount: i === 0 ? 2 : 1, maxCount: i === 0 ? 3 : 1,
        defaults: i === 0 ? plan.volunteers.slice(0, 2).map((p) => ({ personId: p.id })) : [],
      })),
    }));
  }
  step('volunteer logins');
  // Grace and Daniel are among the Greeters' default volunteers, so their schedules have requests to answer.
  for (const person of people.slice(0, 2)) {
    await services.users.createUser({ personId: person.id, userName: person.first_name.toLowerCase(), password: DEMO_VOLUNTEER_PASSWORD });
  }
  step(`done: ${people.length} people, ${events.length} Sunday services, 2 ministries. Start the service (npm start) and open ${localUrl(config)} to sign in as "grace" or "daniel" (password "${DEMO_VOLUNTEER_PASSWORD}"), or as "admin".`);
} finally {
  await database.close();
}
