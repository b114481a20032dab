export { piInstaller } from "./pi.ts";
export { piHasTrust, piProjectTrust } from "./pi-trust.ts";
