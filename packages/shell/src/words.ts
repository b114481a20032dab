// A command's words and options, read without the parser (`@hookrail/shell/words`): for rules that judge the words of
// a simple command (a gate's tables of programs) and must not set up the engine to do it.
export * from "./scan-options.ts";
export { type Arg, commandName, globToRegExp, is, joinArgs, literalArg, own } from "./shell-words.ts";
