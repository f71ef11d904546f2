import type { paths } from '../../api/schema';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Answer<P extends keyof paths, M extends 'get' | 'post'> =
  paths[P][M] extends { responses: infer R } ? (200 extends keyof R ? Json<R[200]> : 201 extends keyof R ? Json<R[201]> : never) : never;

export type Person = Answer<'/api/person/{personId}', 'get'>;
export type Family = Answer<'/api/family/{familyId}', 'get'>;
export type Group = Answer<'/api/groups/{groupId}', 'get'>;
export type Calendar = Answer<'/api/calendars', 'get'>[number];
export type PersonBody = NonNullable<paths['/api/persons']['post']['requestBody']>['content']['application/json'];
export type FamilyBody = NonNullable<paths['/api/families']['post']['requestBody']>['content']['application/json'];
