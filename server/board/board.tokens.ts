/** Whether the snapshot schedule runs (false in tests, which drive snapshot runs themselves). */
export const SNAPSHOT_SCHEDULE = Symbol('SNAPSHOT_SCHEDULE');
