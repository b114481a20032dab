// The merge gate as a guardrail: a gate, so it fails closed.
import { defineGuardrail, HookrailError } from "@hookrail/core";
import { analyzeCommand } from "./analysis/index.ts";
import { fileWriteDecision, mergeGateDecision } from "./decide.ts";
import { fileToolTargets, gatherFacts, mergeGateSettings, protectedPaths, withRealPaths } from "./facts.ts";

export const mergeGate = defineGuardrail({
  name: "merge-gate",
  failure: "closed",
  async decide(event, context) {
    if (event.kind === "other") {
      throw new HookrailError("input", `unknown event "${event.nativeEvent}"; the merge gate only reads tool calls`);
    }
    if (event.kind !== "before-tool") return { type: "allow" };
    const options = mergeGateSettings(context);
    if (!options.enabled) return { type: "allow" };
    const { tool } = event;
    // Gemini runs a shell command in its dir_path; relative paths in it start there.
    const dir = typeof tool.input.dir_path === "string" ? tool.input.dir_path : "";
    let places = protectedPaths(context.env, dir ? resolvePath(event.cwd, dir) : event.cwd);
    // A file tool cannot carry the marker: a write to a protected file is the user's to make.
    const files = tool.kind === "other" ? pathFields(tool.input) : tool.kind === "shell" ? [] : tool.filePaths;
    if (files.length > 0) {
      places = withRealPaths(places);
      const written = fileWriteDecision(fileToolTargets(files, places), places);
      if (written.type !== "allow") return written;
    }
    if (tool.kind !== "shell" && tool.kind !== "other") return { type: "allow" };
    // A tool we do not know may still run a command: read it if it has one, block it if it cannot be read.
    const command = tool.kind === "shell" ? tool.command : tool.input.command;
    if (typeof command !== "string") {
      throw new HookrailError("input", `unknown tool "${tool.name}" without a command string`);
    }
    const facts = { ...gatherFacts(command, event, context, options), protectedPaths: places };
    let analysis = analyzeCommand(command, facts);
    // The analysis reads the checkouts it meets from .git's files; git itself answers what those cannot tell,
    // and then the command is analysed again with those answers.
    if (await facts.askGit()) analysis = analyzeCommand(command, facts);
    return mergeGateDecision(analysis, facts);
  },
});

const resolvePath = (cwd: string, dir: string) => (dir.startsWith("/") ? dir : `${cwd}/${dir}`);

/** The path fields of a tool we do not know (`file_path`, `path`, `notebook_path`). */
function pathFields(input: Record<string, unknown>): string[] {
  return [input.file_path, input.path, input.notebook_path].filter(
    (p): p is string => typeof p === "string" && p !== "",
  );
}
