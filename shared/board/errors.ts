/**
 * The stable codes of the board's error answers (`BoardErrorBody.code`), each with the
 * HTTP status it is answered with. The English `message` of an answer is for API users
 * and logs; the app writes its own text from `code` and `params` (docs/rules.md#board-api-input).
 * A code, once published, keeps its meaning; new ones may be added, so a client treats an
 * unknown code by its status.
 *
 * A refused dispatch (409) carries the code of the one finding that blocks it (one of
 * `FINDING_CODES`, with that finding's params) or `dispatch_blocked` when several do.
 */
export const BOARD_ERROR_CODES = {
  // Generic, by status: what an answer carries when nothing more specific applies.
  /** 400 the request was refused as it stands. */
  bad_request: 400,
  /**
   * 400 a body field, path parameter or query parameter breaks its rule. Params: `field`
   * (the first one), `fields` (all, comma-separated), `count`, and when known `rule`
   * (`unknown`, `one_of`, `integer`, `number`, `boolean`, `string`, `min`, `max`,
   * `positive`, `not_negative`, `min_length`, `max_length`, `pattern`, `date`, `array`,
   * `max_items`, `format`), `allowed` (of `one_of`), `min` / `max` (of the bounds).
   */
  validation_failed: 400,
  /** 400 a query parameter the route does not take. Params: `field`. */
  unknown_query_parameter: 400,
  /** 400 the body is not valid JSON. */
  invalid_json: 400,
  /** 400 the JSON body nests too deep. Params: `max`. */
  json_too_deep: 400,
  /** 401 the request needs credentials it does not carry. */
  unauthorized: 401,
  /** 403 the request is not allowed. */
  forbidden: 403,
  /** 404 nothing at this address (or nothing the board can show). */
  not_found: 404,
  /** 405 the route does not take this method. */
  method_not_allowed: 405,
  /** 409 the request conflicts with the current state. */
  conflict: 409,
  /** 413 the body is too large. */
  payload_too_large: 413,
  /** 415 the body's content type is not accepted. */
  unsupported_media_type: 415,
  /** 422 well-formed, but not acceptable as it stands. */
  unprocessable: 422,
  /** 429 too many requests; `Retry-After` says how long to wait when known. */
  rate_limited: 429,
  /** 500 the board failed; the request id finds it in the logs. */
  internal_error: 500,
  /** 503 a service the board needs is not running. */
  service_unavailable: 503,

  // The platform behind the board.
  /** 502 the platform failed (5xx, timeout, no answer). Params: `detail` (`HTTP 500`…). */
  upstream_unavailable: 502,
  /** 502 the platform refused the board's token. */
  upstream_unauthorized: 502,
  /** 502 the platform refused the board access (a role or scope is missing). */
  upstream_forbidden: 502,
  /** 502 the platform is rate limiting the board. */
  upstream_rate_limited: 502,
  /** 502 the board's own platform call budget is spent for now. */
  upstream_budget_spent: 502,
  /** 503 no platform is configured, or it cannot be reached at start. */
  platform_not_configured: 503,

  // Pages and query parameters.
  /** 404 the organization is not one the board covers. Params: `org`. */
  unknown_organization: 404,
  /** 429 too many uncached requests from this address. Params: `seconds`. */
  uncached_rate_limited: 429,

  // Change stream (`GET /api/events`).
  /** 400 `Last-Event-ID` is not the id of an event this stream sent. */
  last_event_id_invalid: 400,
  /** 429 the board holds its most open change streams. Params: `cap`. */
  event_streams_full: 429,
  /** 429 this address holds its most open change streams. Params: `cap`. */
  event_streams_per_client_full: 429,
  /** 503 the change stream is turned off. */
  event_streams_off: 503,
  /** 503 the board is shutting down. */
  shutting_down: 503,

  // Admin sign-in.
  /** 403 the admin area is disabled (no admin token configured). */
  admin_disabled: 403,
  /** 401 an admin route was asked without a bearer token. */
  admin_token_missing: 401,
  /** 401 the admin token is not valid. */
  admin_token_invalid: 401,
  /** 429 too many failed admin sign-ins; `Retry-After` says how long to wait. */
  admin_sign_in_limited: 429,

  // Dispatch and re-dispatch.
  /** 400 the NPC is not one the board is configured with. Params: `field`, `npc`, `allowed`. */
  unknown_npc: 400,
  /** 400 the repository's organization is not covered. Params: `field`, `org`. */
  org_not_covered: 400,
  /** 400 the repository is not one the board shows. Params: `field`, `repo`. */
  repo_not_shown: 400,
  /** 409 the issue is closed. Params: `repo`, `number`. */
  issue_closed: 409,
  /** 409 the issue is already with that NPC. Params: `repo`, `number`, `npc`. */
  already_with_npc: 409,
  /** 409 several checks block the dispatch. Params: `count`, `codes` (comma-separated). */
  dispatch_blocked: 409,
  /** 409 an identical request was made a moment ago; its answer was lost, it is not made again. */
  already_done: 409,
  /** 400 the `Idempotency-Key` header is malformed. Params: `field`. */
  idempotency_key_invalid: 400,
  /** 422 the `Idempotency-Key` was used for another request. Params: `field`. */
  idempotency_key_reused: 422,
  /** 409 a request with this `Idempotency-Key` is still in progress. */
  idempotency_key_in_progress: 409,
  /** 409 another request with this `Idempotency-Key` took over. */
  idempotency_key_taken_over: 409,
  /** 409 an identical request (without a key) is in progress. */
  request_in_progress: 409,

  // NPC runs.
  /** 404 the repository has no NPC run with this number. Params: `repo`, `sn`. */
  run_not_found: 404,
  /** 409 the run has finished; only a running run stops. Params: `sn`, `status`. */
  run_finished: 409,

  // Settings.
  /** 400 per-NPC limits name an NPC the board does not know. Params: `field`, `npc`, `allowed`. */
  wip_limits_unknown_npc: 400,
  /** 400 the hard WIP limit is below the soft one. Params: `hard`, `soft`. */
  wip_hard_below_soft: 400,

  // Alerts.
  /** 404 no alert channel with this id. Params: `id`. */
  channel_not_found: 404,
  /** 404 no silence with this id. Params: `id`. */
  silence_not_found: 404,
  /**
   * 400 a channel's address is refused. Params: `field`, `reason` (`not_absolute`,
   * `scheme`, `scheme_https`, `credentials`, `unresolved`, `metadata`, `private`), `host`, `address`.
   */
  channel_url_refused: 400,
  /** 400 organizations the board does not cover. Params: `field`, `orgs`, `count`. */
  orgs_not_covered: 400,
  /** 400 a silence must end in the future. Params: `field`. */
  silence_until_past: 400,
  /** 400 the silenced alert is not one of the rule's. Params: `field`, `rule`. */
  silence_alert_mismatch: 400,
} as const satisfies Record<string, number>;

export type BoardErrorCode = keyof typeof BOARD_ERROR_CODES;

/** Values an error or finding message is written from. */
export type MessageParams = Record<string, string | number>;

/** The generic code of an answer with `status` when nothing more specific applies. */
export function errorCodeForStatus(status: number): BoardErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'unprocessable';
    case 429:
      return 'rate_limited';
    case 502:
      return 'upstream_unavailable';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 400 && status < 500 ? 'bad_request' : 'internal_error';
  }
}
