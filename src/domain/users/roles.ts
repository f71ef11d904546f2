import { ROLE_FLAGS, type RoleFlag, type Roles } from '../access/caller.js';

const COLUMN_OF = {
  admin: 'is_admin',
  addEvents: 'add_events',
  manageGroups: 'manage_groups',
  editRecords: 'edit_records',
  deleteRecords: 'delete_records',
  finance: 'finance',
  manageMinistries: 'manage_ministries',
  manageMyMinistries: 'manage_my_ministries',
} as const satisfies Record<RoleFlag, string>;

type RoleColumns = Record<(typeof COLUMN_OF)[RoleFlag], boolean>;

/** A user's role flags as the users table stores them. */
export function rolesOf(row: RoleColumns): Roles {
  return Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, row[COLUMN_OF[flag]]])) as Roles;
}

/** The columns of the flags that `roles` sets; flags left out are left out. */
export function roleColumns(roles: Partial<Roles>): Partial<RoleColumns> {
  const columns: Partial<RoleColumns> = {};
  for (const flag of ROLE_FLAGS) if (roles[flag] !== undefined) columns[COLUMN_OF[flag]] = roles[flag];
  return columns;
}

/** Every flag set: the first administrator's. */
export const ALL_ROLES: Roles = Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, true])) as Roles;
