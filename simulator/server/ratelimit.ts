// The per-token request budget: a fixed window that starts at a token's first
// request (as Laravel-style throttles do). Over the limit a request gets 429
// with Retry-After; every counted answer carries X-RateLimit-Limit/Remaining.

export interface RateLimitConfig {
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (only when refused). */
  retryAfter?: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    public config: RateLimitConfig,
    private readonly now: () => number,
  ) {}

  /** Counts one request of the token, unless it is refused (refused requests do not use budget). */
  hit(token: string): RateDecision {
    const now = this.now();
    const { limit, windowSeconds } = this.config;
    let w = this.windows.get(token);
    if (!w || now >= w.start + windowSeconds * 1000) {
      w = { start: now, count: 0 };
      this.windows.set(token, w);
    }
    if (w.count >= limit) {
      const retryAfter = Math.max(1, Math.ceil((w.start + windowSeconds * 1000 - now) / 1000));
      return { allowed: false, limit, remaining: 0, retryAfter };
    }
    w.count++;
    return { allowed: true, limit, remaining: limit - w.count };
  }

  /**
   * Every token's current window counts `n` more requests, as if another
   * device signed in as the same API user had made them (the client only
   * learns of them from X-RateLimit-Remaining). Answers how many windows.
   */
  spend(n: number): number {
    const now = this.now();
    let windows = 0;
    for (const w of this.windows.values())
      if (now < w.start + this.config.windowSeconds * 1000) {
        w.count = Math.min(this.config.limit, w.count + n);
        windows++;
      }
    return windows;
  }

  reset(): void {
    this.windows.clear();
  }
}
