/**
 * A promise rejected with nothing to handle it is a bug, but ending the host for it would cut every
 * reply streaming and every result downloading: it is reported on stderr and the app goes on. An
 * uncaught exception still ends the process, since after one Node cannot vouch for its state.
 */
export function reportUnhandledRejections(): void {
  process.on("unhandledRejection", (reason) => {
    console.error("Unexpected error, reported and ignored; the app goes on:", reason);
  });
}
