// Which commands start a session that later typed text (Codex's write_stdin) would drive, and which run what they
// are given and end.
import { PATHS_KEY } from "@hookrail/core";
import { literalArg } from "@hookrail/shell/words";
import { prng } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { opensInteractiveSession, readsAsSession } from "../../src/analysis/interactive-session.ts";
import { databases } from "../../src/analysis/session-databases.ts";
import { WRAPPERS } from "../../src/analysis/session-look.ts";
import { DATABASE_NAMES, PROGRAM_NAMES, RUNNER_NAMES } from "../../src/analysis/session-names.ts";
import { programs } from "../../src/analysis/session-programs.ts";
import {
  CLUSTER,
  indirectNames,
  maySession,
  quickSessionLook,
  sessionName,
  sessionWordSet,
  wordOnlyNames,
  wrapperNames,
} from "../../src/analysis/session-quick.ts";
import { runners } from "../../src/analysis/session-runners.ts";

const SESSIONS: [string, string[]][] = [
  [
    "shells",
    ["bash", "bash -i", "/bin/zsh -l", "sh -s", "exec bash", "env TERM=xterm bash --norc", "fish", "pwsh -NoLogo"],
  ],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell word, not a template
  ["shells, spelled", ['"bash"', "b'a'sh", "b\\ash", "$SHELL", '"${SHELL:-/bin/bash}" -l', "/bin/ba?h", "Bash.exe"]],
  [
    "names known at run time",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell word, not a template
    ['"$(which psql)" db', "$(command -v python3)", "${EDITOR:-vim} notes.md", "eval bash", "f() { psql db; }; f"],
  ],
  ["privilege", ["sudo -i", "sudo -s", "sudo -u app bash", "sudo su", "su -", "doas -s", "script -q /dev/null"]],
  [
    "language REPLs",
    ["python3", "python3.12", "python3 -i script.py", "node", "node -r dotenv/config", "irb", "ipython", "php -a"],
  ],
  ["more REPLs", ["python -m asyncio", "python -m pdb app.py", "node inspect app.js", "ghci", "iex", "julia", "R"]],
  [
    "database shells",
    [
      'psql "$DATABASE_URL"',
      "psql -h db -U app mydb",
      "psql postgres://u@h/db",
      "mysql -u root -p shop",
      "mysql -uroot -psecret shop",
      "mariadb --host db shop",
      "sqlite3 dev.db",
      "sqlite3 -cmd .tables dev.db",
      "sqlite3",
      "mongosh mongodb://localhost/app",
      "mongo",
      "redis-cli",
      "redis-cli -h cache -p 6380 -n 2",
      "cqlsh cass 9042",
      "clickhouse client --host ch",
      "clickhouse-client",
      "duckdb data.db",
      "pgcli postgres://x",
      "psql -f - mydb",
    ],
  ],
  [
    "containers",
    [
      "docker compose exec api sh",
      "docker compose exec -T db psql -U postgres",
      "docker-compose run --rm web rails c",
      "docker compose -f dev.yml exec web python manage.py shell",
      "docker exec -it app bash",
      "docker exec -i db mysql -u root",
      "docker exec -it app env TERM=xterm bash",
      "docker run -it --rm ubuntu",
      "docker run -it -e A=1 node:22",
      "docker container exec -it c sh",
      "docker attach web",
      "docker start -ai box",
      "podman exec -it box /bin/bash",
      "kubectl exec -it pod -- sh",
      "kubectl -n prod exec -it pod -- bundle exec rails console",
      "kubectl run -it --rm dbg --image=busybox --restart=Never -- sh",
      "kubectl debug -it pod --image=busybox",
      "oc rsh pod",
    ],
  ],
  [
    "framework consoles",
    [
      "python manage.py shell",
      "python3 manage.py dbshell",
      "./manage.py shell_plus",
      "django-admin shell",
      "rails console",
      "rails c",
      "bin/rails c",
      "bundle exec rails console --sandbox",
      "iex -S mix",
      "iex -S mix phx.server",
      "php artisan tinker",
      "flask shell",
      "poetry run python manage.py shell",
      "uv run python",
      "npx ts-node",
      "npx tsx",
      "yarn node",
      "lein repl",
      "deno",
      "bun repl",
      "dotnet fsi",
    ],
  ],
  [
    "remote logins and multiplexers",
    [
      "ssh build-box",
      "ssh -t box bash",
      "ssh box 'psql db'",
      "mosh box",
      "telnet host",
      "sftp box",
      "gcloud compute ssh vm",
    ],
  ],
  [
    "hosted database shells",
    ["heroku pg:psql", "fly postgres connect -a db", "gcloud sql connect main --user=app", "pscale shell db main"],
  ],
  [
    "as another user",
    ["sudo -u postgres psql", "su - postgres -c psql", "runuser -u postgres -- psql", "bundle console"],
  ],
  ["more remote", ["heroku run bash", "fly ssh console", "aws ssm start-session --target i-1", "vagrant ssh"]],
  [
    "virtual machines",
    [
      "lima",
      "lima bash",
      "limactl shell default",
      "limactl shell --workdir /w dev psql db",
      "multipass exec vm -- bash",
    ],
  ],
  ["multiplexers", ["tmux", "tmux new -s work", "tmux attach -t work", "screen", "screen -r", "zellij"]],
  [
    "environments",
    ["nix-shell", "nix develop", "nix shell nixpkgs#jq", "poetry shell", "pipenv shell", "toolbox enter"],
  ],
  ["editors and pagers", ["vim notes.md", "nvim", "emacs -nw", "nano x", "less log.txt", "gdb ./app"]],
  [
    "after operators",
    [
      "cd x && bash",
      "true; psql db",
      "FOO=1 sqlite3 dev.db",
      "cd api && docker compose exec api sh",
      "make build || bash",
      "(cd db && sqlite3 dev.db)",
      "bash -c 'cd /srv && exec bash'",
      "timeout 3600 psql db",
      "nohup python3 -i x.py",
      "echo start; rails c",
      "export PGHOST=db; psql app",
    ],
  ],
];

