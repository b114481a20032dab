// The shells whose `-c`, script operands and standard input the analysis follows.
export const SHELLS = new Set(["sh", "bash", "rbash", "dash", "ash", "zsh", "ksh", "mksh", "yash", "posh", "fish"]);
