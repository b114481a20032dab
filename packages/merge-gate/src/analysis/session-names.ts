// The programs each session table has a rule for (session-programs.ts, session-databases.ts, session-runners.ts), as
// text: the look before the parse needs only the names, and a rule is looked up in the one table that holds it, so
// a line that names no program of the tables builds none of them. The tests hold each list equal to its table.
export const PROGRAM_NAMES =
  "sh bash rbash dash ash zsh ksh mksh pdksh yash posh fish tcsh csh nu xonsh elvish pwsh powershell " +
  "cmd python py node nodejs ts-node tsx ruby perl php artisan lua luajit julia r ghci jshell iex erl " +
  "irb pry ipython ptpython bpython pdb ipdb pudb ocaml utop racket guile sbcl clisp swipl gforth tclsh " +
  "wish groovysh coffee csi kotlinc scala amm chez scheme clj clojure deno bun lein boot sbt cabal " +
  "stack elm scala-cli dotnet vi vim nvim view vimdiff ex ed emacs emacsclient nano micro hx helix kak " +
  "joe mg jed less more most gdb lldb dlv";

export const DATABASE_NAMES =
  "psql mysql mariadb sqlite3 sqlite duckdb mongosh mongo redis-cli valkey-cli keydb-cli cqlsh " +
  "clickhouse clickhouse-client clickhouse-local pgcli mycli litecli usql sqlcmd isql sqlplus cockroach";

export const RUNNER_NAMES =
  "docker podman nerdctl docker-compose podman-compose kubectl oc ssh mosh telnet sftp ftp lftp sudo " +
  "doas su runuser login newgrp pkexec run0 machinectl chroot unshare nsenter script systemd-run gosu " +
  "su-exec tmux screen zellij byobu abduco dtach nix-shell nix devbox poetry pipenv hatch pdm uv uvx " +
  "rye conda mamba bundle npx pnpx bunx npm pnpm yarn toolbox distrobox flox vagrant multipass lima limactl lxc " +
  "incus heroku fly flyctl gcloud pscale turso aws gh rails django django-admin manage.py flask";
