// The dependency check's pure part (scripts/dependency-advisories.mjs) on a small lock and
// a small list: a locked version in an advisory's range fails with the fixed version
// named, a fixed one passes, a retired package fails wherever it is named. No network.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bulkRequest, checkAgainstList, describeRetired, describeVulnerable, lockedPackages, registryFindings, validateList } from "../../scripts/dependency-advisories.mjs";
import { ROOT } from "../support/server";

const LIST = {
  advisories: [
    {
      package: "react-router",
      id: "GHSA-jjmj-jmhj-qwj2",
      url: "https://github.com/advisories/GHSA-jjmj-jmhj-qwj2",
      title: "Open redirect that can lead to XSS",
      severity: "moderate",
      vulnerable: "<6.30.6",
      fixed: ["6.30.6"],
      source: "a test",
    },
  ],
  retired: [
    { package: "remix-utils", reason: "imported nowhere" },
    { package: "nodemailer", range: "<10.0.0", reason: "nodemailer 7 is unsupported" },
  ],
};

function lockWith(packages: Record<string, { version: string; dev?: boolean; name?: string; link?: boolean }>) {
  return { lockfileVersion: 3, packages: { "": { name: "site", version: "0.1.0" }, ...packages } };
}

describe("the dependency check against the repository's list", () => {
  it("fails on a locked version in an advisory's range, naming the package, its version, the advisory and the fixed version", () => {
    const lock = lockWith({ "node_modules/react-router": { version: "6.30.4" } });
    const { vulnerable, retired } = checkAgainstList({ lock, packageJson: {}, list: LIST });
    expect(retired).toEqual([]);
    expect(vulnerable).toHaveLength(1);
    const line = describeVulnerable(vulnerable[0]);
    expect(line).toContain("react-router@6.30.4");
    expect(line).toContain("runtime");
    expect(line).toContain("GHSA-jjmj-jmhj-qwj2");
    expect(line).toContain("fixed in 6.30.6");
  });

  it("passes the fixed version and later ones, and finds a vulnerable copy nested under another package, a dev one too", () => {
    const fixed = lockWith({ "node_modules/react-router": { version: "6.30.6" }, "node_modules/other/node_modules/react-router": { version: "7.18.7", dev: true } });
    expect(checkAgainstList({ lock: fixed, list: LIST }).vulnerable).toEqual([]);

    const nested = lockWith({ "node_modules/react-router": { version: "7.18.7" }, "node_modules/other/node_modules/react-router": { version: "6.0.0", dev: true } });
    const [finding] = checkAgainstList({ lock: nested, list: LIST }).vulnerable;
    expect(finding).toMatchObject({ name: "react-router", version: "6.0.0", path: "node_modules/other/node_modules/react-router", dev: true });
    expect(describeVulnerable(finding)).toContain("dev");
  });

  it("counts a prerelease of the fixed version as vulnerable, and reads an alias by its real name", () => {
    const lock = lockWith({ "node_modules/rr": { name: "react-router", version: "6.30.6-pre.0" } });
    expect(checkAgainstList({ lock, list: LIST }).vulnerable.map((finding) => finding.name)).toEqual(["react-router"]);
  });

  it("fails on a retired package in the lock or in package.json, and on a retired range only inside that range", () => {
    const lock = lockWith({ "node_modules/remix-utils": { version: "7.7.0" }, "node_modules/nodemailer": { version: "10.6.1" }, "node_modules/a/node_modules/nodemailer": { version: "7.0.13", dev: true } });
    const packageJson = { dependencies: { "remix-utils": "^7.7.0", nodemailer: "^10.6.1" } };
    const { retired, vulnerable } = checkAgainstList({ lock, packageJson, list: LIST });
    expect(vulnerable).toEqual([]);
    const lines = retired.map(describeRetired);
    expect(lines).toEqual([
      expect.stringMatching(/^remix-utils "\^7\.7\.0" in package\.json dependencies \(retired\): imported nowhere$/),
      expect.stringMatching(/^remix-utils@7\.7\.0 in package-lock\.json node_modules\/remix-utils/),
      expect.stringMatching(/^nodemailer@7\.0\.13 in package-lock\.json node_modules\/a\/node_modules\/nodemailer \(retired <10\.0\.0\)/),
    ]);

    const older = checkAgainstList({ lock: lockWith({}), packageJson: { devDependencies: { nodemailer: "^7.0.0" } }, list: LIST }).retired;
    expect(older.map((finding) => finding.where)).toEqual(["package.json devDependencies"]);
  });

  it("skips the project itself and links, which carry no installed version", () => {
    const lock = lockWith({ "packages/tool": { version: "1.0.0" }, "node_modules/tool": { link: true, version: "1.0.0" }, "node_modules/x": { version: "1.2.3" } });
    expect(lockedPackages(lock).map((pkg) => pkg.name)).toEqual(["x"]);
  });

  it("refuses a list whose fixed version falls in its own range, or whose range is not semver", () => {
    expect(() => validateList({ advisories: [{ ...LIST.advisories[0], fixed: ["6.30.5"] }] })).toThrow(/fixed 6\.30\.5 falls in its own vulnerable range/);
    expect(() => validateList({ advisories: [{ ...LIST.advisories[0], vulnerable: "before 6.30.6" }] })).toThrow(/not a semver range/);
    expect(() => validateList({ retired: [{ package: "x" }] })).toThrow(/no reason/);
  });

  it("holds the repository's own list valid, and the lock clear of it", () => {
    const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8"));
    const result = checkAgainstList({ lock: read("package-lock.json"), packageJson: read("package.json"), list: read("scripts/known-advisories.json") });
    expect(result.vulnerable.map(describeVulnerable)).toEqual([]);
    expect(result.retired.map(describeRetired)).toEqual([]);
  });
});

describe("a registry's bulk advisory answer", () => {
  const lock = lockWith({ "node_modules/a": { version: "1.0.0" }, "node_modules/b/node_modules/a": { version: "2.0.0", dev: true }, "node_modules/b": { version: "3.0.0" } });

  it("is asked with each locked name and its versions", () => {
    expect(bulkRequest(lock)).toEqual({ a: ["1.0.0", "2.0.0"], b: ["3.0.0"] });
  });

  it("fails on an advisory at moderate or above that covers a locked version, not on a low one or one for other versions", () => {
    const answer = {
      a: [
        { id: 1, title: "bad", severity: "high", url: "https://example.test/1", vulnerable_versions: "<1.5.0" },
        { id: 2, title: "minor", severity: "low", url: "https://example.test/2", vulnerable_versions: "*" },
      ],
      b: [{ id: 3, title: "old", severity: "critical", url: "https://example.test/3", vulnerable_versions: "<3.0.0" }],
    };
    expect(registryFindings(lock, answer, "moderate").map((finding) => `${finding.name}@${finding.version} ${finding.advisory.id}`)).toEqual(["a@1.0.0 1"]);
    expect(registryFindings(lock, {}, "moderate")).toEqual([]);
  });
});
