/** English strings of what the app does with its data after the start, said in the status bar. */
export const dataUpkeepEn = {
  dataUpkeep: {
    checking: "Checking the database for damage…",
    backingUp: "Backing up your data…",
    indexing: "Building the database's new indexes: saving may pause for a moment…",
    indexingSearch: "Indexing older messages for search: results may take longer meanwhile…",
    tidyingLedger: "Tidying the request log and summing spend by day…",
    damaged: "The database is damaged: opening the recovery page…",
  },
};
