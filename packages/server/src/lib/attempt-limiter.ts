/**
 * Counts attempts per key (an e-mail address, say) in a sliding window. In memory: one server
 * process; several copies behind a load balancer each count their own share (docs/operations.md).
 */
export class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < this.max) return 0;
    const oldest = list[list.length - this.max] ?? now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  hit(key: string, now = Date.now()): void {
    if (this.hits.size >= this.maxKeys && !this.hits.has(key)) {
      for (const k of this.hits.keys()) {
        this.recent(k, now);
        if (this.hits.size < this.maxKeys) break;
      }
      if (this.hits.size >= this.maxKeys) {
        const first = this.hits.keys().next().value;
        if (first !== undefined) this.hits.delete(first);
      }
    }
    const list = this.recent(key, now);
    list.push(now);
    this.hits.set(key, list);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}
