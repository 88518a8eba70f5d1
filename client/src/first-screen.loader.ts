// The loader's entry, bundled into `first-screen-<hash>.js` by scripts/first-screen-loader.mjs.
import { FIRST_SCREEN_WAIT_MS, startApp, whenFirstScreenPainted } from './first-screen';

void whenFirstScreenPainted(document, FIRST_SCREEN_WAIT_MS).then(() => startApp(document));
