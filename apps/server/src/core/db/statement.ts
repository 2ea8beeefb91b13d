import pg from 'pg';
import type { Tx } from './database.ts';

/** What a transaction's driver client answers a query with, on both engines. */
type DriverClient = {
  query(query: string | pg.QueryConfig, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

/** The SQL text of every named statement, so that a name is never reused for another text. */
const texts = new Map<string, string>();

/**
 * A statement of the request path whose SQL text never changes, run with only its values: on
 * PostgreSQL it is prepared once per connection under `name` (Parse once, then Bind and Execute on
 * every later run), and no query builder runs per request. Rows come back as the driver parses
 * them (timestamps as Date, json parsed); name the columns in the SQL (`as "camelCase"`).
 *
 * For the few statements every request (or every row of a list) pays for; everything else uses
 * Drizzle's builders. Like all SQL, statements live in repositories and `core/db`.
 */
export type Statement<Row> = ((tx: Tx, values: readonly unknown[]) => Promise<Row[]>) & {
  /** Its SQL text (the benchmark runs the same text through pgbench). */
  text: string;
  statementName: string;
  /**
   * The same statement as SQL commands, for a simple-protocol query that also carries other
   * statements (`begin` and the settings: core/db/tenant.ts): `PREPARE` (once per connection) and
   * `EXECUTE` with the values written in as escaped literals.
   */
  sqlPrepare: string;
  sqlExecute(values: readonly unknown[]): string;
};

/** A value written into SQL: strings escaped (pg's escapeLiteral), numbers finite, null as NULL. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('Not a finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`No literal for a ${typeof value}`);
}

export function statement<Row>(name: string, text: string): Statement<Row> {
  const known = texts.get(name);
  if (known !== undefined && known !== text)
    throw new Error(`The statement name ${name} is already used for other SQL`);
  texts.set(name, text);
  const run = async (tx: Tx, values: readonly unknown[]) => {
    const client = driverClientOf(tx);
    const result =
      client instanceof pg.Client || client instanceof pg.Pool
        ? await client.query({ name, text, values: [...values] })
        : await client.query(text, [...values]);
    return result.rows as Row[];
  };
  // SQL-level prepared statements share the connection's namespace with the protocol-level ones.
  const sqlName = `sql_${name}`;
  return Object.assign(run, {
    text,
    statementName: name,
    sqlPrepare: `prepare ${sqlName} as ${text}`,
    sqlExecute: (values: readonly unknown[]) => `execute ${sqlName}(${values.map(literal).join(', ')})`,
  });
}

/** The driver's client under a Drizzle transaction (node-postgres's pooled client, or PGlite's transaction). */
function driverClientOf(tx: Tx): DriverClient {
  const session = (tx as unknown as { session?: { client?: DriverClient } }).session;
  if (!session?.client) throw new Error('Not a Drizzle transaction: no driver client');
  return session.client;
}
