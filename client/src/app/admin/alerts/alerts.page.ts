import {
  ChangeDetectionStrategy,
  Component,
  computed,
  effect,
  inject,
  signal,
  untracked,
} from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { ALERT_RULES, type AdminSettings, type AlertRule } from '@shared/board/admin';
import {
  CHANNEL_KINDS,
  type AlertLanguage,
  type AlertView,
  type ChannelKind,
  type ChannelTestResult,
  type ChannelView,
  type SilenceView,
} from '@shared/board/alerts';
import { forkJoin } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { ClockService } from '../../core/clock.service';
import { remoteResource } from '../../core/remote-resource';
import { asApiError } from '../../core/remote-state';
import { AppLink } from '../../ui/app-link';
import { formatCount } from '../../ui/format';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { ICON_IMPORTS } from '../../ui/icons';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { RelativeTimeComponent } from '../../ui/relative-time.component';
import { AdminApiService } from '../admin-api.service';
import { AlertsApiService, type ChannelChange } from './alerts-api.service';
import {
  CHANNEL_KIND_LABELS,
  MUTE_DURATIONS,
  type MuteScope,
  RULE_LABELS,
  alertIdText,
  ruleList,
  alertSummary,
  muteRequest,
  orderAlerts,
  silenceScope,
  subjectLink,
} from './alerts.view';

/**
 * `/admin/alerts`: firing alerts with their subject linked to its board page (each can be
 * muted), the silences in force (each can be ended), recent deliveries, the channels (add,
 * edit, delete, send a test) and the rule switches.
 */
