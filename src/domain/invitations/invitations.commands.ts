import type { Language } from '../../db/schema.js';

/** Whom an invitation names (issue 33 #1): a selection of people, a ministry's pool, or a team's members. */
export type InviteCommand = { personIds: number[] } | { ministryId: number } | { teamId: number };

/** The invited person's choices on the accept page: a password, and a user name unless their address will do. */
export interface AcceptInvitationCommand {
  token: string;
  password: string;
  userName: string | undefined;
  /** Kept with the person as their own choice (issue 33 #4); undefined leaves the church's default. */
  language: Language | undefined;
}
