// docker / podman (also `container`, `compose` forms): `exec … container cmd args`, `run … image cmd args`.
// Their option lists are long and grow, so instead of placing the command exactly, every run of words from the
// subcommand on is read as a command: `-e A=1 img bash -c '…'` is found at `bash`. `--entrypoint sh` is the
// command's name when given.
import { type Ctx, type Invocation, unknownPart, withArgs } from "./context.ts";
import { literalArg } from "./shell-words.ts";

// Past this many words, the rest is not tried as a command (a `run` with a long argument list).
const MAX_TRIES = 48;
const RUNS = /^(exec|run|create)$/;
// The commands tried are marked this many wrapper hops deep, so that a container command inside one is not
// tried word by word again (that would multiply), and only a few more wrappers are followed.
const TRIED = 12;

export function container(inv: Invocation, ctx: Ctx): void {
  let at = inv.args.findIndex((a, i) => i > 0 && RUNS.test(a.value ?? ""));
  if (at < 0) return;
  if ((inv.hops ?? 0) >= TRIED) {
    unknownPart(ctx, inv, "it runs a container command inside another one");
    return;
  }
  // `docker compose run svc cmd`, `docker container exec c cmd`: the same words after the subcommand.
  const entrypoint = inv.args.findIndex((a, i) => i > at && /^--entrypoint(=|$)/.test(a.value ?? ""));
  const end = Math.min(inv.args.length, at + 1 + MAX_TRIES);
  for (at += 1; at < end; at++) {
    const args = inv.args.slice(at);
    ctx.analyzeInvocation(withArgs(inv, args, { hops: TRIED }), ctx);
    if (entrypoint > 0 && at > entrypoint + 1) {
      const v = inv.args[entrypoint]?.value ?? "";
      const name = v.includes("=") ? literalArg(v.slice(v.indexOf("=") + 1)) : inv.args[entrypoint + 1];
      if (name) ctx.analyzeInvocation(withArgs(inv, [name, ...args], { hops: TRIED }), ctx);
    }
  }
}
