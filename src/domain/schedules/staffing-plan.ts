import type { Repositories } from '../../db/repositories/index.js';
import type { DefaultRow } from '../../db/repositories/requirements.repository.js';
import { invalid, notFound } from '../errors.js';
import { capacityOf } from '../staffing/gaps.js';

/** Defaults per staffing need, whatever Max says (contract §13.1). */
export const MAX_DEFAULTS = 50;

export interface DefaultInput {
  personId: number;
  accepted?: boolean;
}

export interface PlanRowInput {
  positionId: number;
  minCount?: number;
  maxCount?: number | null;
  notes?: string | null;
  /** Absent keeps the stored defaults; [] clears them. */
  defaults?: DefaultInput[];
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10_000;

/** Checks a list of defaults against the room of its need (§5.4): Max (or Min when Max is blank), 50, each person once, people exist. */
export async function checkDefaults(repos: Repositories, defaults: readonly DefaultInput[], room: number): Promise<void> {
  if (defaults.length > MAX_DEFAULTS) throw invalid(`At most ${MAX_DEFAULTS} default volunteers may be chosen`);
  if (defaults.length > room) throw tooManyDefaults(room, defaults.length);
  const ids = defaults.map((d) => d.personId);
  if (new Set(ids).size !== ids.length) throw invalid('A default volunteer appears twice: the same person is chosen twice');
  const existing = new Set(await repos.persons.existingIds(ids));
  if (ids.some((id) => !existing.has(id))) throw notFound('Person not found');
}

const tooManyDefaults = (room: number, count: number) => invalid(`Max is ${room} but ${count} default volunteers are chosen. Remove one or raise Max.`);

/**
 * A need sent without `defaults` keeps the schedule's stored ones, so its new Min and Max must still leave room for
 * them: Max may not fall below the saved default volunteers (§5.4), whichever route changes it.
 */
export async function checkKeptDefaults(repos: Repositories, scheduleId: number, rows: readonly PlanRowInput[]): Promise<void> {
  const kept = rows.filter((row) => row.defaults === undefined);
  if (kept.length === 0) return;
  const templates = (await repos.requirements.templateRows([scheduleId])).filter((template) => kept.some((row) => row.positionId === template.position_id));
  const stored = await repos.requirements.defaults(templates.map((template) => template.id));
  for (const template of templates) {
    const row = kept.find((candidate) => candidate.positionId === template.position_id)!;
    const count = stored.filter((entry) => entry.requirement_id === template.id).length;
    const room = capacityOf({ minCount: row.minCount!, maxCount: row.maxCount ?? null });
    if (count > room) throw tooManyDefaults(room, count);
  }
}

/** Validates a whole staffing plan before anything is written (§5.4); answers it with counts filled in. */
export async function checkPlan(repos: Repositories, ministryId: number, rows: readonly PlanRowInput[]): Promise<PlanRowInput[]> {
  const seen = new Set<number>();
  const checked: PlanRowInput[] = [];
  for (const row of rows) {
    if (seen.has(row.positionId)) throw invalid('The same position appears twice in the staffing needs');
    seen.add(row.positionId);
    const position = await repos.positions.findById(row.positionId);
    if (!position || position.ministry_id !== ministryId) throw invalid('Position not found');
    if (row.minCount === undefined || row.minCount === null) throw invalid('A minimum count is required');
    if (!isCount(row.minCount)) throw invalid('minCount must be a whole number of 0 or more');
    const maxCount = row.maxCount ?? null;
    if (maxCount !== null && (!isCount(maxCount) || maxCount < row.minCount)) throw invalid('maxCount must be blank or a whole number of at least minCount');
    if (row.defaults) await checkDefaults(repos, row.defaults, capacityOf({ minCount: row.minCount, maxCount }));
    checked.push({ ...row, minCount: row.minCount, maxCount, notes: row.notes ?? null });
  }
  return checked;
}

/**
 * Replaces a schedule's plan with `rows` (validated): positions not listed go with their defaults; a row's
 * `defaults` absent keeps the stored list, [] clears it; a stored default keeps its `accepted` unless sent.
 */
export async function savePlan(repos: Repositories, scheduleId: number, rows: readonly PlanRowInput[], actorPersonId: number): Promise<void> {
  await repos.requirements.deleteTemplatesExcept(scheduleId, rows.map((row) => row.positionId));
  for (const row of rows) {
    const { id } = await repos.requirements.upsertTemplate(scheduleId, row.positionId, { minCount: row.minCount!, maxCount: row.maxCount ?? null, notes: row.notes ?? null });
    if (row.defaults) await saveDefaults(repos, id, row.defaults, actorPersonId, false);
  }
}

/** Saves a need's whole default list in the given order (§5.3 step 1, §5.4). */
export async function saveDefaults(repos: Repositories, requirementId: number, defaults: readonly DefaultInput[], actorPersonId: number, fallbackAccepted: boolean): Promise<void> {
  const stored = new Map((await repos.requirements.defaults([requirementId])).map((d) => [d.person_id, d]));
  const rows: DefaultRow[] = defaults.map((d, sort) => {
    const previous = stored.get(d.personId);
    return {
      personId: d.personId,
      accepted: d.accepted ?? previous?.accepted ?? fallbackAccepted,
      setBy: previous && d.accepted === undefined ? previous.set_by_person_id : actorPersonId,
      sort,
    };
  });
  await repos.requirements.replaceDefaults(requirementId, rows);
}
