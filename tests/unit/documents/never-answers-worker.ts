/** A document worker that never answers: a file that makes the reader loop forever. */
setInterval(() => undefined, 1_000);
