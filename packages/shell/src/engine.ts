// The engine under `commandsOf`, for a gate that plugs in its own analysers and follows its own state through
// the line (flow worlds with domain fields): the merge gate.

export { ANALYSIS_FAILED, analyzeLine, type LineStart, type ShellDialect } from "./analyze-line.ts";
export { isCommandSetting, runSetting } from "./command-settings.ts";
export {
  type Analyzer,
  addUnprovable,
  type Ctx,
  type Finding,
  type Invocation,
  plausible,
  type Rules,
  type RunState,
  record,
  type Stdin,
  type Unprovable,
  unknownPart,
  unprovable,
  withArgs,
} from "./context.ts";
export { followsCommand } from "./followed.ts";
export { interpreterOf } from "./interpreters.ts";
export { isPackageManager, packageManagerRuns } from "./package-managers.ts";
export { followsPowershellCommand } from "./powershell/ps-names.ts";
export { resolveDir } from "./resolve-dir.ts";
export { runCode, shorten } from "./run-code.ts";
export * from "./scan-options.ts";
export {
  type Arg,
  argFromWord,
  commandName,
  globToRegExp,
  is,
  joinArgs,
  literalArg,
  maySplit,
  own,
} from "./shell-words.ts";
export { plainWrapped, wrappersFrom } from "./unwrap-wrappers.ts";
export { type Domain, distinct, type ShellVar, type World } from "./world.ts";
