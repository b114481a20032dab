// The error an installer throws for something the user can fix; the command shows its message and exits 1.

/** Something the user can fix (a broken file, a missing build): the message is shown, exit 1. */
export class UserError extends Error {}
