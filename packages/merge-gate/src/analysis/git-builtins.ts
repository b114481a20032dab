// git's own commands, by name: data alone, for the prefilter (analysed-names.ts) and the git analysis alike.

// An alias of the same name is never used.
export const GIT_BUILTINS: ReadonlySet<string> = new Set(
  (
    "add am annotate apply archive bisect blame branch bugreport bundle cat-file check-attr check-ignore check-mailmap " +
    "check-ref-format checkout checkout-index cherry cherry-pick citool clean clone column commit commit-graph commit-tree " +
    "config count-objects credential credential-cache credential-store describe diagnose diff diff-files diff-index " +
    "diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref for-each-repo " +
    "format-patch fsck fsck-objects fsmonitor--daemon gc get-tar-commit-id grep gui hash-object help hook http-backend " +
    "http-fetch http-push index-pack init init-db instaweb interpret-trailers log ls-files ls-remote ls-tree mailinfo " +
    "mailsplit maintenance merge merge-base merge-file merge-index merge-octopus merge-one-file merge-ours " +
    "merge-recursive merge-resolve merge-subtree merge-tree mergetool mktag mktree multi-pack-index mv name-rev notes " +
    "pack-objects pack-redundant pack-refs patch-id prune prune-packed pull push quiltimport range-diff read-tree rebase " +
    "receive-pack reflog refs remote remote-ext remote-fd remote-http remote-https repack replace replay request-pull " +
    "rerere reset restore rev-list rev-parse revert rm scalar send-email send-pack sh-i18n sh-setup shortlog show " +
    "show-branch show-index show-ref sparse-checkout stage stash status stripspace submodule subtree switch symbolic-ref " +
    "tag unpack-file unpack-objects update-index update-ref update-server-info upload-archive upload-pack var " +
    "verify-commit verify-pack verify-tag version whatchanged worktree write-tree backfill"
  ).split(" "),
);
