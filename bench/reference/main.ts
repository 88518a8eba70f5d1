// The Lighthouse benchmark's reference: the smallest Angular page, one component and no
// library, built with the same builder and served the same way as the board's app.
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';

@Component({
  selector: 'npc-reference',
  template: '<main><h1>Reference page</h1><p>A minimal Angular application.</p></main>',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
class ReferenceComponent {}

bootstrapApplication(ReferenceComponent).catch((err: unknown) => console.error(err));
