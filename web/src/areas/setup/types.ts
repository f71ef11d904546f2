import type { paths } from '../../api/schema';

/** What a GET route answers with 200, as the OpenAPI document describes it. */
type Answer<P extends keyof paths> =
  paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer B } } } } } ? B : never;

export type Summary = Answer<'/api/ministries/ministries/{ministryId}/summary'>['summary'];
export type Team = Answer<'/api/ministries/ministries/{ministryId}/teams'>['teams'][number];
export type Position = Answer<'/api/ministries/ministries/{ministryId}/positions'>['positions'][number];
export type Pool = Answer<'/api/ministries/ministries/{ministryId}/pool'>;
export type Matrix = Answer<'/api/ministries/ministries/{ministryId}/qualification-matrix'>;
export type PoolPerson = Matrix['people'][number];
export type Scope = Answer<'/api/ministries/scopes'>['scopes'][number];
