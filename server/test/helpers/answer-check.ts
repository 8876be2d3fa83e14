import { isDeepStrictEqual } from 'node:util';
import type { RouteDef } from '../../../contract/route-def.ts';
import { Registrar, type Handler } from '../../src/http/register-route.ts';

/**
 * Routes answer through serializers compiled from their contract result schemas
 * (answer-schema.ts), which write only the keys a schema names and coerce a value of another
 * type, where JSON.stringify would write it as it is. So every answer a test server gives is
 * parsed here with its route's schema; a stray one is kept, and the server's close() fails.
 */
const strays: string[] = [];

function check(def: RouteDef, answer: unknown): void {
  const parsed = def.result.safeParse(answer);
  if (!parsed.success) {
    strays.push(`${def.path}: ${parsed.error.message} in ${JSON.stringify(answer)}`);
    return;
  }
  // The parse leaves out keys the schema does not name: any such key would not be written.
  const written = JSON.parse(JSON.stringify(parsed.data)) as unknown;
  const given = JSON.parse(JSON.stringify(answer)) as unknown;
  if (!isDeepStrictEqual(written, given)) {
    strays.push(`${def.path}: keys outside the contract in ${JSON.stringify(answer)}`);
  }
}

const route = Registrar.prototype.route;
Registrar.prototype.route = function <D extends RouteDef>(
  this: Registrar,
  def: D,
  handler: Handler<D>,
  options?: Parameters<Registrar['route']>[2],
) {
  route.bind(this)(
    def,
    async (...args: Parameters<Handler<D>>) => {
      const result = await handler(...args);
      check(def, result ?? null);
      return result;
    },
    options,
  );
};

const json = Registrar.prototype.json;
Registrar.prototype.json = function <D extends RouteDef>(
  this: Registrar,
  def: D,
  handler: (...args: Parameters<Handler<D>>) => Promise<string>,
) {
  json.bind(this)(def, async (...args: Parameters<Handler<D>>) => {
    const result = await handler(...args);
    check(def, JSON.parse(result));
    return result;
  });
};

/** The answers given since the last call that their contract schemas do not describe. */
export function takeStrayAnswers(): string[] {
  return strays.splice(0);
}
