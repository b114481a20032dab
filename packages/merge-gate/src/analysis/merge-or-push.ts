// The first look at any text (the prefilter's, the analysis's): apart from merge-mentions.ts, whose patterns for code
// are made only where code is read (a module's patterns are made when it is set up, and the prefilter runs on every
// call).

/** Does the text speak of merging or pushing at all? Gate for every "could this be a merge?" judgement. */
export const MERGE_OR_PUSH = /merge|push/i;
