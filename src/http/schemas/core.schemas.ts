import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { PEOPLE_PAGE_LIMIT } from '../../domain/people/people.service.js';
import { Id, Nullable, PermissiveBoolean, ReadByDomain, RequiredField, Stages, WallClock } from './common.js';

const S = Type.String();
const I = Type.Integer();
const B = Type.Boolean();
const NS = Nullable(Type.String());
const NI = Nullable(Type.Integer());
const shape = <P extends TProperties>(properties: P) => Type.Object(properties);

export const Person = shape({
  Id: I, Title: NS, FirstName: S, MiddleName: NS, LastName: S, Suffix: NS, Gender: I, Email: NS, WorkEmail: NS,
  CellPhone: NS, HomePhone: NS, WorkPhone: NS, BirthMonth: NI, BirthDay: NI, BirthYear: NI, HideAge: B, FamId: I, FmrId: I,
  NeedsReview: B, DateEntered: WallClock, EnteredBy: I, DeceasedDate: NS, Inactive: B, DoNotEmail: B,
});
export type PersonView = Static<typeof Person>;

export const Family = shape({
  Id: I, Name: S, Address1: NS, Address2: NS, City: NS, State: NS, Zip: NS, Country: NS, HomePhone: NS, WorkPhone: NS,
  CellPhone: NS, Email: NS, DateEntered: WallClock, EnteredBy: I, NeedsReview: B, MemberIds: Type.Array(I),
});
export type FamilyView = Static<typeof Family>;

/** Ours: a family awaiting review shows its members' first names and addresses (contract §14.4). */
export const FamilyAwaitingReview = Type.Composite([Family, shape({ Members: Type.Array(S), MemberEmails: Type.Array(S) })]);
export type FamilyAwaitingReviewView = Static<typeof FamilyAwaitingReview>;

// familyName and emailHint are ours (issue 37 #2): what tells two people of the same name apart in a search.
export const PersonSearchHit = shape({ id: I, objid: I, text: S, uri: S, familyName: Type.Optional(NS), emailHint: Type.Optional(NS) });
export type PersonSearchHitView = Static<typeof PersonSearchHit>;

/** The query of the people and family lists: `q` filters by name or e-mail; offset and limit page. */
export const PeopleListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PEOPLE_PAGE_LIMIT })),
});

export const PersonListRow = shape({ Id: I, FirstName: S, LastName: S, Email: NS, FamilyId: NI, FamilyName: NS });
export type PersonListRowView = Static<typeof PersonListRow>;

export const FamilyListRow = shape({ Id: I, Name: S, Email: NS, HomePhone: NS, City: NS, MemberCount: I });
export type FamilyListRowView = Static<typeof FamilyListRow>;

export const RoleOption = shape({ OptionId: I, OptionName: S, OptionSequence: I });
export type RoleOptionView = Static<typeof RoleOption>;

export const Group = shape({
  Id: I, Name: S, Type: I, Description: NS, RoleListId: I, DefaultRole: I, Active: B, IncludeInEmailExport: B,
  groupType: I, memberCount: I, roles: Type.Array(RoleOption),
});
export type GroupView = Static<typeof Group>;

export const Membership = shape({ PersonId: I, GroupId: I, RoleId: I });
export type MembershipView = Static<typeof Membership>;

export const Calendar = shape({ Id: I, Name: S, AccessToken: NS, ForegroundColor: S, BackgroundColor: S, MinistryId: NI });
export type CalendarView = Static<typeof Calendar>;

export const PortalCalendar = shape({
  type: Type.Union([Type.Literal('calendar'), Type.Literal('system')]),
  id: I,
  name: S,
  colors: shape({ background: S, foreground: S }),
  ministryId: NI,
  visible: B,
});
export type PortalCalendarView = Static<typeof PortalCalendar>;

/** Ours (issue 37 #9): a calendar the church shares with members, as any login may read it (no token, no ministry). */
export const MemberCalendar = shape({ type: Type.Union([Type.Literal('calendar'), Type.Literal('system')]), id: I, name: S, colors: shape({ background: S, foreground: S }) });
export type MemberCalendarView = Static<typeof MemberCalendar>;

export const EventType = shape({ Id: I, Name: S, DefStartTime: NS, DefRecurType: S, Active: B });
export type EventTypeView = Static<typeof EventType>;

export const Event = shape({
  Id: I, Title: S, Desc: NS, Text: NS, Start: WallClock, End: WallClock, Type: I, TypeName: NS, InActive: B,
  LinkedGroupId: I, MinistryId: NI, MinistryName: NS, PinnedCalendars: Type.Array(I), Groups: Type.Array(shape({ Id: I, Name: S })),
});
export type EventView = Static<typeof Event>;

export const AttendanceCount = shape({ id: I, name: S, count: I, notes: NS });
export type AttendanceCountView = Static<typeof AttendanceCount>;

const text = (max: number) => Type.String({ maxLength: max });
const optionalText = (max: number) => Type.Optional(Nullable(text(max)));

