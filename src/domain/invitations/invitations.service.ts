import type { Kysely } from 'kysely';
import { withTransaction, type Repositories } from '../../db/repositories/index.js';
import { UniqueViolationError } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import { assertAllInReach, invitationReachOf, invitesAnyone } from '../access/invitations.policies.js';
import type { VolunteerAccessService } from '../access/volunteer-access.service.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { addMinutes } from '../dates.js';
import { DatabaseService } from '../database-service.js';
import { conflict, invalid, notFound, tooManyRequests } from '../errors.js';
import { enqueueAccountNotice } from '../notifications/account-notices.js';
import { displayName } from '../people/display-name.js';
import type { ApiKeysService } from '../users/api-keys.service.js';
import { assertPasswordStrength } from '../users/passwords.service.js';
import { newApiKey, sha256Hex, type PasswordHasher } from '../users/secrets.js';
import { INVITATION_DAYS } from './invitation-mail.js';
import { cannotInviteReason, invitationState, type CannotInviteReason } from './invitation-state.js';
import type { AcceptInvitationCommand, InviteCommand } from './invitations.commands.js';

/** One mail per person per this long, like the password reset's cooldown: an invitation cannot flood an inbox. */
const INVITATION_COOLDOWN_MINUTES = 5;
const LINK_REFUSED = 'This invitation link is invalid, already used, withdrawn or expired: ask for a new one';

export interface InvitedPerson {
  personId: number;
  name: string;
  email: string;
}

export interface NotInvitedPerson {
  personId: number;
  name: string;
  reason: CannotInviteReason;
}

/**
 * Invitations to create a login (issue 33 #1): staff invite people, each gets a one-time link valid 7 days through
 * the outbox, and the person chooses a password on the accept page and is signed in. An invitation never grants a
 * role: the account it makes is a volunteer's, and role flags stay the administrator's to give.
 */
export class InvitationsService extends DatabaseService {
  constructor(
    db: Kysely<DB>,
    private readonly time: ChurchTime,
    private readonly access: VolunteerAccessService,
    private readonly passwords: PasswordHasher,
    private readonly apiKeys: ApiKeysService,
  ) {
    super(db);
  }

  /** The people an invitation names, checked against the caller's reach (404 before 403, as for a path's row). */
  private async named(actor: VolunteerActor, command: InviteCommand): Promise<number[]> {
    if ('ministryId' in command) return this.repos.invitations.poolMemberIds((await this.access.ministry(actor, command.ministryId)).id);
    if ('teamId' in command) return this.repos.invitations.teamMemberIds((await this.access.team(actor, command.teamId)).id);
    const people = await this.repos.invitations.candidates(command.personIds);
    if (people.length < new Set(command.personIds).size) throw notFound('Person not found');
    if (!invitesAnyone(actor)) {
      const { ministryIds, teamIds } = invitationReachOf(actor);
      const reached = new Set(await this.repos.invitations.inReach(command.personIds, ministryIds, teamIds));
      assertAllInReach(people.filter((person) => !reached.has(person.id)).map(displayName));
    }
    return command.personIds;
  }

  /** Mails each named person who can be invited a new link; the others are answered with why not. */
  async invite(actor: VolunteerActor, command: InviteCommand): Promise<{ invited: InvitedPerson[]; cannotBeInvited: NotInvitedPerson[] }> {
    const people = await this.repos.invitations.candidates(await this.named(actor, command));
    const now = await this.time.now();
    const recentSince = addMinutes(now, -INVITATION_COOLDOWN_MINUTES);
    const invited: InvitedPerson[] = [];
    const cannotBeInvited: NotInvitedPerson[] = [];
    for (const person of people) {
      const reason = cannotInviteReason(person, recentSince);
      if (reason) cannotBeInvited.push({ personId: person.id, name: displayName(person), reason });
      else invited.push({ personId: person.id, name: displayName(person), email: person.email! });
    }
    const inviterName = await this.inviterName(actor);
    await withTransaction(this.db, async (repos) => {
      for (const person of invited) await this.issue(repos, actor, person.personId, inviterName, now);
    });
    return { invited, cannotBeInvited };
  }

  private async inviterName(actor: VolunteerActor): Promise<string | null> {
    const inviter = await this.repos.persons.findById(actor.caller.personId);
    return inviter ? displayName(inviter) : null;
  }

  /** A new link for the person: the row keeps only its hash, the outbox row the token until the mail is final. */
  private async issue(repos: Repositories, actor: VolunteerActor, personId: number, inviterName: string | null, now: string): Promise<void> {
    const token = newApiKey();
    const tokenHash = sha256Hex(token);
    const id = await repos.invitations.issue({
      personId, tokenHash, invitedBy: actor.caller.personId, sentAt: now, expiresAt: addMinutes(now, INVITATION_DAYS * 24 * 60),
    });
    const notificationId = await enqueueAccountNotice(repos, {
      type: 'invitation', personId, now, keyParts: [personId, tokenHash.slice(0, 16)], context: { invitationToken: token, inviterName },
    });
    await repos.invitations.setNotification(id, notificationId ?? null);
  }

