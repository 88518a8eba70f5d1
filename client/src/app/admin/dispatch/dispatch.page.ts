import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  Injector,
  Signal,
  afterNextRender,
  computed,
  effect,
  inject,
  signal,
  untracked,
  viewChild,
} from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import {
  AbstractControl,
  FormControl,
  FormGroup,
  FormGroupDirective,
  ReactiveFormsModule,
  ValidationErrors,
  Validators,
} from '@angular/forms';
import { MatAutocompleteModule } from '@angular/material/autocomplete';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatRadioModule } from '@angular/material/radio';
import { MatSlideToggleModule } from '@angular/material/slide-toggle';
import { catchError, debounceTime, distinctUntilChanged, map, merge, of, startWith } from 'rxjs';
import type { DispatchRequest } from '@shared/board/admin';
import { type DispatchFinding, MAX_REASON_LENGTH } from '@shared/board/dispatch';
import type { Issue } from '@shared/board/entities';

import { ApiError } from '../../core/api-error';
import { ApiService } from '../../core/api.service';
import { coveredRepos } from '../../core/covered-repos';
import { BoardMetaService } from '../../core/board-meta.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { OrgNamesService } from '../../core/org-names.service';
import { remoteResource } from '../../core/remote-resource';
import { asApiError } from '../../core/remote-state';
import { AppLink } from '../../ui/app-link';
import { formatCount } from '../../ui/format';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { ICON_IMPORTS } from '../../ui/icons';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { MarkdownComponent } from '../../ui/markdown.component';
import { AdminApiService } from '../admin-api.service';
import { DispatchFindingsComponent } from './dispatch-findings.component';
import {
  MAX_REQUIREMENT_LENGTH,
  MAX_TITLE_LENGTH,
  defaultTitle,
  dispatchGate,
  initialsOf,
  matchingRepos,
  runwaySummary,
  refusedFindings,
  repoGroups,
  taskBoardLink,
} from './dispatch.view';

/** Quiet time after typing before the checks run again. */
const PREFLIGHT_DEBOUNCE_MS = 400;

/** The latest checks: what they found, and whether newer ones are on their way. */
interface Checks {
  checking: boolean;
  findings: readonly DispatchFinding[];
}

/** One organization's repositories, or why they could not be had. */

/** Whitespace is not a requirement; the server trims and would refuse it. */
const notBlank = (control: AbstractControl<string>): ValidationErrors | null =>
  control.value.trim() === '' ? { required: true } : null;

/**
 * `/admin/dispatch`: hand work to an NPC. One submit creates an issue in the chosen
 * repository (`POST api/issues/create`), assigned to the NPC and mentioning it. The
 * requirement is previewed as the issue will render it.
 */
