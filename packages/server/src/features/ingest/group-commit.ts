/**
 * Group commit: work items submitted while a commit is under way wait for the next one, and each
 * commit writes every waiting item in one transaction. A caller's promise settles only after the
 * commit that holds its item, so an answer never runs ahead of the database. If a whole batch
 * fails, its items are tried again one by one, so one bad item fails alone.
 */
export class GroupCommit<Item, Result> {
  private queue: { item: Item; resolve: (r: Result) => void; reject: (e: unknown) => void }[] = [];
  private running: Promise<void> | null = null;
  /** Commits and the largest batch so far (for logs and benchmarks). */
  readonly stats = { commits: 0, items: 0, largestBatch: 0 };

  constructor(
    private readonly commit: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch = 500,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // The first item waits one turn of the event loop, so requests that arrived together share it.
      this.running ??= new Promise<void>((done) => setImmediate(done)).then(() => this.flush());
    });
  }

  /** Resolves when everything submitted so far is committed (or failed). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        this.stats.commits++;
        this.stats.items += batch.length;
        this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
        try {
          const results = await this.commit(batch.map((b) => b.item));
          batch.forEach((b, i) => {
            b.resolve(results[i] as Result);
          });
        } catch (err) {
          if (batch.length === 1) batch[0]?.reject(err);
          else await this.oneByOne(batch);
        }
      }
    } finally {
      this.running = null;
    }
  }

  private async oneByOne(batch: typeof this.queue): Promise<void> {
    for (const b of batch) {
      try {
        const [result] = await this.commit([b.item]);
        b.resolve(result as Result);
      } catch (err) {
        b.reject(err);
      }
    }
  }
}
