// Login credentials and bearer tokens: HTTP Basic checked in constant time,
// opaque random tokens that expire after a configurable lifetime (the spec
// does not show one) and can all be revoked at once.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** {user, password} from an `Authorization: Basic …` header, or null. */
export function parseBasic(header: string | undefined): { user: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? null : { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function parseBearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

export class Tokens {
  private readonly issued = new Map<string, number>();

  constructor(
    private user: string,
    private password: string,
    public ttlMs: number,
    private readonly now: () => number,
  ) {}

  credentialsMatch(user: string, password: string): boolean {
    // Compare digests so neither the length nor the first differing byte leaks through timing.
    const a = timingSafeEqual(digest(user), digest(this.user));
    const b = timingSafeEqual(digest(password), digest(this.password));
    return a && b;
  }

  issue(): string {
    const token = randomBytes(24).toString('base64url');
    this.issued.set(token, this.now() + this.ttlMs);
    return token;
  }

  /** True while the token was issued, not revoked and not expired. */
  valid(token: string): boolean {
    const expires = this.issued.get(token);
    if (expires === undefined) return false;
    if (this.now() >= expires) {
      this.issued.delete(token);
      return false;
    }
    return true;
  }

  revokeAll(): void {
    this.issued.clear();
  }

  revoke(token: string): boolean {
    return this.issued.delete(token);
  }
}
