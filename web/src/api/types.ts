import type { paths } from './schema';

type Method = 'get' | 'post' | 'put' | 'delete';
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body a route answers on success (200, else 201), as the OpenAPI document describes it. */
export type ApiResponse<P extends keyof paths, M extends Method = 'get'> =
  paths[P][M] extends { responses: infer R } ? (200 extends keyof R ? Json<R[200]> : 201 extends keyof R ? Json<R[201]> : never) : never;

/** The JSON body of a route's 201, where its 200 is not JSON (the people import's progress stream). */
export type ApiCreated<P extends keyof paths, M extends Method = 'post'> =
  paths[P][M] extends { responses: infer R } ? (201 extends keyof R ? Json<R[201]> : never) : never;

/** The JSON body a route takes. */
export type ApiRequest<P extends keyof paths, M extends Method = 'post'> =
  paths[P][M] extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;

export type Permissions = ApiResponse<'/api/me/permissions'>;
export type Ministry = ApiResponse<'/api/ministries/ministries'>['ministries'][number];
export type PersonMatch = ApiResponse<'/api/persons/search/{query}'>[number];
