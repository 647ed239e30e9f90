// The pure part of the dependency check (scripts/check-dependencies.mjs): what is locked,
// which of it falls in a known advisory's range or is a package issue 50 retired, and
// which of it a registry's bulk advisory answer names. No files, no network: the tests
// hand it small objects (tests/unit/check-dependencies.test.ts).
import semver from "semver";

/** The severities npm's advisories carry, lowest first. */
export const SEVERITIES = ["info", "low", "moderate", "high", "critical"];

const RANGE_OPTIONS = { includePrerelease: true };

/**
 * Every package a lock file (lockfileVersion 2 or 3) installs, from its `packages` map:
 * the name (the folder after the last node_modules/, or the real name of an alias), the
 * version, the path, and whether only development needs it.
 * @param {{ packages?: Record<string, any> }} lock
 * @returns {{ name: string, version: string, path: string, dev: boolean }[]}
 */
export function lockedPackages(lock) {
  if (!lock || typeof lock.packages !== "object" || lock.packages === null) {
    throw new Error("package-lock.json has no `packages` map (lockfileVersion 2 or 3 is needed; npm 7 and later write it)");
  }
  const found = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const at = path.lastIndexOf("node_modules/");
    // The project itself (""), workspace folders and links carry no installed version.
    if (at === -1 || entry.link || !entry.version) continue;
    const name = entry.name ?? path.slice(at + "node_modules/".length);
    found.push({ name, version: entry.version, path, dev: Boolean(entry.dev) });
  }
  return found;
}

/**
 * The repository's list, checked: every range and version must be valid semver, and no
 * fixed version may fall in its own range (a typo there would hide a vulnerable lock).
 * @param {{ advisories?: any[], retired?: any[] }} list
 */
export function validateList(list) {
  const problems = [];
  for (const [index, advisory] of (list.advisories ?? []).entries()) {
    const where = `advisories[${index}] (${advisory.package ?? "no package"} ${advisory.id ?? "no id"})`;
    for (const field of ["package", "id", "title", "vulnerable", "fixed", "source"]) {
      if (advisory[field] === undefined || advisory[field] === "") problems.push(`${where}: no ${field}`);
    }
    if (advisory.vulnerable && !semver.validRange(advisory.vulnerable, RANGE_OPTIONS)) problems.push(`${where}: vulnerable "${advisory.vulnerable}" is not a semver range`);
    if (advisory.severity && !SEVERITIES.includes(advisory.severity)) problems.push(`${where}: severity "${advisory.severity}" is not one of ${SEVERITIES.join(", ")}`);
    if (advisory.fixed && !Array.isArray(advisory.fixed)) problems.push(`${where}: fixed must be a list of versions`);
    for (const version of Array.isArray(advisory.fixed) ? advisory.fixed : []) {
      if (!semver.valid(version)) problems.push(`${where}: fixed "${version}" is not a version`);
      else if (semver.validRange(advisory.vulnerable, RANGE_OPTIONS) && semver.satisfies(version, advisory.vulnerable, RANGE_OPTIONS)) {
        problems.push(`${where}: fixed ${version} falls in its own vulnerable range ${advisory.vulnerable}`);
      }
    }
  }
  for (const [index, retired] of (list.retired ?? []).entries()) {
    const where = `retired[${index}] (${retired.package ?? "no package"})`;
    if (!retired.package) problems.push(`${where}: no package`);
    if (!retired.reason) problems.push(`${where}: no reason`);
    if (retired.range !== undefined && !semver.validRange(retired.range, RANGE_OPTIONS)) problems.push(`${where}: range "${retired.range}" is not a semver range`);
  }
  if (problems.length > 0) throw new Error(`scripts/known-advisories.json is not valid:\n  ${problems.join("\n  ")}`);
}

/** Whether what package.json asks for (a range, or something else: a tag, a URL, an alias) may install a version in `range`. */
function specMayFallIn(spec, range) {
  if (range === undefined) return true;
  if (typeof spec !== "string" || !semver.validRange(spec, RANGE_OPTIONS)) return true; // cannot tell: counted, to be safe
  return semver.intersects(spec, range, RANGE_OPTIONS);
}

const MANIFEST_FIELDS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies", "overrides"];

