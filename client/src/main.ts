import { bootstrapApplication } from '@angular/platform-browser';
import { Router } from '@angular/router';

import { AppComponent } from './app/app.component';
import { appConfig } from './app/app.config';

// Start-up runs in three tasks instead of one, so a phone's main thread answers input in
// between: evaluating the code (this module), creating the frame (top bar), and the first
// navigation (the routed page; the app config disables the router's own initial one).
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

nextTask()
  .then(() => bootstrapApplication(AppComponent, appConfig))
  .then(async (app) => {
    await nextTask();
    app.injector.get(Router).initialNavigation();
  })
  .catch((err: unknown) => console.error(err));
