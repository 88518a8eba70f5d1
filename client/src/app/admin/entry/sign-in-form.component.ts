import {
  ChangeDetectionStrategy,
  Component,
  computed,
  inject,
  output,
  signal,
} from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';

import { AdminSessionService } from '../../core/admin-session.service';
import { asApiError } from '../../core/remote-state';
import { ICON_IMPORTS } from '../../ui/icons';
import { AdminApiService } from '../admin-api.service';
import { signInErrorText, signOutNotice } from './sign-in.view';

/**
 * The one field of the signed-out admin entry. The token is checked by reading the admin
 * settings with it, and kept only once the server has accepted it.
 */
@Component({
  selector: 'npc-sign-in-form',
  imports: [MatButtonModule, MatFormFieldModule, ICON_IMPORTS, MatInputModule, ReactiveFormsModule],
  templateUrl: './sign-in-form.component.html',
  styleUrl: './sign-in-form.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class SignInFormComponent {
  private readonly adminApi = inject(AdminApiService);
  private readonly session = inject(AdminSessionService);

  /** The server accepted the token and the session holds it. */
  readonly signedIn = output<void>();

  protected readonly token = new FormControl('', {
    nonNullable: true,
    validators: Validators.required,
  });
  // A form group gives the <form> its directive, so Enter and the button submit it in place.
  protected readonly form = new FormGroup({ token: this.token });
  protected readonly checking = signal(false);
  protected readonly error = signal<string | null>(null);
  protected readonly revealed = signal(false);
  protected readonly showLabel = $localize`:@@admin.entry.signIn.showToken:Show the token`;
  protected readonly hideLabel = $localize`:@@admin.entry.signIn.hideToken:Hide the token`;
  protected readonly notice = computed(() =>
    this.error() ? null : signOutNotice(this.session.signOutReason()),
  );

  protected submit(): void {
    const token = this.token.value.trim();
    if (this.checking()) return;
    if (!token) {
      this.token.markAsTouched();
      this.error.set(null);
      return;
    }
    this.checking.set(true);
    this.error.set(null);
    this.adminApi.settings(token).subscribe({
      next: () => {
        this.checking.set(false);
        this.session.signIn(token);
        this.signedIn.emit();
      },
      error: (error: unknown) => {
        this.checking.set(false);
        this.error.set(signInErrorText(asApiError(error)));
      },
    });
  }
}
