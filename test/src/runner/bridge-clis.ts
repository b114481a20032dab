// The bridge CLIs as the suite runs them, offline against the chat-completions mock: OpenCode and Kilo Code CLI
// (`run`, the same plugin API) and Pi (`pi -p`). What each needs in its environment and config folders, its
// command line, its tools, where its user plugins live, and how its stdout reports each call. Used by the
// runner (bridge.ts) and the bench (bench/bridge.ts).
import fs from "node:fs";
import path from "node:path";
import type { CliInfo, CliName } from "../clis.ts";
import { MCP_SERVER, mcpServerCommand, usesMcp } from "../mcp.ts";
import type { ChatTools } from "../mock/openai-chat.ts";
import type { Scenario } from "../scenario.ts";
import type { Session } from "./session.ts";

export type BridgeCli = Extract<CliName, "opencode" | "kilo" | "pi">;

export interface Profile {
  /** What the CLI needs in its environment and config folders to run against the mock, offline. */
  prepare(s: Session, mockUrl: string, scenario: Scenario): void;
  args(scenario: Scenario, extra: readonly string[]): string[];
  tools: ChatTools;
  /** Where a guardrail's plugin lands in user scope (for the runs that install it by hand). */
  pluginsDir(s: Session): string;
}

const callId = (turn: number) => `call_t${turn}_0`;

/** OpenCode's and Kilo's tools: bash {command, description}; file tools take absolute paths. */
const openCodeTools: ChatTools = {
  id: callId,
  call(step, project) {
    if (step.kind === "shell")
      return { name: "bash", arguments: { command: step.command, description: `Run: ${step.command}`.slice(0, 80) } };
    if (step.kind === "write" || step.kind === "plan-write") {
      const file = step.kind === "write" ? step.path : path.join(".opencode", "plans", step.name);
      return { name: "write", arguments: { filePath: path.join(project, file), content: step.content } };
    }
    throw new Error(`${step.kind} is not an OpenCode step`);
  },
};

/**
 * Pi's tools: bash {command} (or, `tool: "powershell"`, Pi 1.6's powershell tool, the same input); write {path,
 * content}, relative to the session's folder; any other tool by name (`codemode {code}`).
 */
const piTools: ChatTools = {
  id: callId,
  call(step) {
    if (step.kind === "shell") return { name: step.tool ?? "bash", arguments: { command: step.command } };
    if (step.kind === "tool") return { name: step.name, arguments: step.args };
    if (step.kind === "write") return { name: "write", arguments: { path: step.path, content: step.content } };
    throw new Error(`${step.kind} is not a Pi step`);
  },
};

function openCodeProfile(name: "opencode" | "kilo"): Profile {
  const upper = name.toUpperCase();
  const configFile = name === "opencode" ? "opencode.json" : "kilo.json";
  return {
    tools: openCodeTools,
    pluginsDir: (s) => path.join(s.env.XDG_CONFIG_HOME ?? "", name, "plugins"),
    prepare(s, mockUrl, scenario) {
      const { command, args } = mcpServerCommand(s.mcpRecord);
      const mcp = { [MCP_SERVER]: { type: "local", command: [command, ...args], enabled: true } };
      const config = {
        ...(usesMcp(scenario) ? { mcp } : {}),
        provider: {
          mock: {
            npm: "@ai-sdk/openai-compatible",
            name: "Mock",
            options: { baseURL: `${mockUrl}/v1`, apiKey: "sk-mock" },
            models: { "mock-model": { name: "Mock model", tool_call: true } },
          },
        },
        model: "mock/mock-model",
        small_model: "mock/mock-model",
        // Kilo looks its own gateway up (DNS) at start-up unless only the mock is enabled.
        enabled_providers: ["mock"],
        autoupdate: false,
        share: "disabled",
      };
      const dir = path.join(s.env.XDG_CONFIG_HOME ?? "", name);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, configFile), `${JSON.stringify(config, null, 2)}\n`);
      Object.assign(s.env, {
        [`${upper}_DISABLE_AUTOUPDATE`]: "1",
        [`${upper}_DISABLE_MODELS_FETCH`]: "1",
        [`${upper}_DISABLE_SHARE`]: "1",
        [`${upper}_DISABLE_LSP_DOWNLOAD`]: "1",
        ...(name === "kilo" ? { KILO_DISABLE_SESSION_INGEST: "1", KILO_TELEMETRY_LEVEL: "off" } : {}),
        npm_config_registry: `${mockUrl}/npm/`,
      });
    },
    args: (scenario, extra) => ["run", "--format", "json", ...extra, scenario.prompt],
  };
}

