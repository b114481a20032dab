export { antigravityInstaller } from "./antigravity.ts";
