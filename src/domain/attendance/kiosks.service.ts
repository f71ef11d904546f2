import type { Kysely } from 'kysely';
import type { Repositories } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import { assertKioskReaches } from '../access/attendance.policies.js';
import type { ChurchTime } from '../church-time.js';
import { DatabaseService } from '../database-service.js';
import { conflict, forbidden, invalid, notFound, unauthorized } from '../errors.js';
import { displayName } from '../people/display-name.js';
import type { SettingsService } from '../settings/settings.service.js';
import { newApiKey, sha256Hex } from '../users/secrets.js';
import { isCheckInCodeSignedBy, readCheckInCode } from './check-in-codes.js';
import { assertCheckInWindowOpen, checkInWindowOf } from './check-in-window.js';

/** The refusals of a scanned QR code, in the words the kiosk page shows. */
export const QR_REFUSALS = {
  notOurs: 'That QR code is not a check-in code from My schedule.',
  invalid: 'That QR code is not valid. Open My schedule again to show a fresh one.',
  otherEvent: 'That QR code is for another event.',
} as const;

export type Kiosk = NonNullable<Awaited<ReturnType<Repositories['kiosks']['findById']>>>;

/**
 * Kiosks (issue 36 #2): an administrator registers a door tablet, which gets a credential of its own (no person
 * behind it, shown once, kept hashed), assigns it an event and revokes it in one click. With that credential the
 * kiosk does nothing but list the people serving at its event and check them in and out.
 */
export class KiosksService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService) {
    super(db);
  }

  private async event(eventId: number | null) {
    if (eventId !== null && !(await this.repos.events.findById(eventId))) throw notFound('Event not found');
    return eventId;
  }

  private async kiosk(kioskId: number): Promise<Kiosk> {
    const kiosk = await this.repos.kiosks.findById(kioskId);
    if (!kiosk) throw notFound('Kiosk not found');
    return kiosk;
  }

  list() {
    return this.repos.kiosks.list();
  }

  async register(name: string, eventId: number | null) {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 50) throw invalid('A kiosk needs a name of at most 50 characters');
    await this.event(eventId);
    const token = newApiKey();
    const id = await this.repos.kiosks.insert({ name: trimmed, eventId, tokenHash: sha256Hex(token), at: await this.time.now() });
    return { kiosk: (await this.repos.kiosks.findById(id))!, token };
  }

  async assign(kioskId: number, eventId: number | null) {
    await this.kiosk(kioskId);
    await this.repos.kiosks.assign(kioskId, await this.event(eventId));
    return (await this.repos.kiosks.findById(kioskId))!;
  }

  /** Revoking deletes the kiosk: its credential stops working at once and its event may be deleted again. */
  async revoke(kioskId: number): Promise<void> {
    await this.kiosk(kioskId);
    await this.repos.kiosks.remove(kioskId);
  }

  /** The kiosk behind a credential: 401 for none, an unknown or a revoked one. */
  async authenticate(token: string | undefined): Promise<Kiosk> {
    const kiosk = token ? await this.repos.kiosks.findByTokenHash(sha256Hex(token)) : undefined;
    if (!kiosk) throw unauthorized('This kiosk is not registered, or was revoked. Ask an administrator for a new kiosk key.');
    return kiosk;
  }

  private assignedEvent(kiosk: Kiosk): number {
    if (kiosk.assigned_event_id === null) throw conflict('This kiosk is not assigned to an event. Ask an administrator to assign one.');
    return kiosk.assigned_event_id;
  }

  /** The kiosk's screen: its event and the people serving at it, with their check-ins. */
  async screen(kiosk: Kiosk) {
    const eventId = this.assignedEvent(kiosk);
    return { kiosk, people: await this.repos.attendance.placedPeople(eventId) };
  }

  /**
   * The person a scanned QR code names: a code signed with the install's current check-in key (400 for anything else,
   * forged, altered or signed with a retired key) and made for the kiosk's event (403 for another event's).
   */
  private async personOfCode(eventId: number, qr: string): Promise<number> {
    const read = readCheckInCode(qr);
    if (!read) throw invalid(QR_REFUSALS.notOurs);
    const key = await this.repos.installSecrets.findById('check_in_codes', read.claims.keyId);
    if (!key || key.retired_at !== null || !isCheckInCodeSignedBy(read, key.secret)) throw invalid(QR_REFUSALS.invalid);
    if (read.claims.eventId !== eventId) throw forbidden(QR_REFUSALS.otherEvent);
    return read.claims.personId;
  }

  /**
   * The person named by id or by a volunteer's QR code, who must be serving at the kiosk's event (the same 403 for
   * anyone else, known or not), with their shifts there.
   */
  private async serving(kiosk: Kiosk, target: { personId?: number; qr?: string }) {
    const eventId = this.assignedEvent(kiosk);
    const personId = target.qr !== undefined ? await this.personOfCode(eventId, target.qr) : target.personId;
    if (personId === undefined) throw invalid('Choose a person or scan their QR code');
    const placements = await this.repos.attendance.placements(eventId, personId);
    assertKioskReaches(placements);
    const person = (await this.repos.persons.findById(personId))!;
    return { eventId, personId, name: displayName(person), starts: placements.map((placement) => placement.start_at) };
  }

  /** Checks the person in within the same window as the phone's check-in, around the start of one of their shifts. */
  async checkIn(kiosk: Kiosk, target: { personId?: number; qr?: string }) {
    const { eventId, personId, name, starts } = await this.serving(kiosk, target);
    const now = await this.time.now();
    assertCheckInWindowOpen(now, starts, await checkInWindowOf(this.settings));
    if (!(await this.repos.attendance.checkIn(eventId, personId, now))) {
      const row = await this.repos.attendance.find(eventId, personId);
      if (row?.checkin_at !== null) throw conflict(`${name} is already checked in.`);
      await this.repos.attendance.mark(eventId, personId, { checkin_at: now, checkout_at: null, mark: null });
    }
    return (await this.repos.attendance.find(eventId, personId))!;
  }

  async checkOut(kiosk: Kiosk, target: { personId?: number; qr?: string }) {
    const { eventId, personId, name } = await this.serving(kiosk, target);
    if (!(await this.repos.attendance.checkOut(eventId, personId, await this.time.now()))) {
      const row = await this.repos.attendance.find(eventId, personId);
      throw conflict(row?.checkout_at ? `${name} has already checked out.` : `${name} is not checked in, so cannot be checked out.`);
    }
    return (await this.repos.attendance.find(eventId, personId))!;
  }
}
