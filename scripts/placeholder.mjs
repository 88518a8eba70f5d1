// Stands in for a suite that later work adds; it says so plainly and runs nothing.
const pending = {
  'test:browser': 'browser tests arrive with the board UI (Chromium through playwright-core)',
  'test:deploy': 'multi-replica tests arrive with the production deployment work (Redis, nginx)',
};
const name = process.argv[2];
console.log(`${name}: nothing to run yet: ${pending[name] ?? 'not built yet'}.`);
