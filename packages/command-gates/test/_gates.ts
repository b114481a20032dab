// The example gates the tests judge lines with (the ones docs/writing-a-guardrail.md shows, and a third).
import type { ApprovalMode, CommandGate } from "../src/options.ts";

export const publish: CommandGate = {
  name: "publish",
  commands: ["npm publish", "pnpm publish", "yarn npm publish"],
  marker: "PUBLISH_APPROVED",
  reason: "Publishing is a release step: ask the owner first.",
  approval: "marker",
};

export const infra: CommandGate = {
  name: "infra",
  commands: ["terraform apply", "terraform destroy", "kubectl delete"],
  marker: "INFRA_APPROVED",
  approval: "marker",
};

export const dbReset: CommandGate = {
  name: "db-reset",
  commands: ["prisma migrate reset", "rails db:drop", "dropdb"],
  marker: "DB_RESET_APPROVED",
  approval: "marker",
};

export const EXAMPLES: Record<string, CommandGate> = { publish, infra, "db-reset": dbReset };

/** The family corpora's gates: the examples, and one on tools whose dry runs and `-h` differ. */
export const FAMILY_GATES = {
  publish,
  infra,
  "db-reset": dbReset,
  deploy: {
    name: "deploy",
    commands: ["helm upgrade", "helm uninstall", "aws s3 rm", "cargo publish", "shutdown"],
    marker: "DEPLOY_APPROVED",
    approval: "marker",
  },
  // The release and infrastructure commands other command guards' test suites exercise.
  "guard-suites": {
    name: "guard-suites",
    commands: [
      ..."terraform apply|terraform destroy|tofu apply|tofu destroy|pulumi up|pulumi destroy".split("|"),
      ..."kubectl delete|helm install|helm upgrade|helm uninstall|helm rollback".split("|"),
      ..."npm publish|npm unpublish|pnpm publish|yarn npm publish|yarn publish|bun publish".split("|"),
      ..."cargo publish|cargo yank|twine upload|docker push|podman push|dropdb".split("|"),
      ..."aws s3 rm|aws s3 rb|aws ec2 terminate-instances|gcloud compute instances delete|az group delete".split("|"),
    ],
    marker: "RELEASE_APPROVED",
    approval: "marker",
  },
  // Patterns with options, the way destructive-command guards list them.
  options: {
    name: "options",
    commands: [
      "git push --force",
      "git push -f",
      "git reset --hard",
      "git clean -f",
      "rm -rf",
      "terraform apply -auto-approve",
      "kubectl delete --all",
      "kubectl delete -n prod",
    ],
    marker: "DANGER_APPROVED",
    approval: "marker",
  },
} satisfies Record<string, CommandGate>;

export const inMode = (gate: CommandGate, approval: ApprovalMode): CommandGate => ({ ...gate, approval });

/** Ten gates, as in the bench: none of them mentions git, ls or cat. */
export const TEN: CommandGate[] = [
  publish,
  infra,
  dbReset,
  ...[
    ["docker-push", "docker push", "podman push"],
    ["helm", "helm uninstall", "helm delete"],
    ["aws", "aws s3 rm", "aws ec2 terminate-instances"],
    ["cargo-publish", "cargo publish"],
    ["pulumi", "pulumi up", "pulumi destroy"],
    ["gcloud", "gcloud projects delete"],
    ["twine", "twine upload"],
  ].map(([name, ...commands]) => ({
    name: name as string,
    commands,
    marker: `${(name as string).toUpperCase().replace(/-/g, "_")}_APPROVED`,
    approval: "marker" as const,
  })),
];
