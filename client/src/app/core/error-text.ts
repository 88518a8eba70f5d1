import type { DispatchFinding, FindingCode } from '@shared/board/dispatch';

import { formatCount, formatCredits, formatDays, formatInterval } from '../ui/format';

/**
 * The app's own words for the board's error answers and dispatch findings, written from
 * their stable `code` and `params` (shared/board/errors.ts, shared/board/dispatch.ts) in
 * the app's language. The server's English `message` is never shown for a code known
 * here; an unknown code reads as a generic sentence for its status.
 */

export type ErrorParams = Readonly<Record<string, string | number>>;

/** A parameter as text: numbers through format.ts, anything else as it came. */
function text(params: ErrorParams, key: string): string {
  const value = params[key];
  if (typeof value === 'number') return number(value);
  return value === undefined ? '' : String(value);
}

function number(value: number): string {
  return Number.isInteger(value) ? formatCount(value) : String(value);
}

function credits(params: ErrorParams, key: string): string {
  const value = params[key];
  return typeof value === 'number' ? formatCredits(value) : text(params, key);
}

function days(params: ErrorParams, key: string): string {
  const value = params[key];
  return typeof value === 'number' ? formatDays(value) : text(params, key);
}

/** An issue number reads as it is written on the platform: `#1234`, no separators. */
function issueRef(params: ErrorParams): string {
  return `${text(params, 'repo')}#${String(params['number'] ?? '')}`;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The sentence for a failure with this status and no code this app knows. */
export function statusErrorText(status: number): string {
  if (status === 0) {
    return $localize`:@@core.error.unreachable:The board server could not be reached.`;
  }
  if (status === 400 || status === 422) {
    return $localize`:@@core.error.generic.refused:The request was not accepted (HTTP ${status}:status:).`;
  }
  if (status === 401) {
    return $localize`:@@core.error.generic.unauthorized:Sign-in is needed (HTTP ${status}:status:).`;
  }
  if (status === 403) {
    return $localize`:@@core.error.generic.forbidden:This is not allowed (HTTP ${status}:status:).`;
  }
  if (status === 404) {
    return $localize`:@@core.error.generic.notFound:Not found (HTTP ${status}:status:).`;
  }
  if (status === 409) {
    return $localize`:@@core.error.generic.conflict:This conflicts with the current state; reload and try again (HTTP ${status}:status:).`;
  }
  if (status === 429) {
    return $localize`:@@core.error.generic.rateLimited:Too many requests; try again shortly (HTTP ${status}:status:).`;
  }
  if (status === 502 || status === 503 || status === 504) {
    return $localize`:@@core.error.generic.unavailable:The board or the platform is unavailable right now; try again shortly (HTTP ${status}:status:).`;
  }
  if (status >= 500) {
    return $localize`:@@core.error.generic.serverFailed:The board server failed (HTTP ${status}:status:).`;
  }
  return $localize`:@@core.error.generic.failed:The request failed (HTTP ${status}:status:).`;
}

/**
 * The text of an answer that is not the board's own error body (a proxy's page): the
 * status and the reason phrase the proxy gave.
 */
export function bareStatusText(status: number, statusText: string | null | undefined): string {
  if (status === 0) return statusErrorText(0);
  const reason = statusText && statusText !== 'OK' ? ` ${statusText}` : '';
  return $localize`:@@core.error.answered:The board server answered ${status}:status:${reason}:reason:.`;
}

/**
 * The sentence for an error answer with `code` and `params`; a code this app does not
 * know reads as the generic sentence for `status`.
 */
export function errorText(code: string, params: ErrorParams, status: number): string {
  return knownErrorText(code, params) ?? statusErrorText(status);
}

function knownErrorText(code: string, p: ErrorParams): string | null {
  switch (code) {
    case 'bad_request':
      return $localize`:@@core.error.badRequest:The request was not accepted.`;
    case 'validation_failed':
      return validationText(p);
    case 'unknown_query_parameter':
      return $localize`:@@core.error.unknownQueryParameter:Unknown query parameter "${text(p, 'field')}:field:".`;
    case 'invalid_json':
      return $localize`:@@core.error.invalidJson:The request body is not valid JSON.`;
    case 'json_too_deep':
      return $localize`:@@core.error.jsonTooDeep:The request body nests deeper than ${text(p, 'max')}:max: levels.`;
    case 'unauthorized':
      return $localize`:@@core.error.unauthorized:Sign-in is needed for this.`;
    case 'forbidden':
      return $localize`:@@core.error.forbidden:This is not allowed.`;
    case 'not_found':
      return $localize`:@@core.error.notFound:Nothing at this address that this board can show.`;
    case 'method_not_allowed':
      return $localize`:@@core.error.methodNotAllowed:This action is not supported here.`;
    case 'conflict':
      return $localize`:@@core.error.conflict:This conflicts with the current state; reload and try again.`;
    case 'payload_too_large':
      return $localize`:@@core.error.payloadTooLarge:The request is too large.`;
    case 'unsupported_media_type':
      return $localize`:@@core.error.unsupportedMediaType:The request's content type is not supported.`;
    case 'unprocessable':
      return $localize`:@@core.error.unprocessable:The request cannot be carried out as it stands.`;
    case 'rate_limited':
      return $localize`:@@core.error.rateLimited:Too many requests; try again shortly.`;
    case 'internal_error':
      return $localize`:@@core.error.internal:The board server ran into an error.`;
    case 'service_unavailable':
      return $localize`:@@core.error.serviceUnavailable:The board is not available right now; try again shortly.`;
    case 'upstream_unavailable':
      return p['detail'] === undefined
        ? $localize`:@@core.error.upstreamUnavailable:The platform failed; try again shortly.`
        : $localize`:@@core.error.upstreamUnavailableDetail:The platform failed (${text(p, 'detail')}:detail:); try again shortly.`;
    case 'upstream_unauthorized':
      return $localize`:@@core.error.upstreamUnauthorized:The platform refused the board's token; an administrator needs to check PLATFORM_TOKEN.`;
    case 'upstream_forbidden':
      return $localize`:@@core.error.upstreamForbidden:The platform refused the board access; the board's token lacks a role or scope.`;
    case 'upstream_rate_limited':
      return $localize`:@@core.error.upstreamRateLimited:The platform is rate limiting the board; try again shortly.`;
    case 'upstream_budget_spent':
      return $localize`:@@core.error.upstreamBudgetSpent:The board's platform call budget is spent for now; try again shortly.`;
    case 'platform_not_configured':
      return $localize`:@@core.error.platformNotConfigured:The board has no platform to read from: an administrator needs to set PLATFORM_BASE_URL and PLATFORM_TOKEN.`;
    case 'unknown_organization':
      return $localize`:@@core.error.unknownOrganization:The organization "${text(p, 'org')}:org:" is not covered by this board.`;
    case 'uncached_rate_limited':
      return isNumber(p['seconds'])
        ? $localize`:@@core.error.uncachedRateLimited:Too many requests for data not cached yet; try again in ${formatInterval(p['seconds'])}:wait:.`
        : $localize`:@@core.error.rateLimited:Too many requests; try again shortly.`;
    case 'last_event_id_invalid':
      return $localize`:@@core.error.lastEventIdInvalid:Live updates could not resume where they stopped; reload the page.`;
    case 'event_streams_full':
      return $localize`:@@core.error.eventStreamsFull:The board serves its most live-update connections (${text(p, 'cap')}:cap:); live updates resume later.`;
    case 'event_streams_per_client_full':
      return $localize`:@@core.error.eventStreamsPerClientFull:This address holds its most live-update connections (${text(p, 'cap')}:cap:); close another tab of the board.`;
    case 'event_streams_off':
      return $localize`:@@core.error.eventStreamsOff:Live updates are turned off on this board.`;
    case 'shutting_down':
      return $localize`:@@core.error.shuttingDown:The board is shutting down; try again in a moment.`;
    case 'admin_disabled':
      return $localize`:@@core.error.adminDisabled:The admin area is disabled: an administrator needs to set ADMIN_TOKEN.`;
    case 'admin_token_missing':
      return $localize`:@@core.error.adminTokenMissing:Sign in with the admin token to use the admin area.`;
    case 'admin_token_invalid':
      return $localize`:@@core.error.adminTokenInvalid:The admin token is not valid.`;
    case 'admin_sign_in_limited':
      return isNumber(p['seconds'])
        ? $localize`:@@core.error.adminSignInLimitedWait:Too many failed sign-ins; try again in ${formatInterval(p['seconds'])}:wait:.`
        : $localize`:@@core.error.adminSignInLimited:Too many failed sign-ins; try again later.`;
    case 'unknown_npc':
    case 'wip_limits_unknown_npc':
      return $localize`:@@core.error.unknownNpc:${text(p, 'npc')}:npc: is not an NPC of this board (one of: ${text(p, 'allowed')}:allowed:).`;
    case 'org_not_covered':
      return $localize`:@@core.error.orgNotCovered:The repository must belong to an organization this board covers ("${text(p, 'org')}:org:" is not one).`;
    case 'repo_not_shown':
      return $localize`:@@core.error.repoNotShown:${text(p, 'repo')}:repo: is not a repository this board shows.`;
    case 'issue_closed':
      return $localize`:@@core.error.issueClosed:${issueRef(p)}:issue: is closed; reopen it before handing it over.`;
    case 'already_with_npc':
      return $localize`:@@core.error.alreadyWithNpc:${issueRef(p)}:issue: is already with ${text(p, 'npc')}:npc:.`;
    case 'dispatch_blocked':
      return $localize`:@@core.error.dispatchBlocked:Not dispatched: ${text(p, 'count')}:count: checks block it. Override with a reason to dispatch anyway.`;
    case 'already_done':
      return $localize`:@@core.error.alreadyDone:An identical request was made a moment ago and its answer was lost on the way; it was not made again.`;
    case 'idempotency_key_invalid':
      return $localize`:@@core.error.idempotencyKeyInvalid:The request carried a malformed Idempotency-Key; reload the page and try again.`;
    case 'idempotency_key_reused':
      return $localize`:@@core.error.idempotencyKeyReused:This request's Idempotency-Key was already used for another request; reload the page and try again.`;
    case 'idempotency_key_in_progress':
      return $localize`:@@core.error.idempotencyKeyInProgress:The same request is still in progress; try again shortly.`;
    case 'idempotency_key_taken_over':
      return $localize`:@@core.error.idempotencyKeyTakenOver:Another attempt of this request took over; try again.`;
    case 'request_in_progress':
      return $localize`:@@core.error.requestInProgress:An identical request is in progress; wait for its answer.`;
    case 'run_not_found':
      return $localize`:@@core.error.runNotFound:${text(p, 'repo')}:repo: has no NPC run ${text(p, 'sn')}:sn:.`;
    case 'run_finished':
      return $localize`:@@core.error.runFinished:Run ${text(p, 'sn')}:sn: has already finished; only a running run can be stopped.`;
    case 'wip_hard_below_soft':
      return $localize`:@@core.error.wipHardBelowSoft:The hard WIP limit (${text(p, 'hard')}:hard:) must not be below the soft one (${text(p, 'soft')}:soft:).`;
    case 'channel_not_found':
      return $localize`:@@core.error.channelNotFound:This alert channel no longer exists.`;
    case 'silence_not_found':
      return $localize`:@@core.error.silenceNotFound:This silence no longer exists.`;
    case 'channel_url_refused':
      return channelUrlText(p);
    case 'orgs_not_covered':
      return $localize`:@@core.error.orgsNotCovered:Not organizations this board covers: ${text(p, 'orgs')}:orgs:.`;
    case 'silence_until_past':
      return $localize`:@@core.error.silenceUntilPast:The end of the silence must be in the future.`;
    case 'silence_alert_mismatch':
      return $localize`:@@core.error.silenceAlertMismatch:The alert is not one of the rule ${text(p, 'rule')}:rule:.`;
    default: {
      const finding = findingText({
        code: code as DispatchFinding['code'],
        severity: 'block',
        params: p,
      });
      return finding === null
        ? null
        : $localize`:@@core.error.findingBlocks:Not dispatched: ${finding}:finding:. Override with a reason to dispatch anyway.`;
    }
  }
}

/** A failed validation: the first field and the rule it broke, and how many more failed. */
function validationText(p: ErrorParams): string {
  if (p['field'] === undefined) {
    return $localize`:@@core.error.validation.invalid:The request is not valid.`;
  }
  const first = fieldRuleText(p);
  const more = isNumber(p['count']) ? p['count'] - 1 : 0;
  if (more <= 0) return first;
  return more === 1
    ? $localize`:@@core.error.validation.oneMore:${first}:problem: One more field is not valid either.`
    : $localize`:@@core.error.validation.more:${first}:problem: ${formatCount(more)}:count: more fields are not valid either.`;
}

/** How the forms name the fields the board's API checks (body fields and query parameters). */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  name: $localize`:@@core.field.name:Name`,
  kind: $localize`:@@core.field.kind:Kind`,
  url: $localize`:@@core.field.url:Address`,
  secret: $localize`:@@core.field.secret:Signing secret`,
  language: $localize`:@@core.field.language:Language`,
  enabled: $localize`:@@core.field.enabled:Switched on`,
  rules: $localize`:@@core.field.rules:Rules`,
  rule: $localize`:@@core.field.rule:Rule`,
  orgs: $localize`:@@core.field.orgs:Organizations`,
  org: $localize`:@@core.field.org:Organization`,
  alert_id: $localize`:@@core.field.alert:Alert`,
  until: $localize`:@@core.field.until:Until`,
  note: $localize`:@@core.field.note:Note`,
  repo: $localize`:@@core.field.repo:Repository`,
  npc: $localize`:@@core.field.npc:NPC`,
  title: $localize`:@@core.field.title:Title`,
  requirement: $localize`:@@core.field.requirement:Requirement`,
  work_mode: $localize`:@@core.field.workMode:Work mode`,
  override: $localize`:@@core.field.override:Override`,
  override_reason: $localize`:@@core.field.overrideReason:Reason for the override`,
  credit_alert_threshold: $localize`:@@core.field.creditThreshold:Alert threshold (credits)`,
  runway_alert_days: $localize`:@@core.field.runwayDays:Runway alert (days)`,
  alert_repeat_hours: $localize`:@@core.field.repeatHours:Reminder every (hours)`,
  alert_rules: $localize`:@@core.field.alertRules:Rules switched on`,
  pickup_slo_minutes: $localize`:@@core.field.pickupSlo:Pickup SLO (minutes)`,
  stuck_after_hours: $localize`:@@core.field.stuckAfter:Stuck after (hours)`,
  sn: $localize`:@@core.field.sn:Run`,
  run_max_minutes: $localize`:@@core.field.runMax:Runaway run after (minutes)`,
  failed_runs_in_a_row: $localize`:@@core.field.failedRuns:Failing task after (failed runs)`,
  wip_soft_limit: $localize`:@@core.field.wipSoft:WIP warning at (open tasks)`,
  wip_hard_limit: $localize`:@@core.field.wipHard:WIP limit (open tasks)`,
  wip_limits: $localize`:@@core.field.wipLimits:Limits of single NPCs`,
  limit: $localize`:@@core.field.limit:Limit`,
  state: $localize`:@@core.field.state:State`,
  days: $localize`:@@core.field.days:Days`,
  since: $localize`:@@core.field.since:Since`,
  'Idempotency-Key': $localize`:@@core.field.idempotencyKey:Request key`,
  'Last-Event-ID': $localize`:@@core.field.lastEventId:Live updates position`,
};

