import { unreachableReason, type UnreachableReason } from '../people/mail-reach.js';

/** Where an invitation stands, as its inviter sees it (issue 33 #1). */
export type InvitationState = 'sent' | 'opened' | 'accepted' | 'expired' | 'bounced' | 'withdrawn';

/** Why a person cannot be invited. */
export type CannotInviteReason = UnreachableReason | 'inactive' | 'has_login' | 'recently_invited';

/** An invitation's facts: its dates and its latest mail's outbox status. */
export interface InvitationFacts {
  expires_at: string;
  opened_at: string | null;
  accepted_at: string | null;
  withdrawn_at: string | null;
  mail_status: string | null;
}

/**
 * The state that matters most first: an accepted or withdrawn invitation is settled whatever its mail did; a mail the
 * outbox gave up on (its terminal failure) is bounced, as the link never arrived; then expiry, then whether it was opened.
 */
export function invitationState(row: InvitationFacts, now: string): InvitationState {
  if (row.accepted_at !== null) return 'accepted';
  if (row.withdrawn_at !== null) return 'withdrawn';
  if (row.mail_status === 'failed') return 'bounced';
  if (row.expires_at <= now) return 'expired';
  return row.opened_at !== null ? 'opened' : 'sent';
}

export interface Candidate {
  email: string | null;
  do_not_email: boolean;
  inactive: boolean;
  deceased_date: string | null;
  has_login: boolean;
  invited_at: string | null;
}

/** Why this person cannot be invited now, or undefined when they can; `recentSince` is the cooldown's start. */
export function cannotInviteReason(person: Candidate, recentSince: string): CannotInviteReason | undefined {
  if (person.has_login) return 'has_login';
  if (person.inactive || person.deceased_date !== null) return 'inactive';
  const unreachable = unreachableReason(person);
  if (unreachable) return unreachable;
  if (person.invited_at !== null && person.invited_at > recentSince) return 'recently_invited';
  return undefined;
}
