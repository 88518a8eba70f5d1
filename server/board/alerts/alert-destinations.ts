import { Inject, Injectable } from '@nestjs/common';
import { BoardConfig } from '../config/board-config';
import { ALERT_OPTIONS, type AlertOptions } from './alert-options';
import { checkDestination, type CheckedDestination, type DestinationPolicy } from './destination';

/** The destination checks with the board's policy and resolver, at save and at send. */
@Injectable()
export class AlertDestinations {
  private readonly policy: DestinationPolicy;

  constructor(
    config: BoardConfig,
    @Inject(ALERT_OPTIONS) private readonly options: AlertOptions,
  ) {
    this.policy = {
      allowHttp: config.alertsAllowHttp,
      allowPrivate: config.alertsAllowPrivateHosts,
      allowedHosts: config.alertsAllowedHosts,
    };
  }

  check(url: string): Promise<CheckedDestination> {
    return checkDestination(url, this.policy, this.options.resolve);
  }
}
