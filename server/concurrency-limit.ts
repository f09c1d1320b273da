// At most `n` of one kind of work at once; the rest wait their turn, first come first served.
//
// Password hashing is the case (services/accounts/passwords.ts): an argon2id hash at production cost takes
// 19 MiB for about 50 ms on a libuv thread. Left alone, a burst of sign-ins runs as many at once as libuv
// has threads (four, shared with file reads and compression), 19 MiB each. The memory bench's
// per-operation pass (bench/memory.ts, MEMORY_PER_OP=1) found POST /api/auth/login the one call that
// moves the resident peak: by 19–37 MB, one or two hashes at once, which is what this limit allows.

export type ConcurrencyLimit = <T>(work: () => Promise<T>) => Promise<T>;

export function createConcurrencyLimit(n: number): ConcurrencyLimit {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`A concurrency limit is a whole number of 1 or more, got ${n}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return async (work) => {
    if (running < n) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      release();
    }
  };
}