const NOT_SESSIONS: [string, string[]][] = [
  [
    "virtual machines running commands",
    ["lima uname -a", "limactl list", "limactl shell default git status", "multipass exec vm -- ls", "multipass list"],
  ],
  [
    "shells given code",
    ["bash -c 'gh pr view 1'", "bash deploy.sh", "bash -ic 'll'", "sh -lc 'npm test'", "echo hi | bash"],
  ],
  ["shells reading a file", ["bash < script.sh", "bash <<'EOF'\nls\nEOF", "zsh --version", "pwsh -File build.ps1"]],
  [
    "REPL programs given code",
    ["python3 -c print(1)", "python3 -m pytest", "python3 -m http.server", "node script.js", "node --version"],
  ],
  [
    "more code",
    ["node -e 'console.log(1)'", "node --test", "ruby -e 'p 1'", "perl -pi -e 's/a/b/' f", "php -r 'echo 1;'"],
  ],
  [
    "scripts",
    ["php artisan migrate", "php -S localhost:8000", "irb script.rb", "julia run.jl", "R -e 'x'", "Rscript a.R"],
  ],
  [
    "database commands",
    [
      "psql -c 'select 1'",
      "psql \"$DATABASE_URL\" -c 'select 1'",
      "psql -Atc 'select 1' mydb",
      "psql -f migrate.sql mydb",
      "psql -l",
      "psql db < dump.sql",
      "psql db <<'SQL'\nselect 1;\nSQL",
      "sqlite3 dev.db 'select 1'",
      "sqlite3 dev.db .tables",
      "sqlite3 dev.db < x.sql",
      "cat x.sql | sqlite3 dev.db",
      "redis-cli get k",
      "redis-cli -h cache ping",
      "redis-cli --scan",
      "mysql -e 'show tables'",
      "mysql -u root -p -e 'select 1' shop",
      "mysql shop < dump.sql",
      "mongosh --eval 'db.stats()'",
      "mongosh seed.js",
      "cqlsh -e 'describe keyspaces'",
      "clickhouse client -q 'select 1'",
      "clickhouse-client --query 'select 1'",
      "duckdb data.db -c 'select 1'",
      "pg_dump mydb > dump.sql",
    ],
  ],
  [
    "containers running commands",
    [
      "docker compose exec api npm test",
      "docker compose exec -T api sh -c 'npm test'",
      "docker compose run --rm web rails db:migrate",
      "docker compose up -d",
      "docker compose run web",
      "docker exec app bash",
      "docker exec -it app bash -c 'ls'",
      "docker exec -it app ls",
      "docker run --rm node:22 node -v",
      "docker run -d -it ubuntu",
      "docker ps",
      "docker logs -f api",
      "kubectl exec pod -- sh",
      "kubectl exec -it pod -- ls /",
      "kubectl get pods",
      "kubectl logs -f pod",
    ],
  ],
  [
    "framework commands",
    [
      "python manage.py migrate",
      "python manage.py shell -c 'print(1)'",
      "python manage.py shell < seed.py",
      "rails runner 'p 1'",
      "rails db:migrate",
      "bundle exec rspec",
      "mix test",
      "npx prisma studio",
      "npx prisma migrate dev",
      "npm test",
      "npm run dev",
      "poetry run pytest",
      "uv run pytest -k python",
      "bun test",
      "deno run main.ts",
    ],
  ],
  [
    "remote and multiplexer commands",
    [
      "ssh build-box uptime",
      "ssh -N -L 5432:db:5432 box",
      "ssh -T git@github.com",
      "tmux ls",
      "tmux new -d -s job 'make'",
      "screen -dmS job make",
    ],
  ],
  ["more", ["nix-shell --run make", "nix develop -c make", "sudo apt install jq", "sudo -u app npm ci", "git status"]],
  [
    "look-alikes",
    [
      "gh pr view 1",
      "cat bash.txt",
      "ls shell/",
      "grep -r psql docs",
      "echo python3",
      "vim --version",
      "less --version",
      "npm exec -- eslint .",
      "which psql",
      "man psql",
      '"$(which node)" script.js',
      "$SHELL -c 'npm test'",
      '"$PYTHON" -m pytest',
    ],
  ],
];

