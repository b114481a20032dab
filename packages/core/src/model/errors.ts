// Named errors. `isInstance` checks a marker symbol, so it also works across bundles and realms.

const marker = Symbol.for("hookrail.error");

export type HookrailErrorCode = "input" | "config" | "deadline" | "git" | "state";

export class HookrailError extends Error {
  readonly [marker] = true;
  readonly code: HookrailErrorCode;

  constructor(code: HookrailErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "HookrailError";
    this.code = code;
  }

  static isInstance(error: unknown): error is HookrailError {
    return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }
}

/** The hook's stdin could not be read or understood. */
export const inputError = (message: string, cause?: unknown) => new HookrailError("input", message, { cause });

/** Short text for any thrown value, for logs and reasons. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
