// The `debug` package as hook bundles carry it: every logger off. simple-git logs through `debug`, whose
// start-up opens process.stderr and loads node:tty to decide on colours, ~2 ms of every run of a hook that
// uses simple-git; hooks log to HOOKRAIL_DEBUG_LOG instead. The shape is what simple-git and its helpers
// use: loggers with a namespace and extend(), and the formatters table.
import type { Plugin } from "esbuild";

const SOURCE = `function debug(namespace) {
  const log = () => {};
  log.namespace = namespace;
  log.enabled = false;
  log.extend = (name, delimiter = ":") => debug(namespace + delimiter + name);
  log.destroy = () => true;
  return log;
}
debug.formatters = {};
debug.names = [];
debug.skips = [];
debug.enable = () => {};
debug.disable = () => "";
debug.enabled = () => false;
module.exports = debug;
`;

/** An esbuild plugin that resolves `debug` to the switched-off logger above. */
export const debugOff: Plugin = {
  name: "hookrail-debug-off",
  setup(build) {
    build.onResolve({ filter: /^debug$/ }, () => ({ path: "debug", namespace: "hookrail-debug-off" }));
    build.onLoad({ filter: /.*/, namespace: "hookrail-debug-off" }, () => ({ contents: SOURCE, loader: "js" }));
  },
};