/**
 * The check against the repository's list: each locked version in an advisory's range,
 * and each retired package still named by package.json or still in the lock.
 * @param {{ lock: any, packageJson?: any, list: { advisories?: any[], retired?: any[] } }} input
 * @returns {{ locked: number, vulnerable: any[], retired: any[] }}
 */
export function checkAgainstList({ lock, packageJson = {}, list }) {
  validateList(list);
  const locked = lockedPackages(lock);
  const vulnerable = [];
  for (const advisory of list.advisories ?? []) {
    for (const pkg of locked) {
      if (pkg.name !== advisory.package) continue;
      if (!semver.valid(pkg.version) || !semver.satisfies(pkg.version, advisory.vulnerable, RANGE_OPTIONS)) continue;
      vulnerable.push({ ...pkg, advisory });
    }
  }
  const retired = [];
  for (const entry of list.retired ?? []) {
    for (const field of MANIFEST_FIELDS) {
      const spec = packageJson[field]?.[entry.package];
      if (spec !== undefined && specMayFallIn(spec, entry.range)) retired.push({ name: entry.package, where: `package.json ${field}`, spec, entry });
    }
    for (const pkg of locked) {
      if (pkg.name !== entry.package) continue;
      if (entry.range !== undefined && !(semver.valid(pkg.version) && semver.satisfies(pkg.version, entry.range, RANGE_OPTIONS))) continue;
      retired.push({ name: pkg.name, where: `package-lock.json ${pkg.path}`, version: pkg.version, dev: pkg.dev, entry });
    }
  }
  return { locked: locked.length, vulnerable, retired };
}

/** One line a finding of checkAgainstList: package, locked version, advisory, fixed versions. */
export function describeVulnerable(finding) {
  const { name, version, path, dev, advisory } = finding;
  const severity = advisory.severity ? `${advisory.severity}, ` : "";
  return `${name}@${version} (${dev ? "dev" : "runtime"}, ${path}) falls in ${advisory.vulnerable} of ${advisory.id} (${severity}${advisory.title}; ${advisory.url ?? "no link"}): fixed in ${advisory.fixed.join(", ")}`;
}

/** One line a retired package still present. */
export function describeRetired(finding) {
  const { name, where, spec, version, entry } = finding;
  const what = version !== undefined ? `${name}@${version}` : `${name} "${spec}"`;
  const range = entry.range ? ` (retired ${entry.range})` : " (retired)";
  return `${what} in ${where}${range}: ${entry.reason}`;
}

/**
 * The body npm's bulk advisory endpoint takes: each locked name with its versions.
 * @returns {Record<string, string[]>}
 */
export function bulkRequest(lock) {
  const versions = {};
  for (const { name, version } of lockedPackages(lock)) {
    (versions[name] ??= new Set()).add(version);
  }
  return Object.fromEntries(
    Object.keys(versions)
      .sort()
      .map((name) => [name, [...versions[name]].sort(semver.compareLoose)]),
  );
}

/**
 * What a registry's bulk advisory answer (`{ name: [{ id, title, severity, url,
 * vulnerable_versions }] }`) says about the lock: each locked version that one of its
 * advisories at `minimum` severity or above covers.
 */
export function registryFindings(lock, answer, minimum = "moderate") {
  const floor = SEVERITIES.indexOf(minimum);
  const locked = lockedPackages(lock);
  const findings = [];
  for (const [name, advisories] of Object.entries(answer ?? {})) {
    if (!Array.isArray(advisories)) continue;
    for (const advisory of advisories) {
      if (SEVERITIES.indexOf(advisory.severity) < floor) continue;
      const range = advisory.vulnerable_versions;
      for (const pkg of locked) {
        if (pkg.name !== name || !semver.valid(pkg.version)) continue;
        // A range the semver package cannot read counts as covering the version: the registry said so.
        if (semver.validRange(range, RANGE_OPTIONS) && !semver.satisfies(pkg.version, range, RANGE_OPTIONS)) continue;
        findings.push({ ...pkg, advisory });
      }
    }
  }
  return findings;
}

/** One line a finding of registryFindings. */
export function describeRegistryFinding(finding) {
  const { name, version, path, dev, advisory } = finding;
  return `${name}@${version} (${dev ? "dev" : "runtime"}, ${path}): ${advisory.severity} ${advisory.id ?? ""} ${advisory.title ?? ""} (${advisory.url ?? "no link"}); vulnerable ${advisory.vulnerable_versions}, so fixed outside that range`.replace(/ {2,}/g, " ");
}