@Component({
  selector: 'npc-admin-dispatch-page',
  imports: [
    EmptyStateComponent,
    LoadErrorComponent,
    MarkdownComponent,
    MatAutocompleteModule,
    DispatchFindingsComponent,
    MatButtonModule,
    MatCheckboxModule,
    MatFormFieldModule,
    ICON_IMPORTS,
    MatInputModule,
    MatRadioModule,
    MatSlideToggleModule,
    ReactiveFormsModule,
    AppLink,
  ],
  templateUrl: './dispatch.page.html',
  styleUrl: './dispatch.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class DispatchPage {
  private readonly adminApi = inject(AdminApiService);
  private readonly api = inject(ApiService);
  private readonly boardMeta = inject(BoardMetaService);
  private readonly orgNames = inject(OrgNamesService);
  private readonly freshness = inject(DataFreshnessService);
  private readonly scope = this.freshness.scope();
  private readonly injector = inject(Injector);
  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
  private readonly formDirective = viewChild(FormGroupDirective);

  protected readonly maxRequirement = MAX_REQUIREMENT_LENGTH;
  protected readonly maxTitle = MAX_TITLE_LENGTH;
  protected readonly maxReason = MAX_REASON_LENGTH;
  protected readonly form = new FormGroup({
    repo: new FormControl('', {
      nonNullable: true,
      validators: [Validators.required, (c) => this.knownRepo(c)],
    }),
    npc: new FormControl('', { nonNullable: true, validators: Validators.required }),
    workMode: new FormControl(false, { nonNullable: true }),
    title: new FormControl('', {
      nonNullable: true,
      validators: Validators.maxLength(MAX_TITLE_LENGTH),
    }),
    requirement: new FormControl('', {
      nonNullable: true,
      validators: [notBlank, Validators.maxLength(MAX_REQUIREMENT_LENGTH)],
    }),
    /** The admin has read the warnings (needed when there are some). */
    acknowledge: new FormControl(false, { nonNullable: true }),
    /** Dispatch although a check blocks it, and why. */
    override: new FormControl(false, { nonNullable: true }),
    overrideReason: new FormControl('', {
      nonNullable: true,
      validators: Validators.maxLength(MAX_REASON_LENGTH),
    }),
  });

  protected readonly handles = computed(() => this.boardMeta.meta()?.npc_handles ?? null);
  protected readonly metaError = this.boardMeta.error;
  private readonly reposLoad = coveredRepos(this.scope);
  protected readonly answers = this.reposLoad.state;

  protected readonly groups = computed(() => {
    const answers = this.answers().data;
    if (!answers) return null;
    const loaded = answers.flatMap((a) => ('repos' in a ? [a] : []));
    return repoGroups(loaded, this.orgNames.names());
  });
  protected readonly repoCount = computed(
    () => this.groups()?.reduce((n, g) => n + g.repos.length, 0) ?? 0,
  );
  /** The form needs the repositories and the NPC handles. */
  protected readonly ready = computed(() => this.groups() !== null && this.handles() !== null);
  private readonly repoNames = computed(
    () => new Set(this.groups()?.flatMap((g) => g.repos.map((r) => r.full_name)) ?? []),
  );
  /** Organizations whose repositories could not be loaded, by name. */
  protected readonly failedOrgs = computed(() =>
    (this.answers().data ?? []).flatMap((a) =>
      'error' in a ? [this.orgNames.nameOf(a.slug)] : [],
    ),
  );
  protected readonly loadError = computed(() => {
    const answers = this.answers();
    if (answers.error) return answers.error;
    const data = answers.data;
    if (data && data.length > 0 && data.every((a) => 'error' in a)) {
      return (data[0] as { error: ApiError }).error;
    }
    // Without `api/meta` there is no list of organizations to load.
    return data === null ? this.metaError() : null;
  });

  private readonly typedRepo = toSignal(this.form.controls.repo.valueChanges, {
    initialValue: '',
  });
  protected readonly shownRepos = computed(() =>
    matchingRepos(this.groups() ?? [], this.typedRepo()),
  );
  /** The organization of the chosen repository, once it is one of the list. */
  private readonly chosenOrg = computed(() => {
    const repo = this.typedRepo();
    return this.repoNames().has(repo) ? repo.split('/')[0] : null;
  });
  // No organization loads nothing, but still answers (null): an organization chosen
  // after it must not show the one before while its own credits load.
  private readonly runwayLoad = remoteResource(
    () => this.chosenOrg(),
    (org) =>
      org === null
        ? of(null)
        : this.api.orgCredits(org, 7).pipe(
            map(({ data }) => runwaySummary(this.orgNames.nameOf(org), data)),
            catchError(() => of(null)),
          ),
  );
  /**
   * The chosen organization's credits in words, so that work is not sent to an
   * organization about to run dry: "Aurora Labs: 1,840 credits · runs out 2027-01-18 ·
   * ≈ 157 more tasks at 7-day cost". Null while nothing is chosen or it cannot be read;
   * switching organizations keeps the previous text until the new one arrives.
   */
  protected readonly runway = computed(() =>
    this.chosenOrg() === null ? null : this.runwayLoad.state().data,
  );
  protected readonly requirement = toSignal(this.form.controls.requirement.valueChanges, {
    initialValue: '',
  });
  protected readonly titlePlaceholder = computed(
    () =>
      defaultTitle(this.requirement()) ??
      $localize`:@@admin.dispatch.title.placeholder:Defaults to the requirement's first line`,
  );

  /**
   * The preflight body as the repository, NPC and text change, after a quiet moment and
   * only when it differs; undefined before the first quiet moment, null while no known
   * repository is chosen.
   */
  private readonly preflightBody = toSignal(
    this.form.valueChanges.pipe(
      startWith(null),
      map(() => this.preflightRequest()),
      debounceTime(PREFLIGHT_DEBOUNCE_MS),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    ),
  );
  // One check at a time: a newer body cancels the request in flight. No body finds
  // nothing, so checks run after it start from no findings.
  private readonly preflightLoad = remoteResource(
    () => this.preflightBody(),
    (request) =>
      request === null
        ? of<readonly DispatchFinding[]>([])
        : this.adminApi.preflight(request).pipe(
            map(({ findings }): readonly DispatchFinding[] => findings),
            // The server checks again on dispatch; a failed preflight only hides them.
            catchError(() => of<readonly DispatchFinding[]>([])),
          ),
  );
  /** The preflight checks; while newer ones run, what the last ones found stays. */
  protected readonly checks: Signal<Checks> = computed(() => {
    if (!this.preflightBody()) return { checking: false, findings: [] };
    const { loading, data } = this.preflightLoad.state();
    return { checking: loading, findings: data ?? [] };
  });

  /** Findings a refused dispatch came back with; they stand until the form changes. */
  private readonly refused = signal<readonly DispatchFinding[] | null>(null);
  protected readonly findings = computed(() => this.refused() ?? this.checks().findings);
  protected readonly gate = computed(() => dispatchGate(this.findings()));
  /** What the findings say, to notice when they change. */
  private readonly findingKey = computed(() =>
    this.findings()
      .map((f) => `${f.code}:${f.severity}:${f.message}`)
      .join('\n'),
  );
  protected readonly overriding = toSignal(this.form.controls.override.valueChanges, {
    initialValue: false,
  });
  /** Set when a submit found the warnings unconfirmed or the override without a reason. */
  protected readonly gateError = signal<string | null>(null);

  protected readonly sending = signal(false);
  protected readonly created = signal<Issue | null>(null);
  protected readonly failure = signal<ApiError | null>(null);
  protected readonly boardLink = computed(() => {
    const issue = this.created();
    return issue ? taskBoardLink(issue) : null;
  });

  protected readonly initials = initialsOf;
  /** Words the template picks between. */
  protected readonly words = {
    theNpc: $localize`:@@admin.dispatch.created.theNpc:the NPC`,
    dispatching: $localize`:@@admin.dispatch.sending:Dispatching…`,
    dispatchAnyway: $localize`:@@admin.dispatch.submitAnyway:Dispatch anyway`,
    dispatch: $localize`:@@admin.dispatch.submit:Dispatch`,
  };
  protected readonly count = formatCount;

  constructor() {
    this.orgNames.ensureLoaded();
    // A repository typed before the list arrived is checked again once it is there.
    effect(() => {
      this.repoNames();
      untracked(() => this.form.controls.repo.updateValueAndValidity({ emitEvent: false }));
    });
    // New input means new checks: an earlier refusal no longer applies.
    for (const name of ['repo', 'npc', 'title', 'requirement'] as const) {
      this.form.controls[name].valueChanges.subscribe(() => {
        this.refused.set(null);
        this.gateError.set(null);
      });
    }
    // A confirmation covers the findings it was given for: new findings need a new one.
    effect(() => {
      this.findingKey();
      untracked(() => this.form.controls.acknowledge.setValue(false, { emitEvent: false }));
    });
    // Answering the gate clears its complaint.
    const gate = this.form.controls;
    merge(
      gate.acknowledge.valueChanges,
      gate.override.valueChanges,
      gate.overrideReason.valueChanges,
    ).subscribe(() => this.gateError.set(null));
  }

  /** The preflight body for the form as it is, or null while no known repository is chosen. */
  private preflightRequest(): (Partial<DispatchRequest> & { repo: string }) | null {
    const value = this.form.getRawValue();
    if (!this.repoNames().has(value.repo)) return null;
    const title = value.title.trim();
    const requirement = value.requirement.trim();
    return {
      repo: value.repo,
      ...(value.npc ? { npc: value.npc } : {}),
      ...(title ? { title } : {}),
      ...(requirement ? { requirement } : {}),
    };
  }

  /** Why the form cannot be sent as it is, given the findings; null when it can. */
  private gateProblem(): string | null {
    const value = this.form.getRawValue();
    switch (this.gate()) {
      case 'confirm':
        return value.acknowledge
          ? null
          : $localize`:@@admin.dispatch.gate.confirm:Confirm that you have read the warnings.`;
      case 'override':
        if (!value.override) {
          return $localize`:@@admin.dispatch.gate.override:A check blocks this dispatch: override it, with a reason.`;
        }
        return value.overrideReason.trim()
          ? null
          : $localize`:@@admin.dispatch.gate.reason:Say why the check is overridden.`;
      default:
        return null;
    }
  }

  protected retry(): void {
    if (this.metaError()) this.boardMeta.load();
    this.reposLoad.reload();
  }

  protected submit(): void {
    if (this.sending()) return;
    this.form.markAllAsTouched();
    if (this.form.invalid) {
      this.focus('input.ng-invalid, textarea.ng-invalid, mat-radio-group.ng-invalid input');
      return;
    }
    const problem = this.gateProblem();
    this.gateError.set(problem);
    if (problem !== null) {
      this.focus('.gate input[type=checkbox], .gate textarea');
      return;
    }
    const value = this.form.getRawValue();
    const title = value.title.trim();
    const override = this.gate() === 'override';
    const request: DispatchRequest = {
      repo: value.repo,
      npc: value.npc,
      work_mode: value.workMode,
      requirement: value.requirement,
      ...(title ? { title } : {}),
      ...(override ? { override: true, override_reason: value.overrideReason.trim() } : {}),
    };
    this.sending.set(true);
    this.failure.set(null);
    this.created.set(null);
    this.adminApi.dispatch(request).subscribe({
      next: (issue) => {
        this.sending.set(false);
        this.created.set(issue);
        // resetForm also clears "submitted", or every emptied field would show its error.
        this.formDirective()?.resetForm();
        this.focus('.created');
      },
      error: (error: unknown) => {
        this.sending.set(false);
        const failure = asApiError(error);
        const findings = refusedFindings(failure);
        if (findings) {
          // The checks changed since the form last showed them: show what blocks now.
          this.refused.set(findings);
          this.focus('.gate input[type=checkbox]');
        } else {
          this.failure.set(failure);
          this.focus('.failure');
        }
      },
    });
  }

  private knownRepo(control: AbstractControl<unknown>): ValidationErrors | null {
    // The form is built before `repoNames` exists (fields initialise in order), and until
    // the list is loaded nothing can be checked; the constructor re-checks once it is.
    const known = this.repoNames?.();
    const value = typeof control.value === 'string' ? control.value : '';
    return !value || !known || known.size === 0 || known.has(value) ? null : { unknownRepo: true };
  }

  private focus(selector: string): void {
    afterNextRender(() => this.host.querySelector<HTMLElement>(selector)?.focus(), {
      injector: this.injector,
    });
  }
}
