// Secrets taken out of text before it is kept: the audit log records commands, and the reasons and notes that
// quote them. Whatever looks like a credential is replaced by *** (a false alarm only hides a harmless word).
// Pure: no I/O.

const MASK = "***";

// A shell word: quoted, or bare up to whitespace or an operator.
const VALUE = String.raw`(?:'[^']*'|"(?:[^"\\]|\\.)*"|[^\s;&|()<>'"]+)`;

/** The patterns, made on first use: a hook that writes no audit entry never makes them. */
function makePatterns() {
  // A variable whose name says it holds a secret (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, PGPASSWORD, MYSQL_PWD…).
  const SECRET_NAME =
    /(?:TOKEN|SECRET|PASSW(?:OR)?D|PASSPHRASE|_PASS$|^PASS$|_PWD$|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH|CREDENTIAL|COOKIE|SESSION_?KEY|(?:^|_)PAT$)/i;
  const ASSIGNMENT = new RegExp(String.raw`(^|[\s;&|(]|\bexport\s+|\bset\s+)([A-Za-z_][A-Za-z0-9_]*)=(${VALUE})`, "g");
  // Options whose value is a secret; `--password-stdin`, `--with-token` and the like take none.
  const SECRET_OPTION = new RegExp(
    String.raw`(^|\s)(--(?:password|passwd|pass|token|api-key|apikey|secret|client-secret|access-token|auth-token|private-token|oauth-token))(=|\s+)(${VALUE})`,
    "gi",
  );
  // Credentials in a header (curl -H, wget --header, httpie's Name:value, an HTTP client's code).
  const AUTH_HEADER =
    /(?<=^|[\s'"=])((?:Proxy-)?Authorization\s*[:=]\s*)((?:Bearer|Basic|Token|Digest|Bot|Negotiate|AWS4-HMAC-SHA256)\s+)?([^\s'"\\,]+)/gi;
  const TOKEN_HEADER =
    /(?<=^|[\s'"=])((?:Private-Token|Job-Token|X-[\w-]*(?:Token|Key|Auth|Secret)[\w-]*|Cookie)\s*:\s*)([^'"\n\\]+)/gi;
  // scheme://user:password@host, and scheme://token@host.
  const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/@:'"]+)(?::([^\s/@'"]*))?@/gi;
  // ?access_token=…&, key=value pairs in a query string or form body.
  const QUERY_SECRET =
    /([?&;\s'"]|^)((?:access_token|refresh_token|id_token|token|api_key|apikey|key|password|passwd|secret|client_secret|private_token|sig|signature)=)([^&\s'"#;]+)/gi;
  // "password": "…" in a JSON or YAML body.
  const JSON_SECRET =
    /(["']?(?:password|passwd|token|secret|api_?key|access_?token|client_?secret|private_?key|authorization)["']?\s*:\s*)(["'])((?:(?!\2)[^\\]|\\.)*)\2/gi;
  // `curl -u user:password`, `--user user:password`: the part after the first colon.
  const USER_PASSWORD = /(^|\s)(-u\s*|--user(?:=|\s+))(['"]?)([^\s:'"]+):([^\s'"]+)\3/g;
  // Commands where `-p` takes a password (`mysql -pSECRET`, `sshpass -p secret`, `docker login -u me -p secret`).
  const PASSWORD_P_COMMANDS = /(?:^|[\s/])(?:mysql\w*|mariadb\w*|sshpass|\w*login)\b|\s(?:-u|--username|--user)\b/;
  const P_OPTION = new RegExp(String.raw`(^|\s)-p(?:(?=[^\s-])(${VALUE})|\s+(?!-)(${VALUE}))`, "g");
  return {
    SECRET_NAME,
    ASSIGNMENT,
    SECRET_OPTION,
    AUTH_HEADER,
    TOKEN_HEADER,
    URL_CREDENTIALS,
    QUERY_SECRET,
    JSON_SECRET,
    USER_PASSWORD,
    PASSWORD_P_COMMANDS,
    P_OPTION,
  };
}

// Credentials with a shape of their own, wherever they stand (each made with the g flag), each with the texts one of
// which it cannot match without: redactSecrets makes and runs a pattern only when the text holds one (compiling them
// all costs more than the write).
const TOKEN_SHAPES: readonly (readonly [string, readonly string[]])[] = [
  [String.raw`\bgh[pousr]_[A-Za-z0-9]{20,}\b`, ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"]],
  [String.raw`\bgithub_pat_[A-Za-z0-9_]{20,}\b`, ["github_pat_"]],
  [String.raw`\bgl(?:pat|ptt|dt|rt|cbt|soat|ft|imt|oas|agent)-[A-Za-z0-9_-]{16,}`, ["gl"]],
  [String.raw`\bxox[abposre]-[A-Za-z0-9-]{10,}`, ["xox"]],
  [String.raw`\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\b`, ["AKIA", "ASIA", "AGPA", "AIDA", "AROA", "ANPA"]],
  [String.raw`\bsk-(?:ant-|proj-|svcacct-)?[A-Za-z0-9_-]{20,}`, ["sk-"]],
  [String.raw`\b(?:sk|rk|pk|whsec)_(?:live|test)_[0-9A-Za-z]{16,}\b`, ["_live_", "_test_"]],
  [String.raw`\bnpm_[A-Za-z0-9]{36}\b`, ["npm_"]],
  [String.raw`\bhf_[A-Za-z0-9]{30,}\b`, ["hf_"]],
  [String.raw`\bAIza[0-9A-Za-z_-]{35}\b`, ["AIza"]],
  [String.raw`\bya29\.[0-9A-Za-z_-]{20,}`, ["ya29."]],
  [String.raw`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`, ["eyJ"]],
  [String.raw`\bBearer\s+(?!\*\*\*)[A-Za-z0-9._~+/=-]{8,}`, ["Bearer"]],
  [String.raw`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)`, ["-----BEGIN "]],
];
const shapes: RegExp[] = [];
const shape = (i: number): RegExp => {
  shapes[i] ??= new RegExp((TOKEN_SHAPES[i] as readonly [string, readonly string[]])[0], "g");
  return shapes[i];
};

// What each name- or option-keyed pattern cannot match without, in the lower-cased text (ASCII letters only match
// case-blind without the u flag, and lower-casing keeps them): a secret variable's name holds one of these parts
// (SECRET_NAME), a secret option starts with one of these, a query's secret key ends with one of these.
const SECRET_NAME_PARTS = ["token", "secret", "pass", "pwd", "key", "auth", "credential", "cookie", "pat"];
const SECRET_OPTIONS = [
  "--pass",
  "--token",
  "--api-key",
  "--apikey",
  "--secret",
  "--client-secret",
  "--access-token",
  "--auth-token",
  "--private-token",
  "--oauth-token",
];
const QUERY_KEYS = ["token=", "key=", "password=", "passwd=", "secret=", "sig=", "signature="];

let made: ReturnType<typeof makePatterns> | undefined;

// A user name alone in a URL is kept (`ssh://git@host`) unless it looks like a token.
const looksLikeToken = (user: string) => user.length >= 16 && /\d/.test(user) && /^[\w.~-]+$/.test(user);
const quoted = (value: string) => (/^['"]/.test(value) ? `${value[0]}${MASK}${value[0]}` : MASK);

/** Does the text hold any of these? */
const holds = (text: string, parts: readonly string[]): boolean => parts.some((part) => text.includes(part));

/**
 * `text` with every credential it holds replaced by ***. A pattern runs only when the text holds what it cannot
 * match without (an `=`, `--`, `://` and `@`, a header's name…): V8 compiles each pattern on its first use in a
 * process, and a hook process writes one entry. A replacement only puts *** where a value was, so it never makes
 * such a text appear.
 */
export function redactSecrets(text: string): string {
  return redact(text, true);
}

/** redactSecrets with every pattern run whatever the text holds (tests prove the shortcuts against it). */
export function redactEveryPattern(text: string): string {
  return redact(text, false);
}

function redact(text: string, shortcuts: boolean): string {
  if (!text) return text;
  // The patterns are made only when one has to run.
  const p = () => {
    made ??= makePatterns();
    return made;
  };
  // Case-blind patterns are looked for in the lower-cased text (a pattern matches ASCII letters in either case).
  const lower = shortcuts ? text.toLowerCase() : "";
  const may = (needed: boolean) => !shortcuts || needed;
  const equals = text.includes("=");
  const colon = text.includes(":");
  let out = text;
  if (may(equals && holds(lower, SECRET_NAME_PARTS))) {
    const { ASSIGNMENT, SECRET_NAME } = p();
    out = out.replace(ASSIGNMENT, (all, before: string, name: string, value: string) =>
      SECRET_NAME.test(name) && value !== MASK ? `${before}${name}=${quoted(value)}` : all,
    );
  }
  if (may(holds(lower, SECRET_OPTIONS))) {
    out = out.replace(p().SECRET_OPTION, (_all, before: string, option: string, sep: string, value: string) => {
      return `${before}${option}${sep}${quoted(value)}`;
    });
  }
  if (may(lower.includes("authorization"))) {
    out = out.replace(
      p().AUTH_HEADER,
      (_all, name: string, scheme: string | undefined) => `${name}${scheme ?? ""}${MASK}`,
    );
  }
  if (may(colon && holds(lower, ["token", "key", "auth", "secret", "cookie"]))) {
    out = out.replace(p().TOKEN_HEADER, (_all, name: string) => `${name}${MASK}`);
  }
  if (may(text.includes("://") && text.includes("@"))) {
    out = out.replace(p().URL_CREDENTIALS, (all, scheme: string, user: string, password: string | undefined) => {
      if (password !== undefined) return `${scheme}${looksLikeToken(user) ? MASK : user}:${MASK}@`;
      return looksLikeToken(user) ? `${scheme}${MASK}@` : all;
    });
  }
  if (may(holds(lower, QUERY_KEYS)))
    out = out.replace(p().QUERY_SECRET, (_all, before: string, name: string) => `${before}${name}${MASK}`);
  if (may(colon && holds(lower, ["pass", "token", "secret", "key", "authorization"]))) {
    out = out.replace(p().JSON_SECRET, (_all, name: string, quote: string) => `${name}${quote}${MASK}${quote}`);
  }
  if (may(colon && text.includes("-u"))) {
    out = out.replace(p().USER_PASSWORD, (_all, before: string, option: string, q: string, user: string) => {
      return `${before}${option}${q}${user}:${MASK}${q}`;
    });
  }
  if (may(text.includes("-p"))) {
    out = out
      .split(/(?<=[;&|\n])/)
      .map((part) =>
        p().PASSWORD_P_COMMANDS.test(part)
          ? part.replace(p().P_OPTION, (_all, before: string, attached: string | undefined, separate: string) =>
              attached !== undefined ? `${before}-p${quoted(attached)}` : `${before}-p ${quoted(separate)}`,
            )
          : part,
      )
      .join("");
  }
  TOKEN_SHAPES.forEach(([, needs], i) => {
    if (may(holds(text, needs)))
      out = out.replace(shape(i), (found) => (found.startsWith("Bearer") ? `Bearer ${MASK}` : MASK));
  });
  return out;
}
