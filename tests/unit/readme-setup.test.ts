import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

// A newcomer who follows the README gets every system package the product draws and tests with:
// the README's apt-get line names each one of scripts/system-packages.txt, the list the test
// command (scripts/test.sh) installs; and the README's test command is what CI runs.
const packages = readFileSync("scripts/system-packages.txt", "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
const readme = readFileSync("README.md", "utf8");

test("the README's set-up installs every package scripts/test.sh installs, the colour-emoji font included", () => {
  expect(packages).toContain("fonts-noto-color-emoji");
  const install = readme.split("\n").find((line) => line.includes("apt-get install"));
  expect(install, "an apt-get install line in the README").toBeDefined();
  for (const name of packages) expect(install!.split(/[\s`]+/)).toContain(name);
  expect(readFileSync("scripts/test.sh", "utf8")).toContain("done < scripts/system-packages.txt");
});

test("the README's test command is scripts/test.sh, and CI runs exactly that and nothing else", () => {
  const quickStart = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("\n## ", readme.indexOf("## Quick start") + 1));
  expect(quickStart).toMatch(/^scripts\/test\.sh +# every test/m);
  const commands = readFileSync(".ci/run", "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"));
  expect(commands).toEqual(['exec "$(dirname "$0")/../scripts/test.sh"']);
  expect(JSON.parse(readFileSync("package.json", "utf8")).scripts.test).toBe("node scripts/run-stages.mjs");
});
