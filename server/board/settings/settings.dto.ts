import {
  IsInt,
  IsNumber,
  Max,
  Min,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalField } from '../common/query-rules';
import {
  ALERT_REPEAT_MAX_HOURS,
  ALERT_RULES,
  type SettingsChange,
  PICKUP_SLO_MAX_MINUTES,
  RUN_MAX_MINUTES_MAX,
  FAILED_RUNS_MAX,
  RUNWAY_ALERT_MAX_DAYS,
  STUCK_AFTER_MAX_HOURS,
  WIP_LIMIT_MAX,
  type WipLimits,
} from '@shared/board/admin';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isWipLimit = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= WIP_LIMIT_MAX);

/** `{<rule>: boolean}` with known rules only. */
@ValidatorConstraint({ name: 'alertRules' })
class IsAlertRuleSwitches implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return alertRulesProblem(value) === null;
  }
  defaultMessage(args: ValidationArguments): string {
    return alertRulesProblem(args.value) ?? 'alert_rules is invalid';
  }
}

function alertRulesProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return 'alert_rules must be an object of rule: true|false';
  for (const [rule, on] of Object.entries(value)) {
    if (!(ALERT_RULES as readonly string[]).includes(rule)) {
      return `alert_rules.${rule} is not a rule (one of ${ALERT_RULES.join(', ')})`;
    }
    if (typeof on !== 'boolean') return `alert_rules.${rule} must be true or false`;
  }
  return null;
}

/** `{<npc>: {soft?, hard?} | null}`; which NPCs exist is checked by the service. */
@ValidatorConstraint({ name: 'wipLimits' })
class IsWipLimitMap implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return wipLimitsProblem(value) === null;
  }
  defaultMessage(args: ValidationArguments): string {
    return wipLimitsProblem(args.value) ?? 'wip_limits is invalid';
  }
}

function wipLimitsProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return 'wip_limits must be an object of npc: {soft, hard}';
  for (const [npc, limits] of Object.entries(value)) {
    if (limits === null) continue;
    if (!isPlainObject(limits)) return `wip_limits.${npc} must be {soft, hard} or null`;
    for (const [field, limit] of Object.entries(limits)) {
      if (field !== 'soft' && field !== 'hard') {
        return `wip_limits.${npc}.${field} is not a limit (soft or hard)`;
      }
      if (!isWipLimit(limit)) {
        return `wip_limits.${npc}.${field} must be a whole number from 1 to ${WIP_LIMIT_MAX}, or null`;
      }
    }
  }
  return null;
}

/** Body of `PUT /api/admin/settings`: any subset of the settings; absent ones are kept. */
export class SettingsDto implements SettingsChange {
  @ApiPropertyOptional({ example: 50, description: 'Balances below this are shown in red' })
  @OptionalField()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'credit_alert_threshold must be a number' },
  )
  @Min(0, { message: 'credit_alert_threshold must not be negative' })
  @Max(1_000_000_000, { message: 'credit_alert_threshold must be at most 1000000000' })
  credit_alert_threshold?: number;

  @ApiPropertyOptional({
    example: 7,
    description: 'A runway (days) shorter than this is short: alerts, and a dispatch warning',
  })
  @OptionalField()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'runway_alert_days must be a number' },
  )
  @Min(0.001, { message: 'runway_alert_days must be positive' })
  @Max(RUNWAY_ALERT_MAX_DAYS, {
    message: `runway_alert_days must be at most ${RUNWAY_ALERT_MAX_DAYS}`,
  })
  runway_alert_days?: number;

  @ApiPropertyOptional({ example: 24, description: 'Hours between reminders of a firing alert' })
  @OptionalField()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'alert_repeat_hours must be a number' },
  )
  @Min(0.001, { message: 'alert_repeat_hours must be positive' })
  @Max(ALERT_REPEAT_MAX_HOURS, {
    message: `alert_repeat_hours must be at most ${ALERT_REPEAT_MAX_HOURS} (30 days)`,
  })
  alert_repeat_hours?: number;

  @ApiPropertyOptional({
    example: { npc_stuck: false },
    description: 'Switch alert rules on or off; rules not named keep their state',
  })
  @OptionalField()
  @Validate(IsAlertRuleSwitches)
  alert_rules?: SettingsChange['alert_rules'];

  @ApiPropertyOptional({
    example: 60,
    description: 'An assigned NPC issue with no NPC comment after this many minutes is overdue',
  })
  @OptionalField()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'pickup_slo_minutes must be a number' },
  )
  @Min(0.001, { message: 'pickup_slo_minutes must be positive' })
  @Max(PICKUP_SLO_MAX_MINUTES, {
    message: `pickup_slo_minutes must be at most ${PICKUP_SLO_MAX_MINUTES} (a week)`,
  })
  pickup_slo_minutes?: number;

  @ApiPropertyOptional({
    example: 24,
    description: 'An in-progress NPC issue with no NPC activity for this many hours is stuck',
  })
  @OptionalField()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'stuck_after_hours must be a number' },
  )
  @Min(0.001, { message: 'stuck_after_hours must be positive' })
  @Max(STUCK_AFTER_MAX_HOURS, {
    message: `stuck_after_hours must be at most ${STUCK_AFTER_MAX_HOURS} (30 days)`,
  })
  stuck_after_hours?: number;

  @ApiPropertyOptional({
    example: 60,
    description: 'An NPC run going longer than this many minutes is a runaway',
  })
  @OptionalField()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'run_max_minutes must be a number' },
  )
  @Min(1, { message: 'run_max_minutes must be at least 1' })
  @Max(RUN_MAX_MINUTES_MAX, {
    message: `run_max_minutes must be at most ${RUN_MAX_MINUTES_MAX} (a week)`,
  })
  run_max_minutes?: number;

  @ApiPropertyOptional({
    example: 3,
    description: 'A task whose last this many NPC runs all failed is failing',
  })
  @OptionalField()
  @IsInt({ message: 'failed_runs_in_a_row must be a whole number' })
  @Min(1, { message: 'failed_runs_in_a_row must be at least 1' })
  @Max(FAILED_RUNS_MAX, { message: `failed_runs_in_a_row must be at most ${FAILED_RUNS_MAX}` })
  failed_runs_in_a_row?: number;

  @ApiPropertyOptional({ example: 10, description: 'Open NPC tasks at which a dispatch warns' })
  @OptionalField()
  @IsInt({ message: 'wip_soft_limit must be a whole number' })
  @Min(1, { message: 'wip_soft_limit must be at least 1' })
  @Max(WIP_LIMIT_MAX, { message: `wip_soft_limit must be at most ${WIP_LIMIT_MAX}` })
  wip_soft_limit?: number;

  @ApiPropertyOptional({
    example: 20,
    nullable: true,
    description: 'Open NPC tasks at which a dispatch is refused; null: no limit',
  })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsInt({ message: 'wip_hard_limit must be a whole number or null' })
  @Min(1, { message: 'wip_hard_limit must be at least 1' })
  @Max(WIP_LIMIT_MAX, { message: `wip_hard_limit must be at most ${WIP_LIMIT_MAX}` })
  wip_hard_limit?: number | null;

  @ApiPropertyOptional({
    example: { 'npc-builder': { soft: 5, hard: 8 } },
    description: "Per-NPC limits replacing the global ones; null removes an NPC's own limits",
  })
  @OptionalField()
  @Validate(IsWipLimitMap)
  wip_limits?: Record<string, WipLimits | null>;
}
