import { today } from '../../format';
import type { Requirement, Schedule } from './api';
import { needOf, type NeedDraft } from './StaffingPlan';

export const LINK_MODES = ['ministry', 'event_type', 'class'] as const;
export type LinkMode = (typeof LINK_MODES)[number];

/** A schedule as its form edits it: every field as the control holds it. */
export interface ScheduleDraft {
  name: string;
  teamId: string;
  linkMode: LinkMode | 'event';
  eventTypeId: string;
  titleFilter: string;
  groupId: string;
  startOffset: string;
  endOffset: string;
  windowStart: string;
  windowEnd: string;
  active: boolean;
  refillOnDecline: boolean;
  needs: NeedDraft[];
}

export const blankDraft = (): ScheduleDraft => ({
  name: '', teamId: '', linkMode: 'ministry', eventTypeId: '', titleFilter: '', groupId: '',
  startOffset: '0', endOffset: '0', windowStart: today(), windowEnd: '', active: true, refillOnDecline: false, needs: [],
});

export const draftOf = (schedule: Schedule, requirements: Requirement[]): ScheduleDraft => ({
  name: schedule.name,
  teamId: String(schedule.teamId),
  linkMode: schedule.linkMode,
  eventTypeId: schedule.eventTypeId === null ? '' : String(schedule.eventTypeId),
  titleFilter: schedule.titleFilter ?? '',
  groupId: schedule.groupId === null ? '' : String(schedule.groupId),
  startOffset: String(schedule.startOffsetMinutes),
  endOffset: String(schedule.endOffsetMinutes),
  windowStart: schedule.windowStart,
  windowEnd: schedule.windowEnd ?? '',
  active: schedule.active,
  refillOnDecline: schedule.refillOnDecline,
  needs: requirements.map(needOf),
});
