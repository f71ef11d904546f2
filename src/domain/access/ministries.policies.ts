import type { BlockoutRow, TeamRow } from '../../db/schema.js';
import { forbidden } from '../errors.js';
import { grant, type Authorized } from './authorized.js';
import type { Caller } from './caller.js';
import {
  assertKeepsCredential, coordinatedMinistryIds, hasMinistryAuthority, hasTeamAuthority, isManager, MANAGER_GATE_MESSAGE, readsBlockoutReason, type VolunteerActor,
} from './volunteer-access.js';

/** Who may do what with ministries, teams, positions, qualifications and availability: one named rule each. */

type TeamRef = Pick<TeamRow, 'id' | 'ministry_id'>;

/** Ministry-level authority shows the whole ministry: every team, every count. */
export const seesWholeMinistry = (actor: VolunteerActor, ministryId: number) => hasMinistryAuthority(actor, ministryId);

/** The teams among `teams` the caller leads (what they see of a ministry without ministry-level authority). */
export const ledAmong = <T extends { id: number }>(actor: VolunteerActor, teams: readonly T[]) => teams.filter((team) => actor.ledTeamIds.has(team.id));

/** The ministries a list shows: every one to a manager (undefined), else those the caller coordinates. */
export const ministriesInView = (actor: VolunteerActor) => (isManager(actor) ? undefined : coordinatedMinistryIds(actor));

/** The teams whose counts the caller sees in a ministry: all of them (undefined), else those they lead. */
export const teamsInView = (actor: VolunteerActor, ministryId: number) => (seesWholeMinistry(actor, ministryId) ? undefined : [...actor.ledTeamIds]);

/** E16 alone is refused to a caller who sees only part of the ministry: ministry authority, or leading every team. */
export const readsMinistrySummary = (actor: VolunteerActor, ministryId: number, teams: readonly { id: number }[]) =>
  seesWholeMinistry(actor, ministryId) || (teams.length > 0 && ledAmong(actor, teams).length === teams.length);

export function assertReadsMinistrySummary(actor: VolunteerActor, ministryId: number, teams: readonly { id: number }[]): void {
  if (!readsMinistrySummary(actor, ministryId, teams)) throw forbidden('Not authorized for this ministry');
}

/** A position list is refused to a caller who neither sees the whole ministry nor leads one of its teams. */
export function assertSeesSomeOfMinistry(ledTeamIds: readonly number[]): void {
  if (ledTeamIds.length === 0) throw forbidden('Not authorized for this ministry');
}

export const mayChangeSundaySchool = (actor: VolunteerActor) => isManager(actor);

export function assertMayChangeSundaySchool(actor: VolunteerActor): void {
  if (!mayChangeSundaySchool(actor)) throw forbidden('Only a global volunteer manager may change sundaySchool');
}

/** E15 is for managers (checked after the ministry is found and known to be inactive). */
export const mayDeleteMinistry = (actor: VolunteerActor) => isManager(actor);

export function assertMayDeleteMinistry(actor: VolunteerActor): void {
  if (!mayDeleteMinistry(actor)) throw forbidden(MANAGER_GATE_MESSAGE);
}

/** A position goes into a team (named in its body) the caller has team-level authority over. */
export const mayPlacePositionIn = (actor: VolunteerActor, team: TeamRef) => hasTeamAuthority(actor, team);

export function authorizePositionTeam(actor: VolunteerActor, team: TeamRow): Authorized<'team'> {
  if (!mayPlacePositionIn(actor, team)) throw forbidden('Not authorized for this team');
  return grant('team', team);
}

/** A person's qualifications as the caller sees them: all to a manager, else those in the ministries and teams they manage. */
export const qualificationsInView = (actor: VolunteerActor) =>
  (isManager(actor) ? {} : { ministryIds: coordinatedMinistryIds(actor), teamIds: [...actor.ledTeamIds] });

/** Pinning a ministry's events to calendars takes ministry-level authority (§15.3). */
export const mayPinEventsOf = (actor: VolunteerActor, ministryId: number) => hasMinistryAuthority(actor, ministryId);

/** Naming credentials is for managers. */
export function assertMayNameCredentials(actor: VolunteerActor): void {
  if (!isManager(actor)) throw forbidden(MANAGER_GATE_MESSAGE);
}

/** Recording a credential takes a manager or a coordinator of a ministry that requires it. */
export const assertMayRecordCredential = assertKeepsCredential;

/** A blockout's reason shows to the person, to whoever recorded it and to managers (issue 31). */
export const showsBlockoutReason = (reader: Caller, blockout: Pick<BlockoutRow, 'person_id' | 'created_by_person_id'>) => readsBlockoutReason(reader, blockout);

export const ownsBlockout = (caller: Caller, blockout: Pick<BlockoutRow, 'person_id'>) => blockout.person_id === caller.personId;

export function assertOwnsBlockout(caller: Caller, blockout: Pick<BlockoutRow, 'person_id'>): void {
  if (!ownsBlockout(caller, blockout)) throw forbidden('That blockout belongs to someone else');
}

export const ownsPreference = (caller: Caller, preference: { person_id: number }) => preference.person_id === caller.personId;

export function assertOwnsPreference(caller: Caller, preference: { person_id: number }): void {
  if (!ownsPreference(caller, preference)) throw forbidden('That preference belongs to someone else');
}

/** A household rule is its two people's. */
export const isPartyTo = (caller: Caller, rule: { person_id: number; other_person_id: number }) =>
  rule.person_id === caller.personId || rule.other_person_id === caller.personId;

export function assertPartyTo(caller: Caller, rule: { person_id: number; other_person_id: number }): void {
  if (!isPartyTo(caller, rule)) throw forbidden('That rule is between other people');
}
