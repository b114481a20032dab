// Set-up printers: `eval "$(ssh-agent -s)"` runs code that only sets up the shell; anything else stays unknown.
import { describe, expect, it } from "vitest";
import { isSetupOutput, printsOnlySetup } from "../src/env-printers.ts";

describe("printsOnlySetup", () => {
  it.each([
    ["ssh-agent -s", true],
    ["ssh-agent -t 3600 -s", true],
    ["/opt/homebrew/bin/brew shellenv", true],
    ["pyenv init -", true],
    ["pyenv init --path", true],
    ["direnv export bash", true],
    ["conda shell.bash hook", true],
    ["kubectl completion zsh", true],
    ["gh completion -s bash", true],
    ["minikube docker-env", true],
    ["zoxide init zsh --cmd cd", true],
    // Other subcommands of the same programs print other things, or do other things.
    ["ssh-agent bash -c 'gh pr merge 1'", false],
    ["brew install gh", false],
    ["kubectl exec pod -- sh", false],
    ["gh pr merge 1", false],
    ["direnv exec . sh", false],
    ["cat script.sh", false],
    ["", false],
    ["constructor init", false],
    ["X=1 ssh-agent -s", false],
  ])("%s: %s", (command, expected) => {
    expect(printsOnlySetup(command)).toBe(expected);
  });
});

describe("isSetupOutput", () => {
  it.each([
    ['"$(ssh-agent -s)"', true],
    ["$(minikube docker-env)", true],
    ["`ssh-agent -s`", true],
    ['"$(pyenv init -)"', true],
    // More than the one substitution, or code inside it, is not set-up output.
    ['"$(ssh-agent -s; gh pr merge 1)"', false],
    ['"$X$(ssh-agent -s)"', false],
    ['"$(ssh-agent -s)$(cat x)"', false],
    ['"$(ssh-agent -s)" extra', false],
    ['"$(cat cmd.txt)"', false],
    ['"$(echo $(gh pr merge 1))"', false],
  ])("%s: %s", (text, expected) => {
    expect(isSetupOutput(text)).toBe(expected);
  });
});
