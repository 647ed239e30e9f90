// The app's layout holds (docs/architecture.md, decision 045): the linter refuses an
// import that points up a layer, with the rule's message; UI folders hold no server
// modules; and the code cites only documents a clone has.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server";

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const eslint = new ESLint({ cwd: ROOT });

async function lintAs(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result.messages;
}

describe("one-way layers", () => {
  it("refuses a model that imports a route, naming the rule and the layers' order", async () => {
    const messages = await lintAs(
      "app/models/faqs.server.ts",
      'import { loader } from "~/routes/api.faqs";\n\nexport const faqsLoader = loader;\n',
    );
    expect(messages).toContainEqual(
      expect.objectContaining({
        ruleId: "boundaries/element-types",
        message: expect.stringMatching(/^models may not import entry .*routes -> components -> auth, http, document, i18n -> models -> services -> db -> config -> utils/),
      }),
    );
  });

  it("refuses a service that imports a model, and utils that import anything of the app", async () => {
    const service = await lintAs("app/services/translate.server.ts", 'import { listAllFaqs } from "~/models/faqs.server";\n\nexport const all = listAllFaqs;\n');
    expect(service.map((message) => message.ruleId)).toContain("boundaries/element-types");
    const util = await lintAs("app/utils/csv.ts", 'import { config } from "~/config/env.server";\n\nexport const settings = config;\n');
    expect(util.map((message) => message.ruleId)).toContain("boundaries/element-types");
  });

  it("lets a route import a model, and a model a service", async () => {
    expect(await lintAs("app/routes/api.faqs.tsx", 'import { listAllFaqs } from "~/models/faqs.server";\n\nexport const all = listAllFaqs;\n')).toEqual([]);
    expect(await lintAs("app/models/faqs.server.ts", 'import { translateToSpanish } from "~/services/translate.server";\n\nexport const translate = translateToSpanish;\n')).toEqual([]);
  });
});

describe("the layout", () => {
  it("keeps server modules out of the UI folders", () => {
    const uiFiles = [...filesUnder(path.join(ROOT, "app/components")), ...filesUnder(path.join(ROOT, "app/hooks"))];
    expect(uiFiles.filter((file) => /\.server\.tsx?$/.test(file)).map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it("cites only documents in the repository: no code names the specification or contract files", () => {
    const sources = ["app", "server", "scripts"].flatMap((dir) => filesUnder(path.join(ROOT, dir)));
    const citing = sources.filter((file) => /\bSPEC\b|SPEC\.md|CONTRACT/.test(fs.readFileSync(file, "utf8"))).map((file) => path.relative(ROOT, file));
    expect(citing).toEqual([]);
  });
});
