/** A fetch that lists each request the app makes the moment it makes it, and counts the answers still awaited. */
export interface CountingFetch {
  readonly fetch: typeof fetch;
  /** `METHOD url`, in the order the app sent them. */
  readonly sent: readonly string[];
  readonly inFlight: number;
}

export function countingFetch(inner: typeof fetch = fetch): CountingFetch {
  const sent: string[] = [];
  let inFlight = 0;
  return {
    async fetch(input, init) {
      const url = input instanceof Request ? input.url : String(input);
      sent.push(`${init?.method ?? (input instanceof Request ? input.method : "GET")} ${url}`);
      inFlight++;
      try {
        return await inner(input, init);
      } finally {
        inFlight--;
      }
    },
    sent,
    get inFlight() {
      return inFlight;
    },
  };
}
