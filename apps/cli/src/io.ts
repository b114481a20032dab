// What a command may touch, injectable for tests: the streams, environment and working folder.
export interface CommandIO {
  stdin: AsyncIterable<Uint8Array | string>;
  /** `isTTY`/`columns` as a terminal's stdout has them: progress lines are drawn only there. */
  stdout: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
}
