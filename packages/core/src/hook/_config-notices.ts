// Config problems reach the user once per session: a hook runs on every tool call, and the same
// "setting ignored" line under each of them would drown what it says. The state store remembers which
// problems a session was already told (its lock makes one of two hooks answering the same call tell it).
import { StateStore } from "../state/state.ts";

const NAMESPACE = "config-notices";

/** The problems this session has not been told yet (all of them when there is no session to remember them by). */
export function untoldProblems(
  problems: readonly string[],
  sessionId: string | undefined,
  env: NodeJS.ProcessEnv,
  now: number,
): string[] {
  if (problems.length === 0 || !sessionId) return [...problems];
  const store = new StateStore({ env, now: () => now });
  return problems.filter((problem) => {
    const key = `${sessionId}\n${problem}`;
    try {
      if (store.get(NAMESPACE, key)) return false;
      let first = false;
      store.update(NAMESPACE, key, (current) => {
        first = current === undefined;
        return current?.value ?? true;
      });
      return first;
    } catch {
      // No state folder or an unwritable one: telling again is better than never telling.
      return true;
    }
  });
}
