/** What other areas embed: the staffing plan editor (the events page staffs a single event with it). */
export { planRow, StaffingPlan, type NeedDraft } from './StaffingPlan';
