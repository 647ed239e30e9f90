// npm run check:dependencies (and npm test, right after the linter): fails when a locked
// package, runtime or dev, falls in an advisory of scripts/known-advisories.json or is a
// package issue 50 retired; then asks the registry's bulk advisory endpoint, and fails on
// what it reports at moderate or above. A registry without that endpoint (this one
// answers 405) is said in one line and never fails the check. docs/dependencies.md.
//   --no-registry   check the repository's list only (no network)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bulkRequest, checkAgainstList, describeRegistryFinding, describeRetired, describeVulnerable, registryFindings } from "./dependency-advisories.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LIST = "scripts/known-advisories.json";
const TIMEOUT_MS = 10_000;

const readJson = (relative) => JSON.parse(fs.readFileSync(path.join(ROOT, relative), "utf8"));

function registryUrl() {
  let registry = process.env.npm_config_registry;
  if (!registry) {
    try {
      registry = execFileSync("npm", ["config", "get", "registry"], { cwd: ROOT, encoding: "utf8", timeout: TIMEOUT_MS }).trim();
    } catch {
      registry = "https://registry.npmjs.org/";
    }
  }
  return registry.endsWith("/") ? registry : `${registry}/`;
}

/** The registry's advisories for the lock, or why there are none: { answer } or { unavailable }. */
async function askRegistry(lock) {
  const url = new URL("-/npm/v1/security/advisories/bulk", registryUrl());
  let response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(bulkRequest(lock)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error?.name === "TimeoutError" ? `no answer in ${TIMEOUT_MS / 1000} s` : `unreachable: ${error?.cause?.code ?? error?.message ?? error}`;
    return { url, unavailable: reason };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return { url, unavailable: `HTTP ${response.status}` };
  }
  try {
    return { url, answer: await response.json() };
  } catch {
    return { url, unavailable: "HTTP 200 with an answer that is not JSON" };
  }
}

const started = Date.now();
const list = readJson(LIST);
const lock = readJson("package-lock.json");
const packageJson = readJson("package.json");

const { locked, vulnerable, retired } = checkAgainstList({ lock, packageJson, list });
let failed = false;
if (vulnerable.length > 0 || retired.length > 0) {
  failed = true;
  console.error(`Dependencies: ${vulnerable.length + retired.length} problem(s) against ${LIST}:`);
  for (const finding of vulnerable) console.error(`  advisory: ${describeVulnerable(finding)}`);
  for (const finding of retired) console.error(`  retired: ${describeRetired(finding)}`);
} else {
  console.log(`Dependencies: ${locked} locked packages checked against ${list.advisories.length} advisories and ${list.retired.length} retired packages in ${LIST}: none applies.`);
}

if (process.argv.includes("--no-registry")) {
  console.log("Registry advisories: not asked (--no-registry); only the repository's list was checked.");
} else {
  const { url, answer, unavailable } = await askRegistry(lock);
  if (unavailable) {
    console.log(`Registry advisories: ${url.origin} offered none (${unavailable}); only the repository's list was checked.`);
  } else {
    const findings = registryFindings(lock, answer, "moderate");
    if (findings.length > 0) {
      failed = true;
      console.error(`Registry advisories: ${url.origin} reports ${findings.length} at moderate or above for locked versions:`);
      for (const finding of findings) console.error(`  ${describeRegistryFinding(finding)}`);
    } else {
      console.log(`Registry advisories: ${url.origin} reports none at moderate or above for the ${Object.keys(bulkRequest(lock)).length} locked names.`);
    }
  }
}

console.log(`Dependency check ${failed ? "failed" : "passed"} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
process.exit(failed ? 1 : 0);
