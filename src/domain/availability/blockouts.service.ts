import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Authorized } from '../access/authorized.js';
import type { Caller } from '../access/caller.js';
import type { ChurchTime } from '../church-time.js';
import { isLive } from '../../db/schema.js';
import { notFound } from '../errors.js';
import { assertOwnsBlockout } from '../access/ministries.policies.js';
import { covers, lastDayOf, parseBlockout, type BlockoutRequest } from './blockouts.js';
import { DatabaseService } from '../database-service.js';

/** Blockout dates (issue 17): a person's own, and those a coordinator keeps for a person in their reach. */
export class BlockoutsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime) {
    super(db);
  }

  /** The caller's blockouts not over yet, by first day. */
  async listMine(caller: Caller) {
    return this.listOf(caller.personId);
  }

  /**
   * Records a blockout for the caller, and answers with it the caller's live assignments it covers, so that the
   * page can offer to decline them ("you are scheduled on 3 of these dates").
   */
  async createMine(caller: Caller, request: BlockoutRequest) {
    const blockout = await this.create(caller, caller.personId, request);
    const now = await this.time.now();
    const upcoming = await this.repos.memberView.assignments(caller.personId, { from: blockout.start_date, to: lastDayOf(blockout), includePast: false, now });
    const covered = upcoming.filter((assignment) => isLive(assignment.status) && covers(blockout, assignment.start_at, assignment.end_at));
    return { blockout, coveredAssignments: covered, now };
  }

  /** Removes one of the caller's blockouts: 404 when missing, 403 when someone else's. */
  async deleteMine(caller: Caller, blockoutId: number) {
    const row = await this.repos.blockouts.findById(blockoutId);
    if (!row) throw notFound('Blockout not found');
    assertOwnsBlockout(caller, row);
    await this.repos.blockouts.delete(row.id);
    return { success: true as const };
  }

  /** A person's blockouts not over yet (their presenter shows the caller the reasons `showsBlockoutReason` allows). */
  async listFor(person: Authorized<'person'>) {
    return this.listOf(person.id);
  }

  /** A coordinator records a blockout for a person in their reach (what the person told them). */
  async createFor(caller: Caller, person: Authorized<'person'>, request: BlockoutRequest) {
    return { blockout: await this.create(caller, person.id, request) };
  }

  async deleteFor(blockout: Authorized<'blockout'>) {
    await this.repos.blockouts.delete(blockout.id);
    return { success: true as const };
  }

  private async listOf(personId: number) {
    return { blockouts: await this.repos.blockouts.listForPerson(personId, await this.time.today()) };
  }

  private async create(recorder: Caller, personId: number, request: BlockoutRequest) {
    const period = parseBlockout(request, await this.time.today());
    return this.repos.blockouts.create({ ...period, person_id: personId, created_by_person_id: recorder.personId, created_at: await this.time.now() });
  }
}
