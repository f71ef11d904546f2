import { useQueries, useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client';
import type { ApiRequest, ApiResponse } from '../../api/types';
import { today } from '../../format';

export type Person = ApiResponse<'/api/person/{personId}'>;
export type Family = ApiResponse<'/api/family/{familyId}'>;
export type Group = ApiResponse<'/api/groups/{groupId}'>;
export type Calendar = ApiResponse<'/api/calendars'>[number];
export type PersonBody = ApiRequest<'/api/persons'>;
export type FamilyBody = ApiRequest<'/api/families'>;

/** The administrator's query keys: all under `admin`, so a change can refresh what it touched. */
export const adminKeys = {
  all: ['admin'] as const,
  people: () => [...adminKeys.all, 'people'] as const,
  person: (personId: number | undefined) => [...adminKeys.people(), personId] as const,
  /** The pages of the people list, read again when a person or a family's name changes. */
  peopleList: () => [...adminKeys.all, 'people-list'] as const,
  familyRoles: () => [...adminKeys.all, 'family-roles'] as const,
  families: () => [...adminKeys.all, 'families'] as const,
  family: (familyId: number | undefined) => [...adminKeys.families(), familyId] as const,
  familiesList: () => [...adminKeys.families(), 'list'] as const,
  groups: () => [...adminKeys.all, 'groups'] as const,
  groupMembers: (groupId: number) => [...adminKeys.groups(), groupId, 'members'] as const,
  calendars: () => [...adminKeys.all, 'calendars'] as const,
  registrations: () => [...adminKeys.all, 'registrations'] as const,
  kiosks: () => [...adminKeys.all, 'kiosks'] as const,
  kioskEvents: (from: string) => [...adminKeys.kiosks(), 'events', from] as const,
  setting: (name: string) => [...adminKeys.all, 'settings', name] as const,
  user: (userId: number) => [...adminKeys.all, 'users', userId] as const,
  userSummary: (userId: number) => [...adminKeys.user(userId), 'summary'] as const,
  userRoles: (userId: number) => [...adminKeys.user(userId), 'roles'] as const,
  userKeys: (userId: number) => [...adminKeys.user(userId), 'api-keys'] as const,
};

export function usePerson(personId: number | undefined) {
  return useQuery({
    queryKey: adminKeys.person(personId),
    queryFn: () => ok(api.GET('/api/person/{personId}', { params: { path: { personId: personId! } } })),
    enabled: personId !== undefined,
  });
}

/** Each of these people, read one by one (a family's members). */
export function usePeople(personIds: number[]) {
  return useQueries({
    queries: personIds.map((personId) => ({
      queryKey: adminKeys.person(personId),
      queryFn: () => ok(api.GET('/api/person/{personId}', { params: { path: { personId } } })),
    })),
  });
}

export const useFamilyRoles = () =>
  useQuery({ queryKey: adminKeys.familyRoles(), queryFn: () => ok(api.GET('/api/persons/roles')), staleTime: Infinity });

/** The first families whose name (or e-mail) holds what was typed, once two letters are (issue 37 #5: a family is found by its name). */
export function useFamilySearch(typed: string) {
  return useQuery({
    queryKey: [...adminKeys.familiesList(), 'search', typed] as const,
    queryFn: () => ok(api.GET('/api/families', { params: { query: { q: typed, limit: 10 } } })),
    enabled: typed.length >= 2,
  });
}

export function useFamily(familyId: number | undefined) {
  return useQuery({
    queryKey: adminKeys.family(familyId),
    queryFn: () => ok(api.GET('/api/family/{familyId}', { params: { path: { familyId: familyId! } } })),
    enabled: familyId !== undefined && familyId > 0,
    retry: false,
  });
}

export const useGroups = () => useQuery({ queryKey: adminKeys.groups(), queryFn: () => ok(api.GET('/api/groups/')) });

export function useGroupMembers(groupId: number) {
  return useQuery({
    queryKey: adminKeys.groupMembers(groupId),
    queryFn: async () => (await ok(api.GET('/api/groups/{groupId}/members', { params: { path: { groupId } } }))).Person2group2roleP2g2rs,
  });
}

export const useCalendars = () => useQuery({ queryKey: adminKeys.calendars(), queryFn: () => ok(api.GET('/api/calendars')) });

/** Each named setting's value. */
export function useSettings(names: string[]) {
  return useQueries({
    queries: names.map((name) => ({
      queryKey: adminKeys.setting(name),
      queryFn: async () => (await ok(api.GET('/admin/api/system/config/{name}', { params: { path: { name } } }))).value,
    })),
  });
}

export function useUserSummary(userId: number) {
  return useQuery({
    queryKey: adminKeys.userSummary(userId),
    queryFn: () => ok(api.GET('/admin/api/user/{userId}/permissions', { params: { path: { userId } } })),
  });
}

export function useApiKeys(userId: number) {
  return useQuery({
    queryKey: adminKeys.userKeys(userId),
    queryFn: async () => (await ok(api.GET('/admin/api/user/{userId}/api-keys', { params: { path: { userId } } }))).apiKeys,
  });
}

/**
 * No route reads a user's flags; sending back the one flag the permission summary reveals (csvExport is the
 * admin flag) changes nothing and answers the whole user. Switch to a read once the service offers one.
 */
export function useUserRoles(userId: number, isAdmin: boolean) {
  return useQuery({
    queryKey: adminKeys.userRoles(userId),
    queryFn: async () => (await ok(api.POST('/admin/api/users/{userId}', { params: { path: { userId } }, body: { roles: { admin: isAdmin } } }))).user.roles,
    staleTime: Infinity,
  });
}

// The review lists are typed loosely in the OpenAPI document; their rows are the person and family objects.
export type WaitingFamily = Family & { Members: string[]; MemberEmails: string[] };

export function useWaitingFamilies() {
  return useQuery({
    queryKey: [...adminKeys.registrations(), 'families'],
    queryFn: async () => (await ok(api.GET('/api/families/self-register'))).families as WaitingFamily[],
  });
}

export function useWaitingPeople() {
  return useQuery({
    queryKey: [...adminKeys.registrations(), 'people'],
    queryFn: async () => (await ok(api.GET('/api/persons/self-register'))).people as Person[],
  });
}

export type Kiosk = ApiResponse<'/api/kiosks'>['kiosks'][number];
/** An event a kiosk may be assigned to, as its select lists it. */
export type EventChoice = { id: number; title: string; start: string; end?: string };

/** The registered kiosks (issue 36), by name. */
export const useKiosks = () => useQuery({ queryKey: adminKeys.kiosks(), queryFn: async () => (await ok(api.GET('/api/kiosks'))).kiosks });

// Kiosks are set up for the events of the next weeks; an event further off is assigned when it comes nearer.
const KIOSK_EVENT_DAYS = 60;

/** The events of the next weeks a kiosk may be assigned to, soonest first (cancelled ones left out). */
export function useUpcomingEvents() {
  const from = today();
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + KIOSK_EVENT_DAYS * 86_400_000).toISOString().slice(0, 10);
  return useQuery({
    queryKey: adminKeys.kioskEvents(from),
    queryFn: async () => (await ok(api.GET('/api/events', { params: { query: { start: from, end: to, limit: 500 } } }))).Events
      .filter((event) => !event.InActive)
      .map((event): EventChoice => ({ id: event.Id, title: event.Title, start: event.Start, end: event.End })),
  });
}
