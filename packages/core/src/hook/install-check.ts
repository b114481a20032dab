// What a session-start hook checks so that a guardrail never vanishes silently: hookrail's install
// record (one small file the `hookrail` command keeps) lists each installed guardrail with probes, plain
// facts about the CLI's own files that hold while it will run (a file exists, a JSON value is what the
// install left, a text holds a trust entry). A probe that fails is one line to the user, once per session.
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { CliName } from "../model/event.ts";
import { homeDirectory } from "../platform/_home.ts";
import { StateStore } from "../state/state.ts";
import { type TwinProbe, twinKey } from "./_install-twin.ts";

/** One fact about a CLI's files that holds while an installed guardrail will run. */
export type InstallProbe =
  /** This path exists. */
  | { exists: string; why: string }
  /**
   * The JSON value at `at` in `file` (undefined when the file or the key is absent): `is` deep-equal,
   * `not` anything but, `present` defined, `has` a string or array that contains it, `lacks` one that does not.
   * A file that does not parse as JSON proves nothing here (the doctor reads it properly).
   */
  | {
      file: string;
      at: (string | number)[];
      is?: unknown;
      not?: unknown;
      present?: boolean;
      has?: string;
      lacks?: string;
      why: string;
    }
  /** The file's text contains every one of these strings. */
  | { file: string; contains: string[]; why: string }
  /** No second install of the guardrail beside this one (it fails: the session start says so, as a double). */
  | TwinProbe;

/** One install as the record lists it. */
export interface RecordedInstall {
  cli: string;
  scope: "user" | "project" | "managed";
  /** Project scope: the repository's top folder. */
  project?: string;
  guardrail: string;
  version: string;
  prefix?: string;
  probes?: InstallProbe[];
}

export interface InstallRecordFile {
  format: 2;
  installs: RecordedInstall[];
}

/** hookrail's data folder: $XDG_DATA_HOME/hookrail, else ~/.local/share/hookrail. */
export function hookrailDataHome(env: NodeJS.ProcessEnv, home = homeDirectory(env)): string | undefined {
  if (env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME)) return join(env.XDG_DATA_HOME, "hookrail");
  return home ? join(home, ".local", "share", "hookrail") : undefined;
}

/** The install record's path. */
export const installRecordPath = (dataHome: string): string => join(dataHome, "installs.json");

/** The record's installs; none when it is absent or unreadable (a hook never fails for it). */
export function readInstallRecord(file: string): RecordedInstall[] {
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as Partial<InstallRecordFile> | unknown[];
    const installs = Array.isArray(data) ? data : data.installs;
    return Array.isArray(installs) ? (installs as RecordedInstall[]) : [];
  } catch {
    return [];
  }
}

const json = new Map<string, unknown>();
function jsonOf(file: string): unknown {
  if (!json.has(file)) {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      // Absent: every value in it is undefined. Unreadable or not JSON: the probe cannot tell.
      value = (error as NodeJS.ErrnoException).code === "ENOENT" ? undefined : UNKNOWN;
    }
    json.set(file, value);
  }
  return json.get(file);
}
const UNKNOWN = Symbol("unknown");

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const holds = (value: unknown, part: string) =>
  (typeof value === "string" || Array.isArray(value)) && value.includes(part);

/** Whether a probe holds; undefined when it cannot tell. `cwd`: the session's folder (for a twin probe). */
export function probeHolds(probe: InstallProbe, cwd = process.cwd()): boolean | undefined {
  if ("exists" in probe) return existsSync(probe.exists);
  if ("twin" in probe)
    return twinKey(probe, cwd, (file) => (jsonOf(file) === UNKNOWN ? undefined : jsonOf(file))) === undefined;
  if ("contains" in probe) {
    let text: string;
    try {
      text = readFileSync(probe.file, "utf8");
    } catch {
      return false;
    }
    return probe.contains.every((part) => text.includes(part));
  }
  const root = jsonOf(probe.file);
  if (root === UNKNOWN) return undefined;
  let value = root;
  for (const key of probe.at) value = value && typeof value === "object" ? (value as never)[key] : undefined;
  if ("is" in probe && !same(value, probe.is)) return false;
  if ("not" in probe && same(value, probe.not)) return false;
  if (probe.present !== undefined && (value !== undefined) !== probe.present) return false;
  if (probe.has !== undefined && !holds(value, probe.has)) return false;
  if (probe.lacks !== undefined && holds(value, probe.lacks)) return false;
  return true;
}

