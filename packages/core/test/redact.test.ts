import { prng } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { redactEveryPattern, redactSecrets } from "../src/audit/redact.ts";

// Real-shaped secrets (right prefixes, lengths and alphabets; none of them valid anywhere).
const GH = "ghp_R4nd0mL00k1ngT0k3nW1thTh1rtySixCh4rs";
const GH_FINE = "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789abcd";
const GL = "glpat-Zx9yW8vU7tS6rQ5pO4nM";
const AWS_ID = "AKIAIOSFODNN7EXAMPLE";
const AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
const OPENAI = "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56";
const ANTHROPIC = "sk-ant-api03-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78";
const SLACK = "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx";
const NPM = "npm_Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78";
const STRIPE = "sk_live_51AbCdEfGhIjKlMnOpQrStUv";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
const GOOGLE = "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q";

describe("redactSecrets", () => {
  it.each<[string, string, string]>([
    // Tokens in env prefixes and exports.
    ["env prefix", `GITHUB_TOKEN=${GH} gh pr merge 12`, "GITHUB_TOKEN=*** gh pr merge 12"],
    ["two prefixes", `GH_TOKEN=${GH} NPM_TOKEN=${NPM} npm publish`, "GH_TOKEN=*** NPM_TOKEN=*** npm publish"],
    ["export", `export AWS_SECRET_ACCESS_KEY=${AWS_SECRET}; aws s3 ls`, "export AWS_SECRET_ACCESS_KEY=***; aws s3 ls"],
    ["quoted value", `OPENAI_API_KEY="${OPENAI}" node run.js`, 'OPENAI_API_KEY="***" node run.js'],
    ["single-quoted", `PGPASSWORD='hunter2 x' psql -h db`, "PGPASSWORD='***' psql -h db"],
    ["env wrapper", `env ANTHROPIC_API_KEY=${ANTHROPIC} claude -p hi`, "env ANTHROPIC_API_KEY=*** claude -p hi"],
    ["MYSQL_PWD", "MYSQL_PWD=s3cr3t mysql -h db", "MYSQL_PWD=*** mysql -h db"],
    ["after &&", `cd app && VAULT_TOKEN=hvs.CAESIabc123def456 vault read x`, "cd app && VAULT_TOKEN=*** vault read x"],
    // Authorization headers.
    [
      "curl bearer",
      `curl -H "Authorization: Bearer ${GH}" https://api.github.com/repos/o/r/pulls/1/merge -X PUT`,
      'curl -H "Authorization: Bearer ***" https://api.github.com/repos/o/r/pulls/1/merge -X PUT',
    ],
    [
      "token scheme",
      "curl -H 'Authorization: token 0123456789abcdef0123456789abcdef01234567' https://x",
      "curl -H 'Authorization: token ***' https://x",
    ],
    [
      "basic",
      "wget --header=Authorization:Basic dXNlcjpwYXNz https://x",
      "wget --header=Authorization:Basic *** https://x",
    ],
    ["no scheme", "http PUT api/x Authorization:abcdef123456", "http PUT api/x Authorization:***"],
    [
      "GitLab private token",
      `curl --header "PRIVATE-TOKEN: ${GL}" https://gitlab.com/api/v4/x`,
      'curl --header "PRIVATE-TOKEN: ***" https://gitlab.com/api/v4/x',
    ],
    ["x-api-key", "curl -H 'x-api-key: abc123def456ghi789' https://x", "curl -H 'x-api-key: ***' https://x"],
    // URLs with credentials.
    [
      "user and password",
      "git push https://alice:hunter2@github.com/o/r.git HEAD:main",
      "git push https://alice:***@github.com/o/r.git HEAD:main",
    ],
    [
      "x-access-token",
      `git clone https://x-access-token:${GH}@github.com/o/r`,
      "git clone https://x-access-token:***@github.com/o/r",
    ],
    ["token as user", `git remote add o https://${GH}@github.com/o/r`, "git remote add o https://***@github.com/o/r"],
    ["database url", "psql postgres://app:pa55w0rd@db:5432/app", "psql postgres://app:***@db:5432/app"],
    ["ssh user kept", "git push ssh://git@github.com/o/r main", "git push ssh://git@github.com/o/r main"],
    ["query token", "curl 'https://x/api?access_token=abc123&page=2'", "curl 'https://x/api?access_token=***&page=2'"],
    // -p / --password values.
    ["mysql -p attached", "mysql -u root -pS3cr3t! app", "mysql -u root -p*** app"],
    ["docker login -p", `docker login -u bot -p ${GH} ghcr.io`, "docker login -u bot -p *** ghcr.io"],
    ["sshpass", "sshpass -p 'my pass' ssh host", "sshpass -p '***' ssh host"],
    ["--password=", "mysql --password=S3cr3t app", "mysql --password=*** app"],
    [
      "--password value",
      "helm repo add x https://x --username u --password S3cr3t",
      "helm repo add x https://x --username u --password ***",
    ],
    ["--token", `glab auth login --token ${GL}`, "glab auth login --token ***"],
    ["curl -u", "curl -u admin:S3cr3t https://x", "curl -u admin:*** https://x"],
    // Shapes of their own, wherever they stand.
    ["gh token in text", `echo ${GH} | gh auth login --with-token`, "echo *** | gh auth login --with-token"],
    ["fine-grained PAT", `gh api -H "X: ${GH_FINE}" x`, 'gh api -H "X: ***" x'],
    ["AWS key id", `aws configure set aws_access_key_id ${AWS_ID}`, "aws configure set aws_access_key_id ***"],
    [
      "Slack",
      `curl -d token=${SLACK} https://slack.com/api/chat.postMessage`,
      "curl -d token=*** https://slack.com/api/chat.postMessage",
    ],
    ["Stripe", `stripe charges list --api-key ${STRIPE}`, "stripe charges list --api-key ***"],
    ["JWT", `./deploy.sh ${JWT}`, "./deploy.sh ***"],
    ["Google key", `gcloud x --key ${GOOGLE}`, "gcloud x --key ***"],
    [
      "JSON body",
      `curl -d '{"password": "hunter2", "user": "a"}' https://x`,
      `curl -d '{"password": "***", "user": "a"}' https://x`,
    ],
    [
      "private key",
      "echo '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----' > k",
      "echo '***' > k",
    ],
  ])("%s", (_label, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it.each([
    "MERGE_APPROVED=1 gh pr merge 12 --squash",
    "git push origin HEAD:main",
    "mkdir -p src/app && cp -p a b",
    "ssh -p 2222 host uptime",
    "docker run -p 8080:80 nginx",
    "gh pr merge 12 --auto --delete-branch",
    "PWD=/tmp/x npm test",
    "git log --author=alice -p",
    "gh auth login --with-token < token.txt",
    "docker login --password-stdin -u bot ghcr.io",
    "curl -H 'Accept: application/json' https://api.github.com/repos/o/r",
    "open a separate worktree first: `git worktree add ../app-<topic> -b <topic>`",
  ])("leaves %j as it is", (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  it("keeps no secret of the table in a reason that quotes the command", () => {
    const reason = `merge-gate: blocked. \`GH_TOKEN=${GH} gh pr merge 12\` merges a pull request`;
    expect(redactSecrets(reason)).toBe("merge-gate: blocked. `GH_TOKEN=*** gh pr merge 12` merges a pull request");
  });
});

// Pieces of texts the audit log keeps: commands, headers, URLs, bodies, with the words and characters the patterns
// look for in every case, and secrets of every shape.
const PIECES = [
  ...[GH, GH_FINE, GL, AWS_ID, AWS_SECRET, OPENAI, ANTHROPIC, SLACK, NPM, STRIPE, JWT, GOOGLE],
  ..."GITHUB_TOKEN= export set API_KEY PGPASSWORD= MYSQL_PWD= --password --TOKEN= --api-key --user= -u -p -pS3cret".split(
    " ",
  ),
  // Each secret name part, option and query key the shortcuts look for, in other cases, and near misses.
  ..."X_PAT= PAT= PASS= Passphrase= my_Auth= CREDENTIALS= Cookie= SESSIONKEY= DB_Pwd= PATH= MERGE_APPROVED= \u212Aey=".split(
    " ",
  ),
  ..."--Passwd --client-SECRET --oauth-token --Auth-Token --private-token --access-token --apikey --secret= --squash".split(
    " ",
  ),
  ..."SIGNATURE= Sig= id_TOKEN= client_secret= Passwd= &Key= approved=".split(" "),
  ..."Authorization: AUTHORIZATION= Bearer bearer Basic Private-Token: X-Api-Key: cookie: Cookie : X-Auth-Thing:".split(
    " ",
  ),
  ...'https:// ssh://git@ ://user:pw@ @host ?access_token= &key= ;sig= "password": \'secret\': token: "api_key":'.split(
    " ",
  ),
  ...[
    "mysql",
    "sshpass",
    "docker login",
    "gh pr merge 12",
    "curl -s",
    "npm publish",
    "hf_",
    "ya29.",
    "eyJ",
    "sk_test_",
  ],
  ...["-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----", "AKIA", "xoxp-", "ghs_", "glpat-", "AIza"],
  ...[" ", " ", " ", "=", ":", "'", '"', ";", "&&", "|", "\n", "-", "--", "_", "/", "@", ".", "x", "1234567890abcdef"],
];

describe("the shortcuts before the patterns", () => {
  it("change nothing: on random texts, redactSecrets answers as every pattern run", () => {
    const rand = prng(2026);
    let redacted = 0;
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: 1 + rand(12) }, () => PIECES[rand(PIECES.length)] as string).join(
        rand(3) === 0 ? "" : " ",
      );
      const all = redactEveryPattern(text);
      expect(redactSecrets(text), text).toBe(all);
      if (all !== text) redacted++;
    }
    // Not vacuous: most texts held something to hide, and some held nothing.
    expect(redacted).toBeGreaterThan(2500);
    expect(redacted).toBeLessThan(5000);
  });
});
