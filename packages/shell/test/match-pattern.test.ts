import { describe, expect, it } from "vitest";
import { matchesPattern, type SimpleCommand } from "../src/index.ts";

function cmd(argv: (string | null)[], more: Partial<SimpleCommand> = {}): SimpleCommand {
  const first = argv[0];
  return {
    argv,
    glob: argv.map(() => false),
    name:
      first === null || first === undefined
        ? null
        : first
            .replace(/^.*\//, "")
            .replace(/\.exe$/i, "")
            .toLowerCase(),
    env: {},
    approved: false,
    cwd: "/",
    open: false,
    uncertain: false,
    text: argv.join(" "),
    ...more,
  };
}

describe("matchesPattern", () => {
  it.each([
    [cmd(["npm", "publish"]), "npm publish", true],
    [cmd(["npm", "publish", "--tag", "next"]), "npm publish", true],
    [cmd(["npm", "--registry", "r", "publish"]), "npm publish", true],
    [cmd(["npm", "--registry=r", "publish"]), "npm publish", true],
    [cmd(["npm", "--force", "publish"]), "npm publish", true],
    [cmd(["npm", "-w", "pkg", "publish"]), "npm publish", true],
    [cmd(["npm", "--", "publish"]), "npm publish", true],
    [cmd(["npm", "run", "publish"]), "npm publish", false],
    [cmd(["npm", "-w", "pkg", "run", "publish"]), "npm publish", false],
    [cmd(["npm"]), "npm publish", false],
    [cmd(["npm", "test"]), "npm", true],
    [cmd(["pnpm", "publish"]), "npm publish", false],
    [cmd(["/usr/bin/NPM.EXE", "publish"]), "npm publish", true],
    // npm's aliases and unique abbreviations, in the command and in the pattern.
    [cmd(["npm", "pub"]), "npm publish", true],
    [cmd(["npm", "--registry", "r", "publi", "--tag", "x"]), "npm publish", true],
    [cmd(["npm", "p"]), "npm publish", false],
    [cmd(["npm", "i", "lodash"]), "npm install", true],
    [cmd(["npm", "add", "lodash"]), "npm install", true],
    [cmd(["npm", "isntall"]), "npm install", true],
    [cmd(["npm", "installTest"]), "npm install-test", true],
    [cmd(["npm", "ci"]), "npm install", false],
    [cmd(["npm", "install", "x"]), "npm i", true],
    [cmd(["npm", "rm", "x"]), "npm uninstall", true],
    [cmd(["npm", "run", "pub"]), "npm publish", false],
    // docker's management commands, both ways; podman's too.
    [cmd(["docker", "image", "push", "x"]), "docker push", true],
    [cmd(["docker", "--context", "prod", "image", "push", "x"]), "docker push", true],
    [cmd(["docker", "push", "x"]), "docker image push", true],
    [cmd(["docker", "image", "rm", "x"]), "docker rmi", true],
    [cmd(["docker", "image", "ls"]), "docker push", false],
    [cmd(["podman", "container", "rm", "x"]), "podman rm", true],
    [cmd(["docker", "image", "push", "x"]), "podman push", false],
    // rustup's toolchain selector.
    [cmd(["cargo", "+nightly", "publish"]), "cargo publish", true],
    [cmd(["cargo", "+nightly", "build"]), "cargo publish", false],
    [cmd(["npm", "+x", "publish"]), "npm publish", false],
    [cmd(["npm", "publish"]), "NPM publish", true],
    [cmd(["npm", "Publish"]), "npm publish", false],
    [cmd(["git", "push", "origin", "main"]), "git push origin", true],
    [cmd(["git", "push", "main", "origin"]), "git push origin", false],
    [cmd(["npm", "publish"]), "   ", false],
    // A pattern's options: anywhere before `--`, as the program reads them.
    [cmd(["git", "push", "--force", "origin", "x"]), "git push --force", true],
    [cmd(["git", "push", "origin", "x", "--force"]), "git push --force", true],
    [cmd(["git", "push", "--force=true", "origin"]), "git push --force", true],
    [cmd(["git", "--force", "push"]), "git push --force", true],
    [cmd(["git", "push", "origin", "x"]), "git push --force", false],
    [cmd(["git", "push", "--force-with-lease"]), "git push --force", false],
    [cmd(["git", "push", "origin", "--", "--force"]), "git push --force", false],
    [cmd(["git", "pull", "--force"]), "git push --force", false],
    [cmd(["git", "reset", "HEAD~1", "--hard"]), "git reset --hard", true],
    [cmd(["git", "reset", "--soft", "HEAD~1"]), "git reset --hard", false],
    [cmd(["rm", "-rf", "build"]), "rm -rf", true],
    [cmd(["rm", "-fr", "build"]), "rm -rf", true],
    [cmd(["rm", "-r", "-f", "build"]), "rm -rf", true],
    [cmd(["rm", "-r", "build", "-f"]), "rm -rf", true],
    [cmd(["rm", "-rfv", "build"]), "rm -rf", true],
    [cmd(["rm", "-r", "build"]), "rm -rf", false],
    [cmd(["rm", "-f", "build"]), "rm -rf", false],
    [cmd(["rm", "-R", "-f", "build"]), "rm -rf", false],
    [cmd(["rm", "build", "--", "-rf"]), "rm -rf", false],
    [cmd(["rm", "-", "-f"]), "rm -rf", false],
    [cmd(["terraform", "apply", "--auto-approve"]), "terraform apply -auto-approve", true],
    [cmd(["terraform", "apply", "-auto-approve=true"]), "terraform apply -auto-approve", true],
    [cmd(["terraform", "-chdir=infra", "apply", "-auto-approve"]), "terraform apply -auto-approve", true],
    [cmd(["terraform", "apply"]), "terraform apply -auto-approve", false],
    [cmd(["terraform", "plan", "-auto-approve"]), "terraform apply -auto-approve", false],
    [cmd(["kubectl", "delete", "pods", "--all", "-n", "prod"]), "kubectl delete --all", true],
    [cmd(["npm", "publish", "--tag", "next"]), "npm publish --tag", true],
    // A word after an option in a pattern: the option's value given with it anywhere, or a word in order.
    [cmd(["kubectl", "delete", "-n", "prod", "pod", "api"]), "kubectl delete -n prod", true],
    [cmd(["kubectl", "delete", "pod", "api", "-n", "prod"]), "kubectl delete -n prod", true],
    [cmd(["kubectl", "-n", "prod", "delete", "pod", "api"]), "kubectl delete -n prod", true],
    [cmd(["kubectl", "delete", "pod", "api", "-n=prod"]), "kubectl delete -n prod", true],
    [cmd(["kubectl", "delete", "pod", "api", "-nprod"]), "kubectl delete -n prod", true],
    [cmd(["kubectl", "delete", "pod", "api", "--namespace=prod"]), "kubectl delete --namespace prod", true],
    [cmd(["kubectl", "delete", "pod", "api", "-n", "staging"]), "kubectl delete -n prod", false],
    [cmd(["kubectl", "get", "pods", "-n", "prod"]), "kubectl delete -n prod", false],
    [cmd(["kubectl", "delete", "pod", "prod", "-n", "dev"]), "kubectl delete -n prod", false],
    [cmd(["kubectl", "delete", "pod", "api", "--", "-n", "prod"]), "kubectl delete -n prod", false],
    [cmd(["git", "push", "--force", "-v", "origin"]), "git push --force origin", true],
    [cmd(["git", "push", "origin", "--force"]), "git push --force origin", true],
    [cmd(["git", "push", "upstream", "--force"]), "git push --force origin", false],
  ])("%o ~ %s → %s", (c, pattern, expected) => {
    expect(matchesPattern(c, pattern)).toBe(expected);
  });

  it.each([
    ["a run-time name", cmd([null, "publish"], { uncertain: true }), "unknown"],
    ["a run-time name nothing points at", cmd([null, "notes.txt"]), false],
    ["a run-time argument", cmd(["npm", null], { uncertain: true }), "unknown"],
    ["a run-time option value", cmd(["npm", "--tag", null, "publish"]), true],
    ["a run-time word nothing points at", cmd(["npm", null]), false],
    ["a glob that could be the name", cmd(["np?", "publish"], { glob: [true, false] }), "unknown"],
    ["a glob that cannot be the name", cmd(["ls*", "publish"], { glob: [true, false] }), false],
    ["a glob that could be the argument", cmd(["npm", "pub*"], { glob: [false, true] }), "unknown"],
    ["words added at run time (xargs)", cmd(["npm"], { open: true }), "unknown"],
    ["words added after a word that rules it out", cmd(["npm", "run"], { open: true }), false],
  ])("%s → %s", (_, c, expected) => {
    expect(matchesPattern(c, "npm publish")).toBe(expected);
  });

  it.each([
    ["a run-time word that may be the option", cmd(["rm", "-r", null, "x"], { uncertain: true }), "unknown"],
    ["a run-time word after `--`", cmd(["rm", "-r", "x", "--", null], { uncertain: true }), false],
    ["a run-time word nothing points at", cmd(["rm", "-r", null]), false],
    ["options added at run time (xargs)", cmd(["rm", "-r"], { open: true }), "unknown"],
    ["the option given, more added at run time", cmd(["rm", "-rf"], { open: true }), true],
    ["a run-time word, and the option given", cmd(["rm", "-fr", null], { uncertain: true }), true],
  ])("rm -rf: %s → %s", (_, c, expected) => {
    expect(matchesPattern(c, "rm -rf")).toBe(expected);
  });

  it.each([
    [
      "a run-time word that may be the value",
      cmd(["kubectl", "delete", "pod", "-n", null], { uncertain: true }),
      "unknown",
    ],
    ["a run-time word that may be the option", cmd(["kubectl", "delete", "pod", null], { uncertain: true }), "unknown"],
    ["options added at run time (xargs)", cmd(["kubectl", "delete", "pod"], { open: true }), "unknown"],
    ["another value, nothing at run time", cmd(["kubectl", "delete", "pod", "-n", "dev"]), false],
  ])("kubectl delete -n prod: %s → %s", (_, c, expected) => {
    expect(matchesPattern(c, "kubectl delete -n prod")).toBe(expected);
  });
});
