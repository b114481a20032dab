// The cmdlets (and their built-in aliases) whose effect a gate must follow, each bound like PowerShell binds
// it and turned into what the shell analysis already judges: code to read (Invoke-Expression, script blocks,
// Start-Process), the location (Set-Location, Push-Location), the simple commands a POSIX shell would run for
// the same effect (Invoke-RestMethod as curl, Remove-Item as rm, Copy-Item as cp, Set-Content as tee), and the
// line's own variables and aliases. Any other name is a native command.
import { addUnprovable, type Invocation, type Stdin, unknownPart } from "../context.ts";
import type { Arg } from "../shell-words.ts";
import type { World } from "../world.ts";
import { argsOf, nameArg, splitCommandLine, wordsOf } from "./ps-args.ts";
import type { CmdItem, Element } from "./ps-ast.ts";
import { type BindItem, type Bound, bind, type ParamSpec, params } from "./ps-bind.ts";
import { type CmdletName, cmdletNamed } from "./ps-names.ts";
import { resolvePsDir } from "./ps-paths.ts";
import { assign, exprValue, readVariable, stringOf, textOf, unknown, type Val } from "./ps-values.ts";
import { type Feed, stdinOf, type Walker } from "./ps-walker.ts";

/** What a pipeline element passes on: a value, or what a native command would read. */

interface How {
  approved: boolean;
  writes: Arg[];
}

interface Cmdlet {
  spec: ParamSpec[];
  run(c: Call): Feed;
}

/** One call of a cmdlet: its bound parameters, in the worlds it runs in. */
export interface Call {
  walker: Walker;
  el: Extract<Element, { t: "command" }>;
  bound: Bound;
  feed: Feed;
  how: How;
}

const val = (c: Call, name: string): Val | undefined => {
  const v = c.bound.named.get(name);
  return v === true ? undefined : v;
};
const flag = (c: Call, name: string): boolean => c.bound.named.get(name) === true;

/** Hands the POSIX equivalent of the call to the shell analysis. */
function as(c: Call, args: Arg[], changes: Partial<Invocation> = {}): void {
  const w = c.walker;
  w.dispatch(w.invocation(args, c.el, stdinOf(c.feed), { approved: c.how.approved, ...changes }));
}

/** A cmdlet's output, when it is not a value the source shows. */
const runs = (c: Call): Feed => ({ stdin: { kind: "unknown", what: c.walker.text(c.el) } });

/** Script blocks among the values: each is code that may run (in a child scope unless `here`). */
function blocks(c: Call, values: (Val | undefined)[], here = false): void {
  for (const v of values) {
    if (!v) continue;
    if (v.k === "block") c.walker.maybe(() => c.walker.block(v.body), !here);
    else if (v.k === "arr") blocks(c, v.items, here);
    else if (stringOf(v) === null && v.k === "str" && v.text.startsWith("$")) {
      // A block held in a variable the line did not set: its code is known only at run time.
      unknownCode(c, "it runs a script block known only at run time", true);
    }
  }
}

/** Code known only at run time: unprovable, as `eval "$cmd"` is (`partly`: only when it could matter). */
function unknownCode(c: Call, why: string, partly = false): void {
  const w = c.walker;
  const inv = w.invocation([nameArg(w.text(c.el))], c.el, { kind: "none" });
  if (partly) unknownPart(w.ctx, inv, why);
  else addUnprovable(w.ctx, inv, why);
}

