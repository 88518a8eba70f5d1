import {
  ChangeDetectionStrategy,
  Component,
  ViewEncapsulation,
  computed,
  input,
} from '@angular/core';

// Each icon is the Material Symbols outlined SVG (weight 400), read as text by the build:
// an icon whose file does not exist fails the build, and only these reach the browser.
import adminPanelSettings from '@material-symbols/svg-400/outlined/admin_panel_settings.svg';
import bedtime from '@material-symbols/svg-400/outlined/bedtime.svg';
import check from '@material-symbols/svg-400/outlined/check.svg';
import checkCircle from '@material-symbols/svg-400/outlined/check_circle.svg';
import close from '@material-symbols/svg-400/outlined/close.svg';
import cloudOff from '@material-symbols/svg-400/outlined/cloud_off.svg';
import commit from '@material-symbols/svg-400/outlined/commit.svg';
import construction from '@material-symbols/svg-400/outlined/construction.svg';
import dashboard from '@material-symbols/svg-400/outlined/dashboard.svg';
import domainDisabled from '@material-symbols/svg-400/outlined/domain_disabled.svg';
import error from '@material-symbols/svg-400/outlined/error.svg';
import filterAltOff from '@material-symbols/svg-400/outlined/filter_alt_off.svg';
import folderCode from '@material-symbols/svg-400/outlined/folder_code.svg';
import folderOff from '@material-symbols/svg-400/outlined/folder_off.svg';
import help from '@material-symbols/svg-400/outlined/help.svg';
import history from '@material-symbols/svg-400/outlined/history.svg';
import hourglassTop from '@material-symbols/svg-400/outlined/hourglass_top.svg';
import inbox from '@material-symbols/svg-400/outlined/inbox.svg';
import info from '@material-symbols/svg-400/outlined/info.svg';
import keyboardArrowDown from '@material-symbols/svg-400/outlined/keyboard_arrow_down.svg';
import keyboardArrowRight from '@material-symbols/svg-400/outlined/keyboard_arrow_right.svg';
import logout from '@material-symbols/svg-400/outlined/logout.svg';
import menu from '@material-symbols/svg-400/outlined/menu.svg';
import monitoring from '@material-symbols/svg-400/outlined/monitoring.svg';
import openInNew from '@material-symbols/svg-400/outlined/open_in_new.svg';
import pauseCircle from '@material-symbols/svg-400/outlined/pause_circle.svg';
import person from '@material-symbols/svg-400/outlined/person.svg';
import playCircle from '@material-symbols/svg-400/outlined/play_circle.svg';
import publicIcon from '@material-symbols/svg-400/outlined/public.svg';
import radioButtonUnchecked from '@material-symbols/svg-400/outlined/radio_button_unchecked.svg';
import refresh from '@material-symbols/svg-400/outlined/refresh.svg';
import schedule from '@material-symbols/svg-400/outlined/schedule.svg';
import search from '@material-symbols/svg-400/outlined/search.svg';
import searchOff from '@material-symbols/svg-400/outlined/search_off.svg';
import send from '@material-symbols/svg-400/outlined/send.svg';
import showChart from '@material-symbols/svg-400/outlined/show_chart.svg';
import smartToy from '@material-symbols/svg-400/outlined/smart_toy.svg';
import stopCircle from '@material-symbols/svg-400/outlined/stop_circle.svg';
import tableRows from '@material-symbols/svg-400/outlined/table_rows.svg';
import toll from '@material-symbols/svg-400/outlined/toll.svg';
import translate from '@material-symbols/svg-400/outlined/translate.svg';
import tv from '@material-symbols/svg-400/outlined/tv.svg';
import verifiedUser from '@material-symbols/svg-400/outlined/verified_user.svg';
import viewAgenda from '@material-symbols/svg-400/outlined/view_agenda.svg';
import viewKanban from '@material-symbols/svg-400/outlined/view_kanban.svg';
import visibility from '@material-symbols/svg-400/outlined/visibility.svg';
import visibilityOff from '@material-symbols/svg-400/outlined/visibility_off.svg';
import warning from '@material-symbols/svg-400/outlined/warning.svg';

