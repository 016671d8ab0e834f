// The queue of asynchronous judgements, kept in the ledger's database (table judge_jobs, created
// by the ledger migrations) so it survives restarts. A claim leases a job: a process that dies
// while judging leaves it to be claimed again once the lease runs out. Times are epoch ms.

export interface JudgeJob {
  id: number;
  envelope_id: string;
  /** Claims so far, this one included. */
  attempts: number;
}

export interface JudgeJobStore {
  /** Queues a judgement of `envelopeId`; a second enqueue of the same envelope changes nothing. */
  enqueue(envelopeId: string, now: number): Promise<void>;
  /** Takes up to `limit` ready jobs no one holds, leased until now + leaseMs. One replica gets each. */
  claim(limit: number, now: number, leaseMs: number): Promise<JudgeJob[]>;
  /** The judgement is recorded: the job is gone. */
  complete(id: number): Promise<void>;
  /** Try again at `runAfter`. */
  retry(id: number, runAfter: number, error: string): Promise<void>;
  /**
   * Gives back a claim that was cut short (the gateway stopped while judging): ready again at once,
   * and the claim does not count among the job's attempts, which are for the judge's failures.
   */
  release(id: number): Promise<void>;
  /** Jobs waiting or under way. */
  depth(): Promise<number>;
  close(): Promise<void>;
}
