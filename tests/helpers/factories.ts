import { createRepositories } from '../../src/db/repositories/index.js';
import { ROLE_FLAGS, type Roles } from '../../src/domain/access/caller.js';
import { PasswordHasher, UNUSABLE_PASSWORD_HASH } from '../../src/domain/users/secrets.js';
import type { PersonRow, NewPerson } from '../../src/db/schema.js';
import { TEST_PASSWORD_COST, type TestServer } from './server.js';

let sequence = 0;

// A test file makes one hash per password it uses, not one per user.
const passwords = new PasswordHasher(TEST_PASSWORD_COST);
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, passwords.hash(password));
  return hashes.get(password)!;
};
const next = () => ++sequence;

/** A person row with unique names; any column may be given. */
export async function newPerson(server: TestServer, fields: Partial<NewPerson> = {}): Promise<PersonRow> {
  const n = next();
  return createRepositories(server.database.db).persons.insert({
    first_name: `First${n}`,
    last_name: `Last${n}`,
    email: `person${n}@example.org`,
    date_entered: '2026-01-01 09:00:00',
    ...fields,
  });
}

export interface TestUser {
  userId: number;
  personId: number;
  userName: string;
  apiKey: string;
}

/**
 * A person with a user holding the given role flags and a fresh API key. Without `password` the account
 * cannot sign in with a password (most tests need only the key).
 */
export async function newUser(
  server: TestServer,
  options: { roles?: Partial<Roles> | Array<keyof Roles>; password?: string; person?: Partial<NewPerson> } = {},
): Promise<TestUser> {
  const person = await newPerson(server, options.person);
  const userName = `user${person.id}`;
  const roleList = Array.isArray(options.roles) ? options.roles : ROLE_FLAGS.filter((flag) => (options.roles as Partial<Roles> | undefined)?.[flag]);
  await createRepositories(server.database.db).users.insert({
    id: person.id,
    user_name: userName,
    password_hash: options.password ? await hashOnce(options.password) : UNUSABLE_PASSWORD_HASH,
    created_at: '2026-01-01 09:00:00',
    is_admin: roleList.includes('admin'),
    add_events: roleList.includes('addEvents'),
    manage_groups: roleList.includes('manageGroups'),
    edit_records: roleList.includes('editRecords'),
    delete_records: roleList.includes('deleteRecords'),
    finance: roleList.includes('finance'),
    manage_ministries: roleList.includes('manageMinistries'),
    manage_my_ministries: roleList.includes('manageMyMinistries'),
  });
  const caller = { userId: person.id, personId: person.id, userName, roles: {} as Roles };
  const { apiKey } = await server.app.services.apiKeys.create(caller, 'test');
  return { userId: person.id, personId: person.id, userName, apiKey };
}

export const newAdmin = (server: TestServer) => newUser(server, { roles: ['admin'] });

/** A family (household) of the given name, made by the people service as an administrator's request would; its row. */
export async function newFamily(server: TestServer, name: string) {
  const clerk = await newAdmin(server);
  return server.app.services.people.createFamily({ userId: clerk.userId, personId: clerk.personId, userName: clerk.userName, roles: { admin: true } as Roles }, { name });
}

/** The id of the seeded `Other` event type, read over HTTP as any staff login. */
export async function otherEventTypeId(server: TestServer, apiKey: string): Promise<number> {
  const types = (await server.get('/api/events/types', { key: apiKey })).body as Array<{ Id: number; Name: string }>;
  return types.find((type) => type.Name === 'Other')!.Id;
}