export const PROFILES: Record<BridgeCli, Profile> = {
  opencode: openCodeProfile("opencode"),
  kilo: openCodeProfile("kilo"),
  pi: {
    tools: piTools,
    pluginsDir: (s) => path.join(s.rd.home, ".pi", "agent", "extensions"),
    prepare(s, mockUrl) {
      const models = {
        providers: {
          mock: {
            baseUrl: `${mockUrl}/v1`,
            api: "openai-completions",
            apiKey: "sk-mock",
            compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
            models: [{ id: "mock-model", name: "Mock model" }],
          },
        },
      };
      const dir = path.join(s.rd.home, ".pi", "agent");
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "models.json"), `${JSON.stringify(models, null, 2)}\n`);
      Object.assign(s.env, { PI_OFFLINE: "1", PI_TELEMETRY: "0" });
    },
    args: (scenario, extra) => [
      "--provider",
      "mock",
      "--model",
      "mock-model",
      "--mode",
      "json",
      ...extra,
      "-p",
      scenario.prompt,
    ],
  },
};

/**
 * The CLI's command: Kilo's and Pi's bins are Node scripts, run with the CLI's own Node when it has one (Pi 1.6
 * needs Node >= 22.19), else with this node (PATH may hold none).
 */
export function command(cli: CliInfo): [string, string[]] {
  const bin = fs.realpathSync(cli.bin);
  const head = fs.readFileSync(bin, { encoding: "utf8", flag: "r" }).slice(0, 64);
  const node = cli.nodeDir ? path.join(cli.nodeDir, "node") : process.execPath;
  return head.startsWith("#!") && head.includes("node") ? [node, [bin]] : [bin, []];
}

/** The CLI's PATH: the fake commands, then its own Node's folder when it has one, then the rest. */
export function cliPath(cli: CliInfo, PATH: string, fakes: string): string {
  if (!cli.nodeDir) return PATH;
  return [fakes, cli.nodeDir, ...PATH.split(path.delimiter).filter((p) => p !== fakes)].join(path.delimiter);
}

/**
 * Each call's outcome as the CLI itself reports it on stdout (`--format json` / `--mode json`): OpenCode's and
 * Kilo's tool_use events (state.status completed | error), Pi's tool_execution_end (isError).
 */
export function toolStatuses(stdout: string): Map<string, "completed" | "error"> {
  const out = new Map<string, "completed" | "error">();
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    let event: {
      type?: string;
      part?: { callID?: string; state?: { status?: string } };
      toolCallId?: string;
      isError?: boolean;
    };
    try {
      event = JSON.parse(line);
    } catch {
      continue;
    }
    const status = event.part?.state?.status;
    if (event.type === "tool_use" && event.part?.callID && (status === "completed" || status === "error"))
      out.set(event.part.callID, status);
    if (event.type === "tool_execution_end" && event.toolCallId)
      out.set(event.toolCallId, event.isError ? "error" : "completed");
  }
  return out;
}

/** Where `hookrail install <g> --cli <cli>` (user scope) put a guardrail's plugin file and its bundle's folder. */
export function installedPlugin(s: Session, cli: BridgeCli, guardrail: string): { plugin: string; folder: string } {
  const dir = PROFILES[cli].pluginsDir(s);
  const folder = path.join(dir, `hookrail-${guardrail}`);
  return { folder, plugin: cli === "pi" ? path.join(folder, "index.js") : `${folder}.js` };
}

/** The run's PATH with every program it has except node (and nodejs): links in a folder of their own. */
export function pathWithoutNode(s: Session): string {
  const dir = path.join(s.rd.root, "no-node-bin");
  fs.mkdirSync(dir, { recursive: true });
  for (const from of (s.env.PATH ?? "").split(path.delimiter)) {
    if (!from || from === s.rd.bin || !fs.existsSync(from)) continue;
    for (const name of fs.readdirSync(from)) {
      if (name === "node" || name === "nodejs" || fs.existsSync(path.join(dir, name))) continue;
      fs.symlinkSync(path.join(from, name), path.join(dir, name));
    }
  }
  return [s.rd.bin, dir].join(path.delimiter);
}
