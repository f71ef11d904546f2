import type { CalendarRow, EventRow, EventTypeRow, FamilyRow, GroupRow, PersonRow } from '../../db/schema.js';
import { emailHint } from '../../domain/people/display-name.js';
import { SYSTEM_CALENDARS, type CalendarsService, type PortalCalendars } from '../../domain/calendars/calendars.service.js';
import type {
  AttendanceCountView, CalendarView, EventTypeView, EventView, FamilyAwaitingReviewView, FamilyListRowView, FamilyView, GroupView, PersonListRowView,
  MemberCalendarView, PersonSearchHitView, PersonView, PortalCalendarView, RoleOptionView,
} from '../schemas/core.schemas.js';

/** Core objects keep the reference system's PascalCase on the wire (contract §1.1). */

export function presentPerson(person: PersonRow): PersonView {
  return {
    Id: person.id,
    Title: person.title,
    FirstName: person.first_name,
    MiddleName: person.middle_name,
    LastName: person.last_name,
    Suffix: person.suffix,
    Gender: person.gender,
    Email: person.email,
    WorkEmail: person.work_email,
    CellPhone: person.cell_phone,
    HomePhone: person.home_phone,
    WorkPhone: person.work_phone,
    BirthMonth: person.birth_month,
    BirthDay: person.birth_day,
    BirthYear: person.birth_year,
    HideAge: person.hide_age,
    FamId: person.family_id ?? 0,
    FmrId: person.family_role_id ?? 0,
    NeedsReview: person.needs_review,
    DateEntered: person.date_entered,
    EnteredBy: person.entered_by,
    DeceasedDate: person.deceased_date,
    Inactive: person.inactive,
    DoNotEmail: person.do_not_email,
  };
}

export function presentFamily(family: FamilyRow, memberIds: number[]): FamilyView {
  return {
    Id: family.id,
    Name: family.name,
    Address1: family.address1,
    Address2: family.address2,
    City: family.city,
    State: family.state,
    Zip: family.zip,
    Country: family.country,
    HomePhone: family.home_phone,
    WorkPhone: family.work_phone,
    CellPhone: family.cell_phone,
    Email: family.email,
    DateEntered: family.date_entered,
    EnteredBy: family.entered_by,
    NeedsReview: family.needs_review,
    MemberIds: memberIds,
  };
}

/** A row of `GET /api/persons`; a family number naming no family (0 in imported data) reads as none. */
export function presentPersonListRow(row: { id: number; first_name: string; last_name: string; email: string | null; family_id: number | null; family_name: string | null }): PersonListRowView {
  return {
    Id: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    Email: row.email,
    FamilyId: row.family_name === null ? null : row.family_id,
    FamilyName: row.family_name,
  };
}

export function presentFamilyListRow(row: { id: number; name: string; email: string | null; home_phone: string | null; city: string | null; member_count: number }): FamilyListRowView {
  return { Id: row.id, Name: row.name, Email: row.email, HomePhone: row.home_phone, City: row.city, MemberCount: row.member_count };
}

export function presentRole(role: { role_id: number; name: string; sequence: number }): RoleOptionView {
  return { OptionId: role.role_id, OptionName: role.name, OptionSequence: role.sequence };
}

export function presentGroup(group: GroupRow & { member_count?: number | null }, roles: Array<{ role_id: number; name: string; sequence: number }>): GroupView {
  return {
    Id: group.id,
    Name: group.name,
    Type: group.type,
    Description: group.description,
    RoleListId: group.id,
    DefaultRole: group.default_role_id,
    Active: group.active,
    IncludeInEmailExport: group.include_in_email_export,
    groupType: group.type,
    memberCount: group.member_count ?? 0,
    roles: roles.map(presentRole),
  };
}

