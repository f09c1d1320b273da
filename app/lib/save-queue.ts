/**
 * Saves a page shows at once and sends behind the customer's back (a tick, a quantity): those of one thing
 * run one after another, so the server ends as the last change says; and an action that depends on them
 * (Order Complete) waits until every one has been answered, instead of racing them to the server.
 */
export type SaveQueue = {
  /**
   * Runs `save` once the earlier saves of `key` are answered. `latest()` inside `save` says whether it is still
   * the newest change of its key: an older answer must not overwrite what a newer change already shows.
   */
  run<T>(key: string, save: (latest: () => boolean) => Promise<T>): Promise<T>;
  /** Resolves when no save is running or waiting; true when it had to wait for any. */
  settled(): Promise<boolean>;
};

export function createSaveQueue(): SaveQueue {
  const tails = new Map<string, Promise<unknown>>();
  const newest = new Map<string, number>();
  let counter = 0;

  return {
    run(key, save) {
      const ticket = ++counter;
      newest.set(key, ticket);
      const before = tails.get(key) ?? Promise.resolve();
      const result = before.then(
        () => save(() => newest.get(key) === ticket),
        () => save(() => newest.get(key) === ticket),
      );
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    async settled() {
      let waited = false;
      // A save answered may queue another (a note sent after an upload): wait until none is left.
      while (tails.size > 0) {
        waited = true;
        await Promise.all(tails.values());
      }
      return waited;
    },
  };
}
