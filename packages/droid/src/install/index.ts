export { droidInstaller } from "./droid.ts";
