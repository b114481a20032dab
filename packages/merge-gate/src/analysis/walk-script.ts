// Visits every simple command of a parsed script: lists, pipelines, compound bodies, functions, and the
// commands inside substitutions, here-doc bodies and assignments, which bash runs too.
import type { Command, ParsedScript, SyntaxNode } from "unbash";
import { approvedByPrefix } from "./approval.ts";
import type { Invocation, Stdin } from "./context.ts";
import { forEachChild } from "./parse-shell.ts";
import { argFromAssignment, argFromWord } from "./shell-words.ts";
import { type Feed, readsStdin, stdinOf } from "./stdin-source.ts";

/** Calls `onCommand` for each simple command; returns whether any (nested) script had syntax errors. */
export function walkScript(
  script: ParsedScript,
  source: string,
  onCommand: (inv: Invocation) => void,
  input: Feed | undefined,
): boolean {
  let errors = false;

  const visit = (node: SyntaxNode, src: string, feed: Feed | undefined): void => {
    switch (node.type) {
      case "Script":
        if (node.source !== undefined) src = node.source;
        if (node.errors?.length) errors = true;
        break;
      case "Pipeline": {
        // Each element reads what the one before it prints; the first inherits the pipeline's input.
        let elementFeed = feed;
        node.commands.forEach((element, i) => {
          const before = node.commands[i - 1];
          if (before) elementFeed = { kind: "command", node: before, source: src, upstream: elementFeed };
          visit(element, src, elementFeed);
        });
        return;
      }
      case "Redirected": {
        // `{ bash; } <<<'…'`: the commands inside read the compound's input.
        const input = node.redirects.filter(readsStdin).at(-1);
        if (input) feed = { kind: "redirect", redirect: input, source: src };
        break;
      }
      case "Command":
        if (node.name) onCommand(invocationOf(node, src, feed));
        break;
    }
    forEachChild(node, (child) => visit(child, src, feed));
  };

  visit(script, source, input);
  return errors;
}

function invocationOf(node: Command, source: string, feed: Feed | undefined): Invocation {
  const args = node.args.map((a) => (a.type === "Word" ? argFromWord(a) : argFromAssignment(a)));
  let stdin: Stdin | undefined;
  return {
    args: node.name ? [argFromWord(node.name), ...args] : args,
    approved: approvedByPrefix(node.prefix),
    open: false,
    // Worked out only for the few commands that read it (shells, interpreters, `--input -`).
    get stdin() {
      stdin ??= stdinOf(node.redirects, feed, source);
      return stdin;
    },
    command: source.slice(node.pos, node.end),
    source,
  };
}
