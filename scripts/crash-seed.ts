/** The crash test's seed when none is given (CRASH_SEED, `npm run crash -- --seed`). */
export const DEFAULT_CRASH_SEED = 16_036;
