// Database shells: psql, mysql, sqlite3, mongosh, redis-cli, cqlsh, clickhouse… read queries (and psql's `\!`,
// sqlite3's `.shell`, mysql's `\!` run commands) from the terminal unless given a query, a file or a command to run.
// Their operands are the database to connect to.
import { hasOption, scanInterspersed } from "@hookrail/shell/words";
import { ALWAYS, repl, type SessionRule } from "./session-rule.ts";

const PSQL = repl({
  short: "cdfFhLopPRTUv",
  long: ["--command", "--dbname", "--file", "--host", "--port", "--username", "--set", "--variable", "--output"],
  runs: ["-c", "--command", "-l", "--list", "-V"],
  operandIsTarget: true,
});
const psql: SessionRule = (args, inner) => {
  // `psql -f -` reads the queries from the terminal.
  const s = scanInterspersed(args, { short: "cdfFhLopPRTUv", long: ["--file"] });
  const file = s.options.find((o) => o.name === "-f" || o.name === "--file")?.value?.value;
  if (file && file !== "-") return false;
  return PSQL(args, inner);
};
const MYSQL_OPTIONS = repl({
  short: "hPuDSeO",
  long: ["--host", "--port", "--user", "--database", "--socket", "--execute", "--defaults-file"],
  runs: ["-e", "--execute", "-V", "-I"],
  operandIsTarget: true,
});
// `-psecret` and a bare `-p` (which asks) are the password: never a value-taking option to scan.
const MYSQL: SessionRule = (args, inner) =>
  MYSQL_OPTIONS(
    args.filter((a) => !/^-p|^--password/.test(a.value ?? "")),
    inner,
  );
// sqlite3 [options] [db] [sql]: a second operand is SQL to run.
const SQLITE: SessionRule = (args) => {
  const valued = /^--?(?:cmd|init|separator|newline|nullvalue|vfs|maxsize|mmap|pagecache|lookaside|heap|a|c|s|f)$/;
  const operands: (string | null)[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]?.value ?? null;
    if (w !== null && /^--?(?:version|help|c|s|f)$/.test(w)) return false;
    if (w !== null && valued.test(w)) i++;
    else if (w === null || !w.startsWith("-")) operands.push(w);
  }
  return operands.length < 2;
};
const MONGO: SessionRule = (args, inner) => {
  const s = scanInterspersed(args, {
    short: "upf",
    long: ["--host", "--port", "--username", "--password", "--authenticationDatabase", "--eval", "--file"],
  });
  if (hasOption(s, "--shell")) return true;
  if (hasOption(s, "--eval", "-f", "--file")) return false;
  if (s.operands.some((o) => o.value === null || /\.js$/.test(o.value))) return false;
  return ALWAYS(args, inner);
};
// redis-cli [options] [command args]: a command given runs once.
const REDIS = repl({
  short: "hpsaunridDt",
  long: ["--user", "--pass", "--sni", "--cacert", "--cacertdir", "--cert", "--key", "--eval"],
  runs: ["--eval", "--pipe", "--rdb", "--functions-rdb", "--bigkeys", "--memkeys", "--hotkeys", "--scan"]
    .concat(["--stat", "--latency", "--latency-history", "--latency-dist", "--lru-test", "--intrinsic-latency"])
    .concat(["--replica", "--slave", "--cluster", "--monitor", "-x", "-v"]),
});
const CQLSH = repl({
  short: "upkfe",
  long: ["--username", "--password", "--keyspace", "--file", "--execute", "--cqlversion", "--encoding"],
  runs: ["-e", "--execute", "-f", "--file"],
  operandIsTarget: true,
});
const CLICKHOUSE_CLIENT = repl({
  short: "hudq",
  long: ["--host", "--port", "--user", "--password", "--database", "--query", "--queries-file"],
  runs: ["-q", "--query", "--queries-file", "-V"],
  operandIsTarget: true,
});
/** `clickhouse client`, `clickhouse local`, bare `clickhouse` (local): a prompt unless given a query. */
const CLICKHOUSE: SessionRule = (args, inner) => {
  const mode = args[0]?.value;
  if (mode === undefined) return true;
  if (mode === "client" || mode === "local") return CLICKHOUSE_CLIENT(args.slice(1), inner);
  return mode?.startsWith("-") ? CLICKHOUSE_CLIENT(args, inner) : false;
};
// pgcli, mycli, litecli, usql, cockroach sql, sqlcmd (-Q runs and leaves; -q runs and stays).
const SQL_CLI = repl({
  short: "hpPuUdDSfe",
  long: ["--host", "--port", "--user", "--username", "--dbname", "--database", "--file", "--execute"],
  runs: ["-c", "--command", "-e", "--execute", "-f", "--file", "-l", "--list", "-Q", "-i", "-V"],
  operandIsTarget: true,
});
/** `duckdb [db] [sql]`: -c/-s/-f run and leave; a second operand is SQL. */
const DUCKDB: SessionRule = (args, inner) => SQLITE(args, inner);

let databasesTable: Readonly<Record<string, SessionRule>> | undefined;

/** The rules by database shell name, built on first use: only the CLIs that type into sessions ask (interactive-session.ts). */
export const databases = (): Readonly<Record<string, SessionRule>> =>
  (databasesTable ??= {
    psql,
    mysql: MYSQL,
    mariadb: MYSQL,
    sqlite3: SQLITE,
    sqlite: SQLITE,
    duckdb: DUCKDB,
    mongosh: MONGO,
    mongo: MONGO,
    "redis-cli": REDIS,
    "valkey-cli": REDIS,
    "keydb-cli": REDIS,
    cqlsh: CQLSH,
    clickhouse: CLICKHOUSE,
    "clickhouse-client": CLICKHOUSE_CLIENT,
    "clickhouse-local": CLICKHOUSE_CLIENT,
    pgcli: SQL_CLI,
    mycli: SQL_CLI,
    litecli: SQL_CLI,
    usql: SQL_CLI,
    sqlcmd: SQL_CLI,
    isql: SQL_CLI,
    sqlplus: (args) => !args.some((a) => a.value === null || /^@|^-(?:v|V|h|help)$/i.test(a.value)),
    cockroach: (args, inner) => args[0]?.value === "sql" && SQL_CLI(args.slice(1), inner),
  });
