import { ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import { validateCronExpression } from 'cron';
import { parseAddressOrRange } from '../../common/net/address-ranges';

/** The checks of board settings that class-validator has no rule for. */

@ValidatorConstraint({ name: 'cron' })
export class IsCronExpression implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && validateCronExpression(value).valid;
  }
  defaultMessage(): string {
    return '$property must be a cron expression such as "0 * * * *"';
  }
}

/** An IANA time zone this Node knows, such as `UTC` or `Asia/Shanghai`. */
@ValidatorConstraint({ name: 'timeZone' })
export class IsTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string' || value.length === 0) return false;
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }
  defaultMessage(): string {
    return '$property must be an IANA time zone such as UTC or Asia/Shanghai';
  }
}

/** An IP address, or a CIDR range such as `10.0.0.0/8` or `fd00::/8`. */
@ValidatorConstraint({ name: 'addressOrRange' })
export class IsAddressOrRange implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && parseAddressOrRange(value) !== null;
  }
  defaultMessage(): string {
    return '$property must list IP addresses or CIDR ranges (10.0.0.0/8)';
  }
}

/** A host name, an IP address or a CIDR range. */
@ValidatorConstraint({ name: 'hostOrRange' })
export class IsHostOrRange implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return (
      typeof value === 'string' &&
      (parseAddressOrRange(value) !== null ||
        /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(
          value,
        ))
    );
  }
  defaultMessage(): string {
    return '$property must list host names, IP addresses or CIDR ranges (10.0.0.0/8)';
  }
}
