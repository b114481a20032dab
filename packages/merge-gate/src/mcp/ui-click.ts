// A click on a forge's merge button through a tool that drives a browser or an app (Playwright's, Puppeteer's and
// Browser MCP's servers, an agent's `act`): the web page merges with the user's own login, as `gh pr merge` would.
// Read from what the call says it clicks (the element's description, its selector, an action in words); a click
// named only by a screen position or a snapshot's id says nothing and is not read.

// Words of a tool's name that make it a click, a key press on an element, or an action in words.
const ACTS = /^(?:click|dblclick|tap|press|act|action|perform|interact)$/;
// A merge control as pages and selectors name it: "Merge pull request", "Squash and merge", "Confirm merge",
// "Enable auto-merge", "Merge when pipeline succeeds", "Add to merge queue", `.js-merge-commit-button`. Not a
// merge request (GitLab's noun: "Create merge request" proposes), nor a merge conflict, base, status or check.
const MERGE = /(?<![a-z0-9])merge(?![a-z0-9])(?![\s_-]*(?:requests?|conflicts?|base|status|checks?|ability|able)\b)/i;

/** The words that name a merge control in a click call, quoted; undefined when the call is not one. `tool`: snake_case. */
export function clickedMergeControl(tool: string, input: Record<string, unknown>): string | undefined {
  if (!tool.split("_").some((word) => ACTS.test(word))) return undefined;
  const said = texts(input).find((text) => MERGE.test(text));
  return said === undefined ? undefined : JSON.stringify(said.length > 120 ? `${said.slice(0, 117)}...` : said);
}

/** The call's text arguments, and those in a list or an object one level down (a form's fields, a locator). */
function texts(input: Record<string, unknown>): string[] {
  const found: string[] = [];
  const add = (value: unknown, depth: number) => {
    if (typeof value === "string") found.push(value);
    else if (depth > 0 && value && typeof value === "object")
      for (const inner of Object.values(value)) add(inner, depth - 1);
  };
  for (const value of Object.values(input)) add(value, 1);
  return found;
}