/** PowerShell code given as a value (Invoke-Expression, pwsh -Command): read as PowerShell. */
function code(c: Call, v: Val | undefined, stdin?: Stdin): void {
  const w = c.walker;
  if (!v) {
    // Code from the pipeline: what the element before prints.
    if (!c.feed) return;
    if ("stdin" in c.feed) {
      const s = c.feed.stdin;
      if (s.kind === "text") w.ctx.analyzeCode(s.text, { ...w.ctx, sameShell: true }, undefined, "powershell");
      else if (s.kind !== "none" && s.kind !== "file") unknownCode(c, "it runs code printed by a command");
      return;
    }
    code(c, c.feed.value, stdin);
    return;
  }
  for (const piece of v.k === "arr" ? v.items : [v]) {
    const s = stringOf(piece);
    if (s !== null) w.ctx.analyzeCode(s, { ...w.ctx, sameShell: true }, stdin, "powershell");
    else {
      const opaque = !/[^\s]/.test(piece.text.replace(/\$\([^)]*\)|\$\{[^}]*\}|\$[\w:]+/g, ""));
      if (opaque) unknownCode(c, "it runs code known only at run time");
      else {
        w.ctx.analyzeCode(piece.text, { ...w.ctx, sameShell: true }, stdin, "powershell");
        unknownCode(c, "it runs code with parts known only at run time", true);
      }
    }
  }
}

function setLocation(c: Call, push: boolean): Feed {
  const target = val(c, "path") ?? val(c, "literalpath");
  const w = c.walker;
  const dir = target ? stringOf(target) : undefined;
  const [first] = w.worlds;
  const resolved =
    first && typeof dir === "string" && dir !== "-" && dir !== "+" ? resolvePsDir(first.cwd, dir, w.home) : null;
  // The rules see a `cd` too (the tamper check follows it), to the folder it resolves to.
  as(c, [nameArg("cd"), ...(resolved ? [nameArg(resolved)] : target ? argsOf(target, false) : [])]);
  w.worlds = w.worlds.map((world): World => {
    const to =
      dir === undefined
        ? (w.home ?? null)
        : dir === null
          ? null
          : dir === "-"
            ? (world.oldpwd ?? null)
            : dir === "+"
              ? null
              : resolvePsDir(world.cwd, dir, w.home);
    return { ...world, cwd: to, oldpwd: world.cwd, ...(push ? { stack: [world.cwd, ...world.stack] } : {}) };
  });
  return undefined;
}

function popLocation(c: Call): Feed {
  c.walker.worlds = c.walker.worlds.map((w) =>
    w.stack.length === 0 ? w : { ...w, cwd: w.stack[0] ?? null, stack: w.stack.slice(1), oldpwd: w.cwd },
  );
  return undefined;
}

/** Start-Process: the program and its argument list, as the words Windows gives it. */
function startProcess(c: Call): Feed {
  const file = val(c, "filepath");
  if (!file) return undefined;
  const list = val(c, "argumentlist");
  const line = list ? wordsOf(list) : [];
  const words = line.some((p) => p === null)
    ? [{ value: null, text: list ? textOf(list) : "", glob: false, opaque: false }]
    : splitCommandLine(line.join(" "));
  const dir = val(c, "workingdirectory");
  const chdir = dir ? [stringOf(dir)] : undefined;
  // A new environment drops the marker the line set.
  const approved = c.how.approved && !flag(c, "usenewenvironment");
  const redirect = ["redirectstandardoutput", "redirectstandarderror"].flatMap((n) => {
    const v = val(c, n);
    return v ? argsOf(v, false) : [];
  });
  const input = val(c, "redirectstandardinput");
  as(c, [...argsOf(file, false).slice(0, 1), ...words], {
    approved,
    ...(chdir ? { chdir } : {}),
    ...(redirect.length ? { writes: redirect } : {}),
    ...(input ? { stdin: { kind: "file" } as const } : {}),
  });
  return runs(c);
}

