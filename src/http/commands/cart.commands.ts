import type { CartAddition } from '../../domain/cart/cart.service.js';
import { invalid } from '../../domain/errors.js';

/** The cart's bodies (contract §15.6): ids come as numbers or digit strings, as the reference system takes them. */

const ids = (values: ReadonlyArray<number | string>) => values.map(Number);

/** What to add: the people listed, else a family's members, else a group's. */
export function parseCartAddition(body: { Persons?: Array<number | string>; Family?: number | string; Group?: number | string }): CartAddition {
  if (body.Persons !== undefined) return { persons: ids(body.Persons) };
  if (body.Family !== undefined) return { familyId: Number(body.Family) };
  if (body.Group !== undefined) return { groupId: Number(body.Group) };
  throw invalid('POST to cart requires a Persons array, FamilyID, or GroupID');
}

/** The people to remove; none listed empties the cart. */
export const parseCartRemoval = (body: { Persons?: Array<number | string> }): number[] | undefined => body.Persons && ids(body.Persons);
