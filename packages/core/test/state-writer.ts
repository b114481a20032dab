// A writer process for the concurrency test: bumps a shared counter and writes its own key, many times.
import { StateStore } from "../src/state/state.ts";

const [dir = "", id = "0", rounds = "10"] = process.argv.slice(2);
const store = new StateStore({ dir, lockTimeoutMs: 30_000 });
for (let i = 0; i < Number(rounds); i++) {
  store.update("counter", "shared", (current) => (typeof current?.value === "number" ? current.value : 0) + 1);
  store.set("writers", `writer-${id}`, { id: Number(id), round: i });
  store.update("log", "all", (current) => [...(Array.isArray(current?.value) ? current.value : []), `${id}:${i}`]);
}