describe("interactive sessions", () => {
  it.each(SESSIONS.flatMap(([family, commands]) => commands.map((c) => [family, c])))("%s: %s", (_f, command) => {
    expect(opensInteractiveSession(command)).toBe(true);
  });

  it.each(NOT_SESSIONS.flatMap(([family, commands]) => commands.map((c) => [family, c])))("%s: %s", (_f, command) => {
    expect(opensInteractiveSession(command)).toBe(false);
  });

  it("reads a PowerShell line as PowerShell", () => {
    expect(opensInteractiveSession("Set-Location api; python", "powershell")).toBe(true);
    expect(opensInteractiveSession("python -c 'print(1)'", "powershell")).toBe(false);
  });
});

describe("the look before the parse", () => {
  it.each(["npm test", "git status", "gh pr merge 12", "ls -la", "cargo build", "docker compose exec api npm test"])(
    "%s is ruled out without a parse",
    (command) => {
      expect(maySession(command)).toBe(false);
    },
  );

  it("never rules out a line the full reading counts as a session", () => {
    for (const [, commands] of SESSIONS) for (const c of commands) expect(maySession(c), c).toBe(true);
  });

  // A rule is looked up in the table whose list holds its name: a name missing from the list would never be judged.
  it.each([
    ["programs", PROGRAM_NAMES, programs],
    ["databases", DATABASE_NAMES, databases],
    ["runners", RUNNER_NAMES, runners],
  ])("lists exactly the names of the %s table", (_, names, table) => {
    expect(names.split(" ").sort()).toEqual(Object.keys(table()).sort());
  });

  it("gives each program one table (a rule is looked up in the first that lists it)", () => {
    const all = [PROGRAM_NAMES, DATABASE_NAMES, RUNNER_NAMES].flatMap((names) => names.split(" "));
    expect(all.filter((name, i) => all.indexOf(name) !== i)).toEqual([]);
  });

  it("names every program of the tables, and leaves out only names that need another word", () => {
    const names = [...Object.keys(programs()), ...Object.keys(databases()), ...Object.keys(runners())];
    expect([...indirectNames()].filter((n) => !names.includes(n))).toEqual([]);
    for (const name of names) expect(maySession(`${name} x`) || indirectNames().has(name), name).toBe(true);
    expect(sessionName("/usr/bin/Python3.12.exe")).toBe("python");
  });
});

