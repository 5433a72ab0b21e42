/**
 * Once per `vitest run`, before the first test file: names the PGlite template of this run, and
 * on PostgreSQL (TEST_DATABASE_URL) makes a migrated template database; removes both at the end.
 * See test-api.ts for why and how the test files use them.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#api/src/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the first test file that needs PGlite writes the migrated template (test-api.ts). */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database each test database is created from (TEST_DATABASE_URL only). */
    postgresTemplate: string | undefined;
  }
}

async function adminQuery(admin: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  // Named after this run: two runs at once in one tree must not read each other's template,
  // which may hold other migrations.
  const template = resolve(`tests/.tmp/pglite-template-${process.pid}.tar`);
  // A fresh clone has no tests/.tmp (it is not committed), and the template's lock file goes there.
  mkdirSync(dirname(template), { recursive: true });
  const removeTemplate = () => {
    for (const file of [template, `${template}.lock`]) rmSync(file, { force: true });
  };
  // A run that died may have left one under this process id.
  removeTemplate();
  project.provide("pgliteTemplate", template);
  // Watch mode: each rerun makes it again, from the migrations as they are then.
  project.onTestsRerun(removeTemplate);

  const admin = process.env.TEST_DATABASE_URL;
  let postgresTemplate: string | undefined;
  if (admin) {
    postgresTemplate = `vv_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(admin, `create database ${postgresTemplate}`);
    const url = new URL(admin);
    url.pathname = `/${postgresTemplate}`;
    try {
      await (await openDatabase({ url: url.toString() })).close();
    } catch (error) {
      await adminQuery(admin, `drop database if exists ${postgresTemplate} with (force)`);
      throw error;
    }
  }
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    removeTemplate();
    if (admin && postgresTemplate) await adminQuery(admin, `drop database if exists ${postgresTemplate} with (force)`);
  };
}
