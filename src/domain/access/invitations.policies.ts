import { forbidden } from '../errors.js';
import { coordinatedMinistryIds, isManager, type VolunteerActor } from './volunteer-access.js';

/**
 * Who may invite whom to create a login (issue 33 #1). An invitation never grants a role, so inviting is not an
 * administrator's alone: a manager (or administrator) invites anyone; a coordinator or team leader the people of
 * their reach, the pools and positions of the ministries they coordinate and the positions of the teams they lead.
 */
export const invitesAnyone = (actor: VolunteerActor) => isManager(actor);

/** The ministries and teams whose people a coordinator or team leader may invite. */
export const invitationReachOf = (actor: VolunteerActor) => ({ ministryIds: coordinatedMinistryIds(actor), teamIds: [...actor.ledTeamIds] });

export const OUT_OF_REACH_MESSAGE = 'You may only invite people of the ministries and teams you run';

/** 403 naming the people out of the caller's reach, when there are any. */
export function assertAllInReach(outOfReach: readonly string[]): void {
  if (outOfReach.length > 0) throw forbidden(`${OUT_OF_REACH_MESSAGE}: ${outOfReach.join(', ')}`);
}