/** The calendars an administrator may share with members, church calendars first, each with whether it is shared. */
export function presentPortalCalendars({ church, shared }: PortalCalendars): PortalCalendarView[] {
  const isShared = (type: string, id: number) => shared.some((ref) => ref.type === type && ref.id === id);
  return [
    ...church.map((calendar) => ({
      type: 'calendar' as const,
      id: calendar.id,
      name: calendar.name,
      colors: { background: calendar.background_color, foreground: calendar.foreground_color },
      ministryId: calendar.ministry_id ?? null,
      visible: isShared('calendar', calendar.id),
    })),
    ...SYSTEM_CALENDARS.map((calendar) => ({
      type: 'system' as const,
      id: calendar.id,
      name: calendar.name,
      colors: { background: calendar.background, foreground: calendar.foreground },
      ministryId: null,
      visible: isShared('system', calendar.id),
    })),
  ];
}

/** The calendars shared with members, as a member reads them: a name and colours to choose by. */
export function presentMemberCalendars({ church, system }: Awaited<ReturnType<CalendarsService['memberCalendars']>>): MemberCalendarView[] {
  return [
    ...church.map((calendar) => ({ type: 'calendar' as const, id: calendar.id, name: calendar.name, colors: { background: calendar.background_color, foreground: calendar.foreground_color } })),
    ...system.map((calendar) => ({ type: 'system' as const, id: calendar.id, name: calendar.name, colors: { background: calendar.background, foreground: calendar.foreground } })),
  ];
}

export function presentCalendar(calendar: CalendarRow): CalendarView {
  return {
    Id: calendar.id,
    Name: calendar.name,
    AccessToken: calendar.access_token,
    ForegroundColor: calendar.foreground_color,
    BackgroundColor: calendar.background_color,
    MinistryId: calendar.ministry_id ?? null,
  };
}

export function presentEventType(type: EventTypeRow): EventTypeView {
  return { Id: type.id, Name: type.name, DefStartTime: type.def_start_time, DefRecurType: type.def_recur_type, Active: type.active };
}

export function presentEvent(details: {
  event: EventRow;
  typeName: string | null;
  ministryName: string | null;
  calendars: Array<{ id: number; name: string }>;
  groups: Array<{ id: number; name: string }>;
}): EventView {
  const { event } = details;
  return {
    Id: event.id,
    Title: event.title,
    Desc: event.description,
    Text: event.text,
    Start: event.start_at,
    End: event.end_at,
    Type: event.type_id,
    TypeName: details.typeName,
    InActive: event.inactive,
    LinkedGroupId: details.groups[0]?.id ?? 0,
    MinistryId: event.event_ministry_id,
    MinistryName: details.ministryName,
    PinnedCalendars: details.calendars.map((calendar) => calendar.id),
    Groups: details.groups.map((group) => ({ Id: group.id, Name: group.name })),
  };
}

export function presentCounts(counts: Array<{ count_id: number; name: string; count: number; notes: string | null }>): AttendanceCountView[] {
  return counts.map((c) => ({ id: c.count_id, name: c.name, count: c.count, notes: c.notes }));
}

/** A hit of `GET /api/persons/search/{query}`: numbered from 1, with the person's address in the API. */
export function presentPersonSearchHit(person: Pick<PersonRow, 'id' | 'first_name' | 'last_name' | 'email'> & { family_name: string | null }, index: number): PersonSearchHitView {
  return {
    id: index + 1, objid: person.id, text: `${person.first_name} ${person.last_name}`, uri: `/api/person/${person.id}`,
    familyName: person.family_name, emailHint: emailHint(person.email),
  };
}

/** A self-registered family awaiting review, with its members' first names and e-mail addresses. */
export function presentFamilyAwaitingReview({ family, members }: { family: FamilyRow; members: Array<Pick<PersonRow, 'first_name' | 'email'>> }): FamilyAwaitingReviewView {
  return {
    ...presentFamily(family, []),
    Members: members.map((m) => m.first_name),
    MemberEmails: members.map((m) => m.email).filter((email): email is string => email !== null),
  };
}
