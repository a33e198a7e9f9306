/** The `code` a Node error carries (`ENOENT`, `EADDRINUSE`…), or undefined for a thrown value without one. */
export const errorCode = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined;
