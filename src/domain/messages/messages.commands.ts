import type { MessageAudienceKind } from '../../db/schema.js';

/** Who a message from the workspace goes to (issue 34 #1), as the body names them. */
export interface MessageAudienceCommand {
  kind: MessageAudienceKind;
  /** `team`: the team. */
  teamId?: number;
  /** `serving` and `pending`: one occurrence, or every occurrence of the ministry on `date`. */
  occurrenceId?: number;
  date?: string;
  /** `serving` and `pending`: only those on this position. */
  positionId?: number;
}

export interface NewMessageCommand {
  audience: MessageAudienceCommand;
  subject: string;
  body: string;
}
