/** Everything an async iterable yields, in order. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Items as an async iterable, as a stream hands them over. */
export async function* from<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}
