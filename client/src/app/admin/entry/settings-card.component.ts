import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';
import {
  AbstractControl,
  FormControl,
  FormGroup,
  ReactiveFormsModule,
  ValidationErrors,
  ValidatorFn,
} from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';

import { ApiError } from '../../core/api-error';
import { asApiError } from '../../core/remote-state';
import { ICON_IMPORTS } from '../../ui/icons';
import { AdminApiService } from '../admin-api.service';
import { WorkSettings, changedSettings, savedText, settingProblem } from './settings-card.view';

function settingValidator(key: keyof WorkSettings): ValidatorFn {
  return (control: AbstractControl): ValidationErrors | null => {
    const problem = settingProblem(control.value, key);
    return problem ? { setting: problem } : null;
  };
}

/**
 * The *Settings* card of the admin entry page: the pickup SLO, the stuck threshold and the
 * NPCs' WIP limits,
 * loaded from and saved to `api/admin/settings` (a partial PUT of the changed fields).
 */
@Component({
  selector: 'npc-settings-card',
  imports: [ICON_IMPORTS, MatButtonModule, MatFormFieldModule, MatInputModule, ReactiveFormsModule],
  templateUrl: './settings-card.component.html',
  styleUrl: './settings-card.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class SettingsCardComponent {
  private readonly adminApi = inject(AdminApiService);

  protected readonly form = new FormGroup({
    pickup_slo_minutes: new FormControl<number | null>(
      null,
      settingValidator('pickup_slo_minutes'),
    ),
    stuck_after_hours: new FormControl<number | null>(null, settingValidator('stuck_after_hours')),
    wip_soft_limit: new FormControl<number | null>(null, settingValidator('wip_soft_limit')),
    wip_hard_limit: new FormControl<number | null>(null, settingValidator('wip_hard_limit')),
  });
  /** The values in force: as loaded, then as last saved. */
  protected readonly current = signal<WorkSettings | null>(null);
  protected readonly loadError = signal<ApiError | null>(null);
  protected readonly saving = signal(false);
  protected readonly saved = signal<string | null>(null);
  protected readonly saveError = signal<string | null>(null);

  constructor() {
    this.load();
  }

  protected load(): void {
    this.loadError.set(null);
    this.adminApi.settings().subscribe({
      next: (settings) => this.show(settings),
      error: (error: unknown) => this.loadError.set(asApiError(error)),
    });
  }

  protected problem(key: keyof WorkSettings): string | null {
    const errors = this.form.controls[key].errors;
    return (errors?.['setting'] as string | undefined) ?? null;
  }

  protected save(): void {
    const current = this.current();
    this.form.markAllAsTouched();
    this.saved.set(null);
    this.saveError.set(null);
    if (!current || this.saving() || this.form.invalid) return;
    const body = changedSettings(current, this.form.getRawValue());
    if (Object.keys(body).length === 0) {
      this.saved.set('Nothing changed.');
      return;
    }
    this.saving.set(true);
    this.adminApi.saveSettings(body).subscribe({
      next: (settings) => {
        this.saving.set(false);
        this.show(settings);
        this.saved.set(savedText(settings));
      },
      error: (error: unknown) => {
        this.saving.set(false);
        this.saveError.set(asApiError(error).message);
      },
    });
  }

  private show(settings: WorkSettings): void {
    const values = {
      pickup_slo_minutes: settings.pickup_slo_minutes,
      stuck_after_hours: settings.stuck_after_hours,
      wip_soft_limit: settings.wip_soft_limit,
      wip_hard_limit: settings.wip_hard_limit,
    };
    this.current.set(values);
    this.form.reset(values);
  }
}
