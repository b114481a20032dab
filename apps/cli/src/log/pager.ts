// Long output through the user's pager, as git does: $HOOKRAIL_PAGER, else $PAGER, else less (with LESS=FRX
// unless set: it quits when the text fits, keeps colour, leaves the screen as it was). Only on a terminal;
// the caller prints the text itself when there is no pager to run.
import { spawn } from "node:child_process";
import { onPath } from "@hookrail/install-kit";

export async function page(text: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const chosen = env.HOOKRAIL_PAGER ?? env.PAGER;
  const pager = (chosen ?? "less").trim();
  if (!pager || pager === "cat") return false;
  if (chosen === undefined && !onPath("less", env)) return false;
  return new Promise((resolve) => {
    const child = spawn(pager, {
      shell: true,
      stdio: ["pipe", "inherit", "inherit"],
      env: { LESS: "FRX", LV: "-c", ...env },
    });
    child.on("error", () => resolve(false));
    child.on("close", () => resolve(true));
    // The user may quit before reading it all.
    child.stdin.on("error", () => {});
    child.stdin.end(text);
  });
}
