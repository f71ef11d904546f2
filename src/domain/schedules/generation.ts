import type { NewAssignmentRow } from '../../db/repositories/assignments.repository.js';
import type { Repositories } from '../../db/repositories/index.js';
import type { ScheduleRow } from '../../db/schema.js';
import { addMinutes } from '../dates.js';
import { isOver } from '../occurrences/timing.js';
import { capacityOf } from '../staffing/gaps.js';
import { generationWindow } from './windows.js';

export interface GenerationContext {
  today: string;
  now: string;
  horizonWeeks: number;
}

export interface RunCounts {
  created: number;
  existing: number;
  from: string;
  through: string;
  assigned: number;
  skipped: number;
  unqualified: number;
}

/**
 * One generation run (contract §5.3 steps 2–3, §13.2): attach one occurrence per followed active event in
 * the window (never a duplicate), then assign the saved defaults in order on the occurrences THIS run
 * created — only people actively qualified (else `unqualified`), only while there is room and the
 * occurrence is not over (else `skipped`). Never creates or changes a calendar event.
 */
export async function runGeneration(repos: Repositories, schedule: ScheduleRow, context: GenerationContext, through?: string): Promise<RunCounts> {
  const window = generationWindow({
    today: context.today,
    windowStart: schedule.window_start,
    windowEnd: schedule.window_end,
    horizonWeeks: context.horizonWeeks,
    oneOff: schedule.one_off,
    through,
  });
  const counts: RunCounts = { created: 0, existing: 0, ...window, assigned: 0, skipped: 0, unqualified: 0 };
  if (window.from > window.through) return counts;

  const events = await repos.schedules.followedEvents(schedule, window.from, window.through);
  const created = await repos.schedules.attachOccurrences(schedule.id, events, context.now);
  counts.created = created.length;
  counts.existing = events.length - created.length;
  if (created.length === 0) return counts;

  const templates = await repos.requirements.templateRows([schedule.id]);
  const defaults = await repos.requirements.defaults(templates.map((t) => t.id));
  const endOf = new Map(events.map((event) => [event.id, addMinutes(event.end_at, schedule.end_offset_minutes)]));
  const planned: NewAssignmentRow[] = [];

  for (const occurrence of created) {
    const isOccurrenceOver = isOver(endOf.get(occurrence.event_id) ?? '', context.now);
    for (const template of templates) {
      let room = capacityOf({ minCount: template.min_count, maxCount: template.max_count });
      for (const chosen of defaults.filter((d) => d.requirement_id === template.id)) {
        if (!chosen.qualified) {
          counts.unqualified++;
        } else if (isOccurrenceOver || room <= 0) {
          counts.skipped++;
        } else {
          room--;
          planned.push({
            occurrenceId: occurrence.id,
            positionId: template.position_id,
            personId: chosen.person_id,
            requirementId: template.id,
            status: chosen.accepted ? 'accepted' : 'pending',
            source: 'coordinator',
            at: context.now,
            assignedBy: chosen.set_by_person_id,
          });
        }
      }
    }
  }

  const ids = await repos.assignments.insertMany(planned);
  counts.assigned = ids.length;
  const accepted = planned.map((p, i) => ({ ...p, id: ids[i] })).filter((p) => p.status === 'accepted');
  const pending = planned.map((p, i) => ({ ...p, id: ids[i] })).filter((p) => p.status === 'pending');
  // An accepted default is recorded as the setter's coordinator-channel acceptance; nobody is asked.
  await repos.assignments.appendResponses(accepted.map((a) => ({ assignmentId: a.id, personId: a.assignedBy ?? a.personId, response: 'accepted' as const, at: context.now, channel: 'coordinator' as const })));
  await repos.notifications.enqueueMany(pending.map((a) => ({
    type: 'assignment',
    personId: a.personId,
    keyParts: [a.id, a.personId],
    scheduledFor: context.now,
    createdAt: context.now,
    assignmentId: a.id,
    occurrenceId: a.occurrenceId,
  })));
  return counts;
}
