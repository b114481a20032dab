// This command's version, from its package.json (inlined by the bundler).
import pkg from "../package.json" with { type: "json" };

export const VERSION: string = pkg.version;

/** Where the project lives (package.json's repository), for messages that send the user there. */
export const REPOSITORY: string = pkg.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
