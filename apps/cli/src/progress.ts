// A one-line progress indicator for a step that can take seconds (a CLI's own installer): shown only on
// a terminal, redrawn in place, and erased when the step ends. Elsewhere (CI, a pipe) nothing extra.
import type { Progress } from "./install/apply.ts";
import type { CommandIO } from "./io.ts";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export function terminalProgress(io: CommandIO): Progress | undefined {
  if (!io.stdout.isTTY || io.env.TERM === "dumb" || io.env.CI) return undefined;
  const columns = Math.max(20, (io.stdout.columns ?? 80) - 1);
  return (label) => {
    const started = Date.now();
    let frame = 0;
    const draw = () => {
      const seconds = Math.floor((Date.now() - started) / 1000);
      const line = `${FRAMES[frame++ % FRAMES.length]} ${label}${seconds ? ` (${seconds}s)` : ""}`;
      io.stdout.write(`\r\x1b[K${line.length > columns ? `${line.slice(0, columns - 1)}…` : line}`);
    };
    draw();
    const timer = setInterval(draw, 100);
    return () => {
      clearInterval(timer);
      io.stdout.write("\r\x1b[K");
    };
  };
}
