// One guardrail's part of `hookrail demo`.
import type { DemoRepo } from "./repo.ts";

export interface DemoSection {
  title: string;
  run(context: { repo: DemoRepo; env: NodeJS.ProcessEnv; print: (line: string) => void }): Promise<void>;
}