  /** The invitations the caller may see: all for a manager, those of people in reach for a coordinator. */
  async list(actor: VolunteerActor) {
    const rows = await this.repos.invitations.list(invitesAnyone(actor) ? undefined : await this.reachedInvitees(actor));
    const now = await this.time.now();
    return rows.map((row) => ({ ...row, state: invitationState(row, now) }));
  }

  private async reachedInvitees(actor: VolunteerActor): Promise<number[]> {
    const { ministryIds, teamIds } = invitationReachOf(actor);
    return this.repos.invitations.inReach(await this.repos.invitations.invitedIds(), ministryIds, teamIds);
  }

  /** An invitation the caller reaches: 404 when missing, 403 out of reach. */
  private async reachable(actor: VolunteerActor, invitationId: number) {
    const row = await this.repos.invitations.findById(invitationId);
    if (!row) throw notFound('Invitation not found');
    if (!invitesAnyone(actor)) {
      const { ministryIds, teamIds } = invitationReachOf(actor);
      const reached = await this.repos.invitations.inReach([row.person_id], ministryIds, teamIds);
      assertAllInReach(reached.length === 0 ? [displayName(row)] : []);
    }
    return row;
  }

  /** Mails a new link (the old one stops working), at most once per cooldown; an accepted invitation is done. */
  async resend(actor: VolunteerActor, invitationId: number) {
    const row = await this.reachable(actor, invitationId);
    if (row.accepted_at !== null) throw conflict(`${displayName(row)} has accepted the invitation and signs in already`);
    const [person] = await this.repos.invitations.candidates([row.person_id]);
    const now = await this.time.now();
    const reason = cannotInviteReason(person, addMinutes(now, -INVITATION_COOLDOWN_MINUTES));
    if (reason === 'recently_invited') {
      throw tooManyRequests(`An invitation was mailed to ${displayName(row)} less than ${INVITATION_COOLDOWN_MINUTES} minutes ago: wait a few minutes before sending it again`);
    }
    if (reason) throw conflict(`${displayName(row)} cannot be invited: ${REASON_WORDS[reason]}`);
    const inviterName = await this.inviterName(actor);
    await withTransaction(this.db, (repos) => this.issue(repos, actor, row.person_id, inviterName, now));
    return (await this.list(actor)).find((invitation) => invitation.id === invitationId)!;
  }

  /** The link stops working at once; the row stays, so the inviter sees it was withdrawn. */
  async withdraw(actor: VolunteerActor, invitationId: number): Promise<void> {
    const row = await this.reachable(actor, invitationId);
    if (row.accepted_at !== null) throw conflict(`${displayName(row)} has accepted the invitation: it can no longer be withdrawn`);
    await this.repos.invitations.withdraw(invitationId, await this.time.now());
  }

  /** What the accept page shows for a link, which marks it opened; 400 for a link that no longer works. */
  async open(token: string) {
    const now = await this.time.now();
    const row = await this.repos.invitations.findOpenByHash(sha256Hex(token), now);
    if (!row) throw invalid(LINK_REFUSED);
    await this.repos.invitations.markOpened(row.id, now);
    return { firstName: row.first_name, email: row.email ?? '' };
  }

  /**
   * Creates the person's login with the chosen password (no role) and signs them in: answers a web session's key.
   * The user name is their e-mail address unless they chose one. The link works once.
   */
  async accept(command: AcceptInvitationCommand): Promise<{ apiKey: string }> {
    assertPasswordStrength(command.password);
    const now = await this.time.now();
    const found = await this.repos.invitations.findOpenByHash(sha256Hex(command.token), now);
    if (!found) throw invalid(LINK_REFUSED);
    const userName = command.userName ?? found.email?.trim() ?? '';
    if (await this.repos.users.isUserNameTaken(userName)) throw conflict('That user name is already taken: choose another');
    const passwordHash = await this.passwords.hash(command.password);
    try {
      return await withTransaction(this.db, async (repos) => {
        if (!(await repos.invitations.accept(found.id, now))) throw invalid(LINK_REFUSED);
        if (await repos.users.findById(found.person_id)) throw conflict('You have a login already: sign in instead');
        await repos.users.insert({ id: found.person_id, user_name: userName, password_hash: passwordHash, created_at: now });
        if (command.language) await repos.persons.update(found.person_id, { language: command.language });
        return { apiKey: (await this.apiKeys.mint(repos, found.person_id, 'Login', now, true)).key };
      });
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('That user name is already taken: choose another');
      throw error;
    }
  }
}

/** The plain words of a reason, for a refusal's message. */
export const REASON_WORDS: Record<CannotInviteReason, string> = {
  no_address: 'they have no e-mail address',
  do_not_email: 'they asked not to get e-mail',
  inactive: 'their record is inactive',
  has_login: 'they have a login already',
  recently_invited: `an invitation was mailed to them less than ${INVITATION_COOLDOWN_MINUTES} minutes ago`,
};
