import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Caller } from '../access/caller.js';
import type { ChurchTime } from '../church-time.js';
import { notFound } from '../errors.js';
import { DatabaseService } from '../database-service.js';

export type CartAddition = { persons: number[] } | { familyId: number } | { groupId: number };

/** The server-side cart, one per user (contract §15.6, decision). */
export class CartService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime) {
    super(db);
  }

  async personIds(caller: Caller): Promise<number[]> {
    return this.repos.carts.personIds(caller.userId);
  }

  /** Adds people (directly, a family's members or a group's members); answers those added and those already there. */
  async add(caller: Caller, addition: CartAddition): Promise<{ added: number[]; duplicate: number[] }> {
    let candidates: number[];
    if ('persons' in addition) {
      candidates = [...new Set(addition.persons)];
      const existing = new Set(await this.repos.persons.existingIds(candidates));
      const unknown = candidates.find((id) => !existing.has(id));
      if (unknown !== undefined) throw notFound(`Person not found: ${unknown}`);
    } else if ('familyId' in addition) {
      if (!(await this.repos.families.findById(addition.familyId))) throw notFound('Family not found');
      candidates = await this.repos.persons.idsInFamily(addition.familyId);
    } else {
      if (!(await this.repos.groups.findById(addition.groupId))) throw notFound('Group not found');
      candidates = await this.repos.groups.memberIds(addition.groupId);
    }
    const added = await this.repos.carts.add(caller.userId, candidates, await this.time.now());
    const addedSet = new Set(added);
    return { added: candidates.filter((id) => addedSet.has(id)), duplicate: candidates.filter((id) => !addedSet.has(id)) };
  }

  /** Removes the given people, or empties the cart; answers how many were removed. */
  async remove(caller: Caller, personIds?: number[]): Promise<number> {
    return this.repos.carts.remove(caller.userId, personIds);
  }
}
