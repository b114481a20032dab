// What a gate's prefilter asks of the shell analysis by a command's name and plain words alone
// (`@hookrail/shell/names`). Importing it sets up none of the runners' analysers, the parser or the PowerShell
// reader, which importing the engine does: a call whose line the prefilter clears needs nothing more.
export { followsCommand, isInterpreterName } from "./followed.ts";
export { isPackageManager, packageManagerRuns } from "./package-managers.ts";
export { followsPowershellCommand } from "./powershell/ps-names.ts";
export { plainWrapped, wrappersFrom } from "./unwrap-wrappers.ts";
