/** How the forge runs: `serve` seeds and simulates as configured; `cli` only makes sure the admin exists. */
export type ForgeMode = 'serve' | 'cli';

/** Injection token of the ForgeMode. */
export const FORGE_MODE = Symbol('FORGE_MODE');