/** Invoke-RestMethod / Invoke-WebRequest as the curl command that sends the same request. */
function webRequest(c: Call): Feed {
  const uri = val(c, "uri");
  const method = val(c, "custommethod") ?? val(c, "method");
  const body = val(c, "body") ?? val(c, "form");
  const infile = val(c, "infile");
  const out = val(c, "outfile");
  const args: Arg[] = [nameArg("curl")];
  if (method)
    args.push(nameArg("-X"), ...argsOf(method, false).map((a) => ({ ...a, value: a.value?.toUpperCase() ?? null })));
  if (body)
    args.push(nameArg("--data-raw"), {
      ...(argsOf(body, false)[0] ?? nameArg("")),
      text: textOf(body),
      value: body.k === "hash" ? hashBody(body) : stringOf(body),
    });
  if (infile)
    args.push(
      nameArg("--data-binary"),
      ...argsOf(infile, false).map((a) => ({
        ...a,
        value: a.value === null ? null : `@${a.value}`,
        text: `@${a.text}`,
      })),
    );
  if (!body && !infile && c.feed && !("stdin" in c.feed && c.feed.stdin.kind === "none")) {
    // Piped input is the body.
    args.push(nameArg("--data-binary"), nameArg("@-"));
  }
  if (uri) args.push(...argsOf(uri, false));
  as(c, args, out ? { writes: argsOf(out, false) } : {});
  return runs(c);
}

function hashBody(v: Extract<Val, { k: "hash" }>): string | null {
  const parts = v.entries.map(([k, x]) => (stringOf(x) === null ? null : `${k}=${stringOf(x)}`));
  return parts.some((p) => p === null) ? null : parts.join("&");
}

const paths = (c: Call, ...names: string[]): Arg[] =>
  names.flatMap((n) => {
    const v = val(c, n);
    return v ? argsOf(v, false) : [];
  });

/** Environment, alias, variable and function drives: `Remove-Item Env:X`, `Set-Item Env:X 1`, `New-Item Alias:m -Value gh`. */
function provider(c: Call, kind: "set" | "remove"): boolean {
  const target = val(c, "path") ?? val(c, "literalpath");
  const s = target ? stringOf(target) : null;
  const m = s ? /^(env|alias|variable|function):\\?(.+)$/i.exec(s) : null;
  if (!m) return false;
  const drive = (m[1] as string).toLowerCase();
  const name = m[2] as string;
  const key =
    drive === "env"
      ? `env:${name}`
      : drive === "alias"
        ? `alias:${name.toLowerCase()}`
        : drive === "variable"
          ? name
          : undefined;
  const value = kind === "set" ? val(c, "value") : undefined;
  if (key) c.walker.worlds = assign(c.walker.worlds, key, () => (kind === "remove" ? null : (value ?? unknown(""))));
  if (value) blocks(c, [value]);
  return true;
}

function writer(...names: string[]): (c: Call) => Feed {
  return (c) => {
    if (provider(c, "set")) return undefined;
    const targets = paths(c, ...names);
    const name = val(c, "name");
    const joined = name ? targets.map((t) => joinName(t, name)) : targets;
    as(c, [nameArg("tee"), ...joined]);
    return runs(c);
  };
}

function joinName(dir: Arg, name: Val): Arg {
  const n = stringOf(name);
  return {
    ...dir,
    value: dir.value === null || n === null ? null : `${dir.value}/${n}`,
    text: `${dir.text}/${textOf(name)}`,
  };
}

