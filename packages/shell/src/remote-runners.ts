// Clusters, containers and machines that run a command of the line elsewhere, with the same credentials a merge
// needs: `kubectl exec pod -- cmd` (and OpenShift's `oc`, `kubectl run … -- cmd`, `kubectl debug … -- cmd`),
// `lxc`/`incus exec box -- cmd`, `multipass exec vm -- cmd`, `vagrant ssh -c 'code'`, `gcloud … ssh --command
// 'code'`, `limactl shell vm cmd…` and `devcontainer exec … cmd`. As `ssh host cmd` and `docker exec`, each runs the
// command it is given.
import { type Ctx, type Invocation, withArgs } from "./context.ts";
import { runCode } from "./run-code.ts";
import { optionValue, scanInterspersed, scanOptions } from "./scan-options.ts";

const argValue = (inv: Invocation, i: number) => inv.args[i]?.value;
// The command runs one hop inside the runner: a session it opens is judged by the runner's own words (whether it
// attaches the terminal), as for docker.
const inside = (inv: Invocation, from: number) => withArgs(inv, inv.args.slice(from), { hops: (inv.hops ?? 0) + 1 });

/** The words after the first `--` that follows one of `subcommands`. */
function afterDash(subcommands: RegExp) {
  return (inv: Invocation, ctx: Ctx): void => {
    const sub = inv.args.findIndex((a, i) => i > 0 && subcommands.test(a.value ?? ""));
    if (sub < 0) return;
    const dash = inv.args.findIndex((a, i) => i > sub && a.value === "--");
    if (dash > 0 && dash + 1 < inv.args.length) ctx.analyzeInvocation(inside(inv, dash + 1), ctx);
  };
}

/** kubectl and oc: `exec`, `run`, `debug`, `attach`-less forms that take the command after `--`. */
export const kubectl = afterDash(/^(?:exec|run|debug)$/);
/** lxc, incus, multipass: `exec <instance> -- cmd`. */
export const instanceExec = afterDash(/^exec$/);

/** `vagrant ssh [name] -c 'code'` (`--command`): the machine's shell runs the code. */
export function vagrant(inv: Invocation, ctx: Ctx): void {
  if (argValue(inv, 1) !== "ssh") return;
  const code = optionValue(scanInterspersed(inv.args.slice(2), { short: "c", long: ["--command"] }), "-c", "--command");
  if (code) runCode(code, inv, ctx);
}

/** `gcloud compute ssh vm --command 'code'` (and the other `… ssh` groups): the machine's shell runs the code. */
export function gcloud(inv: Invocation, ctx: Ctx): void {
  if (!inv.args.some((a, i) => i > 0 && a.value === "ssh")) return;
  const code = optionValue(scanInterspersed(inv.args.slice(1), { long: ["--command"] }), "--command");
  if (code) runCode(code, inv, ctx);
}

const LIMA_SPEC = { long: ["--workdir", "--shell", "--tty", "--log-level"] };

/** `limactl shell [opts] vm cmd…` (`lima cmd…` is `limactl shell default cmd…`). */
export function limactl(inv: Invocation, ctx: Ctx): void {
  if (argValue(inv, 1) !== "shell") return;
  const s = scanOptions(inv.args, 2, LIMA_SPEC);
  const opts = scanOptions(inv.args, s.rest + 1, LIMA_SPEC);
  if (opts.rest < inv.args.length) ctx.analyzeInvocation(inside(inv, opts.rest), ctx);
}

export function lima(inv: Invocation, ctx: Ctx): void {
  const s = scanOptions(inv.args, 1, LIMA_SPEC);
  if (s.rest < inv.args.length) ctx.analyzeInvocation(inside(inv, s.rest), ctx);
}

// devcontainer exec's options that take a value (its flags take none).
const DEVCONTAINER_VALUE = new Set(
  "--workspace-folder --container-id --id-label --config --override-config --log-level --log-format --terminal-columns --terminal-rows --default-user-env-probe --remote-env --docker-path --docker-compose-path --user-data-folder --mount-workspace-git-root --container-data-folder --container-system-data-folder --additional-features".split(
    " ",
  ),
);

/** `devcontainer exec [--option value…] cmd args`. */
export function devcontainer(inv: Invocation, ctx: Ctx): void {
  if (argValue(inv, 1) !== "exec") return;
  let i = 2;
  for (; i < inv.args.length; i++) {
    const v = argValue(inv, i);
    if (v === null || v === undefined || !v.startsWith("-")) break;
    if (v === "--") {
      i++;
      break;
    }
    if (!v.includes("=") && DEVCONTAINER_VALUE.has(v)) i++;
  }
  if (i < inv.args.length) ctx.analyzeInvocation(inside(inv, i), ctx);
}