@Component({
  selector: 'npc-alerts-page',
  imports: [
    EmptyStateComponent,
    ICON_IMPORTS,
    LoadErrorComponent,
    MatButtonModule,
    ReactiveFormsModule,
    RelativeTimeComponent,
    AppLink,
  ],
  templateUrl: './alerts.page.html',
  styleUrl: './alerts.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class AlertsPage {
  private readonly api = inject(AlertsApiService);
  private readonly adminApi = inject(AdminApiService);
  private readonly clock = inject(ClockService);
  /** Counts the writes made here: each loads the page again, cancelling an older load. */
  private readonly writes = signal(0);

  private readonly alertsLoad = remoteResource(
    () => this.writes(),
    () =>
      forkJoin({
        alerts: this.api.alerts(),
        deliveries: this.api.deliveries(50),
        channels: this.api.channels(),
        silences: this.api.silences(),
        settings: this.adminApi.settings(),
      }),
  );
  protected readonly state = this.alertsLoad.state;

  protected readonly alerts = computed(() => orderAlerts(this.state().data?.alerts ?? []));
  protected readonly channelNames = computed(
    () => new Map((this.state().data?.channels ?? []).map((c) => [c.id, c.name])),
  );
  protected readonly rules = ALERT_RULES;
  protected readonly ruleLabels = RULE_LABELS;
  protected readonly ruleList = ruleList;
  protected readonly alertIdText = alertIdText;
  protected readonly kinds = CHANNEL_KINDS;
  protected readonly kindLabels = CHANNEL_KIND_LABELS;
  /** Words the template picks between. */
  protected readonly words = {
    evaluating: $localize`:@@admin.alerts.evaluating:Evaluating…`,
    evaluateNow: $localize`:@@admin.alerts.evaluateNow:Evaluate now`,
    muting: $localize`:@@admin.alerts.mute.muting:Muting…`,
    mute: $localize`:@@admin.alerts.mute:Mute`,
    newChannel: $localize`:@@admin.alerts.channel.new:New channel`,
    unchanged: $localize`:@@admin.alerts.channel.unchanged:unchanged`,
    none: $localize`:@@admin.alerts.channel.noSecret:none`,
    saving: $localize`:@@admin.alerts.channel.saving:Saving…`,
    saveChannel: $localize`:@@admin.alerts.channel.save:Save channel`,
    signed: $localize`:@@admin.alerts.channel.signed:signed`,
    everyRule: $localize`:@@admin.alerts.channel.everyRule:every rule`,
    everyOrg: $localize`:@@admin.alerts.channel.everyOrg:every organization`,
    delivered: $localize`:@@admin.alerts.test.delivered:Delivered`,
    notDelivered: $localize`:@@admin.alerts.test.notDelivered:Not delivered`,
    deletedChannel: $localize`:@@admin.alerts.delivery.deletedChannel:deleted channel`,
    testMessage: $localize`:@@admin.alerts.delivery.testMessage:test message`,
  };
  protected editHeading(channel: ChannelView): string {
    return $localize`:@@admin.alerts.channel.editHeading:Edit ${channel.name}:name:`;
  }
  /** On edit the URL field is empty: its placeholder shows the stored one, masked. */
  protected urlPlaceholder(channel: ChannelView | null): string {
    return channel
      ? $localize`:@@admin.alerts.channel.urlUnchanged:unchanged: ${channel.url_masked}:url:/…`
      : 'https://';
  }
  protected muteFormLabel(alert: AlertView): string {
    return $localize`:@@admin.alerts.mute.formLabel:Mute ${alert.subject.name}:subject:`;
  }
  protected muteButtonLabel(alert: AlertView): string {
    return $localize`:@@admin.alerts.mute.buttonLabel:Mute: ${alertSummary(alert)}:summary:`;
  }
  protected endSilenceLabel(silence: SilenceView): string {
    return $localize`:@@admin.alerts.silence.endLabel:End now: ${silenceScope(silence)}:scope:`;
  }
  /** Each language named in itself, as language pickers do. */
  protected readonly languages: readonly { code: AlertLanguage; name: string }[] = [
    { code: 'en', name: 'English' },
    { code: 'zh-CN', name: '简体中文' },
  ];
  protected languageName(code: AlertLanguage): string {
    return this.languages.find((language) => language.code === code)?.name ?? code;
  }
  protected readonly link = subjectLink;
  protected readonly summary = alertSummary;

  /** The channel being edited; null: the form adds a new one. */
  protected readonly editing = signal<ChannelView | null>(null);
  protected readonly formOpen = signal(false);
  protected readonly saving = signal(false);
  protected readonly formError = signal<string | null>(null);
  protected readonly channelForm = new FormGroup({
    name: new FormControl('', { nonNullable: true, validators: Validators.required }),
    kind: new FormControl<ChannelKind>('webhook', { nonNullable: true }),
    /** Empty: the board's language (`BOARD_LANGUAGE`). */
    language: new FormControl<AlertLanguage | ''>('', { nonNullable: true }),
    url: new FormControl('', { nonNullable: true }),
    secret: new FormControl('', { nonNullable: true }),
    clearSecret: new FormControl(false, { nonNullable: true }),
    enabled: new FormControl(true, { nonNullable: true }),
    /** Comma-separated organization slugs; empty: every organization. */
    orgs: new FormControl('', { nonNullable: true }),
    rules: new FormGroup(
      Object.fromEntries(
        ALERT_RULES.map((rule) => [rule, new FormControl(false, { nonNullable: true })]),
      ) as Record<AlertRule, FormControl<boolean>>,
    ),
  });

  /** The alert whose mute form is open. */
  protected readonly muting = signal<string | null>(null);
  protected readonly muteSaving = signal(false);
  protected readonly muteError = signal<string | null>(null);
  protected readonly muteDurations = MUTE_DURATIONS;
  protected readonly muteForm = new FormGroup({
    scope: new FormControl<MuteScope>('alert', { nonNullable: true }),
    hours: new FormControl(24, { nonNullable: true }),
    // Checked on save (a blank note is refused there); the field caps its length.
    note: new FormControl('', { nonNullable: true }),
  });
  protected readonly silenceScope = silenceScope;

  protected readonly tests = signal<Record<string, ChannelTestResult | 'sending'>>({});
  protected readonly actionError = signal<ApiError | null>(null);
  protected readonly evaluating = signal(false);
  protected readonly evaluated = signal<string | null>(null);

  protected readonly rulesForm = new FormGroup({
    runway_alert_days: new FormControl<number | null>(null, Validators.required),
    alert_repeat_hours: new FormControl<number | null>(null, Validators.required),
    credit_alert_threshold: new FormControl<number | null>(null, Validators.required),
    switches: new FormGroup(
      Object.fromEntries(
        ALERT_RULES.map((rule) => [rule, new FormControl(true, { nonNullable: true })]),
      ) as Record<AlertRule, FormControl<boolean>>,
    ),
  });
  protected readonly rulesSaved = signal(false);
  protected readonly rulesError = signal<string | null>(null);
  private rulesLoaded = false;

  constructor() {
    // The rule form starts from the first settings loaded; later loads leave edits alone.
    effect(() => {
      const settings = this.state().data?.settings;
      if (settings && !this.rulesLoaded) untracked(() => this.showRules(settings));
    });
  }

  protected retry(): void {
    this.alertsLoad.reload();
  }

  /** After a write: what it changed shows, and a load that may predate it is dropped. */
  private reload(): void {
    this.writes.update((n) => n + 1);
  }

  private showRules(settings: AdminSettings): void {
    this.rulesLoaded = true;
    this.rulesForm.reset({
      runway_alert_days: settings.runway_alert_days,
      alert_repeat_hours: settings.alert_repeat_hours,
      credit_alert_threshold: settings.credit_alert_threshold,
      switches: settings.alert_rules,
    });
  }

  protected saveRules(): void {
    const value = this.rulesForm.getRawValue();
    if (
      value.runway_alert_days === null ||
      value.alert_repeat_hours === null ||
      value.credit_alert_threshold === null
    ) {
      return;
    }
    this.rulesSaved.set(false);
    this.rulesError.set(null);
    this.adminApi
      .saveSettings({
        runway_alert_days: value.runway_alert_days,
        alert_repeat_hours: value.alert_repeat_hours,
        credit_alert_threshold: value.credit_alert_threshold,
        alert_rules: value.switches,
      })
      .subscribe({
        next: (settings) => {
          this.showRules(settings);
          this.rulesSaved.set(true);
        },
        error: (error: unknown) => this.rulesError.set(asApiError(error).message),
      });
  }

  protected addChannel(): void {
    this.editing.set(null);
    this.formError.set(null);
    this.channelForm.reset({ kind: 'webhook', language: '', enabled: true });
    this.channelForm.controls.rules.reset();
    this.formOpen.set(true);
  }

  protected editChannel(channel: ChannelView): void {
    this.editing.set(channel);
    this.formError.set(null);
    this.channelForm.reset({
      name: channel.name,
      kind: channel.kind,
      language: channel.language,
      url: '',
      secret: '',
      clearSecret: false,
      enabled: channel.enabled,
      orgs: channel.orgs.join(', '),
      rules: Object.fromEntries(ALERT_RULES.map((rule) => [rule, channel.rules.includes(rule)])),
    });
    this.formOpen.set(true);
  }

  protected closeForm(): void {
    this.formOpen.set(false);
  }

  protected saveChannel(): void {
    if (this.saving()) return;
    const v = this.channelForm.getRawValue();
    const editing = this.editing();
    // On edit, an empty URL or secret field keeps the stored one (both are write-only).
    const change: ChannelChange = {
      name: v.name.trim(),
      kind: v.kind,
      enabled: v.enabled,
      rules: ALERT_RULES.filter((rule) => v.rules[rule]),
      orgs: v.orgs
        .split(',')
        .map((org) => org.trim())
        .filter(Boolean),
    };
    if (v.language !== '') change.language = v.language;
    if (v.url.trim() !== '' || !editing) change.url = v.url.trim();
    if (v.secret !== '') change.secret = v.secret;
    else if (editing && v.clearSecret) change.secret = null;
    this.saving.set(true);
    this.formError.set(null);
    const request = editing
      ? this.api.updateChannel(editing.id, change)
      : this.api.createChannel(change);
    request.subscribe({
      next: () => {
        this.saving.set(false);
        this.formOpen.set(false);
        this.reload();
      },
      error: (error: unknown) => {
        this.saving.set(false);
        this.formError.set(asApiError(error).message);
      },
    });
  }

  protected deleteChannel(channel: ChannelView): void {
    this.actionError.set(null);
    this.api.deleteChannel(channel.id).subscribe({
      next: () => this.reload(),
      error: (error: unknown) => this.actionError.set(asApiError(error)),
    });
  }

  protected sendTest(channel: ChannelView): void {
    this.tests.update((t) => ({ ...t, [channel.id]: 'sending' }));
    this.api.testChannel(channel.id).subscribe({
      next: (result) => {
        this.tests.update((t) => ({ ...t, [channel.id]: result }));
        this.reload();
      },
      error: (error: unknown) =>
        this.tests.update((t) => ({
          ...t,
          [channel.id]: { ok: false, status: 0, body_excerpt: asApiError(error).message },
        })),
    });
  }

  protected testOf(id: string): ChannelTestResult | 'sending' | undefined {
    return this.tests()[id];
  }

  protected openMute(alert: AlertView): void {
    this.muteForm.reset({ scope: 'alert', hours: 24, note: '' });
    this.muteError.set(null);
    this.muting.set(alert.id);
  }

  protected closeMute(): void {
    this.muting.set(null);
  }

  protected saveMute(alert: AlertView): void {
    if (this.muteSaving()) return;
    const { scope, hours, note } = this.muteForm.getRawValue();
    if (note.trim() === '') {
      this.muteError.set(
        $localize`:@@admin.alerts.mute.noteRequired:Say why in the note: it is shown with the silence.`,
      );
      return;
    }
    this.muteSaving.set(true);
    this.muteError.set(null);
    this.api.createSilence(muteRequest(alert, scope, hours, note, this.clock.now())).subscribe({
      next: () => {
        this.muteSaving.set(false);
        this.muting.set(null);
        this.reload();
      },
      error: (error: unknown) => {
        this.muteSaving.set(false);
        this.muteError.set(asApiError(error).message);
      },
    });
  }

  protected endSilence(silence: SilenceView): void {
    this.actionError.set(null);
    this.api.deleteSilence(silence.id).subscribe({
      next: () => this.reload(),
      error: (error: unknown) => this.actionError.set(asApiError(error)),
    });
  }

  protected evaluateNow(): void {
    if (this.evaluating()) return;
    this.evaluating.set(true);
    this.evaluated.set(null);
    this.api.evaluate().subscribe({
      next: (result) => {
        this.evaluating.set(false);
        const fired = formatCount(result.fired.length);
        const resolved = formatCount(result.resolved.length);
        this.evaluated.set(
          $localize`:@@admin.alerts.evaluated:${fired}:fired: fired, ${resolved}:resolved: resolved.`,
        );
        this.reload();
      },
      error: (error: unknown) => {
        this.evaluating.set(false);
        this.actionError.set(asApiError(error));
      },
    });
  }
}
