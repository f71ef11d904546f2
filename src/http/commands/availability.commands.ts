import type { Static } from '@sinclair/typebox';
import { HOUSEHOLD_RULES, type HouseholdRule } from '../../db/schema.js';
import type { HouseholdRuleCommand } from '../../domain/availability/availability.commands.js';
import { invalid } from '../../domain/errors.js';
import type { HouseholdRuleBody } from '../schemas/availability.schemas.js';

export function parseHouseholdRule(body: Static<typeof HouseholdRuleBody>): HouseholdRuleCommand {
  if (!(HOUSEHOLD_RULES as readonly string[]).includes(body.rule)) throw invalid('rule must be together or apart');
  return { otherPersonId: body.otherPersonId, rule: body.rule as HouseholdRule };
}