/**
 * A field as the page names it, never the API's key: `wip_limits.npc-builder` reads as
 * the field it is inside; a key no form names reads as "A field".
 */
export function fieldName(key: string): string {
  const top = key.split(/[.[]/)[0];
  return FIELD_NAMES[key] ?? FIELD_NAMES[top] ?? $localize`:@@core.field.unnamed:A field`;
}

function fieldRuleText(p: ErrorParams): string {
  // Only an unknown field is named by its key: no form has a name for it.
  const field = p['rule'] === 'unknown' ? text(p, 'field') : fieldName(text(p, 'field'));
  switch (p['rule']) {
    case 'unknown':
      return $localize`:@@core.error.validation.unknown:"${field}:field:" is not a field this request takes.`;
    case 'required':
      return $localize`:@@core.error.validation.required:${field}:field: is required.`;
    case 'one_of':
      return $localize`:@@core.error.validation.oneOf:${field}:field: must be one of: ${text(p, 'allowed')}:allowed:.`;
    case 'integer':
      return $localize`:@@core.error.validation.integer:${field}:field: must be a whole number.`;
    case 'number':
      return $localize`:@@core.error.validation.number:${field}:field: must be a number.`;
    case 'boolean':
      return $localize`:@@core.error.validation.boolean:${field}:field: must be true or false.`;
    case 'string':
      return $localize`:@@core.error.validation.string:${field}:field: must be text.`;
    case 'array':
      return $localize`:@@core.error.validation.array:${field}:field: must be a list.`;
    case 'date':
      return $localize`:@@core.error.validation.date:${field}:field: must be a date and time (ISO 8601).`;
    case 'pattern':
    case 'format':
      return $localize`:@@core.error.validation.pattern:${field}:field: is not in the expected format.`;
    case 'min':
      return $localize`:@@core.error.validation.min:${field}:field: must be at least ${text(p, 'min')}:min:.`;
    case 'max':
      return $localize`:@@core.error.validation.max:${field}:field: must be at most ${text(p, 'max')}:max:.`;
    case 'positive':
      return $localize`:@@core.error.validation.positive:${field}:field: must be positive.`;
    case 'not_negative':
      return $localize`:@@core.error.validation.notNegative:${field}:field: must not be negative.`;
    case 'min_length':
      return p['min'] === 1 || p['min'] === undefined
        ? $localize`:@@core.error.validation.notEmpty:${field}:field: must not be empty.`
        : $localize`:@@core.error.validation.minLength:${field}:field: must be at least ${text(p, 'min')}:min: characters long.`;
    case 'max_length':
      return $localize`:@@core.error.validation.maxLength:${field}:field: must be at most ${text(p, 'max')}:max: characters long.`;
    case 'max_items':
      return $localize`:@@core.error.validation.maxItems:${field}:field: must list at most ${text(p, 'max')}:max: items.`;
    default:
      return $localize`:@@core.error.validation.field:${field}:field: is not valid.`;
  }
}

/** Why an alert channel's address was refused. */
function channelUrlText(p: ErrorParams): string {
  const host = text(p, 'host');
  switch (p['reason']) {
    case 'not_absolute':
      return $localize`:@@core.error.channelUrl.notAbsolute:The address must be a full http(s) URL.`;
    case 'scheme':
      return $localize`:@@core.error.channelUrl.scheme:The address must be an http(s) URL.`;
    case 'scheme_https':
      return $localize`:@@core.error.channelUrl.https:The address must be an https:// URL.`;
    case 'credentials':
      return $localize`:@@core.error.channelUrl.credentials:The address must not carry a user name or password.`;
    case 'unresolved':
      return $localize`:@@core.error.channelUrl.unresolved:The host ${host}:host: of the address does not resolve.`;
    case 'metadata':
      return $localize`:@@core.error.channelUrl.metadata:The host ${host}:host: resolves to the cloud metadata address, which alerts may not reach.`;
    case 'private':
      return $localize`:@@core.error.channelUrl.private:The host ${host}:host: resolves to a private or loopback address (${text(p, 'address')}:address:); an administrator can allow it with ALERTS_ALLOWED_HOSTS.`;
    default:
      return $localize`:@@core.error.channelUrl.refused:The address is refused.`;
  }
}

/** What each kind of dispatch finding is called, short enough for a chip. */
const FINDING_LABELS: Record<FindingCode, string> = {
  wip_limit: $localize`:@@admin.findings.label.wipLimit:Work-in-progress limit`,
  possible_duplicate: $localize`:@@admin.findings.label.duplicate:Possible duplicate`,
  low_runway: $localize`:@@admin.findings.label.lowRunway:Credits running low`,
  below_threshold: $localize`:@@admin.findings.label.belowThreshold:Below the threshold`,
  dormant_repository: $localize`:@@admin.findings.label.dormant:Dormant repository`,
  npc_stuck_here: $localize`:@@admin.findings.label.stuck:NPC stuck here`,
  npc_running_here: $localize`:@@admin.findings.label.running:NPC running here`,
};

/** A finding's kind in words; a code this app does not know reads as a generic name. */
export function findingLabel(code: string): string {
  return (
    FINDING_LABELS[code as FindingCode] ?? $localize`:@@admin.findings.label.other:Dispatch check`
  );
}

/**
 * A dispatch finding in the app's words, from its code, severity and params; null when
 * it cannot be told from them (an unknown code, or a record kept before findings had
 * params), for the caller to show the finding's own message.
 */
export function findingText(
  finding: Pick<DispatchFinding, 'code' | 'severity'> & { params?: ErrorParams | null },
): string | null {
  const p = finding.params;
  if (!p || typeof p !== 'object') return null;
  const count = p['count'];
  switch (finding.code) {
    case 'wip_limit': {
      const npc = text(p, 'npc');
      const limit = text(p, 'limit');
      if (finding.severity === 'block') {
        return count === 1
          ? $localize`:@@admin.findings.wipLimit.blockOne:${npc}:npc: already holds 1 open task; its limit is ${limit}:limit:`
          : $localize`:@@admin.findings.wipLimit.block:${npc}:npc: already holds ${text(p, 'count')}:count: open tasks; its limit is ${limit}:limit:`;
      }
      return count === 1
        ? $localize`:@@admin.findings.wipLimit.warnOne:${npc}:npc: already holds 1 open task (its soft limit is ${limit}:limit:)`
        : $localize`:@@admin.findings.wipLimit.warn:${npc}:npc: already holds ${text(p, 'count')}:count: open tasks (its soft limit is ${limit}:limit:)`;
    }
    case 'possible_duplicate': {
      const issue = `#${String(p['number'] ?? '')}`;
      const title = text(p, 'title');
      return isNumber(p['more']) && p['more'] > 0
        ? $localize`:@@admin.findings.duplicate.more:An open issue has a similar title: ${issue}:issue: "${title}:title:" and ${text(p, 'more')}:more: more`
        : $localize`:@@admin.findings.duplicate:An open issue has a similar title: ${issue}:issue: "${title}:title:"`;
    }
    case 'low_runway': {
      const org = text(p, 'org');
      if (finding.severity === 'block') {
        return $localize`:@@admin.findings.lowRunway.block:${org}:org: has no credits left (balance ${credits(p, 'balance')}:balance:): its NPCs cannot work`;
      }
      const alert = days(p, 'alert_days');
      return isNumber(p['days']) && p['days'] >= 1
        ? $localize`:@@admin.findings.lowRunway.warn:${org}:org:'s credits last about ${days(p, 'days')}:days: at the current rate (the alert line is ${alert}:alertDays:)`
        : $localize`:@@admin.findings.lowRunway.warnUnderADay:${org}:org:'s credits last less than a day at the current rate (the alert line is ${alert}:alertDays:)`;
    }
    case 'below_threshold':
      return $localize`:@@admin.findings.belowThreshold:${text(p, 'org')}:org:'s balance (${credits(p, 'balance')}:balance:) is below the alert threshold (${credits(p, 'threshold')}:threshold:)`;
    case 'dormant_repository': {
      const repo = text(p, 'repo');
      const span = days(p, 'dormant_days');
      return p['since'] === undefined
        ? $localize`:@@admin.findings.dormant:No person has committed to ${repo}:repo: for ${span}:days:`
        : $localize`:@@admin.findings.dormant.since:No person has committed to ${repo}:repo: for ${span}:days: (last on ${text(p, 'since')}:since:)`;
    }
    case 'npc_stuck_here':
      return count === 1
        ? $localize`:@@admin.findings.stuck.one:${text(p, 'npc')}:npc: has 1 stuck task`
        : $localize`:@@admin.findings.stuck:${text(p, 'npc')}:npc: has ${text(p, 'count')}:count: stuck tasks`;
    case 'npc_running_here':
      return count === 1
        ? $localize`:@@admin.findings.running.one:${text(p, 'npc')}:npc: already has a run going on ${text(p, 'repo')}:repo:`
        : $localize`:@@admin.findings.running:${text(p, 'npc')}:npc: already has ${text(p, 'count')}:count: runs going on ${text(p, 'repo')}:repo:`;
    default:
      return null;
  }
}
