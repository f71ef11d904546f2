import type { Kysely } from 'kysely';
import type { Repositories } from '../../db/repositories/index.js';
import type { Selectable } from 'kysely';
import { LIVE_STATUSES, type AssignmentStatus, type DB, type MessagesTable } from '../../db/schema.js';
import type { Authorized } from '../access/authorized.js';
import { assertMessagesPool, assertReadsMessageLog, messagesTeam } from '../access/messages.policies.js';
import type { VolunteerAccessService } from '../access/volunteer-access.service.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { addMinutes } from '../dates.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { conflict, forbidden, notFound, tooManyRequests } from '../errors.js';
import type { AudienceWords } from '../notifications/templates/facts.js';
import { displayName } from '../people/display-name.js';
import { unreachableReason, type UnreachableReason } from '../people/mail-reach.js';
import { DatabaseService } from '../database-service.js';
import type { MessageAudienceCommand, NewMessageCommand } from './messages.commands.js';

/** A sender writes at most this many messages an hour (issue 34 #1): enough for a busy Sunday, too few to flood. */
export const MESSAGES_PER_HOUR = 20;
/** The log shows a ministry's latest messages. */
const LOG_LENGTH = 50;

type AudiencePerson = Awaited<ReturnType<Repositories['messages']['poolPeople']>>[number];

export interface Recipient {
  personId: number;
  name: string;
  /** Set when mail cannot reach them: they are still in the audience, and the log says their mail was skipped. */
  unreachable: UnreachableReason | null;
}

/** An audience resolved: what names it and who is in it. */
export interface ResolvedAudience {
  words: AudienceWords & { teamId?: number; occurrenceId?: number; positionId?: number };
  recipients: Recipient[];
}

/** How a recipient's mail stands: in the outbox, sent, failed for good, or skipped (no address, do not e-mail, mail off). */
export type DeliveryState = 'queued' | 'sent' | 'failed' | 'skipped';

export interface LoggedMessage {
  id: number;
  subject: string;
  body: string;
  senderName: string;
  sentAt: string;
  audience: ResolvedAudience['words'];
  recipients: Array<{ personId: number; name: string; state: DeliveryState; error: string | null }>;
}

const stateOf = (status: string | null): DeliveryState =>
  (status === 'pending' ? 'queued' : status === 'sent' ? 'sent' : status === 'failed' ? 'failed' : 'skipped');

/**
 * Messages from the workspace (issue 34 #1): a coordinator or team leader writes to a team, the ministry's pool, the
 * people serving an occurrence or a day (on one position or all), or those who have not answered yet. Only people in
 * the sender's reach: a team or a shift the sender staffs, the pool only for the ministry's coordinators. Each
 * recipient gets one outbox row, in their own language for the frame around the sender's words.
 */
