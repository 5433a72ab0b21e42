import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PGliteWithStatements } from "#api/src/db/pglite-statements.ts";

// The API's PGlite parses each SQL text once and then only binds it, to save the parsing. What a caller
// sees must not change: the same rows, the same errors, transactions that hold, data on disk.

describe("statements parsed once", () => {
  let db: PGliteWithStatements;
  beforeAll(async () => {
    db = new PGliteWithStatements({ maxStatements: 3 });
    await db.exec("create table t (id int primary key, name text, made timestamptz default now())");
  });
  afterAll(async () => db.close());

  test("the same rows as PGlite's own query, in both row modes, with parameters of each type", async () => {
    const plain = await PGlite.create({ loadDataDir: await db.dumpDataDir("none") });
    try {
      for (const target of [db, plain]) await target.query("insert into t (id, name) values ($1, $2) on conflict do nothing", [1, "Ana"]);
      const text = "select id, name, $2::bigint as big, $3::bool as yes, $4::jsonb as doc from t where id = $1";
      const params = [1, 12345678901234567n, true, { a: [1, "b"] }];
      for (const rowMode of ["object", "array"] as const) {
        const ours = await db.query(text, params, { rowMode });
        const theirs = await plain.query(text, params, { rowMode });
        expect(ours.rows).toEqual(theirs.rows);
        expect(ours.fields).toEqual(theirs.fields);
      }
      expect((await db.query(text, params)).rows).toEqual([
        { id: 1, name: "Ana", big: 12345678901234567n, yes: true, doc: { a: [1, "b"] } },
      ]);
    } finally {
      await plain.close();
    }
  });

  test("a statement run many times with other values answers for those values", async () => {
    await db.query("insert into t (id, name) values ($1, $2) on conflict do nothing", [2, "Bo"]);
    const names: string[] = [];
    for (let i = 0; i < 12; i++)
      names.push(...(await db.query<{ name: string }>("select name from t where id = $1", [(i % 2) + 1])).rows.map((r) => r.name));
    expect(names).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 ? "Bo" : "Ana")));
  });

  test("more statements than are kept: the oldest are closed and parsed again when they come back", async () => {
    for (let round = 0; round < 3; round++) {
      for (let n = 1; n <= 6; n++)
        expect((await db.query<{ v: number }>(`select $1::int * ${n} as v`, [round])).rows).toEqual([{ v: round * n }]);
    }
  });

  test("a unique violation carries PostgreSQL's code and constraint, and the next query runs", async () => {
    const error = await db.query("insert into t (id, name) values ($1, $2)", [1, "again"]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", constraint: "t_pkey" });
    await expect(db.query("selec 1")).rejects.toMatchObject({ code: "42601" });
    expect((await db.query("select count(*)::int as n from t")).rows).toEqual([{ n: 2 }]);
  });

  test("a transaction that fails leaves nothing behind; one that commits keeps its rows", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t (id, name) values ($1, $2)", [3, "Cy"]);
        await tx.query("select 1 / $1::int", [0]);
      }),
    ).rejects.toMatchObject({ code: "22012" });
    expect((await db.query("select id from t where id = $1", [3])).rows).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values ($1, $2)", [3, "Cy"]);
    });
    expect((await db.query("select name from t where id = $1", [3])).rows).toEqual([{ name: "Cy" }]);
  });

  test("queries fired at once while a transaction is open wait for it and see its result", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("update t set name = $1 where id = $2", ["Ana 2", 1]);
      await held;
      await tx.query("update t set name = $1 where id = $2", ["Ana 3", 1]);
    });
    const reads = Array.from({ length: 5 }, () => db.query<{ name: string }>("select name from t where id = $1", [1]));
    release();
    await transaction;
    expect((await Promise.all(reads)).map((r) => r.rows[0].name)).toEqual(Array(5).fill("Ana 3"));
  });

  test("a statement made in a transaction that was rolled back still runs after it", async () => {
    await db.transaction(async (tx) => {
      await tx.query("select $1::int + 40 as v", [1]);
      await tx.rollback();
    });
    expect((await db.query("select $1::int + 40 as v", [2])).rows).toEqual([{ v: 42 }]);
  });

  test("after a table changes, a `select *` parsed before it answers with the new columns", async () => {
    await db.exec("create table s (a int)");
    await db.query("insert into s values ($1)", [1]);
    expect((await db.query("select * from s")).rows).toEqual([{ a: 1 }]);
    await db.exec("alter table s add column b int default 7");
    expect((await db.query("select * from s")).rows).toEqual([{ a: 1, b: 7 }]);
  });
});

test("rows written outside a transaction are on disk when the database is opened again", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "vv-statements-"));
  try {
    // From an empty database's dump: initdb in a folder takes seconds.
    const empty = await PGlite.create();
    const first = new PGliteWithStatements({ dataDir, loadDataDir: await empty.dumpDataDir("none") });
    await empty.close();
    await first.exec("create table kept (v text)");
    await first.query("insert into kept values ($1)", ["one"]);
    await first.transaction(async (tx) => {
      await tx.query("insert into kept values ($1)", ["two"]);
    });
    await first.close();
    const again = new PGliteWithStatements({ dataDir });
    expect((await again.query("select v from kept order by v")).rows).toEqual([{ v: "one" }, { v: "two" }]);
    await again.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