/** Every icon the app shows, by its Material Symbols name. */
export const ICONS = {
  admin_panel_settings: adminPanelSettings,
  bedtime,
  check,
  check_circle: checkCircle,
  close,
  cloud_off: cloudOff,
  commit,
  construction,
  dashboard,
  domain_disabled: domainDisabled,
  error,
  filter_alt_off: filterAltOff,
  folder_code: folderCode,
  folder_off: folderOff,
  help,
  history,
  hourglass_top: hourglassTop,
  inbox,
  info,
  keyboard_arrow_down: keyboardArrowDown,
  keyboard_arrow_right: keyboardArrowRight,
  logout,
  menu,
  monitoring,
  open_in_new: openInNew,
  pause_circle: pauseCircle,
  person,
  play_circle: playCircle,
  public: publicIcon,
  radio_button_unchecked: radioButtonUnchecked,
  refresh,
  schedule,
  search,
  search_off: searchOff,
  send,
  show_chart: showChart,
  smart_toy: smartToy,
  stop_circle: stopCircle,
  table_rows: tableRows,
  toll,
  translate,
  tv,
  verified_user: verifiedUser,
  view_agenda: viewAgenda,
  view_kanban: viewKanban,
  visibility,
  visibility_off: visibilityOff,
  warning,
} as const satisfies Record<string, string>;

/**
 * The name of a registered icon. Templates (through `IconComponent`'s typed `name`) and code
 * (navigation links, empty states) both use it, so naming an icon that is not registered
 * fails the build.
 */
export type IconName = keyof typeof ICONS;

/**
 * The drawing of every icon: each Material Symbols SVG is one path in a 960-unit box
 * (`viewBox="0 -960 960 960"`), so an icon is its path's `d` and nothing else.
 */
export const ICON_PATHS: Readonly<Record<IconName, string>> = Object.fromEntries(
  Object.entries(ICONS).map(([name, svg]) => [name, pathOf(name, svg)]),
) as Record<IconName, string>;

function pathOf(name: string, svg: string): string {
  const paths = [...svg.matchAll(/<path\b[^>]*\sd="([^"]+)"/g)];
  if (paths.length !== 1 || !svg.includes('viewBox="0 -960 960 960"')) {
    throw new Error(`Icon "${name}" is not one path in a 960-unit box`);
  }
  return paths[0][1];
}

/**
 * An icon: `<npc-icon name="refresh" />`, drawn as an inline SVG in the current text
 * colour, 24 px unless the page sizes it, hidden from assistive technology (the control
 * or text beside it names it). It carries Material's `mat-icon` class, so Material's
 * buttons and form fields size and place it as they do their own icons.
 *
 * The app's own instead of Material's `MatIcon`, which looks every icon up in a registry
 * through an observable, clones a parsed SVG and scans it for references on each use:
 * on a phone that was a noticeable part of a page's first render (docs/app.md#the-app).
 */
@Component({
  selector: 'npc-icon',
  template: `<svg viewBox="0 -960 960 960" focusable="false"><path [attr.d]="path()" /></svg>`,
  styles: `
    .npc-icon {
      display: inline-block;
      width: 24px;
      height: 24px;
      overflow: hidden;
      fill: currentColor;
      user-select: none;
      color: var(--mat-icon-color, inherit);
    }
    .npc-icon > svg {
      display: block;
      width: 100%;
      height: 100%;
    }
  `,
  // The rules above are the base that pages and Material's own rules for `.mat-icon`
  // refine, so they are global rather than scoped.
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { class: 'npc-icon mat-icon', 'aria-hidden': 'true', '[attr.data-icon]': 'name()' },
})
export class IconComponent {
  readonly name = input.required<IconName>();
  protected readonly path = computed(() => ICON_PATHS[this.name()]);
}

/** What a component imports to show icons: `<npc-icon name="refresh" />`. */
export const ICON_IMPORTS = [IconComponent] as const;
