// Which branch names count as protected: core's one branch-pattern matcher.
export { matchesBranch as isProtected } from "@hookrail/core";