export const PersonBody = Type.Object({
  firstName: text(50),
  lastName: text(50),
  email: optionalText(100),
  gender: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], { 'x-error': 'gender must be 0 (unknown), 1 (male) or 2 (female)' })),
  familyId: Type.Optional(Nullable(Id)),
  familyRoleId: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
  birthDate: optionalText(10),
  cellPhone: optionalText(30),
  homePhone: optionalText(30),
  workPhone: optionalText(30),
  deceasedDate: optionalText(10),
  inactive: Type.Optional(PermissiveBoolean),
  doNotEmail: Type.Optional(PermissiveBoolean),
});

export const PersonUpdateBody = Type.Partial(PersonBody);

export const FamilyBody = Type.Object({
  name: text(50),
  address1: optionalText(255),
  address2: optionalText(255),
  city: optionalText(50),
  state: optionalText(50),
  zip: optionalText(50),
  country: optionalText(50),
  homePhone: optionalText(30),
  email: optionalText(100),
});

export const FamilyUpdateBody = Type.Partial(FamilyBody);

export const GroupBody = Type.Object({
  groupName: text(50),
  description: Type.Optional(Nullable(text(2000))),
  isSundaySchool: Type.Optional(PermissiveBoolean),
  groupType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
});

export const CalendarBody = Type.Object({
  Name: text(99),
  ForegroundColor: Type.Optional(text(7)),
  BackgroundColor: Type.Optional(text(7)),
});

const IdList = Type.Array(Id, { maxItems: 1000 });

export const EventBody = Type.Object({
  Title: text(255),
  Type: Id,
  Start: text(19),
  End: text(19),
  PinnedCalendars: Type.Optional(IdList),
  Desc: Type.Optional(Nullable(text(255))),
  Text: Type.Optional(Nullable(text(65535))),
  MinistryId: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  LinkedGroupId: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  InActive: Type.Optional(PermissiveBoolean),
});

export const EventUpdateBody = Type.Partial(EventBody);

const RepeatFields = Type.Object({
  Title: Type.Optional(text(255)),
  Type: Type.Optional(Id),
  StartTime: Type.Optional(text(8)),
  EndTime: Type.Optional(text(8)),
  RecurType: Type.Optional(text(20)),
  RecurDOW: Type.Optional(Type.Union([text(20), Type.Integer({ minimum: 0, maximum: 6 })])),
  RecurDOM: Type.Optional(Type.Union([Type.Integer(), text(2)])),
  RecurDOY: Type.Optional(text(5)),
  RangeStart: Type.Optional(text(10)),
  RangeEnd: Type.Optional(text(10)),
  PinnedCalendars: Type.Optional(IdList),
  LinkedGroupId: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  Inactive: Type.Optional(PermissiveBoolean),
  SkipExisting: Type.Optional(PermissiveBoolean),
  Desc: Type.Optional(Nullable(text(255))),
  Text: Type.Optional(Nullable(text(65535))),
});

/** The reference system names one missing field at a time, in this order; blank text counts as missing. */
const present = <K extends string>(field: K) => RequiredField(field, Type.String({ pattern: '\\S', 'x-error': `Missing required field: ${field}` }), `Missing required field: ${field}`);

export const RepeatBody = Stages(
  RepeatFields,
  present('Title'),
  RequiredField('Type', Id, 'Missing required field: Type'),
  present('StartTime'),
  present('EndTime'),
  present('RecurType'),
  present('RangeStart'),
  present('RangeEnd'),
);

export const CountsBody = Type.Object({
  counts: Type.Array(
    Type.Object({
      name: text(50),
      count: Type.Integer({ minimum: 0, maximum: 1_000_000, 'x-error': 'Each count must be a whole number of 0 or more' }),
      notes: Type.Optional(Nullable(text(255))),
    }),
    { maxItems: 100 },
  ),
});

export const EventTypeBody = Type.Object({
  name: text(100),
  defStartTime: Type.Optional(Nullable(text(8))),
  active: Type.Optional(PermissiveBoolean),
});

export const EventTypeUpdateBody = Type.Partial(EventTypeBody);

// Every failure of a registration is reported at once (after the 403 for a closed form), so the domain reads each field.
const formText = (max: number, required = false) => ReadByDomain(`text, ${max} characters at most${required ? '; required' : ''}`);
export const PersonRegistrationBody = Type.Object({
  firstName: formText(50, true),
  lastName: formText(50, true),
  email: ReadByDomain('one e-mail address, 100 characters at most'),
  gender: ReadByDomain('0 (unknown), 1 (male) or 2 (female)'),
  birthday: ReadByDomain('MM/DD/YYYY'),
  role: ReadByDomain('a family role id'),
  cellPhone: formText(30),
  homePhone: formText(30),
  workPhone: formText(30),
  hideAge: ReadByDomain('permissive boolean (§1.7)'),
});
export const FamilyRegistrationBody = Type.Object({
  Name: formText(50, true),
  Address1: formText(255),
  Address2: formText(255),
  City: formText(50),
  State: formText(50),
  Zip: formText(50),
  Country: formText(50),
  HomePhone: formText(30),
  WorkPhone: formText(30),
  CellPhone: formText(30),
  Email: ReadByDomain('one e-mail address, 100 characters at most'),
  people: ReadByDomain('a list of at most 50 people, each as the person registration'),
});
