import type { IpcError, Result } from "../../../shared/ipc/result.ts";

/** A failed call, thrown inside the renderer only (TanStack Query expects rejections). */
export class ApiError extends Error {
  readonly detail: IpcError;

  constructor(detail: IpcError) {
    super(detail.message);
    this.name = "ApiError";
    this.detail = detail;
  }
}

export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new ApiError(result.error);
  return result.data;
}

export function errorDetail(error: unknown): IpcError {
  if (error instanceof ApiError) return error.detail;
  return { code: "UNEXPECTED", message: error instanceof Error ? error.message : String(error) };
}

/** Whether an action succeeded; its failure stays on its mutation, for the ErrorNotice where it happened. */
export const succeeded = (run: Promise<unknown>): Promise<boolean> =>
  run.then(
    () => true,
    () => false,
  );
