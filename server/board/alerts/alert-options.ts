import { systemResolver, type Resolver } from './destination';

/** What tests replace in the alert machinery: name resolution and the retry jitter. */
export interface AlertOptions {
  resolve: Resolver;
  /** A number in [0, 1): the share of the backoff actually waited. */
  random: () => number;
}

export const ALERT_OPTIONS = Symbol('ALERT_OPTIONS');

export const DEFAULT_ALERT_OPTIONS: AlertOptions = { resolve: systemResolver, random: Math.random };
