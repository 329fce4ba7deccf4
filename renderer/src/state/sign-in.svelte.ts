// The sign-in form: fields, checks before sending (so the person gets a
// message in their language, not the schema's), and the mapping from the
// main side's error codes to what the screen says.
import type { AccountInfo, ContractError, SignInInput } from '../../../shared/contract';
import type { MessageKey } from '../i18n/i18n.svelte';

export type EnvironmentChoice = 'test' | 'production' | 'custom';

export interface SignInErrors {
  baseUrl?: MessageKey;
  user?: MessageKey;
  password?: MessageKey;
}

export function isWebAddress(s: string): boolean {
  try {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a throwaway parse to check the address
    const u = new URL(s.trim());
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** The message key for a failed sign-in, by error code. */
export function signInErrorKey(error: ContractError): MessageKey {
  switch (error.code) {
    case 'wrong_credentials':
    case 'unreachable':
    case 'keychain_unavailable':
    case 'bad_response':
    case 'local_data_refused':
      return `signIn.error.${error.code}`;
    default:
      return 'signIn.error.other';
  }
}

export class SignInForm {
  environment = $state<EnvironmentChoice>('production');
  baseUrl = $state('');
  user = $state('');
  password = $state('');
  remember = $state(false);
  errors = $state<SignInErrors>({});

  use(account: AccountInfo): void {
    this.environment = account.environment === 'demo' ? 'custom' : account.environment;
    if (this.environment === 'custom') this.baseUrl = account.baseUrl;
    this.user = account.user;
    this.password = '';
  }

  /** Checks the fields; answers the input to send, or null with `errors` set. */
  validate(rememberAllowed: boolean): SignInInput | null {
    const errors: SignInErrors = {};
    if (this.environment === 'custom' && !isWebAddress(this.baseUrl)) errors.baseUrl = 'signIn.invalidUrl';
    if (!this.user.trim()) errors.user = 'validation.required';
    if (!this.password) errors.password = 'validation.required';
    this.errors = errors;
    if (Object.keys(errors).length) return null;
    const common = { user: this.user.trim(), password: this.password, remember: rememberAllowed && this.remember };
    return this.environment === 'custom'
      ? { environment: 'custom', baseUrl: this.baseUrl.trim(), ...common }
      : { environment: this.environment, ...common };
  }
}
