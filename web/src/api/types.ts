import type { paths } from './schema';

/** The JSON body a route answers with the given status, as the OpenAPI document describes it. */
type Body<P extends keyof paths, M extends 'get' | 'post', S extends number = 200> =
  paths[P][M] extends { responses: { [K in S]: { content: { 'application/json': infer B } } } } ? B : never;

export type MeAssignment = Body<'/api/me/assignments', 'get'>['assignments'][number];
export type Opportunity = Body<'/api/me/opportunities', 'get'>['opportunities'][number];
export type EligiblePerson = Body<'/api/me/assignments/{assignmentId}/substitutes', 'get'>['people'][number];
export type HelpWantedMinistry = Body<'/api/me/help-wanted', 'get'>['ministries'][number];
export type Permissions = Body<'/api/me/permissions', 'get'>;
export type Ministry = Body<'/api/ministries/ministries', 'get'>['ministries'][number];
export type PersonMatch = Body<'/api/persons/search/{query}', 'get'>[number];
export type Told = Body<'/api/me/ministries/{ministryId}/replies-go-to', 'get'>;
