import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT } from "./server";

/**
 * Checks JSON-LD against schema.org's own vocabulary (release 30.0, its
 * schemaorg-current-https.jsonld kept gzipped in tests/fixtures; see the README there):
 * every @type is a class (or an enumeration member given as its URL), every property is
 * one schema.org defines for the node's type or a type it descends from, and every value
 * is of a type the property's range includes (a subtype counts, a whole number is a
 * Number, a date a Text...). Returns one line per problem, each naming where it is.
 */

type Node = { "@id": string; "@type": string | string[]; "rdfs:subClassOf"?: Ref | Ref[]; "schema:domainIncludes"?: Ref | Ref[]; "schema:rangeIncludes"?: Ref | Ref[] };
type Ref = { "@id": string };

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const local = (id: string) => id.replace(/^schema:/, "");

type Vocabulary = { parents: Map<string, string[]>; properties: Map<string, { domain: string[]; range: string[] }>; members: Map<string, string[]> };

let loaded: Vocabulary | null = null;

function vocabulary(): Vocabulary {
  if (loaded) return loaded;
  const file = path.join(ROOT, "tests", "fixtures", "schemaorg-30.0-current-https.jsonld.gz");
  const graph = (JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString("utf8")) as { "@graph": Node[] })["@graph"];
  const parents = new Map<string, string[]>();
  const properties = new Map<string, { domain: string[]; range: string[] }>();
  const members = new Map<string, string[]>();
  for (const node of graph) {
    const types = list(node["@type"]);
    const id = local(node["@id"]);
    if (types.includes("rdfs:Class")) parents.set(id, list(node["rdfs:subClassOf"]).map((ref) => local(ref["@id"])));
    else if (types.includes("rdf:Property")) {
      properties.set(id, { domain: list(node["schema:domainIncludes"]).map((ref) => local(ref["@id"])), range: list(node["schema:rangeIncludes"]).map((ref) => local(ref["@id"])) });
    } else members.set(id, types.map(local));
  }
  loaded = { parents, properties, members };
  return loaded;
}

/** The type and every type it descends from. */
function lineage(type: string): Set<string> {
  const { parents } = vocabulary();
  const seen = new Set<string>();
  const walk = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const parent of parents.get(name) ?? []) walk(parent);
  };
  walk(type);
  return seen;
}

const ENUM_URL = /^https:\/\/schema\.org\/([A-Za-z]+)$/;

/** The types a plain JSON value may stand for. */
function typesOfValue(value: unknown): string[] {
  if (typeof value === "boolean") return ["Boolean"];
  if (typeof value === "number") return Number.isInteger(value) ? ["Integer", "Number"] : ["Number", "Float"];
  if (typeof value !== "string") return [];
  const member = ENUM_URL.exec(value)?.[1];
  const types = ["Text"];
  if (/^https?:\/\//.test(value)) types.push("URL");
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) types.push("Date");
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value)) types.push("DateTime");
  if (/^\d{2}:\d{2}(:\d{2})?$/.test(value)) types.push("Time");
  if (member) types.push(...(vocabulary().members.get(member) ?? []));
  return types;
}

function fits(types: string[], range: string[]): boolean {
  return types.some((type) => [...lineage(type)].some((ancestor) => range.includes(ancestor)));
}

const KEYWORDS = new Set(["@context", "@type", "@id"]);

export function schemaOrgProblems(data: unknown, where = "$"): string[] {
  if (Array.isArray(data)) return data.flatMap((item, index) => schemaOrgProblems(item, `${where}[${index}]`));
  if (typeof data !== "object" || data === null) return [];
  const node = data as Record<string, unknown>;
  const { parents, properties } = vocabulary();
  const types = list(node["@type"] as string | string[] | undefined);
  const problems: string[] = [];
  if (types.length === 0) problems.push(`${where}: no @type`);
  for (const type of types) if (!parents.has(type)) problems.push(`${where}: ${type} is not a schema.org type`);
  const known = types.filter((type) => parents.has(type));
  for (const [name, value] of Object.entries(node)) {
    if (KEYWORDS.has(name)) continue;
    const property = properties.get(name);
    if (!property) {
      problems.push(`${where}.${name}: not a schema.org property`);
      continue;
    }
    if (!known.some((type) => [...lineage(type)].some((ancestor) => property.domain.includes(ancestor)))) {
      problems.push(`${where}.${name}: not a property of ${known.join(", ")}`);
    }
    for (const [index, item] of list(value).entries()) {
      const at = Array.isArray(value) ? `${where}.${name}[${index}]` : `${where}.${name}`;
      if (typeof item === "object" && item !== null) {
        const itemTypes = list((item as Record<string, unknown>)["@type"] as string | string[] | undefined);
        if (!fits(itemTypes, property.range)) problems.push(`${at}: ${itemTypes.join(", ")} is not among ${property.range.join(", ")}`);
        problems.push(...schemaOrgProblems(item, at));
      } else if (!fits(typesOfValue(item), property.range)) {
        problems.push(`${at}: ${JSON.stringify(item)} is not among ${property.range.join(", ")}`);
      }
    }
  }
  return problems;
}
