/**
 * Runs a spec file in the Chinese bundle's language: the zh-CN translations loaded into
 * `$localize` at run time (the build inlines them instead), Angular's locale data for
 * Chinese, and `$localize.locale` set before any app module reads it. Import it first.
 */
import { registerLocaleData } from '@angular/common';
import zh from '@angular/common/locales/zh';
import { loadTranslations } from '@angular/localize';

import catalogue from '../../locale/messages.zh-CN.json';

registerLocaleData(zh, 'zh-CN');
loadTranslations(catalogue.translations);
$localize.locale = 'zh-CN';