const CMDLETS = (): Record<CmdletName, Cmdlet> => ({
  "set-location": {
    spec: params("path:0 literalpath/lp/pspath passthru! stackname"),
    run: (c) => setLocation(c, false),
  },
  "push-location": {
    spec: params("path:0 literalpath/lp/pspath passthru! stackname"),
    run: (c) => setLocation(c, true),
  },
  "pop-location": { spec: params("passthru! stackname"), run: popLocation },
  "invoke-expression": {
    spec: params("command:0"),
    run: (c) => {
      code(c, val(c, "command"));
      return runs(c);
    },
  },
  "invoke-command": {
    spec: params(
      "scriptblock/command:0 filepath/pspath computername/cn session argumentlist/args:1 nonewscope! asjob! hidecomputername! jobname throttlelimit credential port usessl! configurationname applicationname vmname vmid containerid hostname username keyfilepath sshtransport! inputobject authentication",
    ),
    run: (c) => {
      blocks(c, [val(c, "scriptblock")], flag(c, "nonewscope"));
      return runs(c);
    },
  },
  "start-process": {
    spec: params(
      "filepath/path:0 argumentlist/args:1 workingdirectory verb usenewenvironment! nonewwindow! wait! passthru! windowstyle credential loaduserprofile! redirectstandardinput redirectstandardoutput redirectstandarderror environment",
    ),
    run: startProcess,
  },
  "start-job": {
    spec: params(
      "scriptblock/command:0 initializationscript:1 filepath argumentlist/args name credential runas32! inputobject workingdirectory psversion",
    ),
    run: (c) => {
      blocks(c, [val(c, "scriptblock"), val(c, "initializationscript")]);
      return runs(c);
    },
  },
  "start-threadjob": {
    spec: params(
      "scriptblock:0 initializationscript:1 filepath argumentlist name throttlelimit inputobject streamingHost",
    ),
    run: (c) => {
      blocks(c, [val(c, "scriptblock"), val(c, "initializationscript")]);
      return runs(c);
    },
  },
  "foreach-object": {
    spec: params(
      "process:0 begin end membername parallel argumentlist/args remainingscripts inputobject throttlelimit timeoutseconds asjob! usenewrunspace!",
    ),
    run: (c) => {
      blocks(c, [val(c, "begin"), val(c, "process"), val(c, "end"), val(c, "remainingscripts"), ...c.bound.rest], true);
      blocks(c, [val(c, "parallel")]);
      return runs(c);
    },
  },
  "where-object": {
    spec: params("filterscript:0 property value inputobject"),
    run: (c) => {
      blocks(c, [val(c, "filterscript")], true);
      return runs(c);
    },
  },
  "invoke-restmethod": { spec: webSpec(), run: webRequest },
  "invoke-webrequest": { spec: webSpec(), run: webRequest },
  "remove-item": {
    spec: params("path:0 literalpath/lp/pspath recurse! force! filter include exclude stream credential"),
    run: (c) => {
      if (provider(c, "remove")) return undefined;
      as(c, [nameArg("rm"), nameArg("-r"), ...paths(c, "path", "literalpath")]);
      return runs(c);
    },
  },
  "copy-item": {
    spec: params(
      "path:0 destination:1 literalpath/lp/pspath recurse! force! container! filter include exclude passthru! tosession fromsession credential",
    ),
    run: (c) => {
      as(c, [nameArg("cp"), nameArg("-r"), ...paths(c, "path", "literalpath", "destination")]);
      return runs(c);
    },
  },
  "move-item": {
    spec: params("path:0 destination:1 literalpath/lp/pspath force! filter include exclude passthru! credential"),
    run: (c) => {
      as(c, [nameArg("mv"), ...paths(c, "path", "literalpath", "destination")]);
      return runs(c);
    },
  },
  "rename-item": {
    spec: params("path:0 newname:1 literalpath/lp/pspath force! passthru! credential"),
    run: (c) => {
      const [from] = paths(c, "path", "literalpath");
      const to = val(c, "newname");
      if (from && to)
        as(c, [
          nameArg("mv"),
          from,
          joinName({ ...from, value: from.value?.replace(/[\\/][^\\/]*$/, "") ?? null }, to),
        ]);
      return runs(c);
    },
  },
  "set-content": {
    spec: params(
      "path:0 value:1 literalpath/lp/pspath encoding force! nonewline! passthru! stream filter include exclude credential asbytestream!",
    ),
    run: writer("path", "literalpath"),
  },
  "add-content": {
    spec: params(
      "path:0 value:1 literalpath/lp/pspath encoding force! nonewline! passthru! stream filter include exclude credential asbytestream!",
    ),
    run: writer("path", "literalpath"),
  },
  "clear-content": {
    spec: params("path:0 literalpath/lp/pspath force! stream filter include exclude credential"),
    run: writer("path", "literalpath"),
  },
  "out-file": {
    spec: params(
      "filepath/path:0 encoding:1 literalpath/lp/pspath append! force! noclobber! nonewline! width inputobject",
    ),
    run: writer("filepath", "literalpath"),
  },
  "tee-object": {
    spec: params("filepath/path:0 literalpath/lp/pspath variable append! encoding inputobject"),
    run: writer("filepath", "literalpath"),
  },
  "new-item": { spec: params("path:0 name value itemtype/type force! credential"), run: writer("path") },
  "set-item": {
    spec: params("path:0 value:1 literalpath/lp/pspath force! passthru! filter include exclude credential"),
    run: writer("path", "literalpath"),
  },
  "clear-item": {
    spec: params("path:0 literalpath/lp/pspath force! filter include exclude credential"),
    run: writer("path", "literalpath"),
  },
  "set-itemproperty": {
    spec: params(
      "path:0 name:1 value:2 literalpath/lp/pspath type/propertytype force! passthru! filter include exclude credential inputobject",
    ),
    run: writer("path", "literalpath"),
  },
  "new-itemproperty": {
    spec: params(
      "path:0 name:1 value literalpath/lp/pspath propertytype/type force! filter include exclude credential",
    ),
    run: writer("path", "literalpath"),
  },
  "remove-itemproperty": {
    spec: params("path:0 name:1 literalpath/lp/pspath force! filter include exclude credential"),
    run: writer("path", "literalpath"),
  },
  "rename-itemproperty": {
    spec: params("path:0 name:1 newname:2 literalpath/lp/pspath force! passthru! filter include exclude credential"),
    run: writer("path", "literalpath"),
  },
  "clear-itemproperty": {
    spec: params("path:0 name:1 literalpath/lp/pspath force! passthru! filter include exclude credential"),
    run: writer("path", "literalpath"),
  },
  "export-csv": {
    spec: params(
      "path:0 literalpath/lp/pspath delimiter:1 inputobject append! force! noclobber! encoding notypeinformation! useculture! includetypeinformation! quotefields usequotes",
    ),
    run: writer("path", "literalpath"),
  },
  "export-clixml": {
    spec: params("path:0 literalpath/lp/pspath inputobject depth force! noclobber! encoding"),
    run: writer("path", "literalpath"),
  },
  "expand-archive": {
    spec: params("path:0 destinationpath:1 literalpath/lp/pspath force! passthru!"),
    run: writer("destinationpath"),
  },
  "set-alias": { spec: params("name:0 value:1 description option passthru! scope force!"), run: (c) => setAlias(c) },
  "new-alias": { spec: params("name:0 value:1 description option passthru! scope force!"), run: (c) => setAlias(c) },
  "set-variable": {
    spec: params("name:0 value:1 include exclude description option force! visibility passthru! scope"),
    run: (c) => setVariable(c),
  },
  "new-variable": {
    spec: params("name:0 value:1 description option visibility force! passthru! scope"),
    run: (c) => setVariable(c),
  },
  "write-output": { spec: params("inputobject:0 noenumerate!"), run: (c) => ({ value: output(c) }) },
  "add-type": {
    spec: params(
      "typedefinition:0 memberdefinition:1 name namespace usingnamespace path literalpath assemblyname language referencedassemblies outputassembly outputtype passthru! ignorewarnings! compileroptions",
    ),
    run: (c) => {
      const src = val(c, "typedefinition") ?? val(c, "memberdefinition");
      const text = src ? textOf(src) : "";
      if (c.walker.ctx.rules.codeMatters(text, "csharp")) {
        unknownCode(c, `it compiles code that mentions ${c.walker.ctx.rules.topic}`);
      }
      return runs(c);
    },
  },
});

