/**
 * fast-check's draw for a property test whose coverage checks need a draw that reaches far
 * enough: CI replays `ciSeed`, FC_SEED replays any other (a failure prints its seed), a local
 * run draws anew.
 */
export function seedOption(ciSeed: number): { seed?: number } {
  const given = process.env.FC_SEED;
  if (given !== undefined) return { seed: Number(given) };
  return process.env.CI ? { seed: ciSeed } : {};
}
