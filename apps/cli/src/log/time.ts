// Times as the user's clock shows them (the zone: TZ, else the system's), and a day's start in that zone.

/** A time as the user's clock shows it: `2026-12-01 14:03:22` (the zone: TZ, else the system's). */
export function localTime(iso: string, timeZone: string | undefined): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}:${get("second")}`;
}

/** The epoch ms at which `day` (YYYY-MM-DD) begins in the zone. */
export function dayStart(year: number, month: number, day: number, timeZone: string | undefined): number {
  const utc = Date.UTC(year, month - 1, day);
  // How far the zone's clock is ahead of UTC at that moment.
  const shown = Date.parse(`${localTime(new Date(utc).toISOString(), timeZone).replace(" ", "T")}Z`);
  return utc - (shown - utc);
}
