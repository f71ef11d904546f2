import { forbidden } from '../errors.js';
import { hasRole, isSelfService, type Caller, type RoleFlag } from './caller.js';
import { assertCoordinatorGate, assertManager, passesCoordinatorGate, type VolunteerActor } from './volunteer-access.js';

/**
 * What a route needs, declared on every route (`config.access`) and enforced by one hook:
 * - `public`: no key;
 * - `login`: any authenticated login, a self-service (volunteer) login included;
 * - `staff`: a login holding at least one role flag;
 * - `{ role }`: that role flag, or `admin`;
 * - volunteer gates (rollout gate first, contract §1.5 and §3): `member` (R), `coordinator` (C),
 *   `manager` (R+M, no coordinator gate), `coordinator-manager` (C+M);
 * - `{ role | staff, rollout: true }`: a core route that the volunteer rollout also gates (§1.9);
 * - `page`: a page of the web app; the caller is read when there is one, and the route answers redirects
 *   (to sign in, home, or the access-denied page) where an API route would refuse.
 */
export type RouteAccess =
  | 'public'
  | 'page'
  | 'login'
  | 'staff'
  | 'member'
  | 'coordinator'
  | 'manager'
  | 'coordinator-manager'
  | { role: RoleFlag; rollout?: true }
  | { staff: true; rollout: true };

const ROLE_TITLES: Record<RoleFlag, string> = {
  admin: 'Admin',
  addEvents: 'AddEvents',
  manageGroups: 'ManageGroups',
  editRecords: 'EditRecords',
  deleteRecords: 'DeleteRecords',
  finance: 'Finance',
  manageMinistries: 'ManageMinistries',
  manageMyMinistries: 'ManageMyMinistries',
};

const VOLUNTEER_GATES = new Set(['member', 'coordinator', 'manager', 'coordinator-manager']);

/** True for routes behind the volunteer rollout gate. */
export function isRolloutGated(access: RouteAccess): boolean {
  return typeof access === 'string' ? VOLUNTEER_GATES.has(access) : access.rollout === true;
}

/** True for routes whose gate needs the caller's scope grants. */
export function needsVolunteerActor(access: RouteAccess): boolean {
  return access === 'coordinator' || access === 'manager' || access === 'coordinator-manager';
}

function assertStaff(caller: Caller): void {
  if (isSelfService(caller.roles)) throw forbidden('This account may only use the volunteer and profile routes');
}

/** Throws the 403 of contract §1.5 / §15 when the caller does not pass the route's gate. */
export function assertRouteAccess(caller: Caller, access: RouteAccess, actor?: VolunteerActor): void {
  switch (access) {
    case 'public':
    case 'page':
    case 'login':
    case 'member':
      return;
    case 'staff':
      return assertStaff(caller);
    case 'coordinator':
      return assertCoordinatorGate(actor!);
    case 'manager':
      return assertManager(actor!);
    case 'coordinator-manager':
      assertCoordinatorGate(actor!);
      return assertManager(actor!);
  }
  if ('staff' in access) return assertStaff(caller);
  if (!hasRole(caller, access.role)) {
    throw forbidden(
      access.role === 'admin' ? 'User must be an Admin' : `User must be an Admin or have ${ROLE_TITLES[access.role]} permission`,
    );
  }
}

/** True when the rollout value opens the volunteer v2 routes (contract §1.9). */
export function isVolunteerV2Enabled(version: string): boolean {
  return version === 'v2' || version === 'both';
}

/** Where a request for one of the coordinator's pages goes instead of the page, or `allowed`. */
export type CoordinatorPageVerdict = 'sign-in' | 'volunteer-area-off' | 'access-denied' | 'allowed';

/**
 * The coordinator's pages (issue 16) are for a signed-in caller, while the volunteer area is on, who runs
 * something in it: an administrator, a global manager, a coordinator or a team leader (the coordinator gate).
 */
export function coordinatorPageVerdict(actor: VolunteerActor | undefined, rollout: string): CoordinatorPageVerdict {
  if (!actor) return 'sign-in';
  if (!isVolunteerV2Enabled(rollout)) return 'volunteer-area-off';
  return passesCoordinatorGate(actor) ? 'allowed' : 'access-denied';
}
