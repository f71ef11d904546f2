import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { parseNewUser, parseUserChanges } from '../commands/users.commands.js';
import { callerOf } from '../plugins/access.js';
import { presentApiKey, presentPermissionSummary, presentUser } from '../presenters/users.presenter.js';
import { Id, idParams, idSegment, responses, SuccessResponse } from '../schemas/common.js';
import {
  ApiKeyList,
  CreateUserBody,
  CurrentUserChangesBody,
  NewApiKey,
  NewApiKeyBody,
  PermissionSummary,
  UpdateUserBody,
  UserEnvelope,
} from '../schemas/users.schemas.js';

/** The current user and its API keys, and the administrator's user routes (contract §15.1). */
export const usersRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { users, apiKeys, passwords, twoFactor } = services;
  const tags = ['Users'];
  const admin = { access: { role: 'admin' as const } };

  app.get('/api/users/current', {
    config: { access: 'login' },
    schema: { tags, summary: 'The signed-in user', response: responses({ 200: UserEnvelope }) },
  }, async (request) => ({ user: presentUser(await users.getUser(callerOf(request).userId)) }));

  app.patch('/api/users/current', {
    config: { access: 'login' },
    schema: { tags, summary: "Choose the signed-in user's language (web app and mails)", body: CurrentUserChangesBody, response: responses({ 200: UserEnvelope }) },
  }, async (request) => ({ user: presentUser(await users.chooseLanguage(callerOf(request).userId, request.body.language)) }));

  app.get('/api/users/current/api-keys', {
    config: { access: 'login' },
    schema: { tags, summary: "The caller's live API keys (never the keys themselves)", response: responses({ 200: ApiKeyList }) },
  }, async (request) => ({ apiKeys: (await apiKeys.list(callerOf(request).userId)).map(presentApiKey) }));

  app.post('/api/users/current/api-keys', {
    config: { access: 'login' },
    schema: { tags, summary: 'Mint a new API key, shown once', body: Type.Optional(NewApiKeyBody), response: responses({ 201: NewApiKey }) },
  }, async (request, reply) => reply.code(201).send(await apiKeys.create(callerOf(request), request.body?.label)));

  app.delete(`/api/users/current/api-keys/${idSegment('keyId')}`, {
    config: { access: 'login' },
    schema: { tags, summary: 'Revoke one of the caller\'s API keys', params: idParams('keyId'), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await apiKeys.revoke(callerOf(request).userId, request.params.keyId);
    return { success: true as const };
  });

  app.post('/admin/api/users', {
    config: admin,
    schema: { tags, summary: 'Create a user for a person', body: CreateUserBody, response: responses({ 201: UserEnvelope }) },
  }, async (request, reply) => reply.code(201).send({ user: presentUser(await users.createUser(parseNewUser(request.body))) }));

  app.post(`/admin/api/users/${idSegment('userId')}`, {
    config: admin,
    schema: { tags, summary: 'Change a user name, password or role flags', params: idParams('userId'), body: UpdateUserBody, response: responses({ 200: UserEnvelope }) },
  }, async (request) => ({ user: presentUser(await users.updateUser(callerOf(request), request.params.userId, parseUserChanges(request.body))) }));

  app.get(`/admin/api/user/${idSegment('userId')}/permissions`, {
    config: admin,
    schema: { tags, summary: 'Permission summary of a user', params: idParams('userId'), response: responses({ 200: PermissionSummary }) },
  }, async (request) => presentPermissionSummary(await users.getUser(request.params.userId)));

  app.post(`/admin/api/user/${idSegment('userId')}/login/reset`, {
    config: admin,
    schema: { tags, summary: 'Unlock a locked account', params: idParams('userId'), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await users.resetLogin(request.params.userId);
    return { success: true as const };
  });

  app.post(`/admin/api/user/${idSegment('userId')}/password/reset`, {
    config: admin,
    schema: { tags, summary: 'Set a random password and mail it to the user', params: idParams('userId'), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await passwords.resetPassword(request.params.userId);
    return { success: true as const };
  });

  app.post(`/admin/api/user/${idSegment('userId')}/disableTwoFactor`, {
    config: admin,
    schema: { tags, summary: 'Turn off two-factor sign-in for a user', params: idParams('userId'), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await twoFactor.disable(request.params.userId);
    return { success: true as const };
  });

  app.get(`/admin/api/user/${idSegment('userId')}/api-keys`, {
    config: admin,
    schema: { tags, summary: "A user's live API keys, to review them (ours)", params: idParams('userId'), response: responses({ 200: ApiKeyList }) },
  }, async (request) => ({ apiKeys: (await apiKeys.list(request.params.userId)).map(presentApiKey) }));

  app.delete(`/admin/api/user/${idSegment('userId')}/api-keys/${idSegment('keyId')}`, {
    config: admin,
    schema: { tags, summary: "Revoke one of a user's API keys (ours)", params: Type.Object({ userId: Id, keyId: Id }), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await apiKeys.revoke(request.params.userId, request.params.keyId);
    return { success: true as const };
  });

  app.delete(`/admin/api/user/${idSegment('userId')}`, {
    config: admin,
    schema: { tags, summary: 'Delete a user (the person stays)', params: idParams('userId'), response: responses({ 200: Type.Object({ user: Type.String() }) }) },
  }, async (request) => ({ user: await users.deleteUser(callerOf(request), request.params.userId) }));
};
