// What a command may touch, injectable for tests: the streams, environment and working folder.
export interface CommandIO {
  stdin: AsyncIterable<Uint8Array | string>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
}