describe("the first look", () => {
  const table = { ...programs(), ...databases(), ...runners() };
  // Every word a rule may look at, but none of the session words or option clusters.
  const quiet = (word: string) =>
    !word
      .toLowerCase()
      .split(/[^a-z0-9_.+\-/]+/)
      .some((t) => sessionWordSet().has(sessionName(t)) || CLUSTER.test(t));
  const vocabulary = [
    ...Object.keys(table),
    ..."run exec x dlx -- -c --command -e -u root pr view 12 codespace cs ssm compute sql db postgres pg mpg console"
      .concat(" c develop shell repl enter activate ssh start-session connect -S -s --shell -it -i vm app.py . -C")
      .split(" "),
  ].filter(quiet);

  it.each([...wordOnlyNames()])("%s starts no session, and runs no program, without a session word", (name) => {
    const rule = table[name];
    expect(rule, name).toBeDefined();
    const rand = prng(name.length * 7919);
    for (let i = 0; i < 400; i++) {
      const words = Array.from({ length: rand(5) }, () => vocabulary[rand(vocabulary.length)] as string);
      // A rule that ran a program would run it here: this one says yes to any.
      expect(
        rule?.(words.map(literalArg), () => true),
        `${name} ${words.join(" ")}`,
      ).toBe(false);
    }
  });

  it("names only programs of the tables among those needing a word, and the rules' wrappers as they are", () => {
    expect([...wordOnlyNames()].filter((n) => !(n in table))).toEqual([]);
    expect([...wrapperNames().wrappers].sort()).toEqual(Object.keys(WRAPPERS).sort());
    expect(wrapperNames().loose.size).toBeGreaterThan(30);
  });

  it.each([
    "gh pr view 12",
    "gh pr view 12 --json state,mergeable && git log --oneline -5",
    "aws s3 ls && gcloud config list",
    "nix build .#view",
    "git diff --stat | less -R",
  ])("%s: told by the first look where it can, as the full reading tells it", (command) => {
    expect(quickSessionLook(command) ?? readsAsSession(command)).toBe(readsAsSession(command));
  });

  it.each([
    "gh pr view 12",
    "gh pr view 12 --json state,mergeable && git log --oneline -5",
    "aws ec2 describe-instances --output view",
  ])("%s is cleared by the first look", (command) => {
    expect(quickSessionLook(command)).toBe(false);
  });

  it.each([
    "gh codespace ssh",
    "gh cs ssh -c x",
    "nix develop",
    "systemd-run -S",
    "sudo view /etc/hosts",
    "chronic view notes",
    "xargs view",
    "view notes.md",
    "devbox shell",
  ])("%s goes on to the next looks", (command) => {
    expect(quickSessionLook(command)).toBeUndefined();
  });
});

// Words of plain lines: programs of the tables (direct and those that need another word), wrappers, shells and
// runners the shell analysis follows, ordinary programs, and the words and options that make a program wait.
const VOCABULARY = {
  names: [
    ..."gh git node python3 psql mysql docker kubectl npx npm poetry ssh vim view less top tmux bash sh env sudo"
      .concat(" timeout nohup eval source exec xargs watch uv cargo ls cat make redis-cli sqlite3 rails irb")
      .concat(" aws gcloud fly nix devbox toolbox vagrant systemd-run flask chronic")
      .split(" "),
    "/usr/bin/python3.12",
    "Bash.exe",
  ],
  words: "pr view 12 run exec -it -i -s shell console repl ssh --json state,mergeable -c x.js db -e -- api attach new -"
    .concat(" log status build test sh bash python sql connect -l codespace cs develop enter ssm start-session -S")
    .split(" "),
  joins: [" && ", " || ", " | ", "; ", " & ", "\n"],
};

function plainLine(rand: (n: number) => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)] as T;
  const commands = Array.from({ length: 1 + rand(3) }, () =>
    [pick(VOCABULARY.names), ...Array.from({ length: rand(5) }, () => pick(VOCABULARY.words))].join(" "),
  );
  return commands.reduce((line, c) => `${line}${pick(VOCABULARY.joins)}${c}`);
}

describe("plain lines, told without the parser", () => {
  const store = globalThis as Record<symbol, unknown>;
  const parsed = (command: string): boolean => {
    delete store[Symbol.for(PATHS_KEY)];
    opensInteractiveSession(command);
    const bits = Number(store[Symbol.for(PATHS_KEY)]) | 0;
    delete store[Symbol.for(PATHS_KEY)];
    return bits !== 0;
  };

  it.each([
    "gh pr view 12 --json state,mergeable && git log --oneline -5",
    "redis-cli -n 2 ping",
    "mysql --version",
    "psql -c select db",
    "docker compose up -d && docker ps",
    "vim --version | head -1",
  ])("%s is judged without a parse", (command) => {
    expect(readsAsSession(command)).toBe(false);
    expect(parsed(command)).toBe(false);
  });

  it.each([
    ["a session program", "git pull && node"],
    ["a followed wrapper", "env TERM=xterm bash"],
    ["eval", "eval bash"],
    ["a piped command (the full reading knows its input)", "echo x | python3"],
  ])("%s goes to the full reading: %s", (_what, command) => {
    expect(parsed(command)).toBe(true);
  });

  it("answers as the full reading on random plain lines", () => {
    const rand = prng(3131);
    let quick = 0;
    let sessions = 0;
    for (let i = 0; i < 4000; i++) {
      const command = plainLine(rand);
      const full = readsAsSession(command);
      expect(opensInteractiveSession(command), command).toBe(full);
      if (!full && !parsed(command) && maySession(command)) quick++;
      if (full) sessions++;
    }
    // Neither side is vacuous: many lines were told without the parser, and many are sessions.
    expect(quick).toBeGreaterThan(300);
    expect(sessions).toBeGreaterThan(300);
  }, 60_000);
});
