// Secrets taken out of text before it is kept: the audit log records commands, and the reasons and notes that
// quote them. Whatever looks like a credential is replaced by *** (a false alarm only hides a harmless word).
// Pure: no I/O.

const MASK = "***";

// A variable whose name says it holds a secret (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, PGPASSWORD, MYSQL_PWD…).
const SECRET_NAME =
  /(?:TOKEN|SECRET|PASSW(?:OR)?D|PASSPHRASE|_PASS$|^PASS$|_PWD$|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH|CREDENTIAL|COOKIE|SESSION_?KEY|(?:^|_)PAT$)/i;
// A shell word: quoted, or bare up to whitespace or an operator.
const VALUE = String.raw`(?:'[^']*'|"(?:[^"\\]|\\.)*"|[^\s;&|()<>'"]+)`;
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
// Credentials with a shape of their own, wherever they stand.
const TOKEN_SHAPES: readonly RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9]{20,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}\b/g,
  /\bgl(?:pat|ptt|dt|rt|cbt|soat|ft|imt|oas|agent)-[A-Za-z0-9_-]{16,}/g,
  /\bxox[abposre]-[A-Za-z0-9-]{10,}/g,
  /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\b/g,
  /\bsk-(?:ant-|proj-|svcacct-)?[A-Za-z0-9_-]{20,}/g,
  /\b(?:sk|rk|pk|whsec)_(?:live|test)_[0-9A-Za-z]{16,}\b/g,
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\bhf_[A-Za-z0-9]{30,}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  /\bya29\.[0-9A-Za-z_-]{20,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  /\bBearer\s+(?!\*\*\*)[A-Za-z0-9._~+/=-]{8,}/g,
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
];
// Commands where `-p` takes a password (`mysql -pSECRET`, `sshpass -p secret`, `docker login -u me -p secret`).
const PASSWORD_P_COMMANDS = /(?:^|[\s/])(?:mysql\w*|mariadb\w*|sshpass|\w*login)\b|\s(?:-u|--username|--user)\b/;
const P_OPTION = new RegExp(String.raw`(^|\s)-p(?:(?=[^\s-])(${VALUE})|\s+(?!-)(${VALUE}))`, "g");

// A user name alone in a URL is kept (`ssh://git@host`) unless it looks like a token.
const looksLikeToken = (user: string) => user.length >= 16 && /\d/.test(user) && /^[\w.~-]+$/.test(user);
const quoted = (value: string) => (/^['"]/.test(value) ? `${value[0]}${MASK}${value[0]}` : MASK);

/** `text` with every credential it holds replaced by ***. */
export function redactSecrets(text: string): string {
  if (!text) return text;
  let out = text.replace(ASSIGNMENT, (all, before: string, name: string, value: string) =>
    SECRET_NAME.test(name) && value !== MASK ? `${before}${name}=${quoted(value)}` : all,
  );
  out = out.replace(SECRET_OPTION, (_all, before: string, option: string, sep: string, value: string) => {
    return `${before}${option}${sep}${quoted(value)}`;
  });
  out = out.replace(AUTH_HEADER, (_all, name: string, scheme: string | undefined) => `${name}${scheme ?? ""}${MASK}`);
  out = out.replace(TOKEN_HEADER, (_all, name: string) => `${name}${MASK}`);
  out = out.replace(URL_CREDENTIALS, (all, scheme: string, user: string, password: string | undefined) => {
    if (password !== undefined) return `${scheme}${looksLikeToken(user) ? MASK : user}:${MASK}@`;
    return looksLikeToken(user) ? `${scheme}${MASK}@` : all;
  });
  out = out.replace(QUERY_SECRET, (_all, before: string, name: string) => `${before}${name}${MASK}`);
  out = out.replace(JSON_SECRET, (_all, name: string, quote: string) => `${name}${quote}${MASK}${quote}`);
  out = out.replace(USER_PASSWORD, (_all, before: string, option: string, q: string, user: string) => {
    return `${before}${option}${q}${user}:${MASK}${q}`;
  });
  out = out
    .split(/(?<=[;&|\n])/)
    .map((part) =>
      PASSWORD_P_COMMANDS.test(part)
        ? part.replace(P_OPTION, (_all, before: string, attached: string | undefined, separate: string) =>
            attached !== undefined ? `${before}-p${quoted(attached)}` : `${before}-p ${quoted(separate)}`,
          )
        : part,
    )
    .join("");
  for (const shape of TOKEN_SHAPES) {
    out = out.replace(shape, (found) => (found.startsWith("Bearer") ? `Bearer ${MASK}` : MASK));
  }
  return out;
}