/** The recorded installs for `cli` with probes that apply in `cwd`: user scope everywhere, a project's inside it. */
const installsHere = (installs: readonly RecordedInstall[], cli: string, cwd: string) =>
  installs.filter(
    (i) =>
      i.cli === cli &&
      !!i.probes?.length &&
      (i.scope !== "project" || cwd === i.project || cwd.startsWith(`${i.project}/`)),
  );

/** The recorded installs for `cli` that apply in `cwd` (user scope everywhere, a project's inside it), each with what fails. */
export function vanishedGuardrails(
  installs: readonly RecordedInstall[],
  cli: string,
  cwd: string,
): { install: RecordedInstall; why: string }[] {
  json.clear();
  const found: { install: RecordedInstall; why: string }[] = [];
  for (const install of installsHere(installs, cli, cwd)) {
    const failed = install.probes?.find((p) => !("twin" in p) && probeHolds(p, cwd) === false);
    if (failed) found.push({ install, why: failed.why });
  }
  return found;
}

/** The recorded installs for `cli` that apply in `cwd` and have a second install beside them here, each with why. */
export function doubledGuardrails(
  installs: readonly RecordedInstall[],
  cli: string,
  cwd: string,
): { install: RecordedInstall; why: string }[] {
  json.clear();
  const found: { install: RecordedInstall; why: string }[] = [];
  for (const install of installsHere(installs, cli, cwd)) {
    const twin = install.probes?.find((p) => "twin" in p && probeHolds(p, cwd) === false);
    if (twin && !found.some((f) => f.install.guardrail === install.guardrail)) found.push({ install, why: twin.why });
  }
  return found;
}

/** The one line the user sees, or undefined when every recorded guardrail here will run. */
export function vanishedNotice(found: readonly { install: RecordedInstall; why: string }[], title: string) {
  if (!found.length) return undefined;
  const scope = (i: RecordedInstall) => (i.scope === "user" ? "" : ` (${i.scope} scope)`);
  const [one] = found;
  const what =
    found.length === 1 && one
      ? `${one.install.guardrail}${scope(one.install)} will not run in ${title}: ${one.why}`
      : `${found.length} guardrails will not run in ${title}: ${found.map((f) => `${f.install.guardrail}${scope(f.install)}: ${f.why}`).join("; ")}`;
  return `hookrail: ${what}; run \`hookrail doctor\` for the fix`;
}

/** The one line for guardrails installed twice here, or undefined. */
export function doubledNotice(found: readonly { install: RecordedInstall; why: string }[], title: string) {
  if (!found.length) return undefined;
  const what = found.map((f) => `${f.install.guardrail} is installed twice in ${title}: ${f.why}`).join("; ");
  return `hookrail: ${what}; run \`hookrail doctor\` for which one to remove`;
}

/**
 * At session start: the line to show when a guardrail recorded for this CLI will not run here, said by
 * the first of this session's hookrail hooks to get there (several start at once; the state store keeps
 * the claim), and undefined for every other hook and when all is well.
 */
export function sessionStartNotice(
  env: NodeJS.ProcessEnv,
  cli: CliName,
  title: string,
  cwd: string,
  sessionId: string,
  now: number,
): string | undefined {
  const home = hookrailDataHome(env);
  if (!home) return undefined;
  const installs = readInstallRecord(installRecordPath(home));
  const notices = [
    vanishedNotice(vanishedGuardrails(installs, cli, cwd), title),
    doubledNotice(doubledGuardrails(installs, cli, cwd), title),
  ].filter((n): n is string => n !== undefined);
  if (!notices.length) return undefined;
  const notice = notices.join("\n");
  let first = false;
  try {
    new StateStore({ env, now: () => now }).update("install-notice", `${cli}:${sessionId}`, (current) => {
      first = current === undefined;
      return current?.value ?? notice;
    });
  } catch {
    // No state folder: say it anyway (possibly twice) rather than not at all.
    first = true;
  }
  return first ? notice : undefined;
}
