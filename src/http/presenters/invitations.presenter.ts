import type { InvitationState } from '../../domain/invitations/invitation-state.js';
import type { InvitationView } from '../schemas/invitations.schemas.js';

interface InvitationRow {
  id: number;
  person_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  state: InvitationState;
  sent_at: string;
  expires_at: string;
  opened_at: string | null;
  accepted_at: string | null;
  inviter_first_name: string | null;
  inviter_last_name: string | null;
}

export function presentInvitation(row: InvitationRow): InvitationView {
  return {
    id: row.id,
    personId: row.person_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    state: row.state,
    sentAt: row.sent_at,
    expiresAt: row.expires_at,
    openedAt: row.opened_at,
    acceptedAt: row.accepted_at,
    invitedBy: row.inviter_first_name === null ? null : `${row.inviter_first_name} ${row.inviter_last_name ?? ''}`.trim(),
  };
}
