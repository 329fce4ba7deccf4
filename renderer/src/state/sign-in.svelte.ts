// The sign-in form: fields, checks before sending (so the person gets a
// message in their language, not the schema's), and the mapping from the
// main side's error codes to what the screen says. The server address is
// asked for (the spec gives no address for any environment); the ones used
// before are offered first, the most recent filled in.
import type { ContractError, KnownAccount, SignInInput } from '../../../shared/contract';
import { normaliseServerAddress, serverAddress } from '../../../shared/contract/commands/session';
import type { MessageKey } from '../i18n/i18n.svelte';

export interface SignInErrors {
  baseUrl?: MessageKey;
  user?: MessageKey;
  password?: MessageKey;
}

/**
 * The message key for a failed sign-in, by error code. A sign-in asks for no record: "not found"
 * there means nothing answers at that address (a wrong path), never a record missing here.
 */
export function signInErrorKey(error: ContractError): MessageKey {
  switch (error.code) {
    case 'wrong_credentials':
    case 'unreachable':
    case 'keychain_unavailable':
    case 'bad_response':
    case 'local_data_refused':
    case 'not_found':
    case 'not_allowed':
      return `signIn.error.${error.code}`;
    default:
      return 'signIn.error.other';
  }
}

/** The message key for a failed offline unlock. */
export function unlockErrorKey(error: ContractError): MessageKey {
  if (error.code === 'wrong_credentials') return 'unlock.error.wrong';
  if (error.code === 'invalid_state') return 'unlock.error.noCheck';
  return 'signIn.error.other';
}

export class SignInForm {
  baseUrl = $state('');
  user = $state('');
  password = $state('');
  remember = $state(false);
  errors = $state<SignInErrors>({});

  /** Fills the most recent server address, unless the person typed one already. */
  offer(servers: readonly string[]): void {
    if (!this.baseUrl && servers[0]) this.baseUrl = servers[0];
  }

  use(account: Pick<KnownAccount, 'baseUrl' | 'user'>): void {
    this.baseUrl = account.baseUrl;
    this.user = account.user;
    this.password = '';
  }

  /** The account used here that the typed address and user name name, if any. */
  known(accounts: readonly KnownAccount[]): KnownAccount | null {
    const base = normaliseServerAddress(this.baseUrl);
    return accounts.find((a) => a.baseUrl === base && a.user === this.user.trim()) ?? null;
  }

  /** Checks the fields; answers the input to send, or null with `errors` set. */
  validate(rememberAllowed: boolean): SignInInput | null {
    const errors: SignInErrors = {};
    if (!this.baseUrl.trim()) errors.baseUrl = 'validation.required';
    // http(s), no credentials in it: the contract's own check, which the main side applies too.
    else if (!serverAddress.safeParse(this.baseUrl).success) errors.baseUrl = 'signIn.invalidUrl';
    if (!this.user.trim()) errors.user = 'validation.required';
    if (!this.password) errors.password = 'validation.required';
    this.errors = errors;
    if (Object.keys(errors).length) return null;
    return {
      baseUrl: this.baseUrl.trim(),
      user: this.user.trim(),
      password: this.password,
      remember: rememberAllowed && this.remember,
    };
  }
}
