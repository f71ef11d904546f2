import type { HouseholdRule } from '../../db/schema.js';

/** Serve together with, or apart from, a member of my family (issue 17). */
export interface HouseholdRuleCommand {
  otherPersonId: number;
  rule: HouseholdRule;
}
