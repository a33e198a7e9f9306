import type { SQLInputValue, SQLOutputValue, StatementSync } from "node:sqlite";

/** A row as a query reads it: each column one of the values SQLite hands back. */
type SqlRow<Row> = { readonly [Column in keyof Row]: SQLOutputValue };

/*
 * node:sqlite types every row as `Record<string, SQLOutputValue>`. The caller names the row's
 * columns; that is sound because each query reads tables whose columns and types the database's
 * migrations define, and only this app's own statements write them. The assertion lives here once
 * instead of at every query, and the constraint above keeps a row type to SQLite's value types.
 */

/** Every row a statement reads. */
export function allRows<Row extends SqlRow<Row>>(statement: StatementSync, ...params: SQLInputValue[]): Row[] {
  return statement.all(...params) as Row[];
}

/** The first row a statement reads, or undefined when there is none. */
export function oneRow<Row extends SqlRow<Row>>(statement: StatementSync, ...params: SQLInputValue[]): Row | undefined {
  return statement.get(...params) as Row | undefined;
}

/**
 * The row of a statement that always reads one: an aggregate without GROUP BY, a PRAGMA, a row
 * this connection has just written.
 */
export function onlyRow<Row extends SqlRow<Row>>(statement: StatementSync, ...params: SQLInputValue[]): Row {
  const row = oneRow<Row>(statement, ...params);
  if (row === undefined) throw new Error(`Expected a row from: ${statement.sourceSQL}`);
  return row;
}
