import {
  Directive,
  EnvironmentProviders,
  inject,
  input,
  provideAppInitializer,
} from '@angular/core';
import { MatIcon, MatIconRegistry } from '@angular/material/icon';
import { DomSanitizer } from '@angular/platform-browser';

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
import logout from '@material-symbols/svg-400/outlined/logout.svg';
import menu from '@material-symbols/svg-400/outlined/menu.svg';
import monitoring from '@material-symbols/svg-400/outlined/monitoring.svg';
import openInNew from '@material-symbols/svg-400/outlined/open_in_new.svg';
import pauseCircle from '@material-symbols/svg-400/outlined/pause_circle.svg';
import person from '@material-symbols/svg-400/outlined/person.svg';
import publicIcon from '@material-symbols/svg-400/outlined/public.svg';
import radioButtonUnchecked from '@material-symbols/svg-400/outlined/radio_button_unchecked.svg';
import refresh from '@material-symbols/svg-400/outlined/refresh.svg';
import schedule from '@material-symbols/svg-400/outlined/schedule.svg';
import search from '@material-symbols/svg-400/outlined/search.svg';
import searchOff from '@material-symbols/svg-400/outlined/search_off.svg';
import send from '@material-symbols/svg-400/outlined/send.svg';
import showChart from '@material-symbols/svg-400/outlined/show_chart.svg';
import smartToy from '@material-symbols/svg-400/outlined/smart_toy.svg';
import tableRows from '@material-symbols/svg-400/outlined/table_rows.svg';
import toll from '@material-symbols/svg-400/outlined/toll.svg';
import verifiedUser from '@material-symbols/svg-400/outlined/verified_user.svg';
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
  logout,
  menu,
  monitoring,
  open_in_new: openInNew,
  pause_circle: pauseCircle,
  person,
  public: publicIcon,
  radio_button_unchecked: radioButtonUnchecked,
  refresh,
  schedule,
  search,
  search_off: searchOff,
  send,
  show_chart: showChart,
  smart_toy: smartToy,
  table_rows: tableRows,
  toll,
  verified_user: verifiedUser,
  view_kanban: viewKanban,
  visibility,
  visibility_off: visibilityOff,
  warning,
} as const satisfies Record<string, string>;

/**
 * The name of a registered icon. Templates (through `RegisteredIcon`) and code (navigation
 * links, empty states) both use it, so naming an icon that is not registered fails the build.
 */
export type IconName = keyof typeof ICONS;

const registered = new WeakSet<MatIconRegistry>();

/** Hands every icon to Material's icon registry, once per registry. */
export function registerIcons(registry: MatIconRegistry, sanitizer: DomSanitizer): void {
  if (registered.has(registry)) return;
  registered.add(registry);
  for (const [name, svg] of Object.entries(ICONS)) {
    // The SVGs are the build's own files, never user input.
    registry.addSvgIconLiteral(name, sanitizer.bypassSecurityTrustHtml(svg));
  }
}

/** Registers the icons at start, before any `<mat-icon>` looks its name up. */
export function provideIcons(): EnvironmentProviders {
  return provideAppInitializer(() => registerIcons(inject(MatIconRegistry), inject(DomSanitizer)));
}

/**
 * Types `svgIcon` on `<mat-icon>` as an `IconName`, so the template compiler rejects a name
 * that is not registered. MatIcon reads the same attribute and draws the icon.
 */
@Directive({ selector: 'mat-icon[svgIcon]' })
export class RegisteredIcon {
  readonly svgIcon = input.required<IconName>();
}

/** What a component imports to show icons: `<mat-icon svgIcon="name" />`. */
export const ICON_IMPORTS = [MatIcon, RegisteredIcon] as const;