function webSpec(): ParamSpec[] {
  return params(
    "uri/url:0 method custommethod body:1 infile outfile headers contenttype form usebasicparsing! websession sessionvariable/sv credential usedefaultcredentials! certificate certificatethumbprint useragent disablekeepalive! timeoutsec transferencoding maximumredirection maximumretrycount retryintervalsec proxy proxycredential proxyusedefaultcredentials! passthru! resume! skipcertificatecheck! skipheadervalidation! skiphttperrorcheck! statuscodevariable responseheaderstvariable followrellink! authentication token allowunencryptedauthentication! preservefileauthorizationmetadata! nobodyprogress! httpversion sslprotocol connectiontimeoutseconds operationtimeoutseconds allowinsecureredirect! preserveauthorizationonredirect! unixsocket",
  );
}

function setAlias(c: Call): Feed {
  const name = val(c, "name");
  const target = val(c, "value");
  const n = name ? stringOf(name) : null;
  if (n !== null) c.walker.worlds = assign(c.walker.worlds, `alias:${n.toLowerCase()}`, () => target ?? unknown(""));
  return undefined;
}

function setVariable(c: Call): Feed {
  const name = val(c, "name");
  const n = name ? stringOf(name) : null;
  if (n !== null) c.walker.worlds = assign(c.walker.worlds, n, () => val(c, "value") ?? unknown(""));
  return undefined;
}

