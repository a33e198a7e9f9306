/**
 * Non-negative least squares (Lawson and Hanson): the x ≥ 0 minimising |Ax − b|. Sized for a few
 * dozen unknowns; the inner solves use the normal equations.
 */
export function nonNegativeLeastSquares(rows: readonly (readonly number[])[], targets: readonly number[]): number[] {
  const unknowns = rows[0]?.length ?? 0;
  const x = new Array<number>(unknowns).fill(0);
  const passive = new Set<number>();
  const tolerance = 1e-12;
  for (let iteration = 0; iteration < 3 * unknowns + 10; iteration++) {
    const gradient = gradientOf(rows, targets, x);
    let best = -1;
    for (let j = 0; j < unknowns; j++) {
      if (
        !passive.has(j) &&
        (gradient[j] ?? 0) > tolerance &&
        (best === -1 || (gradient[j] ?? 0) > (gradient[best] ?? 0))
      )
        best = j;
    }
    if (best === -1) break;
    passive.add(best);
    for (let inner = 0; inner < unknowns + 5; inner++) {
      const columns = [...passive];
      const z = solveOn(rows, targets, columns);
      if (z.every((value) => value > tolerance)) {
        columns.forEach((column, index) => (x[column] = z[index] ?? 0));
        break;
      }
      // Step towards the new solution until a variable reaches zero, then drop it.
      let alpha = 1;
      columns.forEach((column, index) => {
        const target = z[index] ?? 0;
        const current = x[column] ?? 0;
        if (target <= tolerance && current - target > 0) alpha = Math.min(alpha, current / (current - target));
      });
      columns.forEach((column, index) => {
        const current = x[column] ?? 0;
        x[column] = current + alpha * ((z[index] ?? 0) - current);
        if ((x[column] ?? 0) <= tolerance) {
          x[column] = 0;
          passive.delete(column);
        }
      });
    }
  }
  return x;
}

/** Aᵀ(b − Ax): the directions that would lower the error. */
function gradientOf(rows: readonly (readonly number[])[], targets: readonly number[], x: readonly number[]): number[] {
  const gradient = new Array<number>(x.length).fill(0);
  rows.forEach((row, i) => {
    const residual = (targets[i] ?? 0) - row.reduce((sum, value, j) => sum + value * (x[j] ?? 0), 0);
    row.forEach((value, j) => (gradient[j] = (gradient[j] ?? 0) + value * residual));
  });
  return gradient;
}

/** Least squares over the chosen columns only, by Gaussian elimination on the normal equations. */
function solveOn(
  rows: readonly (readonly number[])[],
  targets: readonly number[],
  columns: readonly number[],
): number[] {
  const size = columns.length;
  const matrix = columns.map((a) =>
    [...columns, -1].map((b) =>
      rows.reduce((sum, row, i) => sum + (row[a] ?? 0) * (b === -1 ? (targets[i] ?? 0) : (row[b] ?? 0)), 0),
    ),
  );
  // A whisper of ridge keeps columns that always move together from making the system singular.
  matrix.forEach((line, i) => (line[i] = (line[i] ?? 0) * (1 + 1e-9) + 1e-15));
  for (let pivot = 0; pivot < size; pivot++) {
    let top = pivot;
    for (let r = pivot + 1; r < size; r++) {
      if (Math.abs(matrix[r]?.[pivot] ?? 0) > Math.abs(matrix[top]?.[pivot] ?? 0)) top = r;
    }
    const pivotRow = matrix[top];
    const swapped = matrix[pivot];
    if (!pivotRow || !swapped) continue;
    matrix[pivot] = pivotRow;
    matrix[top] = swapped;
    const lead = pivotRow[pivot] ?? 0;
    if (Math.abs(lead) < 1e-300) continue;
    for (let r = 0; r < size; r++) {
      const line = matrix[r];
      if (r === pivot || !line) continue;
      const factor = (line[pivot] ?? 0) / lead;
      for (let c = pivot; c <= size; c++) line[c] = (line[c] ?? 0) - factor * (pivotRow[c] ?? 0);
    }
  }
  return matrix.map((line, i) => {
    const lead = line[i] ?? 0;
    return Math.abs(lead) < 1e-300 ? 0 : (line[size] ?? 0) / lead;
  });
}
