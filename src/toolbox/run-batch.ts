/** @internal One job of a batch: whether it must not overlap another exclusive job, and how to run it. */
export interface BatchJob<T> {
  readonly exclusive: boolean;
  readonly run: () => Promise<T>;
}

/**
 * @internal Runs jobs with at most `concurrency` at once, starting them in order; an exclusive job
 * (a destructive activity) never runs while another exclusive one does, and exclusive jobs keep their
 * relative order. Results come back in job order. A rejection (an aborted signal) rejects the batch.
 */
export function runBatch<T>(jobs: readonly BatchJob<T>[], concurrency: number): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  if (jobs.length === 0) return Promise.resolve(results);
  return new Promise((resolve, reject) => {
    const pending = jobs.map((_, index) => index);
    let running = 0;
    let exclusiveRunning = false;
    let done = 0;
    let failed = false;
    const pump = () => {
      for (let position = 0; position < pending.length && running < concurrency; ) {
        const index = pending[position] as number;
        const job = jobs[index] as BatchJob<T>;
        if (job.exclusive && exclusiveRunning) {
          // Later exclusive jobs wait behind this one; non-exclusive ones may pass it.
          position = skipExclusive(pending, jobs, position);
          continue;
        }
        pending.splice(position, 1);
        running += 1;
        if (job.exclusive) exclusiveRunning = true;
        job.run().then(
          (result) => {
            results[index] = result;
            running -= 1;
            if (job.exclusive) exclusiveRunning = false;
            done += 1;
            if (done === jobs.length) resolve(results);
            else if (!failed) pump();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
    };
    pump();
  });
}

function skipExclusive<T>(
  pending: readonly number[],
  jobs: readonly BatchJob<T>[],
  from: number,
): number {
  let position = from + 1;
  while (position < pending.length && (jobs[pending[position] as number] as BatchJob<T>).exclusive)
    position++;
  return position;
}