export class MessagesService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher, private readonly access: VolunteerAccessService) {
    super(db);
  }

  /** Who would get the message, and who of them mail cannot reach, before anything is sent. */
  async preview(actor: VolunteerActor, ministry: Authorized<'ministry'>, audience: MessageAudienceCommand): Promise<ResolvedAudience> {
    return this.resolve(this.repos, actor, ministry, audience, await this.time.today());
  }

  /**
   * Sends one message: the message row, one outbox row per recipient (deduped per message and person) and the
   * recipients beside them, in one transaction and a fixed number of statements. 429 past `MESSAGES_PER_HOUR`; 409
   * for an audience of nobody.
   */
  async send(actor: VolunteerActor, ministry: Authorized<'ministry'>, command: NewMessageCommand): Promise<LoggedMessage> {
    const now = await this.time.now();
    // Read before the transaction: the access checks read through the root handle, which must not wait on it.
    const audience = await this.resolve(this.repos, actor, ministry, command.audience, now.slice(0, 10));
    const message = await inTransaction(this.db, this.publisher, async ({ repos }) => {
      const senderId = actor.caller.personId;
      // Two sends at once by one sender are counted one after the other.
      await repos.locks.exclusive(`messages-of-${senderId}`);
      if ((await repos.messages.countSentBy(senderId, addMinutes(now, -60))) >= MESSAGES_PER_HOUR) {
        throw tooManyRequests(`You have sent ${MESSAGES_PER_HOUR} messages in the last hour, the most allowed; please wait a little before sending another`);
      }
      if (audience.recipients.length === 0) throw conflict('Nobody is in this audience, so there is nobody to write to');
      const sender = await repos.persons.findById(senderId);
      const senderName = sender ? displayName(sender) : '';
      const message = await repos.messages.insert({
        ministry_id: ministry.id, sender_person_id: senderId, sender_name: senderName, subject: command.subject, body: command.body,
        audience_kind: command.audience.kind, audience: JSON.stringify(audience.words), created_at: now,
      });
      const context = JSON.stringify({
        messageId: message.id, ministryId: ministry.id, ministryName: ministry.name, subject: command.subject, body: command.body,
        senderName, senderEmail: sender?.email?.trim() || null, audience: audience.words,
      });
      // Two statements whatever the audience's size: the outbox rows, then the recipients beside them.
      const queued = await repos.notifications.enqueueMany(audience.recipients.map((recipient) => ({
        type: 'message' as const, personId: recipient.personId, keyParts: [message.id, recipient.personId], scheduledFor: now, createdAt: now, context,
      })));
      const notificationOf = new Map(queued.map((row) => [row.personId, row.id]));
      await repos.messages.addRecipients(message.id, audience.recipients.map((recipient) => ({
        personId: recipient.personId, notificationId: notificationOf.get(recipient.personId) ?? null,
      })));
      return message;
    });
    // The sender sees what they sent as the log shows it, whether or not they may read the whole log.
    return (await this.entries([message]))[0];
  }

  /** The ministry's latest messages, each with its recipients' delivery state; for its coordinators and the managers. */
  async log(actor: VolunteerActor, ministry: Authorized<'ministry'>): Promise<LoggedMessage[]> {
    assertReadsMessageLog(actor, ministry.id);
    return this.entries(await this.repos.messages.listForMinistry(ministry.id, LOG_LENGTH));
  }

  private async entries(messages: Array<Selectable<MessagesTable>>): Promise<LoggedMessage[]> {
    const recipients = await this.repos.messages.recipientsOf(messages.map((m) => m.id));
    return messages.map((m) => ({
      id: m.id,
      subject: m.subject,
      body: m.body,
      senderName: m.sender_name,
      sentAt: m.created_at,
      audience: JSON.parse(m.audience) as ResolvedAudience['words'],
      recipients: recipients.filter((r) => r.message_id === m.id).map((r) => ({
        personId: r.person_id, name: displayName(r), state: stateOf(r.status), error: r.status === 'sent' ? null : r.last_error,
      })),
    }));
  }

  /** The audience's people, checked against the sender's reach: 404 for what is not the ministry's, 403 beyond reach. */
  private async resolve(repos: Repositories, actor: VolunteerActor, ministry: Authorized<'ministry'>, audience: MessageAudienceCommand, today: string): Promise<ResolvedAudience> {
    const toRecipients = (people: AudiencePerson[]): Recipient[] =>
      people.map((p) => ({ personId: p.id, name: displayName(p), unreachable: unreachableReason(p) }));
    switch (audience.kind) {
      case 'pool':
        assertMessagesPool(actor, ministry.id);
        return { words: { kind: 'pool' }, recipients: toRecipients(await repos.messages.poolPeople(ministry.id)) };
      case 'team': {
        const team = await this.access.team(actor, audience.teamId!);
        if (team.ministry_id !== ministry.id) throw notFound('Team not found');
        return { words: { kind: 'team', teamId: team.id, teamName: team.name }, recipients: toRecipients(await repos.messages.teamPeople(team.id, today)) };
      }
      default: {
        const statuses: readonly AssignmentStatus[] = audience.kind === 'pending' ? ['pending'] : LIVE_STATUSES;
        const position = audience.positionId === undefined ? undefined : await repos.positions.findById(audience.positionId);
        if (audience.positionId !== undefined && (!position || position.ministry_id !== ministry.id)) throw notFound('Position not found');
        const words: ResolvedAudience['words'] = { kind: audience.kind, ...(position ? { positionId: position.id, positionName: position.name } : {}) };
        if (audience.occurrenceId !== undefined) {
          const occurrence = await this.access.occurrence(actor, audience.occurrenceId);
          if (occurrence.ministry_id !== ministry.id) throw notFound('Occurrence not found');
          const people = await repos.messages.servingPeople([occurrence.id], statuses, position?.id);
          return {
            words: { ...words, occurrenceId: occurrence.id, date: occurrence.occurrence_date, eventTitle: await repos.messages.eventTitleOf(occurrence.id) },
            recipients: toRecipients(people),
          };
        }
        const onDay = await repos.messages.occurrencesOn(ministry.id, audience.date!);
        if (onDay.length === 0) throw notFound('This ministry has no occurrence on that date');
        const inReach = onDay.filter((o) => messagesTeam(actor, { id: o.team_id, ministry_id: o.ministry_id }));
        if (inReach.length === 0) throw forbidden('Not authorized for this occurrence');
        const titles = [...new Set(inReach.map((o) => o.title))];
        const people = await repos.messages.servingPeople(inReach.map((o) => o.id), statuses, position?.id);
        return { words: { ...words, date: audience.date, ...(titles.length === 1 ? { eventTitle: titles[0] } : {}) }, recipients: toRecipients(people) };
      }
    }
  }
}
