/**
 * `read`, answered once per key until the running code yields (a microtask later it asks again).
 * The poller weighs every running task in one go and asks each time for its profile's RPM (read
 * from the settings file) and whether its key is busy: with 500 tasks in flight that was thousands
 * of file reads for each poll, for answers that cannot change before it yields.
 */
export function memoForTurn<K, V>(read: (key: K) => V): (key: K) => V {
  const known = new Map<K, { readonly value: V }>();
  return (key) => {
    let answer = known.get(key);
    if (!answer) {
      if (known.size === 0) queueMicrotask(() => known.clear());
      answer = { value: read(key) };
      known.set(key, answer);
    }
    return answer.value;
  };
}
