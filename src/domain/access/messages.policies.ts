import { forbidden } from '../errors.js';
import { hasMinistryAuthority, hasTeamAuthority, type VolunteerActor } from './volunteer-access.js';

/** Who may write messages from the workspace, to whom, and who reads a ministry's log of them (issue 34 #1). */

/** A team, and the people serving its shifts, are written to by whoever staffs the team: its leaders and the ministry's coordinators. */
export const messagesTeam = (actor: VolunteerActor, team: { id: number; ministry_id: number }) => hasTeamAuthority(actor, team);

/** The whole pool of a ministry is written to by its coordinators and the managers only. */
export const messagesPool = (actor: VolunteerActor, ministryId: number) => hasMinistryAuthority(actor, ministryId);

/** A ministry's log of messages, with each recipient's delivery, is for its coordinators and the managers. */
export const readsMessageLog = (actor: VolunteerActor, ministryId: number) => hasMinistryAuthority(actor, ministryId);

export function assertMessagesPool(actor: VolunteerActor, ministryId: number): void {
  if (!messagesPool(actor, ministryId)) throw forbidden("Only the ministry's coordinators may write to its whole pool");
}

export function assertReadsMessageLog(actor: VolunteerActor, ministryId: number): void {
  if (!readsMessageLog(actor, ministryId)) throw forbidden("Only the ministry's coordinators may read its messages");
}
