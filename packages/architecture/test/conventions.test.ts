// Conventions every guardrail package keeps, checked here rather than written down somewhere.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bundleToDataUrl } from "@hookrail/build";
import { CLIS, DOCUMENTED_ONLY } from "@hookrail/clis";
import { CLI_NAMES, type GuardrailManifest, refusalIn } from "@hookrail/core";
import { repoRoot } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const read = (...parts: string[]) => readFileSync(join(repoRoot, ...parts), "utf8");
const json = (...parts: string[]) => JSON.parse(read(...parts)) as Record<string, unknown>;
const packages = readdirSync(join(repoRoot, "packages")).filter((dir) =>
  existsSync(join(repoRoot, "packages", dir, "src", "manifest.ts")),
);

/** The package's manifest, loaded as the plugin build loads it. */
async function manifestOf(dir: string): Promise<GuardrailManifest> {
  const url = await bundleToDataUrl(join(repoRoot, "packages", dir, "src", "manifest.ts"));
  return ((await import(url)) as { manifest: GuardrailManifest }).manifest;
}

describe.each(packages)("guardrail package %s", (dir) => {
  const pkg = json("packages", dir, "package.json");

  it("has the standard files", () => {
    for (const file of ["README.md", "src/index.ts", "src/guardrail.ts", "src/options.ts"]) {
      expect(existsSync(join(repoRoot, "packages", dir, file)), file).toBe(true);
    }
    expect(pkg.name).toBe(`@hookrail/${dir}`);
  });

  it("documents itself in the README sections users look for", async () => {
    const readme = read("packages", dir, "README.md");
    for (const heading of [/^## Options/m, /^## Decisions it emits/m, /^## Failure policy/m, /^## Install/m])
      expect(readme).toMatch(heading);
    // Claude Code and Gemini CLI: their own install command, or hookrail's (a new guardrail's README starts with it).
    expect(readme).toMatch(/claude plugin install|--cli claude\b/);
    expect(readme).toMatch(/gemini extensions|--cli gemini\b/);
    expect(readme).toContain("--cli codex");
    // Cursor and Antigravity CLI: the install line, or the refusal when the guardrail lacks its moment there.
    for (const cli of ["--cli cursor", "--cli antigravity"]) expect(readme).toContain(cli);
    // A CLI the guardrail is refused in: a line names its --cli and says that install refuses.
    const manifest = await manifestOf(dir);
    for (const cli of CLI_NAMES.filter((name) => refusalIn(manifest, CLIS[name].places.lacks)))
      expect(readme, `${dir}/README.md on ${cli}`).toMatch(new RegExp(`--cli ${cli}\\b[^\\n]*refuses`));
  });

  it("ships manifests whose versions match the package and whose commands point at files that exist", () => {
    expect(json("plugins", dir, "claude", ".claude-plugin", "plugin.json").version).toBe(pkg.version);
    expect(json("plugins", dir, "gemini", "gemini-extension.json").version).toBe(pkg.version);
    expect(json("plugins", dir, "qwen", "qwen-extension.json").version).toBe(pkg.version);
    const commands = [
      [join("plugins", dir, "claude"), read("plugins", dir, "claude", "hooks", "hooks.json")],
      [join("plugins", dir, "gemini"), read("plugins", dir, "gemini", "hooks", "hooks.json")],
      [join("plugins", dir, "codex"), read("plugins", dir, "codex", "hooks.json")],
      [join("plugins", dir, "qwen"), read("plugins", dir, "qwen", "hooks", "hooks.json")],
      [join("plugins", dir, "droid"), read("plugins", dir, "droid", "hooks.json")],
    ] as const;
    for (const [folder, text] of commands) {
      const files = [...text.matchAll(/(?:\}|codex|factory)\/([\w./-]+\.cjs)/g)].map((m) =>
        m[1]?.replace(/^hookrail\/[\w-]+\//, ""),
      );
      expect(files.length, folder).toBeGreaterThan(0);
      for (const file of files) expect(existsSync(join(repoRoot, folder, file ?? "")), `${folder}/${file}`).toBe(true);
    }
    // Cursor's and Antigravity CLI's commands name the bundle as installed: <…>/hookrail/<g>/<bundle>.
    for (const cli of ["cursor", "antigravity"]) {
      const text = read("plugins", dir, cli, "hooks.json");
      const files = [...text.matchAll(new RegExp(`hookrail/${dir}/([\\w.-]+\\.cjs)`, "g"))].map((m) => m[1] ?? "");
      expect(files.length, cli).toBeGreaterThan(0);
      for (const file of files)
        expect(existsSync(join(repoRoot, "plugins", dir, cli, file)), `${cli}/${file}`).toBe(true);
    }
  });

  it("ships bundles in ASCII, which its hooks read as Latin-1 (a character beyond ASCII makes a two-byte copy)", () => {
    const bundles = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? bundles(join(folder, e.name)) : e.name.endsWith(".bundle") ? [join(folder, e.name)] : [],
      );
    const shipped = bundles(join(repoRoot, "plugins", dir));
    expect(shipped.length).toBeGreaterThan(0);
    for (const file of shipped) {
      const bytes = readFileSync(file);
      const at = bytes.findIndex((b) => b > 0x7f);
      expect(at, `${file}: ${bytes.subarray(Math.max(0, at - 60), at + 10).toString("utf8")}`).toBe(-1);
    }
  });

  it("is listed in the marketplace", () => {
    const marketplace = json(".claude-plugin", "marketplace.json") as {
      plugins: { name: string; source: string; version: string }[];
    };
    expect(marketplace.plugins).toContainEqual(
      expect.objectContaining({ name: dir, source: `./plugins/${dir}/claude`, version: pkg.version }),
    );
  });
});

describe("a CLI built from its documentation is labelled so", () => {
  it.each(CLI_NAMES.filter((cli) => CLIS[cli].documentedOnly))(
    "%s: in the README's CLI table and its cli-differences section",
    (cli) => {
      const row = read("README.md")
        .split("\n")
        .find((line) => line.startsWith(`| ${CLIS[cli].title}`));
      expect(row).toContain(DOCUMENTED_ONLY);
      const section = read("docs", "cli-differences.md").split(`\n## ${CLIS[cli].title}\n`)[1] ?? "";
      expect(section.split("\n## ")[0]?.toLowerCase()).toContain(DOCUMENTED_ONLY);
    },
  );
});

describe("a CLI with a part built from its documentation is labelled so", () => {
  it.each(CLI_NAMES.filter((cli) => CLIS[cli].documentedPart))(
    "%s: in the README's CLI table and in cli-differences.md",
    (cli) => {
      const row = read("README.md")
        .split("\n")
        .find((line) => line.startsWith(`| ${CLIS[cli].title} `));
      expect(row).toContain(DOCUMENTED_ONLY);
      expect(CLIS[cli].documentedPart).toContain(DOCUMENTED_ONLY);
      const part = CLIS[cli].documentedPart?.split(" (")[0] ?? "";
      const section = read("docs", "cli-differences.md").split(`\n### ${part}\n`)[1] ?? "";
      expect(section.split("\n## ")[0]?.toLowerCase()).toContain(DOCUMENTED_ONLY);
    },
  );
});

describe("the published package", () => {
  const pkg = json("apps", "cli", "package.json") as {
    description: string;
    repository: { url: string };
    homepage: string;
    bugs: { url: string };
  };
  const home = pkg.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");

  it("names every supported CLI in its description", () => {
    for (const { title } of Object.values(CLIS)) expect(pkg.description, title).toContain(title);
  });

  // (Its guardrails are not checked here: a guardrail of one's own, scaffolded with `hookrail new`, is a package like
  // the shipped ones, and this README is not where one documents it.)
  it("says in its README (what the registry shows) every CLI, and the Node it needs", () => {
    const readme = read("apps", "cli", "README.md");
    const [intro = ""] = readme.split("\nDocumentation:");
    for (const { title } of Object.values(CLIS)) expect(intro, title).toContain(title);
    // Those built from their documentation are named as such, after "built from".
    const built = intro.split("built from")[0]?.split("measured")[0] ?? "";
    for (const { title, documentedOnly } of Object.values(CLIS))
      expect(built.includes(`${title},`) || built.includes(`${title} `), title).toBe(!documentedOnly);
    const engines = (json("apps", "cli", "package.json") as { engines: { node: string } }).engines.node;
    expect(intro).toContain(`needs Node.js ${engines.replace(/^>=\s*/, "")} or newer`);
  });

  it("has one public home: repository, homepage and bugs on the same GitHub repository", () => {
    expect(home).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
    expect(pkg.homepage.startsWith(home)).toBe(true);
    expect(pkg.bugs.url).toBe(`${home}/issues`);
  });

  it("and the READMEs point at that home, with no placeholder for it", () => {
    const slug = home.replace("https://github.com/", "");
    const readmes = ["README.md", "apps/cli/README.md", ...packages.map((dir) => `packages/${dir}/README.md`)];
    for (const file of readmes.filter((f) => existsSync(join(repoRoot, f)))) {
      const text = read(file);
      expect(text, file).not.toMatch(/<owner>|<user>\/hookrail|your-name\/hookrail/);
      for (const line of text.match(/plugin marketplace add \S+\/hookrail\b/g) ?? [])
        expect(line, file).toContain(slug);
    }
  });
});
