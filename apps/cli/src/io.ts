// What a command may touch, injectable for tests: the streams, environment and working folder.
export interface CommandIO {
  stdin: AsyncIterable<Uint8Array | string>;
  /** A terminal says so (isTTY) and gives its size: progress lines, colour, paging and line widths follow it. */
  stdout: { write(text: string): unknown; isTTY?: boolean; columns?: number; rows?: number };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
}
