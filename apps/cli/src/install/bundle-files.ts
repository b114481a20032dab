// A shipped hook file's loader reads its bundle from a file of its own beside it (core's bundle-file.ts): what
// checks that the hook file is there checks that its bundle is there too.
import { accessSync, constants, existsSync, readFileSync } from "node:fs";
import { bundleFileNamedBy, type InstallProbe } from "@hookrail/core";

/**
 * The probes, each that a hook file exists followed by one that the bundle its loader reads exists, where the
 * installed hook file has one beside it (a project form's small hook file has none: its bundle is the project's copy).
 */
export function withBundleProbes(probes: readonly InstallProbe[]): InstallProbe[] {
  return probes.flatMap((probe) => {
    if (!("exists" in probe) || !probe.exists.endsWith(".cjs")) return [probe];
    const bundle = bundleNamedBy(probe.exists);
    return bundle && existsSync(bundle) ? [probe, { exists: bundle, why: `its bundle ${bundle} has gone` }] : [probe];
  });
}

/** The bundle's file that the hook file's loader reads, when it names one (undefined when the file cannot be read). */
export function bundleNamedBy(hookFile: string): string | undefined {
  try {
    return bundleFileNamedBy(hookFile, readFileSync(hookFile, "utf8"));
  } catch {
    return undefined;
  }
}

/** The file a hook file cannot start without that cannot be read: the hook file, or the bundle's file it names. */
export function unreadableHookFile(hookFile: string): string | undefined {
  const readable = (file: string) => {
    try {
      accessSync(file, constants.R_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (!readable(hookFile)) return hookFile;
  const bundle = bundleNamedBy(hookFile);
  return bundle && !readable(bundle) ? bundle : undefined;
}
