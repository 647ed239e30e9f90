import type { PreparedAnswer } from "./prepared-answer";

/**
 * One shared answer kept until what it is made from changes, however long that is: for
 * an answer too costly to make again every few seconds, as the page cache would (the
 * sitemap: 3.4 MB and about 90 ms at 5,000 homes). A change is looked for in two steps,
 * so that a request that changed nothing costs neither a rebuild nor a read of the data:
 *
 * - `databaseMark`, a few microseconds: has anything been committed to the database
 *   since the copy was last found current, by this process or another;
 * - only then `dataVersion`, one read of what the answer is made from: the copy is made
 *   again only when that differs, so a write to anything else (a contact message, a
 *   sign-in) costs this read once, not a rebuild.
 *
 * The mark is read before the version, and the version before the answer's data, so a
 * copy is never older than the version it is stored with; a write in between makes it
 * again once more, never too few times.
 */

/** What `lookup` found: the current copy, or the version a new one is to be made for. */
export type KeptLookup = { answer: PreparedAnswer } | { wanted: Wanted };
type Wanted = { mark: string; version: string; sequence: number };
type Copy = Wanted & { answer: PreparedAnswer };

export class AnswerKeptUntilChanged {
  private copy: Copy | null = null;
  // A request for a version being made waits for it instead of making it again.
  private pending: { version: string; making: Promise<PreparedAnswer | null> } | null = null;
  private lookups = 0;

  constructor(private readonly sources: { databaseMark: () => string; dataVersion: () => string }) {}

  lookup(): KeptLookup {
    const mark = this.sources.databaseMark();
    const copy = this.copy;
    if (copy && copy.mark === mark) return { answer: copy.answer };
    const version = this.sources.dataVersion();
    if (copy && copy.version === version) {
      copy.mark = mark;
      return { answer: copy.answer };
    }
    this.lookups += 1;
    return { wanted: { mark, version, sequence: this.lookups } };
  }

  /**
   * The answer for `wanted`: made by `make` (null: not to be shared, each request makes
   * its own), or by a request already making that version. Kept unless a copy of a later
   * lookup got there first. Its Last-Modified is when it was made: a home taken off the
   * site leaves no date in the data, so the newest date listed would not move for it.
   */
  async getOrMake(wanted: Wanted, make: () => Promise<PreparedAnswer | null>): Promise<PreparedAnswer | null> {
    const waiting = this.pending?.version === wanted.version ? this.pending.making : null;
    if (waiting) {
      const answer = await waiting.catch(() => null);
      if (answer) return answer;
    }
    const making = make().then((answer) => {
      if (answer) answer.headers["last-modified"] = new Date().toUTCString();
      return answer;
    });
    this.pending = { version: wanted.version, making };
    try {
      const answer = await making;
      if (answer && (!this.copy || this.copy.sequence < wanted.sequence)) this.copy = { ...wanted, answer };
      return answer;
    } finally {
      if (this.pending?.making === making) this.pending = null;
    }
  }
}
