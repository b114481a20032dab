// The cmdlets and built-in aliases the PowerShell analysis follows, by name alone: a prefilter asks them without setting
// up the reader (ps-cmdlets.ts, whose table is typed by this list).

/** The cmdlets ps-cmdlets.ts binds and follows, in lower case. */
export const CMDLET_NAMES = [
  "set-location",
  "push-location",
  "pop-location",
  "invoke-expression",
  "invoke-command",
  "start-process",
  "start-job",
  "start-threadjob",
  "foreach-object",
  "where-object",
  "invoke-restmethod",
  "invoke-webrequest",
  "remove-item",
  "copy-item",
  "move-item",
  "rename-item",
  "set-content",
  "add-content",
  "clear-content",
  "out-file",
  "tee-object",
  "new-item",
  "set-item",
  "clear-item",
  "set-itemproperty",
  "new-itemproperty",
  "remove-itemproperty",
  "rename-itemproperty",
  "clear-itemproperty",
  "export-csv",
  "export-clixml",
  "expand-archive",
  "set-alias",
  "new-alias",
  "set-variable",
  "new-variable",
  "write-output",
  "add-type",
] as const;
export type CmdletName = (typeof CMDLET_NAMES)[number];

const ALIASES: Readonly<Record<string, CmdletName>> = {
  cd: "set-location",
  chdir: "set-location",
  sl: "set-location",
  pushd: "push-location",
  popd: "pop-location",
  iex: "invoke-expression",
  icm: "invoke-command",
  saps: "start-process",
  start: "start-process",
  sajb: "start-job",
  "%": "foreach-object",
  foreach: "foreach-object",
  "?": "where-object",
  where: "where-object",
  irm: "invoke-restmethod",
  iwr: "invoke-webrequest",
  rm: "remove-item",
  ri: "remove-item",
  del: "remove-item",
  erase: "remove-item",
  rd: "remove-item",
  rmdir: "remove-item",
  cp: "copy-item",
  copy: "copy-item",
  cpi: "copy-item",
  mv: "move-item",
  move: "move-item",
  mi: "move-item",
  ren: "rename-item",
  rni: "rename-item",
  sc: "set-content",
  ac: "add-content",
  clc: "clear-content",
  tee: "tee-object",
  ni: "new-item",
  si: "set-item",
  cli: "clear-item",
  sp: "set-itemproperty",
  rp: "remove-itemproperty",
  rnp: "rename-itemproperty",
  clp: "clear-itemproperty",
  epcsv: "export-csv",
  sal: "set-alias",
  nal: "new-alias",
  set: "set-variable",
  sv: "set-variable",
  nv: "new-variable",
  echo: "write-output",
  write: "write-output",
};

const CMDLETS: ReadonlySet<string> = new Set(CMDLET_NAMES);

/** The cmdlet a name (lower case, without a module's prefix) calls, through an alias or as itself. */
export function cmdletNamed(plain: string): CmdletName | undefined {
  if (Object.hasOwn(ALIASES, plain)) return ALIASES[plain];
  return CMDLETS.has(plain) ? (plain as CmdletName) : undefined;
}

/** Is `name` a cmdlet or alias the PowerShell analysis follows? (The gates' prefilters ask.) */
export function followsPowershellCommand(name: string): boolean {
  return cmdletNamed(name.replace(/^[\w.]+\\/, "")) !== undefined;
}
