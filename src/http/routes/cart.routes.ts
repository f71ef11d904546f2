import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { parseCartAddition, parseCartRemoval } from '../commands/cart.commands.js';
import { callerOf } from '../plugins/access.js';
import { Id, responses } from '../schemas/common.js';

/** The reference system takes any numeric id, so a digit string counts as one (contract §15.6: only a non-numeric id is a 400). */
const cartId = (message: string) => Type.Union([Id, Type.String({ pattern: '^[0-9]{1,9}$' })], { 'x-error': message });
const PersonIds = Type.Array(cartId('Persons must be a list of person ids'), { maxItems: 5000, 'x-error': 'Persons must be a list of person ids' });

const CartBody = Type.Object({
  Persons: Type.Optional(PersonIds),
  Family: Type.Optional(cartId('Family must be a family id')),
  Group: Type.Optional(cartId('Group must be a group id')),
});

const CartRemovalBody = Type.Object({ Persons: Type.Optional(PersonIds) });


/** The caller's server-side cart (contract §15.6). */
export const cartRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { cart } = services;
  const tags = ['Cart'];

  app.get('/api/cart/', {
    config: { access: 'staff' },
    schema: { tags, summary: "The people in the caller's cart", response: responses({ 200: Type.Object({ PeopleCart: Type.Array(Type.Integer()) }) }) },
  }, async (request) => ({ PeopleCart: await cart.personIds(callerOf(request)) }));

  app.post('/api/cart/', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Add people, a family or a group to the cart',
      body: CartBody,
      response: responses({ 200: Type.Object({ added: Type.Array(Type.Integer()), duplicate: Type.Array(Type.Integer()) }) }),
    },
  }, async (request) => cart.add(callerOf(request), parseCartAddition(request.body)));

  app.delete('/api/cart/', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Empty the cart, or remove the people listed',
      body: CartRemovalBody,
      response: responses({ 200: Type.Object({ status: Type.Literal('success'), message: Type.String() }) }),
    },
  }, async (request) => {
    const removed = await cart.remove(callerOf(request), parseCartRemoval(request.body));
    return { status: 'success' as const, message: removed > 0 ? 'Your cart has been successfully emptied' : 'Your cart is empty' };
  });
};
