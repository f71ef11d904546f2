import { Type } from '@sinclair/typebox';
import { WARNING_CODES } from '../../domain/staffing/placement.js';
import { Nullable } from './common.js';

const DateField = (field: string) => Type.String({ maxLength: 20, 'x-error': `${field} must be a date in YYYY-MM-DD form` });
const TimeField = (field: string) => Type.String({ maxLength: 8, 'x-error': `${field} must be a time in HH:MM form` });

/**
 * A blockout (ours, issue 17). `reason` is always present: the text (or null when none was given) for the person,
 * whoever recorded the blockout and managers; null for every other reader, who sees only that the person is away.
 */
export const Blockout = Type.Object({
  id: Type.Integer(),
  personId: Type.Integer(),
  startDate: Type.String(),
  endDate: Type.String(),
  startTime: Nullable(Type.String()),
  endTime: Nullable(Type.String()),
  repeatWeeklyUntil: Nullable(Type.String()),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Null unless the reader is the person, recorded the blockout, or is a manager or administrator' }),
});

export const BlockoutBody = Type.Object({
  startDate: DateField('startDate'),
  endDate: Type.Optional(DateField('endDate')),
  startTime: Type.Optional(TimeField('startTime')),
  endTime: Type.Optional(TimeField('endTime')),
  repeatWeeklyUntil: Type.Optional(DateField('repeatWeeklyUntil')),
  reason: Type.Optional(Type.String({ maxLength: 500, 'x-error': 'reason must be text of at most 500 characters' })),
});

/** A placement rule's code (issue 32): a list's mark and the warning of the write that ignores it carry the same one. */
export const WarningCode = Type.Union(WARNING_CODES.map((code) => Type.Literal(code)));

/**
 * A note that an answer placed someone against one of the placement rules; the change was still made. The ids name
 * what it is about: the blockout, the credential, the overlapping occurrence, the household members serving.
 */
export const Warning = Type.Object({
  code: WarningCode, message: Type.String(),
  blockoutId: Type.Optional(Type.Integer()), credentialId: Type.Optional(Type.Integer()),
  occurrenceId: Type.Optional(Type.Integer()), personIds: Type.Optional(Type.Array(Type.Integer())),
});

export const HouseholdPartner = Type.Object({ personId: Type.Integer(), displayName: Type.String() });
export const MissingCredential = Type.Object({ credentialId: Type.Integer(), name: Type.String(), expiredOn: Nullable(Type.String()) });

export const Preference = Type.Object({
  id: Type.Integer(), ministryId: Nullable(Type.Integer()), ministryName: Nullable(Type.String()),
  maxPerMonth: Nullable(Type.Integer()), preferredWeeks: Type.Array(Type.Integer()),
});

export const PreferenceBody = Type.Object({
  ministryId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'ministryId must be a ministry id, or null for every ministry' }))),
  maxPerMonth: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 31, 'x-error': 'maxPerMonth must be a whole number from 1 to 31, or null' }))),
  preferredWeeks: Type.Optional(Type.Array(Type.Integer({ 'x-error': 'preferredWeeks must list distinct weeks of the month from 1 to 5' }), { maxItems: 5, 'x-error': 'preferredWeeks must list distinct weeks of the month from 1 to 5' })),
});

export const HouseholdRuleView = Type.Object({
  id: Type.Integer(), otherPersonId: Type.Integer(), otherName: Type.String(), rule: Type.Union([Type.Literal('together'), Type.Literal('apart')]),
});

export const Household = Type.Object({
  familyId: Nullable(Type.Integer()),
  members: Type.Array(HouseholdPartner),
  rules: Type.Array(HouseholdRuleView),
});

export const HouseholdRuleBody = Type.Object({
  otherPersonId: Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'otherPersonId must be a person id' }),
  rule: Type.String({ maxLength: 20, 'x-error': 'rule must be together or apart' }),
});

export const Credential = Type.Object({ id: Type.Integer(), name: Type.String(), description: Nullable(Type.String()), active: Type.Boolean() });
export const CredentialBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100, 'x-error': 'name must be text of at most 100 characters' })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500, 'x-error': 'description must be text of at most 500 characters' }))),
  active: Type.Optional(Type.Boolean({ 'x-error': 'active must be true or false' })),
});
export const CredentialRequirement = Type.Object({
  id: Type.Integer(), credentialId: Type.Integer(), credentialName: Type.String(), ministryId: Type.Integer(), positionId: Nullable(Type.Integer()), positionName: Nullable(Type.String()),
});
export const CredentialRequirementBody = Type.Object({
  credentialId: Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'credentialId must be a credential id' }),
  positionId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'positionId must be a position id' }))),
});
export const HeldCredential = Type.Object({ credentialId: Type.Integer(), name: Type.String(), expiresOn: Nullable(Type.String()) });
export const HeldCredentialBody = Type.Object({
  credentialId: Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'credentialId must be a credential id' }),
  expiresOn: Type.Optional(Nullable(Type.String({ maxLength: 20, 'x-error': 'expiresOn must be a date in YYYY-MM-DD form' }))),
});
