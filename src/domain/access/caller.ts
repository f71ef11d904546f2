/** The eight role flags of a user (contract §1.10), in wire order. */
export const ROLE_FLAGS = [
  'admin',
  'addEvents',
  'manageGroups',
  'editRecords',
  'deleteRecords',
  'finance',
  'manageMinistries',
  'manageMyMinistries',
] as const;

export type RoleFlag = (typeof ROLE_FLAGS)[number];
export type Roles = Record<RoleFlag, boolean>;

/** The authenticated user behind a request. The user id equals the person id. */
export interface Caller {
  readonly userId: number;
  readonly personId: number;
  readonly userName: string;
  readonly roles: Roles;
  /** The API key this request came with (absent for callers built outside a request). */
  readonly keyId?: number;
  /** The count of auth changes this caller was checked against (see AuthCache); absent outside a request. */
  readonly authGeneration?: number;
  /** The first administrator, still with the password of the first start (issue 33); read with the key, at no cost. */
  readonly hasInitialPassword?: boolean;
}

/** Administrators hold every role implicitly. */
export function hasRole(caller: Caller, role: RoleFlag): boolean {
  return caller.roles.admin || caller.roles[role];
}

/** A login holding no role flag at all: a volunteer account. */
export function isSelfService(roles: Roles): boolean {
  return ROLE_FLAGS.every((flag) => !roles[flag]);
}

export function isGlobalManager(caller: Caller): boolean {
  return caller.roles.admin || caller.roles.manageMinistries;
}
