/** Everything an async iterable yields, in order. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Everything a stream of batches holds, in order, as one list. */
export async function collectBatched<T>(batches: AsyncIterable<readonly T[]>): Promise<T[]> {
  return (await collect(batches)).flat();
}

/** Each item as a batch of its own, as a stream whose every network read holds one event. */
export async function* oneByOne<T>(items: AsyncIterable<T> | readonly T[]): AsyncGenerator<T[]> {
  for await (const item of items) yield [item];
}
