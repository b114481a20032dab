// What a prefilter must keep for the flow tracking (directories, branches, config, aliases): any command that
// holds one of these words. With git and gh aliases any `git` or `gh` matters, whatever follows it (`git p`
// may be `git push`, `gh pm` may be `gh pr merge`); `cd`, `pushd`, `popd`, `GIT_DIR` and variables only
// matter to a command that also holds `git`, `gh` or `hub`, so these words alone decide.
export const FLOW_WORDS: readonly string[] = ["git", "gh", "hub"];
