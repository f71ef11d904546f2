import { Type, type TSchema } from '@sinclair/typebox';
import { PEOPLE_PAGE_LIMIT } from '../../domain/people/people.service.js';
import { Id, Nullable, PermissiveBoolean, RequiredField, Stages, WallClock } from './common.js';

const S = Type.String();
const I = Type.Integer();
const B = Type.Boolean();
const NS = Nullable(Type.String());
const NI = Nullable(Type.Integer());
const shape = (properties: Record<string, TSchema>) => Type.Object(properties);

export const Person = shape({
  Id: I, Title: NS, FirstName: S, MiddleName: NS, LastName: S, Suffix: NS, Gender: I, Email: NS, WorkEmail: NS,
  CellPhone: NS, HomePhone: NS, WorkPhone: NS, BirthMonth: NI, BirthDay: NI, BirthYear: NI, HideAge: B, FamId: I, FmrId: I,
  NeedsReview: B, DateEntered: WallClock, EnteredBy: I, DeceasedDate: NS, Inactive: B, DoNotEmail: B,
});

export const Family = shape({
  Id: I, Name: S, Address1: NS, Address2: NS, City: NS, State: NS, Zip: NS, Country: NS, HomePhone: NS, WorkPhone: NS,
  CellPhone: NS, Email: NS, DateEntered: WallClock, EnteredBy: I, NeedsReview: B, MemberIds: Type.Array(I),
});

/** The query of the people and family lists: `q` filters by name or e-mail; offset and limit page. */
export const PeopleListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PEOPLE_PAGE_LIMIT })),
});

export const PersonListRow = shape({ Id: I, FirstName: S, LastName: S, Email: NS, FamilyId: NI, FamilyName: NS });

export const FamilyListRow = shape({ Id: I, Name: S, Email: NS, HomePhone: NS, City: NS, MemberCount: I });

export const RoleOption = shape({ OptionId: I, OptionName: S, OptionSequence: I });

export const Group = shape({
  Id: I, Name: S, Type: I, Description: NS, RoleListId: I, DefaultRole: I, Active: B, IncludeInEmailExport: B,
  groupType: I, memberCount: I, roles: Type.Array(RoleOption),
});

export const Membership = shape({ PersonId: I, GroupId: I, RoleId: I });

export const Calendar = shape({ Id: I, Name: S, AccessToken: NS, ForegroundColor: S, BackgroundColor: S, MinistryId: NI });

export const PortalCalendar = shape({
  type: Type.Union([Type.Literal('calendar'), Type.Literal('system')]),
  id: I,
  name: S,
  colors: shape({ background: S, foreground: S }),
  ministryId: NI,
  visible: B,
});

export const EventType = shape({ Id: I, Name: S, DefStartTime: NS, DefRecurType: S, Active: B });

export const Event = shape({
  Id: I, Title: S, Desc: NS, Text: NS, Start: WallClock, End: WallClock, Type: I, TypeName: NS, InActive: B,
  LinkedGroupId: I, MinistryId: NI, MinistryName: NS, PinnedCalendars: Type.Array(I), Groups: Type.Array(shape({ Id: I, Name: S })),
});

export const AttendanceCount = shape({ id: I, name: S, count: I, notes: NS });

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
