import { createQueryId, type Compilable, type CompiledQuery, type RawBuilder, type Simplify } from 'kysely';
import type { Executor } from './database.js';

/** Stands for the argument at `index` while a query is built; compiled, it is a parameter like any value. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled by Kysely once, on first use, and afterwards only given new parameter values.
 * Building a query and compiling it to SQL cost about 22 µs per statement in the profiles of the routes
 * served most, a sixth of the service's time on E14 (bench/README.md); these routes repeat the same few
 * statements with other ids. `build` receives stand-ins for its arguments and must use each only as a value
 * (`where(…, '=', id)`, `anyId(ids)`), never to decide the query's shape: the shape is fixed at the first call.
 * An `undefined` argument is sent as NULL, never as a column's DEFAULT.
 */
export function precompiled<Args extends unknown[], Row>(build: (db: Executor, ...args: Args) => Compilable<Row>) {
  let template: CompiledQuery<Row> | undefined;
  return async function execute(db: Executor, ...args: Args): Promise<Array<Simplify<Row>>> {
    // One stand-in per declared argument, so that an optional one left out of the first call still gets a slot.
    template ??= build(db, ...(Array.from({ length: build.length - 1 }, (_, index) => new Slot(index)) as Args)).compile();
    const parameters = template.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    const result = await db.executeQuery<Row>({ ...template, queryId: createQueryId(), parameters });
    return result.rows as Array<Simplify<Row>>;
  };
}

/** A raw statement as `precompiled` builds it: compiled with the executor's dialect, as a query builder would be. */
export const compilable = <Row>(db: Executor, query: RawBuilder<Row>): Compilable<Row> => ({ compile: () => query.compile(db) });
