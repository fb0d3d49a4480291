/**
 * Writes items in groups (group commit): at most `concurrency` writes run at once, and the items
 * that arrive meanwhile wait and go together, up to `maxGroup`, in the next write: one statement
 * and one commit for all of them. Under light load each item is written at once, alone, so
 * grouping adds no delay; it only forms while the database is busy. A failed write fails every
 * item of its group.
 */
export class GroupWriter<T> {
  private waiting: Array<{ item: T; resolve(): void; reject(e: unknown): void }> = [];
  private inFlight = 0;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly concurrency = 2,
    private readonly maxGroup = 256,
  ) {}

  /** Resolves once `item` is written (committed, for a write that is one statement). */
  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.concurrency && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.maxGroup);
      this.inFlight++;
      let written: Promise<void>;
      try {
        written = this.write(group.map((w) => w.item));
      } catch (e) {
        written = Promise.reject(e);
      }
      void written
        .then(
          () => group.forEach((w) => w.resolve()),
          (e: unknown) => group.forEach((w) => w.reject(e)),
        )
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }
}
