import { PGlite, parse, protocol, type PGliteOptions, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

const { serialize } = protocol;
const { parseDescribeStatementResults, parseResults } = parse;

/** More distinct statements than the app has queries: only lists of varying length (`in (...)`) add more. */
const MAX_STATEMENTS = 500;

/**
 * A known statement that cannot run as parsed: "invalid_sql_statement_name" (it is not there) and
 * "feature_not_supported", which is how "cached plan must not change result type" comes after
 * a table a `select *` reads has changed. Outside a transaction it is parsed again, once.
 */
const PARSE_AGAIN = new Set(["26000", "0A000"]);

interface Statement {
  name: string;
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * PGlite that parses each distinct SQL text once, as a named statement, and then only binds and
 * executes it. PGlite's own `query` sends every statement unnamed: PostgreSQL parses, analyses
 * and plans it again on each call, which was most of the API's time per page on PGlite (as
 * profiled), and it crosses into WebAssembly six times per query where this crosses once. A named
 * statement also lets PostgreSQL keep a generic plan after a few runs. PostgreSQL re-plans it by
 * itself when a table it reads changes. The pg driver does the same for Drizzle's named queries
 * (db/prepared.ts); this does it for every query, since PGlite has one session.
 */
export class PGliteWithStatements extends PGlite {
  /** In least-recently-used order, oldest first. */
  readonly #statements = new Map<string, Statement>();
  #made = 0;
  /** Statements evicted from the map, closed with the next message. */
  #toClose: string[] = [];

  readonly #maxStatements: number;

  constructor(options: PGliteOptions & { maxStatements?: number }) {
    const { maxStatements = MAX_STATEMENTS, ...pglite } = options;
    super(pglite);
    this.#maxStatements = maxStatements;
  }

  override async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.runExclusive(() => this.#run<T>(text, params, options)));
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const ours: Transaction = Object.create(tx);
      ours.query = async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (tx.closed) throw new Error("Transaction is closed");
        return this.runExclusive(() => this.#run<R>(text, params, options));
      };
      return callback(ours);
    });
  }

  async #send(parts: Uint8Array[]): Promise<BackendMessage[]> {
    const closing = this.#toClose.map((name) => serialize.close({ type: "S", name }));
    this.#toClose = [];
    return this.execProtocolStream(concat([...closing, ...parts, serialize.sync()]), { syncToFs: false });
  }

  async #statement(key: string, text: string, paramTypes: number[] | undefined): Promise<Statement> {
    const known = this.#statements.get(key);
    if (known) {
      this.#statements.delete(key);
      this.#statements.set(key, known);
      return known;
    }
    const name = `vv_${++this.#made}`;
    const described = await this.#send([serialize.parse({ name, text, types: paramTypes }), serialize.describe({ type: "S", name })]);
    const made = { name, paramTypes: parseDescribeStatementResults(described) };
    this.#statements.set(key, made);
    if (this.#statements.size > this.#maxStatements) {
      const [oldestKey, oldest] = this.#statements.entries().next().value as [string, Statement];
      this.#statements.delete(oldestKey);
      this.#toClose.push(oldest.name);
    }
    return made;
  }

  #forget(key: string, statement: Statement): void {
    this.#statements.delete(key);
    this.#toClose.push(statement.name);
  }

  async #run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob) throw new Error("PGliteWithStatements does not take a blob (COPY): use exec");
    const execute = async (statement: Statement) => {
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[i];
        const serializer = options?.serializers?.[type] ?? this.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      return this.#send([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: "P" }), serialize.execute({})]);
    };
    const paramTypes = options?.paramTypes;
    const key = paramTypes?.length ? `${paramTypes.join(",")}\n${text}` : text;
    const statement = await this.#statement(key, text, paramTypes);
    let messages: BackendMessage[];
    try {
      messages = await execute(statement);
    } catch (error) {
      if (!PARSE_AGAIN.has((error as { code?: string }).code ?? "") || this.isInTransaction()) throw error;
      this.#forget(key, statement);
      messages = await execute(await this.#statement(key, text, paramTypes));
    }
    if (!this.isInTransaction()) await this.syncToFs();
    return parseResults(messages, this.parsers, options)[0] as Results<T>;
  }
}
