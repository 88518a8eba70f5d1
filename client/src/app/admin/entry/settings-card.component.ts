import {
  ChangeDetectionStrategy,
  Component,
  computed,
  effect,
  inject,
  signal,
  untracked,
} from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import {
  AbstractControl,
  FormArray,
  FormControl,
  FormGroup,
  ReactiveFormsModule,
  ValidationErrors,
  ValidatorFn,
} from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';

import type { AdminSettings, WipLimits } from '@shared/board/admin';
import { BoardMetaService } from '../../core/board-meta.service';
import { remoteResource } from '../../core/remote-resource';
import { asApiError } from '../../core/remote-state';
import { ICON_IMPORTS } from '../../ui/icons';
import { AdminApiService } from '../admin-api.service';
import {
  NpcLimitRow,
  WorkSettings,
  changedSettings,
  npcLimitProblem,
  npcLimitRows,
  savedText,
  settingProblem,
  wipLimitsChange,
} from './settings-card.view';

function settingValidator(key: keyof WorkSettings): ValidatorFn {
  return (control: AbstractControl): ValidationErrors | null => {
    const problem = settingProblem(control.value, key);
    return problem ? { setting: problem } : null;
  };
}

const npcLimitValidator: ValidatorFn = (control: AbstractControl): ValidationErrors | null => {
  const problem = npcLimitProblem(control.value);
  return problem ? { setting: problem } : null;
};

/** The controls of one NPC's row. */
type NpcLimitGroup = FormGroup<{
  npc: FormControl<string>;
  soft: FormControl<string>;
  hard: FormControl<string>;
  noHard: FormControl<boolean>;
}>;

function npcLimitGroup(row: NpcLimitRow): NpcLimitGroup {
  const group = new FormGroup({
    npc: new FormControl(row.npc, { nonNullable: true }),
    soft: new FormControl(row.soft, { nonNullable: true, validators: npcLimitValidator }),
    hard: new FormControl(
      { value: row.hard, disabled: row.noHard },
      { nonNullable: true, validators: npcLimitValidator },
    ),
    noHard: new FormControl(row.noHard, { nonNullable: true }),
  });
  // "No limit" and a typed limit exclude each other.
  group.controls.noHard.valueChanges.subscribe((none) => {
    if (none) group.controls.hard.disable({ emitEvent: false });
    else group.controls.hard.enable({ emitEvent: false });
  });
  return group;
}

/**
 * The *Settings* card of the admin entry page: the pickup SLO, the stuck threshold, the
 * WIP limits and the limits of single NPCs that replace them, the run alerts' thresholds, loaded from and saved to
 * `api/admin/settings` (a partial PUT of the changed fields and NPCs).
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
  private readonly boardMeta = inject(BoardMetaService);

  protected readonly form = new FormGroup({
    pickup_slo_minutes: new FormControl<number | null>(
      null,
      settingValidator('pickup_slo_minutes'),
    ),
    stuck_after_hours: new FormControl<number | null>(null, settingValidator('stuck_after_hours')),
    wip_soft_limit: new FormControl<number | null>(null, settingValidator('wip_soft_limit')),
    wip_hard_limit: new FormControl<number | null>(null, settingValidator('wip_hard_limit')),
    run_max_minutes: new FormControl<number | null>(null, settingValidator('run_max_minutes')),
    failed_runs_in_a_row: new FormControl<number | null>(
      null,
      settingValidator('failed_runs_in_a_row'),
    ),
    npcLimits: new FormArray<NpcLimitGroup>([]),
  });
  /** The values in force: as loaded, then as last saved. */
  protected readonly current = signal<WorkSettings | null>(null);
  private readonly currentLimits = signal<Record<string, WipLimits>>({});
  /** The rows as they change (added, removed, reloaded), so the "add" list offers the others. */
  private readonly rows = toSignal(this.form.controls.npcLimits.valueChanges, {
    initialValue: [],
  });
  protected readonly addableNpcs = computed(() => {
    const shown = new Set(this.rows().map((row) => row.npc));
    return (this.boardMeta.meta()?.npc_handles ?? []).filter((npc) => !shown.has(npc));
  });
  // Loaded once; Retry loads again.
  private readonly settingsLoad = remoteResource(
    () => true,
    () => this.adminApi.settings(),
  );
  private readonly loaded = computed(() => this.settingsLoad.state().data);
  protected readonly loadError = computed(() => this.settingsLoad.state().error);
  protected readonly saving = signal(false);
  protected readonly saved = signal<string | null>(null);
  protected readonly saveError = signal<string | null>(null);

  constructor() {
    // The form starts from the settings as loaded; a save shows what it stored itself.
    effect(() => {
      const settings = this.loaded();
      if (settings) untracked(() => this.show(settings));
    });
  }

  protected retry(): void {
    this.settingsLoad.reload();
  }

  protected problem(key: keyof WorkSettings): string | null {
    const errors = this.form.controls[key].errors;
    return (errors?.['setting'] as string | undefined) ?? null;
  }

  protected get npcLimits(): FormArray<NpcLimitGroup> {
    return this.form.controls.npcLimits;
  }

  protected rowProblem(row: NpcLimitGroup): string | null {
    const errors = row.controls.soft.errors ?? row.controls.hard.errors;
    return (errors?.['setting'] as string | undefined) ?? null;
  }

  protected addNpc(npc: string): void {
    if (!npc || this.npcLimits.controls.some((row) => row.controls.npc.value === npc)) return;
    this.npcLimits.push(npcLimitGroup({ npc, soft: '', hard: '', noHard: false }));
  }

  /** The accessible name of a row's Remove button. */
  protected removeLabel(npc: string): string {
    return $localize`:@@admin.entry.settings.removeLabel:Remove the limits of ${npc}:npc:`;
  }

  protected removeNpc(index: number): void {
    this.npcLimits.removeAt(index);
  }

  protected save(): void {
    const current = this.current();
    this.form.markAllAsTouched();
    this.saved.set(null);
    this.saveError.set(null);
    if (!current || this.saving() || this.form.invalid) return;
    const typed = this.form.getRawValue();
    const limits = wipLimitsChange(this.currentLimits(), typed.npcLimits);
    const body = {
      ...changedSettings(current, typed),
      ...(Object.keys(limits).length > 0 ? { wip_limits: limits } : {}),
    };
    if (Object.keys(body).length === 0) {
      this.saved.set($localize`:@@admin.entry.settings.nothingChanged:Nothing changed.`);
      return;
    }
    this.saving.set(true);
    this.adminApi.saveSettings(body).subscribe({
      next: (settings) => {
        this.saving.set(false);
        this.show(settings);
        this.saved.set(savedText(settings, settings.wip_limits));
      },
      error: (error: unknown) => {
        this.saving.set(false);
        this.saveError.set(asApiError(error).message);
      },
    });
  }

  private show(settings: AdminSettings): void {
    const values = {
      pickup_slo_minutes: settings.pickup_slo_minutes,
      stuck_after_hours: settings.stuck_after_hours,
      wip_soft_limit: settings.wip_soft_limit,
      wip_hard_limit: settings.wip_hard_limit,
      run_max_minutes: settings.run_max_minutes,
      failed_runs_in_a_row: settings.failed_runs_in_a_row,
    };
    this.current.set(values);
    this.currentLimits.set(settings.wip_limits);
    this.npcLimits.clear();
    for (const row of npcLimitRows(settings.wip_limits)) this.npcLimits.push(npcLimitGroup(row));
    this.form.reset({ ...values, npcLimits: this.npcLimits.getRawValue() });
  }
}
