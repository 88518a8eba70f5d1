import { ChangeDetectionStrategy, Component, ElementRef, inject, viewChild } from '@angular/core';
import { RouterOutlet } from '@angular/router';

import { BoardMetaService } from './core/board-meta.service';
import { ApiBannerComponent } from './shell/api-banner.component';
import { TopBarComponent } from './shell/top-bar.component';

/** The frame of every page: skip link, top bar, API banner, then the routed page. */
@Component({
  selector: 'npc-root',
  imports: [ApiBannerComponent, RouterOutlet, TopBarComponent],
  templateUrl: './app.component.html',
  styleUrl: './app.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class AppComponent {
  private readonly boardMeta = inject(BoardMetaService);
  private readonly main = viewChild.required<ElementRef<HTMLElement>>('main');

  protected readonly metaError = this.boardMeta.error;
  protected readonly metaLoading = this.boardMeta.loading;

  constructor() {
    this.boardMeta.load();
  }

  protected reloadMeta(): void {
    this.boardMeta.load();
  }

  // A button, not `href="#main"`: with `<base href>` set, a fragment link would resolve
  // against the base and leave the current page.
  protected skipToContent(): void {
    this.main().nativeElement.focus();
  }
}
