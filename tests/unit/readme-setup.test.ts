import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

// A newcomer who follows the README gets every system package the product draws and tests with:
// the README's apt-get line names each one of scripts/system-packages.txt, the list .ci/run installs.
const packages = readFileSync("scripts/system-packages.txt", "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
const readme = readFileSync("README.md", "utf8");

test("the README's set-up installs every package .ci/run installs, the colour-emoji font included", () => {
  expect(packages).toContain("fonts-noto-color-emoji");
  const install = readme.split("\n").find((line) => line.includes("apt-get install"));
  expect(install, "an apt-get install line in the README").toBeDefined();
  for (const name of packages) expect(install!.split(/[\s`]+/)).toContain(name);
  expect(readFileSync(".ci/run", "utf8")).toContain("scripts/system-packages.txt");
});
