import type { Kysely } from 'kysely';
import { UniqueViolationError } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import type { Authorized } from '../access/authorized.js';
import { assertMayNameCredentials, assertMayRecordCredential } from '../access/ministries.policies.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { dateFieldMessage, isValidDate } from '../dates.js';
import { conflict, invalid, notFound } from '../errors.js';
import { DatabaseService } from '../database-service.js';

/**
 * Credentials that gate serving (issue 17): a manager names the kinds (a background check, a training), a
 * coordinator says which their ministry or one of its positions requires and records who holds one until when.
 */
export class CredentialsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime) {
    super(db);
  }

  async list() {
    return this.repos.credentials.list();
  }

  async create(actor: VolunteerActor, input: { name?: string; description?: string | null }) {
    assertMayNameCredentials(actor);
    const name = input.name?.trim();
    if (!name) throw invalid('name is required');
    const at = await this.time.now();
    return this.named(() => this.repos.credentials.create({ name, description: input.description?.trim() || null, at }));
  }

  async update(actor: VolunteerActor, credentialId: number, input: { name?: string; description?: string | null; active?: boolean }) {
    assertMayNameCredentials(actor);
    const repos = this.repos;
    if (!(await repos.credentials.findById(credentialId))) throw notFound('Credential not found');
    const name = input.name?.trim();
    if (input.name !== undefined && !name) throw invalid('name must not be blank');
    return this.named(() => repos.credentials.update(credentialId, {
      ...(name !== undefined && { name }), ...(input.description !== undefined && { description: input.description?.trim() || null }), ...(input.active !== undefined && { active: input.active }),
    }));
  }

  async requirements(ministry: Authorized<'ministry'>) {
    return this.repos.credentials.requirementsOf(ministry.id);
  }

  /** The ministry (or one of its positions) requires a credential from now on. */
  async require(ministry: Authorized<'ministry'>, input: { credentialId: number; positionId?: number | null }) {
    const repos = this.repos;
    if (!(await repos.credentials.findById(input.credentialId))) throw notFound('Credential not found');
    const positionId = input.positionId ?? null;
    if (positionId !== null) {
      const position = await repos.positions.findById(positionId);
      if (!position || position.ministry_id !== ministry.id) throw invalid('The position does not belong to this ministry');
    }
    const now = await this.time.now();
    const { id } = await this.named(() => repos.credentials.addRequirement({ credentialId: input.credentialId, ministryId: ministry.id, positionId, at: now }), 'This credential is already required there');
    return (await repos.credentials.findRequirement(id))!;
  }

  async dropRequirement(ministry: Authorized<'ministry'>, requirementId: number) {
    const row = await this.repos.credentials.findRequirement(requirementId);
    if (!row || row.ministry_id !== ministry.id) throw notFound('Credential requirement not found');
    await this.repos.credentials.deleteRequirement(row.id);
    return { success: true as const };
  }

  async heldBy(person: Authorized<'person'>) {
    return this.repos.credentials.heldBy([person.id]);
  }

  /**
   * Records that the person holds the credential, until `expiresOn` (null: no end); replaces an earlier record.
   * 404 for an unknown credential, then 403 unless the caller may record it.
   */
  async record(actor: VolunteerActor, person: Authorized<'person'>, input: { credentialId: number; expiresOn?: string | null }) {
    const credential = await this.keptCredential(actor, input.credentialId);
    const expiresOn = input.expiresOn?.trim() || null;
    if (expiresOn !== null && !isValidDate(expiresOn)) throw invalid(dateFieldMessage('expiresOn'));
    await this.repos.credentials.record({ personId: person.id, credentialId: credential.id, expiresOn, recordedBy: actor.caller.personId, at: await this.time.now() });
    return this.heldBy(person);
  }

  /** Removes the person's record of the credential: 404 for an unknown credential, 403 as for `record`, then 404 when not held. */
  async forget(actor: VolunteerActor, person: Authorized<'person'>, credentialId: number) {
    const credential = await this.keptCredential(actor, credentialId);
    if (!(await this.repos.credentials.forget(person.id, credential.id))) throw notFound('This person holds no such credential');
    return this.heldBy(person);
  }

  private async keptCredential(actor: VolunteerActor, credentialId: number) {
    const credential = await this.repos.credentials.findById(credentialId);
    if (!credential) throw notFound('Credential not found');
    assertMayRecordCredential(actor, await this.repos.credentials.ministriesRequiring(credential.id));
    return credential;
  }

  private async named<T>(write: () => Promise<T>, duplicate = 'A credential with this name exists'): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict(duplicate);
      throw error;
    }
  }
}
