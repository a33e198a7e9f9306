/** One figure of a benchmark run, printed as one JSON line so runs can be compared. */
export function report(name: string, value: number, unit: string): void {
  console.log(JSON.stringify({ name, value: Math.round(value * 1000) / 1000, unit }));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