function output(c: Call): Val {
  const v = val(c, "inputobject");
  const items = [...(v ? [v] : []), ...c.bound.rest];
  if (items.length === 1) return items[0] as Val;
  const parts = items.map(stringOf);
  const text = items.map(textOf).join("\n");
  return { k: "str", v: parts.some((p) => p === null) ? null : parts.join("\n"), text };
}

// Built-in aliases of the cmdlets above (Windows PowerShell's and PowerShell 7's).

let table: Record<CmdletName, Cmdlet> | undefined;

/**
 * The cmdlet a command name calls, if it is one the analysis follows (`Microsoft.PowerShell.Core\Set-Location`
 * too). curl and wget are Windows PowerShell's aliases of Invoke-WebRequest, and the real programs in
 * PowerShell 7: a call with Invoke-WebRequest's parameters is read as the cmdlet.
 */
export function cmdletFor(name: string, items: readonly CmdItem[]): Cmdlet | undefined {
  table ??= CMDLETS();
  const plain = name.replace(/^[\w.]+\\/, "");
  if (plain === "curl" || plain === "wget") {
    const web = items.some(
      (i) =>
        i.t === "param" &&
        /^(?:uri|method|body|infile|outfile|usebasicparsing|headers|contenttype|custommethod)$/i.test(i.name),
    );
    return web ? table["invoke-webrequest"] : undefined;
  }
  const full = cmdletNamed(plain);
  return full === undefined ? undefined : table[full];
}

export function runCmdlet(
  cmdlet: Cmdlet,
  walker: Walker,
  el: Extract<Element, { t: "command" }>,
  rest: readonly CmdItem[],
  feed: Feed,
  how: How,
): Feed {
  const [w] = walker.worlds;
  const items: BindItem[] = [];
  for (const item of rest) {
    const value = (e: Parameters<typeof exprValue>[0]) =>
      w ? exprValue(e, w, walker.home, walker.src) : unknown(walker.text(e));
    if (item.t === "param") items.push({ param: item.name, ...(item.value ? { value: value(item.value) } : {}) });
    else if (item.t === "stop")
      for (const a of splitCommandLine(item.text)) items.push({ value: { k: "str", v: a.value, text: a.text } });
    else if (item.expr.t === "splat") {
      const v = w ? readVariable(w, item.expr.name, walker.home, `@${item.expr.name}`) : unknown("");
      if (v.k === "hash") for (const [param, x] of v.entries) items.push({ param, value: x });
      else if (v.k === "arr") for (const x of v.items) items.push({ value: x });
      else items.push({ value: v });
    } else items.push({ value: value(item.expr) });
  }
  return cmdlet.run({ walker, el, bound: bind(items, cmdlet.spec), feed, how });
}
