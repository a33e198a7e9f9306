/** English strings of what the app does with its data after the start, said in the status bar. */
export const dataUpkeepEn = {
  dataUpkeep: {
    checking: "Checking the database for damage…",
    backingUp: "Backing up your data…",
    indexing: "Building the database's new indexes: saving may pause for a moment…",
    damaged: "The database is damaged: opening the recovery page…",
  },
};
